% Planted fault: validMove/2 lists the first move twice when enumerating.
planted(validMove/2).
:- include(base).
validMove(S, M) :- var(M), !, uttt:dummy_first(S, F), ( M = F ; uttt:validMove(S, M) ).
validMove(S, M) :- uttt:validMove(S, M).
