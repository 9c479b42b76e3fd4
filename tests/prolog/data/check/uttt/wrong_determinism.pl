% Planted fault: validMove/2 with a cut too many: it stops after the
% first move when it enumerates.
planted(validMove/2).
:- include(base).
validMove(S, M) :- uttt:validMove(S, M), !.
