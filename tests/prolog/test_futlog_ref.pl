:- module(test_futlog_ref, []).
/*  Unit tests of the plain-Prolog Futlog reference.

    Run from the repository root:
      swipl --no-packs --on-warning=status --on-error=status \
            -g run_tests -t halt tests/prolog/test_futlog_ref.pl

    Hand-built positions list only the edges marked by play; ref_state/4
    adds the 40 pre-marked ones.
*/

:- use_module('../reference/futlog_ref').
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).

% Free (unmarked) edges touching V in S.
free_edges_at(S, V, Free) :-
    ref_edges(All),
    ref_marked_edges(S, Marked),
    findall(E, ( member(E, All), E = e(A, B), ( A == V ; B == V ),
                 \+ memberchk(E, Marked) ),
            Free).

edge_between(P, Q, E) :-
    (   P @< Q
    ->  E = e(P, Q)
    ;   E = e(Q, P)
    ).

touches(V, e(A, B)) :-
    ( A == V ; B == V ).

% Moves of S whose first position is First.
moves_starting(S, First, Moves) :-
    ref_moves(S, All),
    include(starts_with(First), All, Moves).

starts_with(First, [P|_]) :-
    P == First.

:- begin_tests(futlog_geometry).

test(vertices) :-
    ref_vertices(Vs),
    length(Vs, 105),
    msort(Vs, Vs).

test(edges) :-
    ref_edges(Es),
    length(Es, 356),
    msort(Es, Es),
    forall(member(e(P, Q), Es), P @< Q).

test(initial_marked) :-
    ref_initial_marked(Ms),
    length(Ms, 40),
    ref_edges(Es),
    subtract(Es, Ms, Free),
    length(Free, 316).

test(initial_state_marks_the_40) :-
    ref_initial(S),
    ref_marked_edges(S, Ms),
    ref_initial_marked(Ms).

% A goal corner can only be entered from the mouth centre.
test(goal_corners) :-
    ref_initial(S),
    forall(member(X-Y5-Y6, [1-5-6, -1-5-6, 1-(-5)-(-6), -1-(-5)-(-6)]),
           ( free_edges_at(S, p(X, Y6), Free0),
             msort(Free0, Free),
             edge_between(p(0, Y5), p(X, Y6), E),
             Free == [E] )).

% The goal centre can be entered from the three mouth vertices.
test(goal_centres) :-
    ref_initial(S),
    forall(member(Y5-Y6, [5-6, (-5)-(-6)]),
           ( free_edges_at(S, p(0, Y6), Free0),
             msort(Free0, Free),
             findall(E, ( member(X, [-1, 0, 1]),
                          edge_between(p(X, Y5), p(0, Y6), E) ),
                     Es),
             msort(Es, Expected),
             Free == Expected )).

test(mouth_centres_unvisited) :-
    ref_initial_marked(Ms),
    \+ ( member(E, Ms), touches(p(0, 5), E) ),
    \+ ( member(E, Ms), touches(p(0, -5), E) ).

% Every other border vertex, post and goal vertex starts visited.
test(border_visited) :-
    ref_initial_marked(Ms),
    ref_vertices(Vs),
    forall(( member(p(X, Y), Vs),
             ( abs(X) =:= 4 ; abs(Y) >= 5 ),
             \+ ( X =:= 0, abs(Y) =:= 5 ) ),
           ( member(E, Ms), touches(p(X, Y), E) -> true )).

test(state_round_trip, S2 == S) :-
    ref_initial(S0),
    ref_apply(S0, [p(1,1)], S),
    ref_ball(S, B),
    ref_turn(S, T),
    ref_marked_edges(S, Es),
    ref_state(B, T, Es, S2).

test(state_edge_orientation, S1 == S2) :-
    ref_state(p(0,0), 1, [e(p(0,1), p(0,0))], S1),
    ref_state(p(0,0), 1, [e(p(0,0), p(0,1))], S2).

test(state_bad_edge, error(domain_error(futlog_edge, e(p(0,0), p(0,2))))) :-
    ref_state(p(0,0), 1, [e(p(0,0), p(0,2))], _).

test(state_bad_ball, error(domain_error(futlog_vertex, p(3,6)))) :-
    ref_state(p(3,6), 1, [], _).

