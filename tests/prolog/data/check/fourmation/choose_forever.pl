% 4Mation with a planted fault: choose_move/3 thinks for ever (base.pl
% otherwise).
:- use_module(library(lists)).
:- use_module(library(between)).        % SICStus library, shimmed

initial_state(N, st(Rows, white, none)) :-
    length(Row, N), maplist(=('.'), Row),
    length(Rows, N), maplist(=(Row), Rows).

size(st(Rows, _, _), N) :- length(Rows, N).

at(st(Rows, _, _), R, C, V) :- nth1(R, Rows, Row), nth1(C, Row, V).

piece(white, 'W').
piece(black, 'B').
other(white, black).
other(black, white).

valid_moves(S, Moves) :-
    (   game_over(S, _) -> Moves = [] ; findall([R, C], legal(S, R, C), Moves) ).

legal(S, R, C) :-
    size(S, N),
    between(1, N, R), between(1, N, C),
    at(S, R, C, '.'),
    S = st(_, _, Last),
    next_to_last(Last, R, C).

next_to_last(none, _, _).
next_to_last([LR, LC], R, C) :- abs(R - LR) =< 1, abs(C - LC) =< 1.

move(S, [R, C], st(Rows2, O, [R, C])) :-
    integer(R), integer(C),
    legal(S, R, C),
    \+ game_over(S, _),
    S = st(Rows, P, _),
    piece(P, X),
    set(Rows, R, C, X, Rows2),
    other(P, O).

set(Rows, R, C, X, Rows2) :-
    nth1(R, Rows, Row, Rest), nth1(C, Row, _, RowRest),
    nth1(C, Row2, X, RowRest), nth1(R, Rows2, Row2, Rest).

game_over(S, Winner) :-
    (   four(S, X) -> piece(Winner, X)
    ;   S = st(_, _, [_, _]), \+ legal(S, _, _) -> Winner = draw
    ).

four(S, X) :-
    size(S, N),
    between(1, N, R), between(1, N, C),
    at(S, R, C, X), X \== '.',
    member(DR-DC, [0-1, 1-0, 1-1, 1-(-1)]),
    forall(between(1, 3, K), ( R1 is R + K * DR, C1 is C + K * DC, at(S, R1, C1, X) )).

value(S, P, V) :-
    piece(P, X),
    S = st(Rows, _, _),
    append(Rows, Cells),
    include(==(X), Cells, Mine),
    length(Mine, V).

choose_move(S, _, M) :-
    think(S, 0, M).

think(S, N, M) :-
    N1 is N + 1,
    think(S, N1, M).
