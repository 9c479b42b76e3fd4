:- module(futlog_foreign,
          [ futlog_initial/1,         % -State
            futlog_ball/2,            % +State, -Point
            futlog_turn/2,            % +State, -Player
            futlog_goal/2,            % +State, -Player
            futlog_status/2,          % +State, -Status
            futlog_move_check/3,      % +State, +Path, -State2
            futlog_move_gen/3,        % +State, -Path, -State2
            futlog_prefix/2,          % +State, +Path
            futlog_outcomes/2,        % +State, -Pairs
            futlog_count/3,           % +State, -Paths, -Outcomes
            futlog_marked_edges/2,    % +State, -Edges
            futlog_make_state/4,      % +Ball, +Turn, +Edges, -State
            futlog_random_move/4,     % +State, +Seed, -Path, -State2
            futlog_search/6           % +State, +Seconds, +MaxDepth, -Path, -State2, -Info
          ]).
/** <module> Futlog engine: the foreign predicates

The C++ engine of Futlog (paper soccer), loaded from the foreign library
`tabula_futlog`. Use library(tabula/futlog) for the course's predicates and
library(tabula/futlog_tools) for the extras; these are their building
blocks. A state is the ground term

    futlog(p(X,Y), Turn, W0, W1, W2, W3, W4, W5)

with the ball at p(X,Y), Turn (1 or 2) to move and W0..W5 the 64-bit words
(non-negative integers) of the set of edges marked during play (the 40
border edges are implied). A malformed state raises
`type_error(futlog_state, S)` or `domain_error(futlog_state, S)`.

Predicates:

  - futlog_initial(-S) is det.
  - futlog_ball(+S, -P) is det.
  - futlog_turn(+S, -N) is det.
  - futlog_goal(+S, -N) is semidet: the ball is in the goal counting for N.
  - futlog_status(+S, -Status) is det: to_move(N) or won(N) (a goal, or
    the player to move has no step, when the player who brought the
    ball there loses and the player to move wins).
  - futlog_move_check(+S, +LP, ?S2) is semidet: LP is a complete legal move.
  - futlog_move_gen(+S, -LP, -S2) is nondet: every legal move path, lazily.
  - futlog_prefix(+S, +LP) is semidet: LP is a strict prefix of a move.
  - futlog_outcomes(+S, -Pairs) is det: one LP-S2 per distinct outcome.
  - futlog_count(+S, -Paths, -Outcomes) is det.
  - futlog_marked_edges(+S, -Edges) is det: every marked edge as e(P,Q).
  - futlog_make_state(+Ball, +Turn, +Edges, -S) is det.
  - futlog_random_move(+S, +Seed, -LP, -S2) is semidet.
  - futlog_search(+S, +Seconds, +MaxDepth, -LP, -S2, -Info) is semidet.
*/

:- use_foreign_library(foreign(tabula_futlog)).
