% 4Mation with a planted fault: move/3 does not check that the cell is
% empty (base.pl otherwise).
planted(move/3).
:- include(base).

move(S, [R, C], st(Rows2, O, [R, C])) :-
    integer(R), integer(C),
    S = st(Rows0, _, Last0), length(Rows0, N), between(1, N, R), between(1, N, C), next_to_last(Last0, R, C),
    \+ game_over(S, _),
    S = st(Rows, P, _),
    piece(P, X),
    set(Rows, R, C, X, Rows2),
    other(P, O).
