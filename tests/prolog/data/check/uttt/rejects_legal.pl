% Planted fault: makeMove/3 refuses the centre cell of every board.
planted(makeMove/3).
:- include(base).
makeMove(S, M, S2) :- ( M = c ; M = (_, c) ), !, fail, uttt:makeMove(S, M, S2).
makeMove(S, M, S2) :- uttt:makeMove(S, M, S2).
