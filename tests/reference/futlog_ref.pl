/*  Futlog (paper soccer) in plain Prolog.

    A deliberately simple reference of the rules, written for clarity:
    it is the oracle for differential tests of the engine, the pure-Prolog
    speed baseline, and a plain depth-2 minimax opponent.

    Board: vertices p(X,Y), X in -4..4, Y in -5..5, plus the goal vertices
    X in -1..1 at Y = 6 (top, player 1 scores there) and Y = -6 (bottom,
    player 2 scores there).  Edges join 8-neighbours lying both in the field
    rectangle or both in the same goal box.

    State: futlog(Ball, Turn, Marked) where Ball is p(X,Y), Turn is 1 or 2
    and Marked is an assoc (library(assoc)) whose keys are the marked edges
    e(P,Q), P @< Q, each with value `true`.  An AVL tree keeps membership
    tests logarithmic, which matters because move generation enumerates
    every path of a move tree.  The tree of every state handed out is
    rebuilt from its sorted keys, so its shape depends on the edge set
    only: equal positions are identical terms (==).  Treat the state as
    opaque: build it with ref_initial/1 or ref_state/4 and read it with
    the accessors.
*/

:- module(futlog_ref,
          [ ref_initial/1,
            ref_ball/2,
            ref_turn/2,
            ref_goal/2,
            ref_marked_edges/2,
            ref_state/4,
            ref_vertices/1,
            ref_edges/1,
            ref_initial_marked/1,
            ref_moves/2,
            ref_apply/3,
            ref_prefix/2,
            ref_outcomes/2,
            ref_random_move/2,
            ref_minimax2/3
          ]).

:- use_module(library(assoc)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(random)).
:- use_module(library(solution_sequences)).

                 /*******************************
                 *            GEOMETRY          *
                 *******************************/

%!  ref_vertices(-Vs:list) is det.
%
%   Vs is the sorted list of the 105 vertices: 99 in the field and
%   3 in each goal.

ref_vertices(Vs) :-
    findall(P, vertex(P), Vs0),
    sort(Vs0, Vs).

vertex(p(X,Y)) :-
    between(-4, 4, X),
    between(-5, 5, Y).
vertex(p(X,Y)) :-
    between(-1, 1, X),
    member(Y, [6, -6]).

%!  ref_edges(-Es:list) is det.
%
%   Es is the sorted list of the 356 edges e(P,Q), P @< Q.

ref_edges(Es) :-
    findall(E, ( vertex(P), neighbour(P, Q), edge(P, Q, E) ), Es0),
    sort(Es0, Es).

%!  ref_initial_marked(-Es:list) is det.
%
%   Es is the sorted list of the 40 edges marked before the first move:
%   side lines, end lines except the two mouth edges of each goal, goal
%   posts and goal back lines.

ref_initial_marked(Es) :-
    ref_edges(All),
    include(border_edge, All, Es).

% Side lines X = +-4.
border_edge(e(p(X,_), p(X,_))) :-
    abs(X) =:= 4.
% End lines Y = +-5, except the open mouth edges (-1,Y)-(0,Y) and
% (0,Y)-(1,Y): the only ones with both ends within the goal width.
border_edge(e(p(X1,Y), p(X2,Y))) :-
    abs(Y) =:= 5,
    \+ ( abs(X1) =< 1, abs(X2) =< 1 ).
% Goal posts (+-1,+-5)-(+-1,+-6); vertical edges between Y=5 and Y=6
% exist only at X in -1..1, and the one at X = 0 is open.
border_edge(e(p(X,Y1), p(X,Y2))) :-
    abs(X) =:= 1,
    abs(Y1) + abs(Y2) =:= 11.
% Goal back lines Y = +-6.
border_edge(e(p(_,Y), p(_,Y))) :-
    abs(Y) =:= 6.

% The eight directions of a step.
direction(-1, -1).
direction(-1,  0).
direction(-1,  1).
direction( 0, -1).
direction( 0,  1).
direction( 1, -1).
direction( 1,  0).
direction( 1,  1).

%   neighbour(+P, ?Q) is nondet.
%
%   Q is joined to P by an edge (marked or not).

neighbour(p(X,Y), Q) :-
    direction(DX, DY),
    X1 is X + DX,
    Y1 is Y + DY,
    Q = p(X1, Y1),
    joinable(p(X,Y), Q).

% Both ends in the field rectangle, or both in the same goal box.
joinable(P, Q) :-
    in_field(P),
    in_field(Q),
    !.
joinable(P, Q) :-
    goal_box(P, Box),
    goal_box(Q, Box).

in_field(p(X,Y)) :-
    X >= -4, X =< 4,
    Y >= -5, Y =< 5.

