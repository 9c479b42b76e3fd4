:- module(uttt_foreign,
          [ uttt_initial_/1,               % -State
            uttt_build_/3,                 % +Boards, +PreviousPos, -State
            uttt_board_/3,                 % +State, +UPos, -Board
            uttt_uboard_/2,                % +State, -UBoard
            uttt_next_player_/2,           % +State, -Player
            uttt_available_/2,             % +State, -UPositions
            uttt_board_result_/2,          % +Board, -Result
            uttt_valid_moves_/2,           % +State, -Moves
            uttt_make_move_/3,             % +State, ?Move, -State2
            uttt_valid_move_/2,            % +State, ?Move
            uttt_move_priority_/4,         % +Player, +Board, +Pos, -Priority
            uttt_best_individual_moves_/3, % +Player, +Board, -Positions
            uttt_narrow_greedy_/2,         % +State, -Move
            uttt_best_moves_/2,            % +State, -Moves
            uttt_greedy_/2,                % +State, -Move
            uttt_move_category_/3,         % +State, +Move, -Category
            uttt_perft_/3,                 % +State, +Depth, -Leaves
            uttt_random_moves_/3,          % +State, +Seed, -Moves
            uttt_playouts_/4,              % +State, +Count, +Seed, -Stats
            uttt_search_/7,                % +State, +Millis, +Simulations, +Seed, +Threads, -Move, -Info
            uttt_thread_search_/5,         % +State, +Millis, +Threads, -Move, -Info
            uttt_thread_forget_/0,
            uttt_thread_kept_/1,           % -Kept
            uttt_engine_new_/3,            % +Seed, +Threads, -Engine
            uttt_engine_search_/6          % +Engine, +State, +Millis, +Simulations, -Move, -Info
          ]).
/** <module> The UTTT engine's foreign predicates

Loaded by library(tabula/uttt) and library(tabula/uttt_tools), which wrap
them under the course's names and the tools' names; not meant to be used
directly (the trailing underscore marks the foreign layer). States are
`uttt(XA, XB, XC, OA, OB, OC, Forced)`: for each player three integers of
27 bits (three boards of nine cells each, in position order) and the board
the player to move must use (0-8, or -1 for any unfinished board). A term
that is not such a state raises `type_error(uttt_state, S)`, one whose
values are out of range or contradict each other (overlapping cells,
counts no game reaches, a finished forced board)
`domain_error(uttt_state, S)`.
Errors name the public predicate that reaches the foreign one (e.g.
`context(uttt:makeMove/3, _)`).

*/

:- use_module(library(tabula/foreign)).
:- tabula_foreign_library(tabula_uttt).

%!  uttt_initial_(-State) is det.
%
%   The empty game: `x` to move, every board available.

%!  uttt_build_(+Boards, +PreviousPos, -State) is det.
%
%   The state of nine boards and the cell of the last move (buildState/3).

%!  uttt_board_(+State, +UPos, -Board) is det.
%
%   The nine cells of the small board at UPos.

%!  uttt_uboard_(+State, -UBoard) is det.
%
%   The result of each small board: `x`, `0`, `r` or `''`.

%!  uttt_next_player_(+State, -Player) is det.
%
%   The player to move, `x` or `0` (getNextPlayer/2).

%!  uttt_available_(+State, -UPositions) is det.
%
%   The boards the next move may use; `[]` once the game is over.

%!  uttt_board_result_(+Board, -Result) is det.
%
%   The result of nine cells: `x` or `0` for a line, `r` when no cell is
%   free, `''` while the board is open (getBoardResult/2).

%!  uttt_valid_moves_(+State, -Moves) is det.
%
%   Every valid move in position order; `[]` once the game is over.

%!  uttt_make_move_(+State, +Move, -State2) is semidet.
%!  uttt_make_move_(+State, -Move, -State2) is nondet.
%
%   A checker when Move is ground, else a generator of the valid moves
%   (in position order) that unify with it.

%!  uttt_valid_move_(+State, +Move) is semidet.
%!  uttt_valid_move_(+State, -Move) is nondet.
%
%   Move is valid in State: a check when Move is ground, else the valid
%   moves (in position order) that unify with it (validMove/2).

%!  uttt_move_priority_(+Player, +Board, +Pos, -Priority) is semidet.
%
%   The priority (0-6, lower is better) of Player playing cell Pos of
%   Board (movePriority/4); fails when the cell is not free.

%!  uttt_best_individual_moves_(+Player, +Board, -Positions) is det.
%
%   The free cells of Board by priority for Player
%   (bestIndividualMoves/3).

%!  uttt_narrow_greedy_(+State, -Move) is semidet.
%
%   The move of narrowGreedy/2; fails when the game is over.

%!  uttt_best_moves_(+State, -Moves) is det.
%
%   Every valid move, sorted by the course's categories (bestMoves/2).

%!  uttt_greedy_(+State, -Move) is semidet.
%
%   The first of bestMoves/2; fails when the game is over.

%!  uttt_move_category_(+State, +Move, -Category) is semidet.
%
%   The category (1-10) bestMoves/2 gives a valid Move; fails when Move
%   is not valid (uttt_move_category/3).

%!  uttt_perft_(+State, +Depth, -Leaves) is det.
%
%   Leaves of the legal move tree Depth (0-81) plies below State; honours
%   signals.

%!  uttt_random_moves_(+State, +Seed, -Moves) is det.
%
%   A random game from State to its end, drawn from Seed.

%!  uttt_playouts_(+State, +Count, +Seed, -Stats) is det.
%
%   Count random games from State: Stats is `[XWins, OWins, Draws]`.

%!  uttt_search_(+State, +Millis, +Simulations, +Seed, +Threads, -Move, -Info) is semidet.
%
%   The engine's move (Monte-Carlo tree search, on Threads threads) within
%   Millis milliseconds and Simulations simulations (0: no bound of that
%   kind; at least one bound), Info = search(Score, Depth, Simulations,
%   Millis, Proven); fails when the game is over.

%!  uttt_thread_search_(+State, +Millis, +Threads, -Move, -Info) is semidet.
%
%   uttt_search_/7 bounded by time alone, with the search tree this
%   thread kept from its last such search when State is that search's
%   position or one or two plies below it (the move played, the reply).
%   One tree per thread, dropped for a position that does not follow it.

%!  uttt_thread_forget_ is det.
%
%   Frees the tree this thread kept for uttt_thread_search_/5.

%!  uttt_thread_kept_(-Kept) is det.
%
%   Kept = kept(Nodes, Reused): the size of the tree this thread keeps (0:
%   none), and the simulations it already held when the thread's last
%   search began (0: that search started from scratch).

%!  uttt_engine_new_(+Seed, +Threads, -Engine) is det.
%
%   An engine handle (a blob, freed by atom garbage collection) that keeps
%   its search tree between the moves of one game.

%!  uttt_engine_search_(+Engine, +State, +Millis, +Simulations, -Move, -Info) is semidet.
%
%   uttt_search_/7 with the handle's engine, from the kept tree when State
%   is a position it reached. A handle serves one call at a time: another
%   thread gets a permission error.
