:- module(test_futlog_inteligencia, []).
/*  The engine behind the course's module inteligencia: legal moves within
    the time budget, tactics, the time-limit flag, signals, threads, complete
    engine-vs-engine games checked move by move with the reference, and the
    uniform game API hooks.
*/

:- use_module(library(plunit)).
:- use_module(test_support).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(thread)).
:- use_module(library(time)).
:- use_module(library(statistics)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_foreign)).
:- use_module(library(tabula/futlog_tools)).
:- use_module(library(tabula/futlog_game)).
:- use_module(library(tabula/game)).
:- use_module('../reference/futlog_ref').

% What a search may cost beyond its time budget, in the CPU time of the
% calling thread (which the search runs in): a search that keeps its
% wall-clock deadline cannot use more CPU than that, and load only lowers
% it. Generous, for the sanitizer build.
margin(M) :- ( sanitized -> M = 3.0 ; M = 0.5 ).

with_time_limit_flag(T, Goal) :-
    current_prolog_flag(futlog_time_limit, Old),
    setup_call_cleanup(set_prolog_flag(futlog_time_limit, T),
                       Goal,
                       set_prolog_flag(futlog_time_limit, Old)).

% Seconds of CPU time Goal used in this thread.
timed(Goal, Seconds) :-
    statistics(cputime, T0),
    call(Goal),
    statistics(cputime, T1),
    Seconds is T1 - T0.

adjacent(p(X1,Y1), p(X2,Y2)) :-
    abs(X1 - X2) =< 1, abs(Y1 - Y2) =< 1.
after_line(Points, Turn, S) :-
    findall(e(P, Q), ( nextto(P, Q, Points), adjacent(P, Q) ), Edges),
    last(Points, Ball),
    futlog_state(Ball, Turn, Edges, S).

ref_of(S, R) :-
    futlog_ball_(S, Ball),
    futlog_turn_(S, Turn),
    futlog_played_edges(S, Edges),
    ref_state(Ball, Turn, Edges, R).

% A position of a long random game with 416,661 move paths.
dense_state(futlog(p(3,0),1,17155346416052248576,8068648078353088882,13458520187997218477,
                   210964058210655,193514046566792,263168)).
% The position with the most distinct outcomes found (9,646), both sides
% to move (player 2 scores at once, player 1 has no forced result).
wide_state(futlog(p(0,-1),P,16135597067373813760,9541786205943092538,7005461971889776635,
                  2558252997340074504,12249995293327654272,114231)) :-
    member(P, [1, 2]).

play_game(E, T, M, Ply, Result) :-
    (   gol(E, N)
    ->  Result = goal(N)
    ;   \+ mover(E, _, _)
    ->  turno(E, P),
        Result = stuck(P)
    ;   Ply > 300
    ->  Result = too_long
    ;   timed(hacer_jugada(E, LP, E2), Secs),
        assertion(Secs =< T + M),
        assertion(mover(E, LP, E2)),
        ref_of(E, R),
        ref_apply(R, LP, R2),
        ref_of(E2, R2b),
        ref_marked_edges(R2, Es), ref_marked_edges(R2b, Esb),
        assertion(Es == Esb),
        ref_ball(R2, B), assertion(posicion_pelota(E2, B)),
        ref_turn(R2, Tn), assertion(turno(E2, Tn)),
        Ply1 is Ply + 1,
        play_game(E2, T, M, Ply1, Result)
    ).

:- begin_tests(futlog_inteligencia).

test(nombre) :-
    nombre(N),
    assertion(string(N)).
test(niveles_minimax) :-
    niveles_minimax(N),
    assertion(( integer(N), N >= 1 )).

test(legal_from_start) :-
    estado_inicial(E),
    with_time_limit_flag(0.2, hacer_jugada(E, LP, E2)),
    assertion(mover(E, LP, E2)).

test(checks_bound_answer, fail) :-
    estado_inicial(E),
    with_time_limit_flag(0.1, hacer_jugada(E, [p(9,9)], _)).