goal_box(p(X,Y), top) :-
    X >= -1, X =< 1,
    Y >= 5, Y =< 6.
goal_box(p(X,Y), bottom) :-
    X >= -1, X =< 1,
    Y >= -6, Y =< -5.

%   edge(+P, +Q, -E) is det.
%
%   E is the canonical name e(A,B), A @< B, of the edge between P and Q.

edge(P, Q, E) :-
    (   P @< Q
    ->  E = e(P, Q)
    ;   E = e(Q, P)
    ).

goal_vertex(p(_, Y)) :-
    abs(Y) =:= 6.

                 /*******************************
                 *             STATE            *
                 *******************************/

%!  ref_initial(-S) is det.
%
%   S is the initial state: ball at p(0,0), player 1 to move, the 40
%   pre-marked edges.

ref_initial(futlog(p(0,0), 1, Marked)) :-
    ref_initial_marked(Es),
    edges_assoc(Es, Marked).

%!  ref_state(+Ball, +Turn, +Edges:list, -S) is det.
%
%   S is the state with the ball on Ball, player Turn (1 or 2) to move and
%   Edges marked.  The 40 pre-marked edges are always added, so Edges may
%   list only the edges marked by play.  Edges may be given in either
%   orientation and in any order.  Raises a type or domain error for a
%   ball, turn or edge that does not belong to the board, so a mistyped
%   test position fails loudly.
%
%   @error domain_error(futlog_vertex, Ball)
%   @error domain_error(futlog_turn, Turn)
%   @error domain_error(futlog_edge, E)

ref_state(Ball, Turn, Edges, futlog(Ball, Turn, Marked)) :-
    must_be_vertex(Ball),
    (   ( Turn == 1 ; Turn == 2 )
    ->  true
    ;   domain_error(futlog_turn, Turn)
    ),
    must_be(list, Edges),
    maplist(canonical_edge, Edges, Es0),
    ref_initial_marked(Initial),
    append(Initial, Es0, Es1),
    sort(Es1, Es),
    edges_assoc(Es, Marked).

must_be_vertex(P) :-
    (   ground(P), vertex(P)
    ->  true
    ;   domain_error(futlog_vertex, P)
    ).

canonical_edge(E0, E) :-
    (   E0 = e(P, Q), ground(E0), vertex(P), neighbour(P, Q)
    ->  edge(P, Q, E)
    ;   domain_error(futlog_edge, E0)
    ).

% Sorted, duplicate-free list of edges to an assoc.
edges_assoc(Es, Marked) :-
    pairs_keys_values(Pairs, Es, Trues),
    maplist(=(true), Trues),
    list_to_assoc(Pairs, Marked).

%!  ref_ball(+S, -P) is det.
%
%   P is the position of the ball.

ref_ball(futlog(P, _, _), P).

%!  ref_turn(+S, -N) is det.
%
%   N (1 or 2) is the player to move.

ref_turn(futlog(_, N, _), N).

%!  ref_goal(+S, -N) is semidet.
%
%   The ball is in a goal, credited to player N: Y = 6 counts for 1 and
%   Y = -6 for 2, whoever kicked it.

ref_goal(futlog(p(_, Y), _, _), N) :-
    goal_owner(Y, N).

goal_owner(6, 1).
goal_owner(-6, 2).

%!  ref_marked_edges(+S, -Edges:list) is det.
%
%   Edges is the sorted list of all marked edges, the 40 initial ones
%   included.

ref_marked_edges(futlog(_, _, Marked), Edges) :-
    assoc_to_keys(Marked, Edges).

marked(E, Marked) :-
    get_assoc(E, Marked, _).

% A vertex is visited when at least one of its edges is marked.
visited(P, Marked) :-
    neighbour(P, Q),
    edge(P, Q, E),
    marked(E, Marked),
    !.

has_free_edge(P, Marked) :-
    neighbour(P, Q),
    edge(P, Q, E),
    \+ marked(E, Marked),
    !.

                 /*******************************
                 *             MOVES            *
                 *******************************/

%   step(+From, +Marked0, ?To, -Marked) is nondet.
%
%   The ball goes from From to To over a free edge, which gets marked.

step(From, Marked0, To, Marked) :-
    neighbour(From, To),
    edge(From, To, E),
    \+ marked(E, Marked0),
    put_assoc(E, Marked0, true, Marked).

%   move_ends(+To, +Marked0, +Marked) is semidet.
%
%   After stepping onto To (Marked0 before the step, Marked after it) the
%   move is over: a goal, a vertex not visited before this step, or a
%   vertex with no free edge left (stuck).  Otherwise the ball bounces.

move_ends(To, _, _) :-
    goal_vertex(To),
    !.
move_ends(To, Marked0, _) :-
    \+ visited(To, Marked0),
    !.