:- end_tests(futlog_geometry).

:- begin_tests(futlog_moves).

test(initial_accessors) :-
    ref_initial(S),
    ref_ball(S, p(0,0)),
    ref_turn(S, 1),
    \+ ref_goal(S, _).

test(initial_moves, Moves == [[p(-1,-1)], [p(-1,0)], [p(-1,1)], [p(0,-1)],
                              [p(0,1)], [p(1,-1)], [p(1,0)], [p(1,1)]]) :-
    ref_initial(S),
    ref_moves(S, Moves).

test(initial_outcomes, N == 8) :-
    ref_initial(S),
    ref_outcomes(S, Os),
    length(Os, N).

test(apply_passes_turn) :-
    ref_initial(S),
    ref_apply(S, [p(0,1)], S2),
    ref_ball(S2, p(0,1)),
    ref_turn(S2, 2),
    ref_marked_edges(S2, Es),
    memberchk(e(p(0,0), p(0,1)), Es),
    length(Es, 41).

% p(0,1) was visited by an earlier move: stepping there bounces.
test(bounce_on_marked_vertex, Moves == [[p(0,1), p(-1,0)], [p(0,1), p(-1,1)],
                                        [p(0,1), p(-1,2)], [p(0,1), p(0,2)],
                                        [p(0,1), p(1,0)], [p(0,1), p(1,2)]]) :-
    ref_state(p(0,0), 2, [e(p(0,1), p(1,1))], S),
    ref_prefix(S, [p(0,1)]),
    \+ ref_apply(S, [p(0,1)], _),
    moves_starting(S, p(0,1), Moves).

% Side line: p(4,3) is visited, bounce to one of its two free edges.
test(bounce_on_side_line, Moves == [[p(4,3), p(3,2)], [p(4,3), p(3,4)]]) :-
    ref_state(p(3,3), 1, [], S),
    ref_prefix(S, [p(4,3)]),
    moves_starting(S, p(4,3), Moves).

% The corner p(4,5) has a single free edge: entering it ends the move
% (stuck) and the opponent then has no step.
test(stuck_in_corner) :-
    ref_state(p(3,4), 1, [], S),
    ref_moves(S, Moves),
    memberchk([p(4,5)], Moves),
    \+ ref_prefix(S, [p(4,5)]),
    ref_apply(S, [p(4,5)], S2),
    ref_turn(S2, 2),
    \+ ref_goal(S2, _),
    ref_moves(S2, []),
    ref_outcomes(S2, []),
    \+ ref_prefix(S2, [p(3,4)]),
    \+ ref_random_move(S2, _),
    \+ ref_minimax2(S2, _, _).

% The start p(3,4) was unvisited, but once the move marks one of its
% edges it is visited: coming back there bounces, and the corner then
% ends the move stuck.
test(bounce_on_start_vertex) :-
    ref_state(p(3,4), 1, [], S),
    ref_prefix(S, [p(4,4)]),
    ref_prefix(S, [p(4,4), p(3,5)]),
    ref_prefix(S, [p(4,4), p(3,5), p(3,4)]),
    \+ ref_apply(S, [p(4,4), p(3,5), p(3,4)], _),
    ref_apply(S, [p(4,4), p(3,5), p(3,4), p(4,5)], S2),
    ref_moves(S2, []),
    ref_apply(S, [p(4,4), p(3,5), p(2,4)], _),
    ref_apply(S, [p(4,4), p(3,3)], _).

test(mouth_centre_ends_move) :-
    ref_state(p(0,4), 1, [], S),
    ref_apply(S, [p(0,5)], S2),
    \+ ref_goal(S2, _),
    ref_moves(S2, Moves),
    memberchk([p(0,6)], Moves),
    memberchk([p(1,6)], Moves),
    memberchk([p(-1,6)], Moves).

test(goal_top, N == 1) :-
    ref_state(p(0,5), 1, [], S),
    ref_apply(S, [p(1,6)], S2),
    ref_goal(S2, N).

test(own_goal_top, N == 1) :-
    ref_state(p(1,4), 2, [], S),
    ref_prefix(S, [p(1,5)]),
    ref_apply(S, [p(1,5), p(0,6)], S2),
    ref_turn(S2, 1),
    ref_goal(S2, N).

