:- module(futlog_foreign,
          [ futlog_initial_/1,         % -State
            futlog_ball_/2,            % +State, -Point
            futlog_turn_/2,            % +State, -Player
            futlog_goal_/2,            % +State, -Player
            futlog_status_/2,          % +State, -Status
            futlog_move_check_/3,      % +State, +Path, -State2
            futlog_move_gen_/3,        % +State, -Path, -State2
            futlog_prefix_/2,          % +State, +Path
            futlog_outcomes_/2,        % +State, -Pairs
            futlog_count_/3,           % +State, -Paths, -Outcomes
            futlog_marked_edges_/2,    % +State, -Edges
            futlog_make_state_/4,      % +Ball, +Turn, +Edges, -State
            futlog_random_move_/4,     % +State, +Seed, -Path, -State2
            futlog_search_/7           % +State, +Millis, +MaxDepth, +MaxNodes, -Path, -State2, -Info
          ]).
/** <module> Futlog engine: the foreign predicates

The C++ engine of Futlog (paper soccer), loaded from the foreign library
`tabula_futlog`. Use library(tabula/futlog) for the course's predicates and
library(tabula/futlog_tools) for the extras; these are their building
blocks (the trailing underscore marks the foreign layer). A state is the
ground term

    futlog(p(X,Y), Turn, W0, W1, W2, W3, W4, W5)

with the ball at p(X,Y), Turn (1 or 2) to move and W0..W5 the 64-bit words
(non-negative integers) of the set of edges marked during play (the 40
border edges are implied). A term that is not of that form raises
`type_error(futlog_state, S)`, one with values out of range (the ball off
the field, Turn not 1 or 2, edges that do not exist)
`domain_error(futlog_state, S)`.

Errors name the public predicate that reaches the foreign one (e.g.
`context(futlog:mover/3, _)`).
*/

:- use_module(library(tabula/foreign)).
:- tabula_foreign_library(tabula_futlog).

%!  futlog_initial_(-S) is det.
%
%   The initial state: the ball at p(0,0), player 1 to move, no edge
%   marked during play.

%!  futlog_ball_(+S, -P) is det.
%
%   P is the ball's vertex, p(X,Y).

%!  futlog_turn_(+S, -N) is det.
%
%   N (1 or 2) is the player to move.

%!  futlog_goal_(+S, -N) is semidet.
%
%   The ball is in the goal counting for N.

%!  futlog_status_(+S, -Status) is det.
%
%   to_move(N) or won(N) (a goal, or the player to move has no step,
%   when the player who brought the ball there loses and the player to
%   move wins).

%!  futlog_move_check_(+S, +LP, -S2) is semidet.
%
%   LP is a complete legal move; fails for anything else.

%!  futlog_move_gen_(+S, -LP, -S2) is nondet.
%
%   Every legal move path, lazily.

%!  futlog_prefix_(+S, +LP) is semidet.
%
%   LP is a strict prefix of a move.

%!  futlog_outcomes_(+S, -Pairs) is det.
%
%   One LP-S2 per distinct outcome.

%!  futlog_count_(+S, -Paths, -Outcomes) is det.
%
%   The numbers of distinct legal move paths and of distinct outcomes.

%!  futlog_marked_edges_(+S, -Edges) is det.
%
%   Every marked edge as e(P,Q).

%!  futlog_make_state_(+Ball, +Turn, +Edges, -S) is det.
%
%   The state with the ball on Ball, player Turn to move and the edges
%   e(P,Q) of Edges marked (futlog_state/4).

%!  futlog_random_move_(+S, +Seed, -LP, -S2) is semidet.
%
%   A move drawn from Seed, uniformly among the distinct outcomes, and
%   the state after it; fails when there is no legal move.

%!  futlog_search_(+S, +Millis, +MaxDepth, +MaxNodes, -LP, -S2, -Info) is semidet.
%
%   The engine's move within Millis milliseconds (0: no limit), MaxDepth
%   plies and MaxNodes nodes (0: no limit); Info is search(Score, Depth,
%   Nodes, Millis, Proven).
