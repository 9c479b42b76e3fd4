:- module(test_futlog_juego, []).
/*  The course's predicates of module juego (library(tabula/futlog)): every
    mode, the worked rules of the contract, the write/term_string round trip,
    junk input, malformed states, lazy enumeration, threads and signals.
*/

:- use_module(library(plunit)).
:- use_module(test_support).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(thread)).
:- use_module(library(time)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_foreign)).
:- use_module(library(tabula/futlog_tools)).

% A state after a polyline of points, ball at its end: the edges between
% consecutive neighbours are marked; a longer gap is a jump.
after_line(Points, Turn, S) :-
    findall(e(P, Q), ( nextto(P, Q, Points), adjacent(P, Q) ), Edges),
    last(Points, Ball),
    futlog_state(Ball, Turn, Edges, S).

adjacent(p(X1,Y1), p(X2,Y2)) :-
    abs(X1 - X2) =< 1, abs(Y1 - Y2) =< 1.

% Every state of the random game from Seed, to its end.
random_game_states(Seed, States) :-
    futlog_initial_(S0),
    walk(S0, Seed, States).
walk(S, Seed, [S|States]) :-
    (   futlog_random_move_(S, Seed, _, S1)
    ->  Seed1 is (Seed * 1103515245 + 12345) mod 2147483648,
        walk(S1, Seed1, States)
    ;   States = []
    ).

:- begin_tests(futlog_juego_basics).

test(cantidad_casilleros) :-
    cantidad_casilleros(W, H),
    assertion(W-H == 8-10).
test(cantidad_casilleros_check) :-
    cantidad_casilleros(8, 10).
test(cantidad_casilleros_wrong, fail) :-
    cantidad_casilleros(10, 8).

test(estado_inicial) :-
    estado_inicial(E),
    assertion(ground(E)),
    posicion_pelota(E, P),
    assertion(P == p(0,0)),
    turno(E, T),
    assertion(T == 1),
    assertion(\+ gol(E, _)).
test(estado_inicial_check) :-
    estado_inicial(E),
    estado_inicial(E).
test(estado_inicial_other, fail) :-
    estado_inicial(foo).

test(posicion_pelota_check) :-
    estado_inicial(E),
    posicion_pelota(E, p(0,0)),
    \+ posicion_pelota(E, p(0,1)).
test(turno_check) :-
    estado_inicial(E),
    turno(E, 1),
    \+ turno(E, 2).
test(turno_prints_as_digit) :-
    estado_inicial(E),
    mover(E, [p(0,1)], E2),
    turno(E2, N),
    with_output_to(string(Text), write(N)),
    assertion(Text == "2").

test(initial_moves) :-
    estado_inicial(E),
    findall(LP, mover(E, LP, _), LPs),
    msort(LPs, Sorted),
    assertion(Sorted == [[p(-1,-1)],[p(-1,0)],[p(-1,1)],[p(0,-1)],[p(0,1)],[p(1,-1)],[p(1,0)],[p(1,1)]]).

% The centre is visited after one move: reaching it again bounces.
test(bounce_on_centre) :-
    after_line([p(0,0), p(0,1), p(1,1)], 1, S),
    assertion(prefijo_movimiento(S, [p(0,0)])),
    assertion(\+ mover(S, [p(0,0)], _)),
    assertion(mover(S, [p(0,0), p(-1,-1)], _)),
    assertion(\+ mover(S, [p(0,0), p(0,1)], _)),
    assertion(\+ prefijo_movimiento(S, [p(0,0), p(-1,-1)])).

test(bounce_on_side_line) :-
    after_line([p(0,0), p(3,0)], 1, S),
    assertion(prefijo_movimiento(S, [p(4,0)])),
    assertion(\+ prefijo_movimiento(S, [p(4,0), p(4,1)])),
    mover(S, [p(4,0), p(3,1)], S2),
    assertion(turno(S2, 2)),
    assertion(posicion_pelota(S2, p(3,1))).

test(goal_for_attacker) :-
    after_line([p(0,0), p(0,4), p(0,5)], 1, S),
    mover(S, [p(1,6)], S2),
    assertion(gol(S2, 1)),
    assertion(\+ gol(S2, 2)),
    assertion(\+ mover(S2, _, _)).

test(own_goal_counts_for_the_other_player) :-
    after_line([p(0,0), p(0,-4), p(0,-5)], 1, S),
    mover(S, [p(0,-6)], S2),
    gol(S2, N),
    assertion(N == 2).

% The post is visited: the ball bounces on it and may enter the goal centre.
test(goal_through_post) :-
    after_line([p(0,0), p(1,-4)], 2, S),
    assertion(prefijo_movimiento(S, [p(1,-5)])),
    mover(S, [p(1,-5), p(0,-6)], S2),
    assertion(gol(S2, 2)).

