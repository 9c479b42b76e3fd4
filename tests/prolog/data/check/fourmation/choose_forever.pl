% 4Mation with a planted fault: choose_move/3 thinks for ever (base.pl
% otherwise).
planted(choose_move/3).
:- include(base).

choose_move(S, _, M) :-
    think(S, 0, M).

think(S, N, M) :-
    N1 is N + 1,
    think(S, N1, M).
