:- module(futlog_game, []).
/** <module> Futlog in the uniform game API

Clauses for the multifile hooks of library(tabula/game). A move is the
course's path: the list of positions p(X,Y) the ball visits after its
start.
*/

:- use_module(library(option)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_foreign)).
:- use_module(library(tabula/futlog_tools)).

:- multifile
    tabula_game:game_hook/2,
    tabula_game:new_hook/3,
    tabula_game:moves_hook/3,
    tabula_game:move_hook/4,
    tabula_game:status_hook/3,
    tabula_game:engine_hook/4,
    tabula_game:display_hook/2,
    tabula_game:parse_move_hook/4,
    tabula_game:perft_hook/4.

tabula_game:game_hook(futlog, 'Futlog (paper soccer)').

tabula_game:new_hook(futlog, _Options, State) :-
    estado_inicial(State).

% Every legal path, sorted, as mover/3 enumerates them (some positions have
% tens of thousands).
tabula_game:moves_hook(futlog, State, Moves) :-
    futlog_moves(State, Moves).

tabula_game:move_hook(futlog, State, Move, State2) :-
    mover(State, Move, State2).

tabula_game:status_hook(futlog, State, Status) :-
    futlog_status(State, Status).

% level(L) caps the search depth.
tabula_game:engine_hook(futlog, State, Options, Move) :-
    option(time(T), Options, 1.0),
    option(level(L), Options, 24),
    futlog_best_move(State, [time(T), depth(L)], Move, _, _).

tabula_game:display_hook(futlog, State) :-
    futlog_print(State).

tabula_game:parse_move_hook(futlog, State, Text, Move) :-
    futlog_parse_move(Text, Move),
    mover(State, Move, _).

tabula_game:perft_hook(futlog, State, Depth, Leaves) :-
    futlog_perft(State, Depth, Leaves).
