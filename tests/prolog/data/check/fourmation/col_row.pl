% A correct 4Mation program in another shape: the state is
% g(Colour, Rows, Last) with the rows stored bottom row first, cells
% e, x (white), o (black); moves are Col-Row, 0-based from the top left;
% move/3 keeps the turn and next_player/2 passes it. Written for SICStus:
% transpose/2 of its library(lists), now/1 of its library(system).
:- use_module(library(lists)).
:- use_module(library(system)).

initial_state(N, g(white, Rows, start)) :-
    findall(Row, ( between(1, N, _), length(Row, N), maplist(=(e), Row) ), Rows).

mark(white, x).
mark(black, o).

% Row R counted from the top is element N-1-R of the stored rows.
cell(g(_, Rows, _), C-R, V) :-
    length(Rows, N),
    R >= 0, R < N, C >= 0, C < N,
    I is N - 1 - R,
    nth0(I, Rows, Row), nth0(C, Row, V).

cells(S, C-R) :-
    S = g(_, Rows, _), length(Rows, N), M is N - 1,
    between(0, M, R), between(0, M, C).

free(S, M) :-
    cells(S, M), cell(S, M, e),
    S = g(_, _, Last),
    (   Last == start -> true ; touches(M, Last) ).

touches(C-R, C0-R0) :- abs(C - C0) =< 1, abs(R - R0) =< 1.

valid_moves(S, Ms) :-
    (   game_over(S, _) -> Ms = [] ; findall(M, free(S, M), Ms) ).

move(S, C-R, g(P, Rows2, C-R)) :-
    \+ game_over(S, _),
    free(S, C-R),
    S = g(P, Rows, _),
    mark(P, X),
    length(Rows, N), I is N - 1 - R,
    nth0(I, Rows, Row, Others), nth0(C, Row, _, Rest),
    nth0(C, Row2, X, Rest), nth0(I, Rows2, Row2, Others).

next_player(g(white, B, L), g(black, B, L)).
next_player(g(black, B, L), g(white, B, L)).

game_over(S, W) :-
    (   cells(S, M), cell(S, M, X), X \== e, line(S, M, X)
    ->  mark(W, X)
    ;   S = g(_, _, Last), Last \== start, \+ free(S, _)
    ->  W = draw
    ).

line(S, C-R, X) :-
    member(DC-DR, [1-0, 0-1, 1-1, 1-(-1)]),
    forall(between(1, 3, K), ( C1 is C + K * DC, R1 is R + K * DR, cell(S, C1-R1, X) )).

value(S, P, V) :-
    mark(P, X),
    S = g(_, Rows, _),
    transpose(Rows, Cols),
    findall(x, ( member(Col, Cols), member(X, Col) ), Xs),
    length(Xs, V).

% A seed for a random player, as SICStus programs take it.
clock_seed(T) :- now(T).

choose_move(S, _, M) :-
    valid_moves(S, Ms),
    last(Ms, M).
