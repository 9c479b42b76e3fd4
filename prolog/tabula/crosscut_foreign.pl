:- module(crosscut_foreign,
          [ crosscut_valid_moves_/3,   % +State, +Player, -Moves
            crosscut_place_/4,         % +State, +Player, +Move, -State2
            crosscut_winner_/2,        % +State, -Winner
            crosscut_next_turn_/2,     % +State, -State2
            crosscut_value_/4,         % +State, +Move, +Player, -Value
            crosscut_evaluate_/3,      % +State, +Player, -Score
            crosscut_search_/7,        % +State, +Player, +Millis, +MaxDepth, +MaxNodes, -Move, -Info
            crosscut_perft_/4,         % +State, +Player, +Depth, -Leaves
            crosscut_random_game_/5    % +H, +W, +Seed, -Moves, -Winner
          ]).
/** <module> CrossCut engine (foreign library)

The C++ engine behind library(tabula/crosscut). States are the report's
`state(Turn, RedType, BlueType, Board, Height, Length)` terms; players are
`'R'` and `'B'`; moves are `move(Number, Letter)` (row from the bottom,
column, both from 1). An unbound state raises `instantiation_error`, a
term that is not a state `type_error(crosscut_state, S)`, a state with
values out of range `domain_error(crosscut_state, S)`; an illegal move
simply fails. The trailing underscore marks the foreign layer, which
library(tabula/crosscut) and its tools wrap.
Every predicate is reentrant; long ones poll for signals, so time limits
and Ctrl-C stop them.
*/

:- use_module(library(tabula/foreign)).
:- tabula_foreign_library(tabula_crosscut).

%!  crosscut_valid_moves_(+State, +Player, -Moves) is det.
%
%   Moves are Player's legal placements, rows from the bottom then
%   columns; `[]` once the game is over (a segment or nobody can place).

%!  crosscut_place_(+State, +Player, +Move, -State2) is semidet.
%
%   State2 is State after Player places at Move with the official flip
%   rule (a perimeter disc removed at once); `Turn` is unchanged. Fails if
%   the placement is illegal or the game is over.

%!  crosscut_winner_(+State, -Winner) is det.
%
%   Winner is `'R'` or `'B'` (a winning segment; both: the player of
%   `Turn`), `draw` (nobody can place) or `x`.

%!  crosscut_next_turn_(+State, -State2) is det.
%
%   State2 has `Turn` + 1, or + 2 when the next player has no placement and
%   the current one has (a skipped turn).

%!  crosscut_value_(+State, +Move, +Player, -Value) is semidet.
%
%   The report's value (lower is better) of Player's placement at Move,
%   State being the state after it; fails when State cannot follow such a
%   placement.

%!  crosscut_evaluate_(+State, +Player, -Score) is det.
%
%   The search's static evaluation of the board for Player (higher is
%   better).

%!  crosscut_search_(+State, +Player, +Millis, +MaxDepth, +MaxNodes, -Move, -Info) is semidet.
%
%   Move is the alpha-beta choice for Player within Millis milliseconds (0:
%   no limit), MaxDepth plies and MaxNodes nodes (0: no limit); Info is
%   search(Score, Depth, Nodes, Millis, Proven). Fails when the game is
%   over.

%!  crosscut_perft_(+State, +Player, +Depth, -Leaves) is det.
%
%   Move sequences of exactly Depth moves from State with Player to move.

%!  crosscut_random_game_(+H, +W, +Seed, -Moves, -Winner) is det.
%
%   A whole uniformly random game from the empty H x W board; Winner is
%   `'R'`, `'B'` or `draw`.
