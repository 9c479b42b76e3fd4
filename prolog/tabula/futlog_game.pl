:- module(futlog_game, []).
/** <module> Futlog in Tabula's uniform game API

The game's predicates for library(tabula/game). A move is the course's
path: the list of positions p(X,Y) the ball visits after its start.
Engine options: time/1 (default: the flag futlog_time_limit, one second
unless set), depth/1 and nodes/1 bound the alpha-beta search; the course
has no players of its own (no levels).
*/

:- use_module(library(error)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_foreign)).
:- use_module(library(tabula/futlog_tools)).

:- tabula_register_game(futlog, 'Futlog (paper soccer)', futlog_game).

game_new(Options, State) :-
    (   Options = [Option|_]
    ->  domain_error(futlog_option, Option)
    ;   estado_inicial(State)
    ).

% Every legal path, sorted, as mover/3 enumerates them (some positions
% have tens of thousands).
game_moves(State, Moves) :-
    futlog_moves(State, Moves).

game_move(State, Move, State2) :-
    mover(State, Move, State2).

game_status(State, Status) :-
    futlog_status_(State, Status).

game_engine(engine(Seconds, [depth, nodes], [])) :-
    current_prolog_flag(futlog_time_limit, Seconds).

game_search(State, limits(Millis, Depth0, Nodes, _Seed), Path, Info) :-
    (   Depth0 =:= 0 -> niveles_minimax(Depth) ; Depth = Depth0 ),
    futlog_search_(State, Millis, Depth, Nodes, Path, _, Info).

game_display(State) :-
    futlog_print(State).

game_parse_move(State, Text, Move) :-
    futlog_parse_move(Text, Move),
    mover(State, Move, _).

game_perft(State, Depth, Leaves) :-
    futlog_perft(State, Depth, Leaves).
