:- module(crosscut_game, []).
/** <module> CrossCut in the uniform game API

Clauses for the hooks of library(tabula/game). The state is the report's
`state/6` term; moves are `move(Number, Letter)`; the uniform move passes
the turn (move/3 then next_turn/2). Options of tabula_new/3: `size(H, L)`
or `size(N)` (default 7 x 7). Engine options: `level(L)` (choose_move/3's
levels) or `time(Seconds)` for the search (default 1).
*/

:- use_module(library(lists)).
:- use_module(library(option)).
:- use_module(crosscut).
:- use_module(crosscut_tools).

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

tabula_game:game_hook(crosscut, 'CrossCut').

tabula_game:new_hook(crosscut, Options, State) :-
    (   option(size(H, L), Options)
    ->  Size = size(H, L)
    ;   option(size(N), Options)
    ->  Size = N
    ;   Size = size(7, 7)
    ),
    initial_state(Size, State),
    State = state(_, 1, 1, _, _, _).

tabula_game:moves_hook(crosscut, State, Moves) :-
    valid_moves(State, Moves).

tabula_game:move_hook(crosscut, State, Move, State2) :-
    (   var(Move)
    ->  valid_moves(State, Moves),
        member(Move, Moves)
    ;   true
    ),
    move(State, Move, State1),
    next_turn(State1, State2).

tabula_game:status_hook(crosscut, State, Status) :-
    game_over(State, Winner),
    (   Winner == x
    ->  crosscut_player(State, Player),
        Status = to_move(Player)
    ;   Winner == draw
    ->  Status = draw
    ;   Status = won(Winner)
    ).

tabula_game:engine_hook(crosscut, State, Options, Move) :-
    (   option(level(Level), Options)
    ->  choose_move(State, Level, Move)
    ;   option(time(T), Options, 1),
        crosscut_engine_move(State, [time(T)], Move, _)
    ).

tabula_game:display_hook(crosscut, State) :-
    display_game(State).

tabula_game:parse_move_hook(crosscut, State, Text, Move) :-
    crosscut_parse_move(State, Text, Move).

tabula_game:perft_hook(crosscut, State, Depth, Leaves) :-
    crosscut_perft(State, Depth, Leaves).

tabula_game:menu_hook(crosscut) :-
    crosscut:play.