test(scores_when_it_can) :-
    after_line([p(0,0), p(1,4)], 1, S),          % the post bounces into the goal
    with_time_limit_flag(0.3, hacer_jugada(S, LP, S2)),
    assertion(mover(S, LP, S2)),
    assertion(gol(S2, 1)).

test(scores_for_player_two) :-
    after_line([p(0,0), p(-1,-4)], 2, S),
    with_time_limit_flag(0.3, hacer_jugada(S, _, S2)),
    assertion(gol(S2, 2)).

test(fails_without_move, fail) :-
    after_line([p(0,0), p(3,3), p(3,4), p(4,5)], 2, S),
    hacer_jugada(S, _, _).

test(fails_after_goal, fail) :-
    after_line([p(0,0), p(0,4), p(0,5), p(0,6)], 2, S),
    hacer_jugada(S, _, _).

% Never gives the opponent an immediate goal when some move avoids it,
% whatever the budget: every move at the root is evaluated even when the
% clock has run out (a 1 ms budget is spent before that), and the
% evaluation proves immediate goals. Seed 3 has 43 such moves of 102.
test(avoids_immediate_loss) :-
    forall(( member(T, [0.001, 0.05]),
             between(1, 12, Seed),
             futlog_random_state(Seed, 6, S),
             \+ futlog_status_(S, won(_))
           ),
           ( with_time_limit_flag(T, hacer_jugada(S, _, S2)),
             (   safe_move_exists(S)
             ->  assertion(\+ opponent_scores(S2))
             ;   true
             )
           )).

% A move that neither ends the game against its player (an own goal, or
% stuck) nor lets the opponent score.
safe_move_exists(S) :-
    turno(S, P),
    futlog_outcome_moves(S, Pairs),
    member(_-S2, Pairs),
    \+ ( futlog_status_(S2, won(W)), W \== P ),
    \+ opponent_scores(S2),
    !.

% The player to move in S2 can end the game in their favour at once.
opponent_scores(S2) :-
    turno(S2, P),
    futlog_outcome_moves(S2, Pairs),
    member(_-S3, Pairs),
    futlog_status_(S3, won(P)),
    !.

test(time_budget) :-
    margin(M),
    forall(member(T, [0.1, 0.4]),
           ( estado_inicial(E),
             with_time_limit_flag(T, timed(hacer_jugada(E, _, _), Secs)),
             assertion(Secs =< T + M) )).

test(budget_on_huge_move_trees) :-
    margin(M),
    forall(( dense_state(S) ; wide_state(S) ),
           ( with_time_limit_flag(0.5, timed(hacer_jugada(S, LP, S2), Secs)),
             assertion(Secs =< 0.5 + M),
             assertion(mover(S, LP, S2)) )).

test(flag_is_clamped) :-
    with_time_limit_flag(1000, futlog_time_budget(T)),
    assertion(T =:= 39).

test(flag_accepts_integers) :-
    with_time_limit_flag(2, futlog_time_budget(T)),
    assertion(T =:= 2.0).

test(flag_must_be_positive, error(type_error(positive_number, fast))) :-
    estado_inicial(E),
    with_time_limit_flag(fast, hacer_jugada(E, _, _)).

test(search_time_domain, error(domain_error(futlog_time_millis, -1))) :-
    estado_inicial(E),
    futlog_search_(E, -1, 4, 0, _, _, _).

test(flag_clamped_below_the_page_limit) :-
    with_time_limit_flag(41, futlog_time_budget(T)),
    assertion(T < 40).

test(signal_stops_search) :-
    estado_inicial(E),
    with_time_limit_flag(20, stopped_by_time_limit(0.3, hacer_jugada(E, _, _))).

test(signal_stops_search_quickly) :-
    margin(M),
    estado_inicial(E),
    timed(catch(with_time_limit_flag(20, call_with_time_limit(0.3, hacer_jugada(E, _, _))),
                time_limit_exceeded, true), Secs),
    assertion(Secs =< 0.3 + M).

test(thread_safe) :-
    (   sanitized -> Seeds = [1, 2] ; numlist(1, 8, Seeds) ),
    findall(S, ( member(Seed, Seeds), futlog_random_state(Seed, 4, S),
                 \+ futlog_status_(S, won(_)) ), States),
    with_time_limit_flag(0.1,
        concurrent_forall(member(S, States),
                          ( hacer_jugada(S, LP, S2), mover(S, LP, S2) ),
                          [threads(4)])).