% Goal corners only from the mouth centre.
test(goal_corner_not_from_post, fail) :-
    after_line([p(0,0), p(1,4)], 1, S),
    mover(S, [p(1,5), p(1,6)], _).

test(stuck_in_corner) :-
    after_line([p(0,0), p(3,3), p(3,4)], 1, S),
    mover(S, [p(4,5)], S2),
    assertion(\+ mover(S2, _, _)),
    assertion(\+ gol(S2, _)),
    futlog_status_(S2, Status),
    % the statement: the player who brought the ball there loses
    assertion(Status == won(2)).

test(gol_unbound_fails_without_goal, fail) :-
    estado_inicial(E),
    gol(E, _).

:- end_tests(futlog_juego_basics).

:- begin_tests(futlog_juego_modes).

test(checker_is_deterministic) :-
    estado_inicial(E),
    mover(E, [p(1,1)], E2),
    assertion(ground(E2)).

test(checker_with_bound_result) :-
    estado_inicial(E),
    mover(E, [p(1,1)], E2),
    mover(E, [p(1,1)], E2),
    mover(E, [p(-1,1)], E3),
    assertion(E2 \== E3),
    assertion(\+ mover(E, [p(1,1)], E3)).

test(generator_with_bound_result, all(LP == [[p(1,1)]])) :-
    estado_inicial(E),
    mover(E, [p(1,1)], E2),
    mover(E, LP, E2).

test(partial_list, set(LP == [[p(4,0), p(3,-1)], [p(4,0), p(3,1)]])) :-
    after_line([p(0,0), p(3,0)], 1, S),
    LP = [p(4,0)|_],
    mover(S, LP, _).

test(generator_last_answer_leaves_no_choicepoint) :-
    after_line([p(0,0), p(3,0)], 1, S),
    findall(LP, mover(S, LP, _), All),
    last(All, Last),
    call_cleanup(mover(S, LP, _), Done = true),
    LP == Last,
    (   var(Done) -> Det = false ; Det = true ),
    !,
    assertion(Det == true).

test(cut_frees_the_generator) :-
    estado_inicial(E),
    forall(between(1, 2000, _), once(mover(E, _, _))).

test(exception_through_generator, throws(stop)) :-
    estado_inicial(E),
    mover(E, _, _),
    throw(stop).

test(generator_fails_when_no_move, fail) :-
    after_line([p(0,0), p(3,3), p(3,4), p(4,5)], 2, S),
    mover(S, _, _).

test(generator_agrees_with_checker) :-
    random_game_states(7, States),
    forall(member(S, States),
           forall(mover(S, LP, S2),
                  ( mover(S, LP, S3), assertion(S2 == S3) ))).

test(lazy_on_huge_move_trees) :-
    % A dense position: enumeration starts at once and cutting is cheap:
    % the first answer costs a small part of the CPU time of all of them
    % (CPU time, which load does not stretch), and the engine keeps to its
    % one-second budget there too.
    dense_state(S),
    futlog_move_counts(S, Paths, _),
    assertion(Paths > 10000),
    cpu_time(once(mover(S, _, _)), First),
    cpu_time(forall(mover(S, _, _), true), All),
    assertion(First * 10 < All),
    cpu_time(once(hacer_jugada(S, _, _)), Engine),
    (   sanitized -> Margin = 3.0 ; Margin = 0.5 ),
    assertion(Engine < 1 + Margin).

cpu_time(Goal, Seconds) :-
    statistics(cputime, T0),
    call(Goal),
    statistics(cputime, T1),
    Seconds is T1 - T0.

:- end_tests(futlog_juego_modes).

% A position of a long random game with 416,661 move paths (found by
% bench/futlog_movegen_bench).
dense_state(futlog(p(3,0),1,17155346416052248576,8068648078353088882,13458520187997218477,
                   210964058210655,193514046566792,263168)).

:- begin_tests(futlog_juego_prefix).

test(prefix_empty, fail) :-
    estado_inicial(E),
    prefijo_movimiento(E, []).
test(prefix_complete_move, fail) :-
    estado_inicial(E),
    prefijo_movimiento(E, [p(0,1)]).
test(prefix_junk, forall(member(J, [ _, [_], [p(_,1)], foo, "p(0,1)", [p(0,1)|_], [p(0,1)|foo],
                                     [p(9,9)], [p(0,0)], [p(a,b)], [q(0,1)], [p(0.0,1)], [p(1,1,1)],
                                     [p(-5,0)], [p(0,7)], [1,2], [[p(0,1)]], p(0,1),
                                     [p(99999999999999999999999,0)] ]))) :-
    estado_inicial(E),
    \+ prefijo_movimiento(E, J),
    (   ground(J) -> \+ mover(E, J, _) ; true ).
test(prefix_repeated_edge, fail) :-
    after_line([p(0,0), p(0,1), p(1,1)], 1, S),
    prefijo_movimiento(S, [p(0,0), p(0,1)]).
