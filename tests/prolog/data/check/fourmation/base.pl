% A correct 4Mation program with its own terms: the state is
% st(Rows, Colour, Last), cells '.', 'W', 'B'; moves are [Row, Col],
% 1-based from the top left; move/3 passes the turn itself.
:- use_module(library(lists)).
:- use_module(library(between)).        % SICStus library, shimmed

% A planted-fault program of this folder names the predicate it defines
% itself, planted(Name/Arity), then includes this file.

initial_state(N, st(Rows, white, none)) :-
    length(Row, N), maplist(=('.'), Row),
    length(Rows, N), maplist(=(Row), Rows).

size(st(Rows, _, _), N) :- length(Rows, N).

at(st(Rows, _, _), R, C, V) :- nth1(R, Rows, Row), nth1(C, Row, V).

piece(white, 'W').
piece(black, 'B').
other(white, black).
other(black, white).

:- if(\+ ( current_predicate(planted/1), planted(valid_moves/2) )).
valid_moves(S, Moves) :-
    (   game_over(S, _) -> Moves = [] ; findall([R, C], legal(S, R, C), Moves) ).
:- endif.

legal(S, R, C) :-
    size(S, N),
    between(1, N, R), between(1, N, C),
    at(S, R, C, '.'),
    S = st(_, _, Last),
    next_to_last(Last, R, C).

next_to_last(none, _, _).
next_to_last([LR, LC], R, C) :- abs(R - LR) =< 1, abs(C - LC) =< 1.

:- if(\+ ( current_predicate(planted/1), planted(move/3) )).
move(S, [R, C], st(Rows2, O, [R, C])) :-
    integer(R), integer(C),
    legal(S, R, C),
    \+ game_over(S, _),
    S = st(Rows, P, _),
    piece(P, X),
    set(Rows, R, C, X, Rows2),
    other(P, O).
:- endif.

set(Rows, R, C, X, Rows2) :-
    nth1(R, Rows, Row, Rest), nth1(C, Row, _, RowRest),
    nth1(C, Row2, X, RowRest), nth1(R, Rows2, Row2, Rest).

:- if(\+ ( current_predicate(planted/1), planted(game_over/2) )).
game_over(S, Winner) :-
    (   four(S, X) -> piece(Winner, X)
    ;   S = st(_, _, [_, _]), \+ legal(S, _, _) -> Winner = draw
    ).
:- endif.

:- if(\+ ( current_predicate(planted/1), planted(four/2) )).
four(S, X) :-
    size(S, N),
    between(1, N, R), between(1, N, C),
    at(S, R, C, X), X \== '.',
    member(DR-DC, [0-1, 1-0, 1-1, 1-(-1)]),
    forall(between(1, 3, K), ( R1 is R + K * DR, C1 is C + K * DC, at(S, R1, C1, X) )).
:- endif.

value(S, P, V) :-
    piece(P, X),
    S = st(Rows, _, _),
    append(Rows, Cells),
    include(==(X), Cells, Mine),
    length(Mine, V).

:- if(\+ ( current_predicate(planted/1), planted(choose_move/3) )).
choose_move(S, _, [R, C]) :-
    \+ game_over(S, _),
    legal(S, R, C),
    !.
:- endif.
