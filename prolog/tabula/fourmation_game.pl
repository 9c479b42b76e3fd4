:- module(fourmation_game, []).
/** <module> 4Mation in the uniform API of library(tabula/game)

The game's state is the report's `gameState(Board, turn(Player-Colour),
L-C)` term; here the turn passes with every move. Options of
tabula_new/3: `size(N)`, 3 =< N =< 12, default 7. Engine options:
`level(L)` plays choose_move/3 of that level, else `time(Seconds)`
(default 1) bounds the search.
*/

:- use_module(library(option)).
:- use_module(library(lists)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/fourmation_foreign)).
:- use_module(library(tabula/fourmation_tools)).
:- use_module(library(tabula/fourmation)).

:- multifile
    tabula_game:game_hook/2,
    tabula_game:new_hook/3,
    tabula_game:moves_hook/3,
    tabula_game:move_hook/4,
    tabula_game:status_hook/3,
    tabula_game:engine_hook/4,
    tabula_game:display_hook/2,
    tabula_game:parse_move_hook/4,
    tabula_game:perft_hook/4,
    tabula_game:menu_hook/1.

tabula_game:game_hook(fourmation, '4Mation').

tabula_game:new_hook(fourmation, Options, State) :-
    option(size(N), Options, 7),
    fourmation_initial(N, State).

tabula_game:moves_hook(fourmation, State, Moves) :-
    fourmation_valid_moves(State, Moves).

tabula_game:move_hook(fourmation, State, Move, State2) :-
    (   var(Move)
    ->  fourmation_valid_moves(State, Moves),
        member(Move, Moves)
    ;   Move = L-C, integer(L), integer(C)     % anything else is no move: fail
    ),
    fourmation_play(State, Move, true, State2).

tabula_game:status_hook(fourmation, State, Status) :-
    fourmation_winner(State, W),
    (   W == none
    ->  State = gameState(_, turn(_-Colour), _),
        Status = to_move(Colour)
    ;   W == draw
    ->  Status = draw
    ;   Status = won(W)
    ).

tabula_game:engine_hook(fourmation, State, Options, Move) :-
    (   option(level(Level), Options)
    ->  choose_move(State, Level, Move)
    ;   option(time(T), Options, 1),
        fourmation_engine_move(State, [time(T)], Move)
    ).

tabula_game:display_hook(fourmation, State) :-
    display_game(State).

tabula_game:parse_move_hook(fourmation, State, Text, Move) :-
    fourmation_parse_move(Text, Move),
    fourmation_valid_moves(State, Moves),
    memberchk(Move, Moves).

tabula_game:perft_hook(fourmation, State, Depth, Leaves) :-
    fourmation_perft(State, Depth, Leaves).

tabula_game:menu_hook(fourmation) :-
    fourmation:play.