test(prefix_off_board, fail) :-
    after_line([p(0,0), p(3,0)], 1, S),
    prefijo_movimiento(S, [p(4,0), p(5,0)]).
test(prefix_after_goal, fail) :-
    after_line([p(0,0), p(0,4), p(0,5), p(0,6)], 2, S),
    prefijo_movimiento(S, [p(1,5)]).

:- end_tests(futlog_juego_prefix).

:- begin_tests(futlog_juego_states).

test(round_trip_write_term_string) :-
    (   sanitized -> N = 20 ; N = 300 ),
    numlist(1, N, Seeds),
    aggregate_all(count,
                  ( member(Seed, Seeds),
                    random_game_states(Seed, States),
                    member(S, States),
                    format(string(Text), "~w", [S]),
                    term_string(S2, Text),
                    assertion(S2 == S),
                    format(string(Page), "~w", [[S, [p(0,1), p(-1,2)]]]),
                    term_string([S3, _], Page),
                    assertion(S3 == S)
                  ), Count),
    (   sanitized -> true ; assertion(Count > 1000) ).

test(state_is_ground_and_plain) :-
    after_line([p(0,0), p(0,1), p(1,1)], 2, S),
    assertion(ground(S)),
    S =.. [futlog, p(_,_), T|Words],
    assertion(T == 2),
    assertion(maplist(integer, Words)).

test(malformed_unbound, error(instantiation_error)) :-
    turno(_, _).
test(malformed_atom, error(type_error(futlog_state, foo))) :-
    turno(foo, _).
test(malformed_arity, error(type_error(futlog_state, _))) :-
    posicion_pelota(futlog(p(0,0), 1), _).
test(malformed_turn, error(domain_error(futlog_state, _))) :-
    turno(futlog(p(0,0), 3, 0, 0, 0, 0, 0, 0), _).
test(malformed_ball, error(domain_error(futlog_state, _))) :-
    posicion_pelota(futlog(p(5,0), 1, 0, 0, 0, 0, 0, 0), _).
test(malformed_ball_type, error(type_error(futlog_state, _))) :-
    posicion_pelota(futlog(0, 1, 0, 0, 0, 0, 0, 0), _).
test(malformed_word, error(domain_error(futlog_state, _))) :-
    mover(futlog(p(0,0), 1, -1, 0, 0, 0, 0, 0), _, _).
test(malformed_big_word, error(domain_error(futlog_state, _))) :-
    mover(futlog(p(0,0), 1, 0, 0, 0, 0, 0, 0x10000000000000000), _, _).
test(malformed_border_bit, error(domain_error(futlog_state, _))) :-
    % bit 0 is the first edge of p(-4,-5): the side line edge up, a border edge
    gol(futlog(p(0,0), 1, 0xFFFFFFFFFFFFFFFF, 0, 0, 0, 0, 0), _).
test(malformed_partial, error(instantiation_error)) :-
    prefijo_movimiento(futlog(p(0,0), 1, 0, 0, _, 0, 0, 0), [p(0,1)]).
test(malformed_float_word, error(type_error(futlog_state, _))) :-
    gol(futlog(p(0,0), 1, 0.0, 0, 0, 0, 0, 0), _).

test(make_state_errors, error(domain_error(futlog_edge, e(p(0,0), p(2,0))))) :-
    futlog_state(p(0,0), 1, [e(p(0,0), p(2,0))], _).
test(make_state_bad_ball, error(domain_error(futlog_vertex, p(9,9)))) :-
    futlog_state(p(9,9), 1, [], _).
test(make_state_bad_turn, error(domain_error(futlog_turn, 3))) :-
    futlog_state(p(0,0), 3, [], _).
test(state_edges_round_trip) :-
    after_line([p(0,0), p(0,1), p(1,1), p(1,2)], 1, S),
    futlog_played_edges(S, Edges),
    assertion(Edges == [e(p(0,0),p(0,1)), e(p(0,1),p(1,1)), e(p(1,1),p(1,2))]),
    futlog_state(p(1,2), 1, Edges, S2),
    assertion(S2 == S).

:- end_tests(futlog_juego_states).

:- begin_tests(futlog_juego_concurrency).

test(threads_agree) :-
    (   sanitized -> N = 4 ; N = 40 ),
    numlist(1, N, Seeds),
    findall(Seed-Moves, ( member(Seed, Seeds), seed_moves(Seed, Moves) ), Serial),
    concurrent_maplist([Seed-Moves]>>seed_moves(Seed, Moves), Serial).

seed_moves(Seed, Moves) :-
    random_game_states(Seed, States),
    findall(N, ( member(S, States), aggregate_all(count, mover(S, _, _), N) ), Moves).

test(time_limit_interrupts_enumeration) :-
    dense_state(S),
    stopped_by_time_limit(0.2, forall(between(1, 1000000, _), forall(mover(S, _, _), true))).

:- end_tests(futlog_juego_concurrency).
