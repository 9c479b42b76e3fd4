% Planted fault: getNextPlayer/2 answers twice where the other player has
% as many marks (a missing cut).
planted(getNextPlayer/2).
:- include(base).
getNextPlayer(S, P) :- uttt:getNextPlayer(S, P).
getNextPlayer(S, 0) :- uttt:getNextPlayer(S, x).