move_ends(To, _, Marked) :-
    \+ has_free_edge(To, Marked).

%   follow(+From, +Marked0, ?Path, -Marked) is nondet.
%
%   Path is a whole legal move from From; Marked adds its edges.  With a
%   ground Path there is at most one derivation.

follow(From, Marked0, [To|Rest], Marked) :-
    step(From, Marked0, To, Marked1),
    (   move_ends(To, Marked0, Marked1)
    ->  Rest = [],
        Marked = Marked1
    ;   follow(To, Marked1, Rest, Marked)
    ).

%   legal_move(+S, ?Path, -S2) is nondet.
%
%   Path is a legal whole move in S leading to S2.  No move once a goal
%   has been scored.

legal_move(futlog(Ball, Turn, Marked0), Path, futlog(Ball2, Turn2, Marked)) :-
    \+ goal_vertex(Ball),
    follow(Ball, Marked0, Path, Marked),
    last(Path, Ball2),
    other(Turn, Turn2).

other(1, 2).
other(2, 1).

%!  ref_moves(+S, -Paths:list) is det.
%
%   Paths is the sorted list of all legal whole moves of the player to
%   move, each the list of positions the ball visits after its start.
%   Empty when a goal has been scored or the ball has no free edge.
%   Distinct derivations give distinct paths, so nothing is merged.

ref_moves(S, Paths) :-
    findall(Path, legal_move(S, Path, _), Paths0),
    sort(Paths0, Paths).

%!  ref_apply(+S, +Path, -S2) is semidet.
%
%   Path is a legal whole move in S and S2 is the state after it, with
%   the turn passed.  Fails (without error) for anything else.

ref_apply(S, Path, futlog(Ball, Turn, Marked)) :-
    positions(Path),
    Path \== [],
    once(legal_move(S, Path, futlog(Ball, Turn, Marked0))), % a ground path
    canonical(Marked0, Marked).                            % has one derivation

% Rebuild the tree from its sorted keys so the shape does not depend on
% the order in which the edges were marked.
canonical(Marked0, Marked) :-
    assoc_to_keys(Marked0, Es),
    edges_assoc(Es, Marked).

%!  ref_prefix(+S, +LP) is semidet.
%
%   LP is a non-empty strict prefix of a legal move: every step is legal
%   and the ball must still bounce after the last one.  Such a prefix can
%   always be completed because a bounce needs a free edge.  False for a
%   complete move, after a goal, and for any other term.

ref_prefix(futlog(Ball, _, Marked), LP) :-
    positions(LP),
    LP \== [],
    \+ goal_vertex(Ball),
    once(bouncing(Ball, Marked, LP)).  % a ground list has one derivation

bouncing(_, _, []).
bouncing(From, Marked0, [To|Rest]) :-
    step(From, Marked0, To, Marked1),
    \+ move_ends(To, Marked0, Marked1),
    bouncing(To, Marked1, Rest).

% A proper list of p(X,Y) with integer coordinates; anything else (partial
% lists, variables, other terms) is rejected here, so no error can follow.
positions(L) :-
    is_list(L),
    maplist(position, L).

position(P) :-
    nonvar(P),
    P = p(X, Y),
    integer(X),
    integer(Y).

%!  ref_outcomes(+S, -Outcomes:list) is det.
%
%   Outcomes has one element outcome(Ball, EdgesAdded, Path) per distinct
%   result of a legal move, where Ball is the final ball position and
%   EdgesAdded the sorted list of edges the move marks; Path is the
%   smallest (standard order) path reaching it.  Sorted by Ball-EdgesAdded.

ref_outcomes(S, Outcomes) :-
    outcomes(S, inf, Outcomes).

%   outcomes(+S, +Cap, -Outcomes) is det.
%
%   As ref_outcomes/2 over the first Cap paths found only (inf: all).

outcomes(S, Cap, Outcomes) :-
    ref_ball(S, Start),
    findall(Key-Path,
            ( limited(Cap, legal_move(S, Path, _)),
              outcome_key(Start, Path, Key)
            ),
            Pairs0),
    msort(Pairs0, Pairs),              % smallest path first within a key
    first_per_key(Pairs, Outcomes).

limited(inf, Goal) :-
    !,
    call(Goal).
limited(N, Goal) :-
    limit(N, Goal).

outcome_key(Start, Path, Ball-Added) :-
    last(Path, Ball),
    path_edges(Start, Path, Added0),
    sort(Added0, Added).

path_edges(_, [], []).
path_edges(From, [To|Rest], [E|Es]) :-
    edge(From, To, E),
    path_edges(To, Rest, Es).

