% 4Mation with a planted fault: valid_moves/2 offers the cells next to
% the last cube in reading order, not the last cube placed (base.pl
% otherwise).
planted(valid_moves/2).
:- include(base).

valid_moves(S, Moves) :-
    (   game_over(S, _)
    ->  Moves = []
    ;   S = st(Rows, P, Last),
        (   Last == none
        ->  L = none
        ;   findall([R, C], ( at(S, R, C, X), X \== '.' ), Cubes), last(Cubes, L)
        ),
        findall([R, C], legal(st(Rows, P, L), R, C), Moves)
    ).
