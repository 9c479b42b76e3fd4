% Planted fault: dummy_last/2 loops forever once a board is won.
planted(dummy_last/2).
:- include(base).
dummy_last(S, M) :- uttt:getUBoard(S, U), ( memberchk(x, U) ; memberchk(0, U) ), !, spin(M).
dummy_last(S, M) :- uttt:dummy_last(S, M).
spin(M) :- spin(M).
