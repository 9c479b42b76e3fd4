:- module(fourmation_foreign,
          [ fourmation_initial_/2,        % +Size, -GameState
            fourmation_valid_moves_/2,    % +GameState, -Moves
            fourmation_play_/4,           % +GameState, +Move, +PassTurn, -GameState2
            fourmation_winner_/2,         % +GameState, -Winner
            fourmation_perft_/3,          % +GameState, +Depth, -Leaves
            fourmation_random_playout_/4, % +GameState, +Seed, -Moves, -Winner
            fourmation_search_/7,         % +GameState, +Millis, +MaxDepth, +MaxNodes, +Seek, -Move, -Info
            fourmation_bot_/5,            % +GameState, +Level, +Seed, -Move, -Reason
            fourmation_line_value_/4,     % +GameState, +Move, +Colour, -Value
            fourmation_evaluate_/3,       % +GameState, +Colour, -Value
            fourmation_threats_/3         % +GameState, +Colour, -Cells
          ]).
/** <module> 4Mation: the foreign predicates of the C++ engine

The building blocks of library(tabula/fourmation) and its tools (the
trailing underscore marks the foreign layer).

All predicates work on the report's terms: `gameState(Board,
turn(Player-Colour), L-C)` with `Board` a list of N lists of N atoms
`empty`, `white`, `black` (3 =< N =< 12), `Colour` the colour to move,
`L-C` the last cube placed (0-based) or `(-1)-(-1)` before the first
move. A malformed state raises `instantiation_error`,
`type_error(fourmation_state, S)` or a `domain_error`; an illegal move
makes the predicates fail.
*/

:- use_module(library(tabula/foreign)).
:- tabula_foreign_library(tabula_fourmation).

%!  fourmation_initial_(+Size, -GameState) is det.
%
%   Empty Size x Size board (3..12), white played by `human` to move.

%!  fourmation_valid_moves_(+GameState, -Moves) is det.
%
%   Legal `L-C` in row-major order; `[]` once the game is over.

%!  fourmation_play_(+GameState, +Move, +PassTurn, -GameState2) is semidet.
%
%   Places the mover's cube on Move; the turn goes to the other colour
%   when PassTurn is `true` and stays when it is `false`. Fails on an
%   illegal move.

%!  fourmation_winner_(+GameState, -Winner) is det.
%
%   Winner is `white`, `black`, `draw` (the mover is stuck) or `none`.

%!  fourmation_perft_(+GameState, +Depth, -Leaves) is det.
%
%   Leaves of the legal move tree Depth plies deep (a finished game is a
%   leaf where it ends).

%!  fourmation_random_playout_(+GameState, +Seed, -Moves, -Winner) is det.
%
%   A uniformly random game to the end with the engine's generator.

%!  fourmation_search_(+GameState, +Millis, +MaxDepth, +MaxNodes, +SeekMistakes, -Move, -Info) is semidet.
%
%   The engine's move. Millis 0 means no time limit, MaxDepth 0 to the
%   end of the game, MaxNodes 0 no node limit. SeekMistakes (`true` or
%   `false`): when the search finds no forced win, choose among the
%   near-best moves the one after which most of the opponent's sensible
%   replies lose; `false` gives plain minimax with the whole budget (for
%   solving). Info is `search(Score, Depth, Nodes, Millis, Proven)`,
%   Proven one of `win`, `loss`, `draw`, `unknown`. Fails when the game is
%   over.

%!  fourmation_bot_(+GameState, +Level, +Seed, -Move, -Reason) is semidet.
%
%   Level 1 (random) or 2 (the report's bot). Reason is `random`, `win`,
%   `forced_win`, `block` or `greedy`. Fails when the game is over.

%!  fourmation_line_value_(+GameState, +Move, +Colour, -Value) is det.
%
%   The report's greedy weight of a Colour cube on the cell Move.

%!  fourmation_evaluate_(+GameState, +Colour, -Value) is det.
%
%   The search's static evaluation for Colour.

%!  fourmation_threats_(+GameState, +Colour, -Cells) is det.
%
%   Empty cells where a Colour cube would complete four.
