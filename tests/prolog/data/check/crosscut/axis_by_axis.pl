% CrossCut with a planted fault: move/3 decides the flips of each axis
% on its own, not all or nothing (base.pl otherwise).
planted(move/3).
:- include(base).

move(S, M, cc(O, Rows, H, W)) :-
    game_over(S, x),
    S = cc(P, _, _, _),
    term_cell(S, M, Y, X),
    place(S, P, Y, X, _),
    axis_place(S, P, Y, X, cc(_, Rows, H, W)),
    other(P, O).

% The report's way: each axis flips on its own comparison.
axis_place(S, P, Y, X, cc(P, Rows2, H, W)) :-
    S = cc(_, Rows, H, W),
    disc(P, D), other(P, O), disc(O, E),
    runs(S, P, Y, X, _),
    findall(Run, ( member(Axis, [[0-1, 0-(-1)], [1-0, (-1)-0]]),
                   findall(R, ( member(DY-DX, Axis), run(S, Y, X, DY, DX, E, D, R), R \== [] ), Rs),
                   append(Rs, Run), Run \== [],
                   axis_flips(S, P, Y, X, Run, D, E) ), Runs),
    append(Runs, Flip),
    (   border(S, Y, X) -> Place = Flip ; Place = [Y-X|Flip] ),
    set_cells(Place, D, Rows, Rows2).

axis_flips(S, P, Y, X, Flip, D, E) :-
    S = cc(_, Rows, H, W),
    findall(N, ( member(FY-FX, Flip), member(DY-DX, [0-1, 1-0]),
                 through(S, FY, FX, DY, DX, E, N) ), Cut),
    max_list(Cut, MaxCut),
    set_cells([Y-X|Flip], D, Rows, Trial),
    (   border(S, Y, X) -> Created = Flip ; Created = [Y-X|Flip] ),
    findall(N, ( member(CY-CX, Created), member(DY-DX, [0-1, 1-0]),
                 through_no_border(cc(P, Trial, H, W), CY, CX, DY, DX, D, N) ), Made),
    max_list(Made, MaxMade),
    MaxMade > MaxCut.
