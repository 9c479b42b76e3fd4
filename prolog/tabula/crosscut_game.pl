:- module(crosscut_game, []).
/** <module> CrossCut in Tabula's uniform game API

The game's predicates for library(tabula/game). The state is the report's
`state/6` term; moves are `move(Number, Letter)`; the uniform move passes
the turn (move/3 then next_turn/2). Options of tabula_new/3: `size(H, L)`
or `size(N)` (default 7 x 7). Engine options: time/1, depth/1 and nodes/1
bound the search; level(1) and level(2) are the report's random and
greedy players.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(tabula/game)).
:- use_module(crosscut).
:- use_module(crosscut_foreign).
:- use_module(crosscut_tools).

:- tabula_register_game(crosscut, 'CrossCut', crosscut_game).

% initial_state/2 leaves the player types unbound, for the report's menus
% to bind; the uniform API's states are ground (both sides human).
game_new(Options, State) :-
    foldl(new_option, Options, size(7, 7), Size),
    initial_state(Size, State),
    State = state(_, 1, 1, _, _, _).

new_option(Option, _, Size) :-
    nonvar(Option),
    (   Option = size(H, L) -> Size = size(H, L)
    ;   Option = size(N) -> Size = N
    ),
    !.
new_option(Option, _, _) :-
    (   var(Option) -> instantiation_error(Option) ; domain_error(crosscut_option, Option) ).

game_moves(State, Moves) :-
    valid_moves(State, Moves).

game_move(State, Move, State2) :-
    (   var(Move)
    ->  valid_moves(State, Moves),
        member(Move, Moves)
    ;   true
    ),
    move(State, Move, State1),
    next_turn(State1, State2).

game_status(State, Status) :-
    game_over(State, Winner),
    (   Winner == x
    ->  crosscut_player(State, Player),
        Status = to_move(Player)
    ;   Winner == draw
    ->  Status = draw
    ;   Status = won(Winner)
    ).

game_engine(engine(1, [depth, nodes], [1, 2])).

game_search(State, limits(Millis, Depth0, Nodes, _Seed), Move, Info) :-
    (   Depth0 =:= 0 -> Depth = 64 ; Depth = Depth0 ),
    crosscut_player(State, Player),
    crosscut_search_(State, Player, Millis, Depth, Nodes, Move, Info).

game_level_move(State, Level, Move) :-
    choose_move(State, Level, Move).

game_display(State) :-
    display_game(State).

game_parse_move(State, Text, Move) :-
    crosscut_parse_move(State, Text, Move).

game_perft(State, Depth, Leaves) :-
    crosscut_perft(State, Depth, Leaves).

game_play_menu :-
    crosscut:play.
