% Planted fault: greedy/2 ends the program when the game is over.
planted(greedy/2).
:- include(base).
greedy(S, M) :- uttt:getNextAvailableBoards(S, []), !, halt, M = none.
greedy(S, M) :- uttt:greedy(S, M).