first_per_key([], []).
first_per_key([Ball-Added-Path|Pairs], [outcome(Ball, Added, Path)|Outs]) :-
    skip_key(Pairs, Ball-Added, Rest),
    first_per_key(Rest, Outs).

skip_key([K-_|Pairs], K0, Rest) :-
    K == K0,
    !,
    skip_key(Pairs, K0, Rest).
skip_key(Pairs, _, Pairs).

%   outcome_state(+S, +Outcome, -S2) is det.
%
%   S2 follows S by Outcome.  The tree is not rebuilt (see canonical/2):
%   these states only live inside the search.

outcome_state(futlog(_, Turn, Marked0), outcome(Ball, Added, _),
              futlog(Ball, Turn2, Marked)) :-
    foldl(mark, Added, Marked0, Marked),
    other(Turn, Turn2).

mark(E, Marked0, Marked) :-
    put_assoc(E, Marked0, true, Marked).

                 /*******************************
                 *            PLAYERS           *
                 *******************************/

%!  ref_random_move(+S, -Path) is semidet.
%
%   Path is a legal move drawn uniformly among all legal paths.  Fails
%   when there is none.

ref_random_move(S, Path) :-
    ref_moves(S, Paths),
    Paths \== [],
    random_member(Path, Paths).

%!  ref_minimax2(+S, -Path, -S2) is semidet.
%
%   Plain depth-2 minimax over distinct outcomes: for each of our
%   outcomes, the opponent picks the reply worst for us; we take the
%   outcome whose worst reply is best.  Ties go to the first outcome in
%   sorted order, so the choice is reproducible.  Fails only when there is
%   no legal move.
%
%   Evaluation, from the side of the player to move in S:
%     - a goal for us +1000, for the opponent -1000;
%     - the side to move with no step wins: the statement says the player
%       who brought the ball there loses ("pierde el jugador que llegó a
%       dicha posición"), so ending our own move stuck is -1000;
%     - otherwise the ball's progress towards the opponent's goal, its Y
%       coordinate (player 1 attacks Y = 6, player 2 attacks Y = -6).
%
%   Cost bound: the reply level of each of our outcomes looks at no more
%   than max(10, 10000 // NumberOfOurOutcomes) of the opponent's paths.
%   Typical positions (a few dozen outcomes, replies of tens of paths) are
%   searched in full; in a position with huge move trees the replies are
%   judged on a sample (the first paths found, in generation order) and
%   an opponent goal may then be missed.  Our own level is always
%   complete, so an immediate goal is never missed.

ref_minimax2(S, Path, S2) :-
    ref_turn(S, Me),
    ref_outcomes(S, Outcomes),
    Outcomes \== [],
    length(Outcomes, N),
    Cap is max(10, 10000 // N),
    maplist(score_outcome(S, Me, Cap), Outcomes, Scored),
    best_outcome(Scored, Outcome),
    Outcome = outcome(_, _, Path),
    outcome_state(S, Outcome, futlog(Ball, Turn, Marked)),
    canonical(Marked, Marked2),
    S2 = futlog(Ball, Turn, Marked2).

score_outcome(S, Me, Cap, Outcome, Score-Outcome) :-
    outcome_state(S, Outcome, S1),
    (   terminal_value(S1, Me, Score0)
    ->  Score = Score0
    ;   outcomes(S1, Cap, Replies),
        maplist(leaf_value(S1, Me), Replies, Values),
        min_list(Values, Score)
    ).

leaf_value(S1, Me, Reply, Value) :-
    outcome_state(S1, Reply, S2),
    (   terminal_value(S2, Me, Value0)
    ->  Value = Value0
    ;   heuristic(S2, Me, Value)
    ).

%   terminal_value(+S, +Me, -Value) is semidet.
%
%   S ends the game: a goal, or the side to move has no step.

terminal_value(S, Me, Value) :-
    ref_goal(S, Scorer),
    !,
    (   Scorer =:= Me
    ->  Value = 1000
    ;   Value = -1000
    ).
terminal_value(futlog(Ball, Turn, Marked), Me, Value) :-
    \+ has_free_edge(Ball, Marked),
    % "pierde el jugador que llegó a dicha posición": the player who brought
    % the ball there loses, so the side to move wins.
    (   Turn =:= Me
    ->  Value = 1000
    ;   Value = -1000
    ).

heuristic(futlog(p(_, Y), _, _), Me, Value) :-
    (   Me =:= 1
    ->  Value = Y
    ;   Value is -Y
    ).

% First outcome with the highest score.
best_outcome([Score-Outcome|Scored], Best) :-
    foldl(better, Scored, Score-Outcome, _-Best).

better(Score-Outcome, Score0-Outcome0, Best) :-
    (   Score > Score0
    ->  Best = Score-Outcome
    ;   Best = Score0-Outcome0
    ).