% Complete games through hacer_jugada/3 and mover/3 only; every move is
% replayed by the reference, and every call stays inside its budget.
test(complete_games) :-
    margin(M),
    (   sanitized -> Games = 1, T = 0.05 ; Games = 2, T = 0.1 ),
    forall(between(1, Games, _),
           ( estado_inicial(E),
             with_time_limit_flag(T, play_game(E, T, M, 0, Result)),
             assertion(memberchk(Result, [goal(_), stuck(_)]))
           )).

:- end_tests(futlog_inteligencia).

:- begin_tests(futlog_game_api).

test(registered) :-
    tabula_game(futlog, Title),
    assertion(atom(Title)).

test(new_and_status) :-
    tabula_new(futlog, [], G),
    tabula_status(G, St),
    assertion(St == to_move(1)).

test(moves_are_paths) :-
    tabula_new(futlog, [], G),
    tabula_moves(G, Moves),
    length(Moves, N),
    assertion(N == 8).

test(move_and_enumerate) :-
    tabula_new(futlog, [], G),
    tabula_move(G, [p(0,1)], G2),
    tabula_status(G2, St),
    assertion(St == to_move(2)),
    aggregate_all(count, tabula_move(G, _, _), N),
    assertion(N == 8).

test(illegal_move, fail) :-
    tabula_new(futlog, [], G),
    tabula_move(G, [p(0,2)], _).

test(parse_move) :-
    tabula_new(futlog, [], G),
    tabula_parse_move(G, "0 1", M1),
    assertion(M1 == [p(0,1)]),
    tabula_parse_move(G, "[p(1,1)]", M2),
    assertion(M2 == [p(1,1)]),
    assertion(\+ tabula_parse_move(G, "0 2", _)),
    assertion(\+ tabula_parse_move(G, "hello", _)).

% Perft over paths, equal to the reference's counts.
test(perft) :-
    tabula_new(futlog, [], G),
    tabula_perft(G, 1, P1), assertion(P1 == 8),
    tabula_perft(G, 2, P2), assertion(P2 == 56),
    tabula_perft(G, 3, P3),
    ref_initial(R),
    ref_perft(R, 3, RP3),
    assertion(P3 == RP3).

ref_perft(_, 0, 1) :- !.
ref_perft(R, D, N) :-
    D1 is D - 1,
    ref_moves(R, Paths),
    foldl([P, A0, A]>>(ref_apply(R, P, R2), ref_perft(R2, D1, K), A is A0 + K), Paths, 0, N).

test(engine_move) :-
    tabula_new(futlog, [], G),
    tabula_engine_move(G, [time(0.1)], Move),
    assertion(tabula_move(G, Move, _)).

test(engine_depth) :-
    tabula_new(futlog, [], G),
    tabula_engine_move(G, [depth(1)], Move),
    assertion(tabula_move(G, Move, _)).

% The course has no players of its own: no level/1.
test(engine_has_no_levels, error(domain_error(tabula_engine_option, level(1)))) :-
    tabula_new(futlog, [], G),
    tabula_engine_move(G, [level(1)], _).

test(display) :-
    tabula_new(futlog, [], G),
    with_output_to(string(Text), tabula_display(G)),
    assertion(sub_string(Text, _, _, _, "o")),
    split_string(Text, "\n", "", Lines),
    length(Lines, N),
    assertion(N >= 25).

test(demo_game_ends) :-
    tabula_new(futlog, [], G),
    demo(G, 0, Status),
    assertion(Status = won(_)).

demo(G, Ply, Status) :-
    tabula_status(G, St),
    (   St = to_move(_), Ply < 300
    ->  tabula_engine_move(G, [time(0.02)], Move),
        tabula_move(G, Move, G2),
        !,
        Ply1 is Ply + 1,
        demo(G2, Ply1, Status)
    ;   Status = St
    ).

:- end_tests(futlog_game_api).
