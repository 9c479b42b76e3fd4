% A UTTT submission as a course folder holds it: the course's predicates
% (here the drop-in's) and a player of its own, last_move/2, the last of
% the valid moves in the course's order. It prints while it loads and
% while it plays, as student programs do.
:- use_module(library(tabula/uttt)).
:- format("loading my player~n").

last_move(State, Move) :-
    format("thinking~n"),
    findall(M, validMove(State, M), Moves),
    last(Moves, Move).

broken(_, _) :- X is foo + 1, X > 0.
