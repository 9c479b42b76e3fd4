% A UTTT submission that takes two seconds to load (as a big program or a
% slow start-up would) and then answers at once with its first valid move.
:- use_module(library(tabula/uttt)).
:- sleep(2).

first_move(State, Move) :-
    validMove(State, Move),
    !.
