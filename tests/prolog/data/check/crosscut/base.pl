% A correct CrossCut program with its own terms: the state is
% cc(Player, Rows, H, W) with the rows top first, cells '-', r, b; a move
% is Letter-Row, the column a letter (a, b, ...) and the row counted from
% the bottom from 1; move/3 passes the turn itself (no skips: the boards
% checked never need one). valid_moves/3 takes the player, 'R' or 'B'.
:- use_module(library(lists)).

initial_state(size(H, W), cc('R', Rows, H, W)) :-
    length(Row, W), maplist(=('-'), Row),
    length(Rows, H), maplist(=(Row), Rows).

disc('R', r).
disc('B', b).
other('R', 'B').
other('B', 'R').

% Our cells: (Y, X) 0-based from the top left.
cell(cc(_, Rows, _, _), Y, X, V) :-
    Y >= 0, X >= 0, nth0(Y, Rows, Row), nth0(X, Row, V).

term_cell(cc(_, _, H, W), L-N, Y, X) :-
    (   atom(L)
    ->  char_code(L, Code), X is Code - 0'a, integer(N), Y is H - N,
        X >= 0, X < W, Y >= 0, Y < H
    ;   Code is 0'a + X, char_code(L, Code), N is H - Y
    ).

border(cc(_, _, H, W), Y, X) :-
    once(( Y =:= 0 ; X =:= 0 ; Y =:= H - 1 ; X =:= W - 1 )).

dirs([0-1, 0-(-1), 1-0, (-1)-0]).

% The enemy runs a disc of P at (Y, X) flanks, each a list of cells.
runs(S, P, Y, X, Runs) :-
    disc(P, D), other(P, O), disc(O, E),
    dirs(Ds),
    findall(Run, ( member(DY-DX, Ds), run(S, Y, X, DY, DX, E, D, Run), Run \== [] ), Runs).

run(S, Y, X, DY, DX, E, D, Run) :-
    Y1 is Y + DY, X1 is X + DX,
    cell(S, Y1, X1, V),
    (   V == D -> Run = []
    ;   V == E -> run(S, Y1, X1, DY, DX, E, D, Run0), Run = [Y1-X1|Run0]
    ).

set_cells([], _, Rows, Rows).
set_cells([Y-X|Cs], V, Rows0, Rows) :-
    nth0(Y, Rows0, Row0, RestRows), nth0(X, Row0, _, RestRow),
    nth0(X, Row1, V, RestRow), nth0(Y, Rows1, Row1, RestRows),
    set_cells(Cs, V, Rows1, Rows).

% Longest run of V through (Y, X) along (DY, DX).
through(S, Y, X, DY, DX, V, N) :-
    count(S, Y, X, DY, DX, V, A),
    NY is -DY, NX is -DX,
    count(S, Y, X, NY, NX, V, B),
    N is A + B + 1.

count(S, Y, X, DY, DX, V, N) :-
    Y1 is Y + DY, X1 is X + DX,
    (   cell(S, Y1, X1, V1), V1 == V -> count(S, Y1, X1, DY, DX, V, N0), N is N0 + 1 ; N = 0 ).

% The placement of P at (Y, X): the state after it, flips all or none.
place(S, P, Y, X, S2) :-
    cell(S, Y, X, '-'),
    runs(S, P, Y, X, Runs),
    append(Runs, Flip),
    S = cc(_, Rows, H, W),
    disc(P, D), other(P, O), disc(O, E),
    (   Flip == []
    ->  Flips = false
    ;   findall(N, ( member(C, Flip), C = FY-FX, member(DY-DX, [0-1, 1-0]),
                     through(S, FY, FX, DY, DX, E, N) ), Cut),
        max_list(Cut, MaxCut),
        set_cells([Y-X|Flip], D, Rows, Trial),
        T = cc(P, Trial, H, W),
        (   border(S, Y, X) -> Created = Flip ; Created = [Y-X|Flip] ),
        findall(N, ( member(CY-CX, Created), member(DY-DX, [0-1, 1-0]),
                     through_no_border(T, CY, CX, DY, DX, D, N) ), Made),
        max_list(Made, MaxMade),
        (   MaxMade > MaxCut -> Flips = true ; Flips = false )
    ),
    (   border(S, Y, X)
    ->  Flips == true,
        set_cells(Flip, D, Rows, Rows2)
    ;   Flips == true
    ->  set_cells([Y-X|Flip], D, Rows, Rows2)
    ;   set_cells([Y-X], D, Rows, Rows2)
    ),
    S2 = cc(P, Rows2, H, W).

% A segment through the placed perimeter disc stops at the perimeter.
through_no_border(T, Y, X, DY, DX, V, N) :-
    T = cc(P, Rows, H, W),
    findall(BY-BX, ( between(0, H, BY), BY < H, between(0, W, BX), BX < W,
                     border(T, BY, BX) ), Border),
    set_cells(Border, '-', Rows, Inner),
    through(cc(P, Inner, H, W), Y, X, DY, DX, V, N).

legal(S, P, Y, X) :-
    S = cc(_, _, H, W),
    between(0, H, Y), Y < H, between(0, W, X), X < W,
    place(S, P, Y, X, _).

valid_moves(S, P, Moves) :-
    (   game_over(S, Winner), Winner \== x
    ->  Moves = []
    ;   S = cc(_, _, H, W),
        findall(M, ( between(1, H, N), Y is H - N, between(0, W, X), X < W,
                     legal(S, P, Y, X), term_cell(S, M, Y, X) ), Moves)
    ).

% A planted-fault program of this folder names the predicate it defines
% itself, planted(Name/Arity), then includes this file.
:- if(\+ ( current_predicate(planted/1), planted(move/3) )).
move(S, M, cc(O, Rows, H, W)) :-
    game_over(S, x),
    S = cc(P, _, _, _),
    term_cell(S, M, Y, X),
    place(S, P, Y, X, cc(_, Rows, H, W)),
    other(P, O).
:- endif.

:- if(\+ ( current_predicate(planted/1), planted(game_over/2) )).
game_over(S, Winner) :-
    (   wins(S, 'R') -> Winner = 'R'
    ;   wins(S, 'B') -> Winner = 'B'
    ;   Winner = x
    ).
:- endif.

wins(S, P) :-
    S = cc(_, Rows, H, W),
    disc(P, D),
    (   I is W - 2, member(Row, Rows), segment(Row, D, I)
    ;   I is H - 2, transpose_rows(Rows, Cols), member(Col, Cols), segment(Col, D, I)
    ).

segment(Line, D, I) :-
    append(_, Rest, Line), length(Seg, I), append(Seg, _, Rest), maplist(==(D), Seg), !.

transpose_rows([[]|_], []) :- !.
transpose_rows(Rows, [Col|Cols]) :-
    maplist([[X|Xs], X, Xs]>>true, Rows, Col, Rests),
    transpose_rows(Rests, Cols).

value(S, P, V) :-
    S = cc(_, Rows, _, _), disc(P, D),
    append(Rows, Cells), include(==(D), Cells, Mine), length(Mine, V).

choose_move(S, P, _, M) :-
    valid_moves(S, P, [M|_]).
