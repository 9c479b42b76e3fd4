:- module(fourmation_game, []).
/** <module> 4Mation in Tabula's uniform game API

The game's predicates for library(tabula/game). The state is the report's
`gameState(Board, turn(Player-Colour), L-C)` term; here the turn passes with
every move. Options of tabula_new/3: `size(N)`, 3 =< N =< 12, default 7.
Engine options: time/1, depth/1 and nodes/1 bound the search; level(1) and
level(2) are the report's random and greedy players.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/fourmation_foreign)).
:- use_module(library(tabula/fourmation_tools)).
:- use_module(library(tabula/fourmation)).

:- tabula_register_game(fourmation, '4Mation', fourmation_game).

game_new(Options, State) :-
    foldl(new_option, Options, 7, N),
    fourmation_initial_(N, State).

new_option(Option, _, N) :-
    nonvar(Option),
    Option = size(N),
    !.
new_option(Option, _, _) :-
    (   var(Option) -> instantiation_error(Option) ; domain_error(fourmation_option, Option) ).

game_moves(State, Moves) :-
    fourmation_valid_moves_(State, Moves).

game_move(State, Move, State2) :-
    (   var(Move)
    ->  fourmation_valid_moves_(State, Moves),
        member(Move, Moves)
    ;   Move = L-C, integer(L), integer(C)     % anything else is no move: fail
    ),
    fourmation_play_(State, Move, true, State2).

game_status(State, Status) :-
    fourmation_winner_(State, W),
    (   W == none
    ->  State = gameState(_, turn(_-Colour), _),
        Status = to_move(Colour)
    ;   W == draw
    ->  Status = draw
    ;   Status = won(W)
    ).

game_engine(engine(1, [depth, nodes], [1, 2])).

game_search(State, limits(Millis, Depth, Nodes, _Seed), Move, Info) :-
    fourmation_search_(State, Millis, Depth, Nodes, true, Move, Info).

game_level_move(State, Level, Move) :-
    choose_move(State, Level, Move).

game_display(State) :-
    display_game(State).

game_parse_move(State, Text, Move) :-
    fourmation_parse_move(Text, Move),
    fourmation_valid_moves_(State, Moves),
    memberchk(Move, Moves).

game_perft(State, Depth, Leaves) :-
    fourmation_perft_(State, Depth, Leaves).

game_play_menu :-
    fourmation:play.
