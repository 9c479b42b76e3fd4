:- module(crosscut_tools,
          [ crosscut_place/4,         % +State, +Player, +Move, -State2
            crosscut_perft/3,         % +State, +Depth, -Leaves
            crosscut_engine_move/4,   % +State, +Options, -Move, -Info
            crosscut_replay/4,        % +Size, +Moves, -State, -Winner
            crosscut_random_game/4,   % +Size, +Seed, -Moves, -Winner
            crosscut_api_random_game/3,  % +Size, -Moves, -Winner
            crosscut_parse_move/3     % +State, +Text, -Move
          ]).
/** <module> CrossCut extras: perft, random games, the engine's search

Tools around library(tabula/crosscut) for tests, benchmarks and the uniform
game API. States, moves and players are those of library(tabula/crosscut).
*/

:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(crosscut).
:- use_module(crosscut_foreign).
:- reexport(crosscut_notation).
:- use_module(engine_options).

%!  crosscut_place(+State, +Player, +Move, -State2) is semidet.
%
%   State2 is State after Player places a disc at Move, whoever's turn it
%   is, with the official flips; `Turn` is unchanged. Fails if the
%   placement is illegal or the game is over.
crosscut_place(State, Player, Move, State2) :-
    crosscut_place_(State, Player, Move, State2).

%!  crosscut_perft(+State, +Depth, -Leaves) is det.
%
%   Leaves is the number of move sequences of exactly Depth moves from
%   State (player of `Turn` first, skipped turns followed, finished games
%   contributing 0).
crosscut_perft(State, Depth, Leaves) :-
    crosscut_player(State, Player),
    crosscut_perft_(State, Player, Depth, Leaves).

%!  crosscut_engine_move(+State, +Options, -Move, -Info) is semidet.
%
%   Move is the alpha-beta search's choice for the player of `Turn`; fails
%   when the game is over. Options are those of tabula_engine_move/3:
%   time(Seconds) (default 1), depth(MaxDepth), nodes(N). Info is
%   search(Score, Depth, Nodes, Millis, Proven) with Score for the mover
%   (about 1000000 for a forced win).
crosscut_engine_move(State, Options, Move, Info) :-
    engine_choice(Options, engine(1, [depth, nodes], []), limits(Millis, D0, Nodes, _, _, _)),
    (   D0 =:= 0 -> D = 64 ; D = D0 ),
    crosscut_player(State, Player),
    crosscut_search_(State, Player, Millis, D, Nodes, Move, Info).

%!  crosscut_replay(+Size, +Moves, -State, -Winner) is semidet.
%
%   State is reached from initial_state(Size, _) by Moves (move/3 then
%   next_turn/2 each), with both player types 1 (human); Winner is
%   game_over/2 of it. Fails on an illegal move.
%
%   @error instantiation_error if Moves is a partial list,
%          type_error(list, Moves) if it is not a list
crosscut_replay(Size, Moves, State, Winner) :-
    must_be(list, Moves),
    initial_state(Size, S0),
    S0 = state(_, 1, 1, _, _, _),
    foldl(replay_step, Moves, S0, State),
    game_over(State, Winner).

replay_step(Move, S0, S) :-
    move(S0, Move, S1),
    next_turn(S1, S).

%!  crosscut_random_game(+Size, +Seed, -Moves, -Winner) is det.
%
%   A whole uniformly random game played by the C++ engine (seeded), from
%   the empty board of Size (`size(H, L)` or N). Winner is 'R', 'B' or draw.
crosscut_random_game(Size, Seed, Moves, Winner) :-
    initial_state(Size, state(_, _, _, _, H, L)),
    crosscut_random_game_(H, L, Seed, Moves, Winner).

%!  crosscut_api_random_game(+Size, -Moves, -Winner) is det.
%
%   A random game played through the course predicates (valid_moves/2,
%   move/3, next_turn/2, game_over/2) with library(random): what a course
%   harness would do; used by the benchmarks.
crosscut_api_random_game(Size, Moves, Winner) :-
    initial_state(Size, S0),
    S0 = state(_, 1, 1, _, _, _),
    api_playout(S0, Moves, Winner).

api_playout(S, Moves, Winner) :-
    game_over(S, W),
    (   W == x
    ->  valid_moves(S, Legal),
        random_member(M, Legal),
        move(S, M, S1),
        next_turn(S1, S2),
        Moves = [M|Ms],
        api_playout(S2, Ms, Winner)
    ;   Moves = [],
        Winner = W
    ).

%!  crosscut_parse_move(+State, +Text, -Move) is semidet.
%
%   Move is the square typed as Text ("b3", "B3", "3b", "b 3"), when it is
%   a legal move of the player of `Turn`.
crosscut_parse_move(State, Text, Move) :-
    crosscut_parse_square(State, Text, Move),
    valid_moves(State, Moves),
    memberchk(Move, Moves).