test(own_goal_bottom, N == 2) :-
    ref_state(p(-1,-4), 1, [], S),
    ref_apply(S, [p(-1,-5), p(0,-6)], S2),
    ref_goal(S2, N).

test(goal_bottom, N == 2) :-
    ref_state(p(0,-5), 2, [], S),
    ref_apply(S, [p(-1,-6)], S2),
    ref_goal(S2, N).

test(game_over_after_goal) :-
    ref_state(p(0,5), 2, [], S),
    ref_apply(S, [p(0,6)], S2),
    ref_moves(S2, []),
    ref_outcomes(S2, []),
    \+ ref_prefix(S2, [p(0,5)]),
    \+ ref_apply(S2, [p(0,5)], _).

test(post_blocks_corner) :-
    ref_state(p(1,4), 1, [], S),
    \+ ref_apply(S, [p(1,5), p(1,6)], _),
    \+ ref_prefix(S, [p(1,5), p(1,6)]).

test(apply_rejects) :-
    ref_initial(S),
    forall(member(P, [foo, [], _, [_], [p(0,2)], [p(0,0)], [p(0,1), p(0,2)],
                      [p(0,1)|_], [a|b], [p(a,b)], [p(0.0,1)], [p(9,9)]]),
           \+ ref_apply(S, P, _)).

test(prefix_rejects) :-
    ref_initial(S),
    forall(member(P, [foo, [], _, [_], [p(9,9)], [p(0,0)], [p(0,1), p(0,0)],
                      [p(0,1)], [a|b], [p(0,1)|_], [p(a,b)], [q(0,1)],
                      [p(0,1,2)], [p(1.0,1)], "p(0,1)"]),
           \+ ref_prefix(S, P)).

% The edge p(0,0)-p(0,1) cannot be used twice within one move either.
test(prefix_repeated_edge) :-
    ref_state(p(0,0), 1, [e(p(0,1), p(1,1))], S),
    ref_prefix(S, [p(0,1)]),
    \+ ref_prefix(S, [p(0,1), p(0,0)]),
    \+ ref_apply(S, [p(0,1), p(0,0)], _).

% Every move applies, every strict prefix is a prefix, no move is one.
test(moves_prefixes_agree) :-
    ref_state(p(3,4), 1, [], S),
    ref_moves(S, Moves),
    forall(member(M, Moves),
           ( ref_apply(S, M, _),
             \+ ref_prefix(S, M),
             forall(( append(Pre, [_|_], M), Pre \== [] ),
                    ref_prefix(S, Pre)) )).

test(outcomes_dedupe) :-
    ref_state(p(3,4), 1, [], S),
    ref_moves(S, Moves),
    ref_outcomes(S, Outcomes),
    length(Outcomes, NO),
    length(Moves, NM),
    NO =< NM,
    msort(Outcomes, Outcomes),
    forall(member(outcome(B, Added, Path), Outcomes),
           ( memberchk(Path, Moves),
             last(Path, B),
             ref_apply(S, Path, S2),
             ref_marked_edges(S, E0),
             ref_marked_edges(S2, E2),
             subtract(E2, E0, Added) )).

:- end_tests(futlog_moves).

:- begin_tests(futlog_players).

test(random_move_legal) :-
    ref_initial(S),
    ref_random_move(S, P),
    ref_apply(S, P, _).

test(minimax_legal) :-
    ref_initial(S),
    ref_minimax2(S, P, S2),
    ref_apply(S, P, S3),
    S2 == S3.

test(minimax_scores, N == 1) :-
    ref_state(p(1,4), 1, [], S),
    ref_minimax2(S, _, S2),
    ref_goal(S2, N).

test(minimax_plays_a_short_game) :-
    ref_initial(S),
    minimax_plies(S, 12).

minimax_plies(_, 0) :- !.
minimax_plies(S, N) :-
    (   ref_minimax2(S, P, S2)
    ->  ref_apply(S, P, S3),
        S2 == S3,
        N1 is N - 1,
        minimax_plies(S2, N1)
    ;   ref_moves(S, [])
    ).

:- end_tests(futlog_players).
