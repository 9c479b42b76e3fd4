:- module(test_uttt_api, []).
/*  Every exported predicate of library(tabula/uttt) in every mode: the
    statement's worked examples, notation rules, failures and error terms.
*/
:- use_module(library(plunit)).
:- use_module(test_support, [stopped_by_time_limit/2]).
:- use_module(library(lists)).
:- use_module(library(thread)).
:- use_module(library(time)).
:- use_module(library(tabula/uttt)).
:- use_module(library(tabula/uttt_tools)).
:- use_module(library(tabula/game)).
:- include('data/uttt_examples.pl').

example(S) :-
    uttt_statement_boards(Bs),
    buildState(Bs, w, S).

positions([nw, n, ne, w, c, e, sw, s, se]).

:- begin_tests(uttt_construction).

test(initial_boards) :-
    initialState(S),
    getBoards(S, Bs),
    length(Bs, 9),
    forall(member(B, Bs), B == ['', '', '', '', '', '', '', '', '']).
test(initial_player, P == x) :-
    initialState(S), getNextPlayer(S, P).
test(initial_available, Bs == [nw, n, ne, w, c, e, sw, s, se]) :-
    initialState(S), getNextAvailableBoards(S, Bs).
test(old_revision_name, Bs == [nw, n, ne, w, c, e, sw, s, se]) :-
    initialState(S), getAvailableBoards(S, Bs).
test(build_round_trip, Bs == Bs0) :-
    uttt_statement_boards(Bs0),
    buildState(Bs0, w, S),
    getBoards(S, Bs).
test(state_is_ground_and_reads_back, S2 == S) :-
    example(S),
    ground(S),
    format(string(Text), "~w", [S]),
    term_string(S2, Text).
test(build_bad_boards, error(type_error(uttt_boards, _))) :-
    buildState([[x]], w, _).
test(build_bad_cell, error(type_error(uttt_boards, _))) :-
    length(B, 9), maplist(=(''), B),
    buildState([[o|B]|B], w, _).
test(build_bad_position, error(domain_error(uttt_position, north))) :-
    uttt_statement_boards(Bs), buildState(Bs, north, _).
test(build_unbound, error(instantiation_error)) :-
    buildState(_, w, _).

:- end_tests(uttt_construction).

:- begin_tests(uttt_access).

test(statement_uboard, U == [x, '', '', '', x, '', '', '', 0]) :-
    example(S), getUBoard(S, U).
test(statement_board_n, B == [x, '', '', 0, '', 0, '', 0, '']) :-
    example(S), getBoard(S, n, B).
test(board_enumerates, Ps == [nw, n, ne, w, c, e, sw, s, se]) :-
    example(S), findall(P, getBoard(S, P, _), Ps).
test(statement_next_player, P == x) :-
    example(S), getNextPlayer(S, P).
test(statement_available, Bs == [w]) :-
    example(S), getNextAvailableBoards(S, Bs).
test(after_centre_available, Bs == [n, ne, w, e, sw, s]) :-
    example(S), makeMove(S, c, S1), getNextAvailableBoards(S1, Bs).
test(getpos4, C == 0) :-
    example(S), getPos(S, n, w, C).
test(getpos4_enumerates, N == 81) :-
    example(S), aggregate_all(count, getPos(S, _, _, _), N).
test(getpos4_cells_of_x, Cells == [nw-ne, nw-w, nw-e, nw-se]) :-
    example(S),
    findall(U-P, (member(U, [nw]), getPos(S, U, P, x)), Cells).
test(getpos3, C == 0) :-
    getPos([x, 0, '', '', '', '', '', '', ''], n, C).
test(getpos3_uboard, C == r) :-
    getPos([x, r, '', '', '', '', '', '', ''], n, C).
test(getpos3_enumerates, Ps == [nw, c]) :-
    findall(P, getPos([x, '', '', '', x, '', '', '', 0], P, x), Ps).
test(getpos3_bad_position, error(domain_error(uttt_position, middle))) :-
    getPos([x, '', '', '', x, '', '', '', 0], middle, _).
test(getpos3_bad_board, error(type_error(uttt_board, [x]))) :-
    getPos([x], nw, _).
test(board_result, all(B-R == [ [x, x, x, '', '', '', '', '', '']-x,
                                [0, '', '', 0, '', '', 0, '', '']-0,
                                ['', '', x, '', x, '', x, '', '']-x,
                                [x, 0, x, x, 0, 0, 0, x, x]-r,
                                [x, 0, '', '', '', '', '', '', '']-'',
                                [x, r, x, '', '', '', '', '', '']-'',
                                [x, r, x, r, r, r, r, r, r]-r,
                                [r, r, r, '', '', '', '', '', '']-''
                              ])) :-
    member(B, [ [x, x, x, '', '', '', '', '', ''],
                [0, '', '', 0, '', '', 0, '', ''],
                ['', '', x, '', x, '', x, '', ''],
                [x, 0, x, x, 0, 0, 0, x, x],
                [x, 0, '', '', '', '', '', '', ''],
                [x, r, x, '', '', '', '', '', ''],
                [x, r, x, r, r, r, r, r, r],
                [r, r, r, '', '', '', '', '', '']
              ]),
    getBoardResult(B, R).
test(board_result_malformed, error(type_error(uttt_board, [a, b]))) :-
    getBoardResult([a, b], _).
test(board_result_unbound, error(instantiation_error)) :-
    getBoardResult(_, _).

:- end_tests(uttt_access).

:- begin_tests(uttt_moves).

test(valid_bare_move_when_one_board) :-
    example(S), validMove(S, n).
test(pair_rejected_when_one_board, fail) :-
    example(S), validMove(S, (w, n)).
test(bare_rejected_when_several, fail) :-
    initialState(S), validMove(S, c).
test(pair_accepted_when_several) :-
    initialState(S), validMove(S, (c, c)).
test(occupied_cell_fails, fail) :-
    example(S), validMove(S, nw).
test(malformed_moves_fail, fail) :-
    initialState(S),
    member(M, [foo, 42, (c, c, c), f(x), (c, foo), "c", [c]]),
    validMove(S, M).
test(enumerates_in_position_order, Ms == [n, ne, w, c, e, sw, s, se]) :-
    example(S), findall(M, validMove(S, M), Ms).
test(enumerates_pairs, N == 81) :-
    initialState(S), aggregate_all(count, validMove(S, _), N).
test(partial_pair_enumerates, Ps == [nw, n, ne, w, c, e, sw, s, se]) :-
    initialState(S), findall(P, validMove(S, (c, P)), Ps).
test(make_move_enumerates, N == 8) :-
    example(S), aggregate_all(count, makeMove(S, _, _), N).
test(make_move_invalid_fails, fail) :-
    example(S), makeMove(S, (w, n), _).
test(make_move_passes_turn, P == 0) :-
    example(S), makeMove(S, n, S1), getNextPlayer(S1, P).
test(finished_board_blocks, fail) :-
    % board c is won by x: no move goes there, even with a free choice
    example(S), makeMove(S, c, S1), validMove(S1, (c, e)).
test(course_style_move_list) :-
    % a long list of moves through makeMove/3, as the course's tests do
    initialState(S0),
    uttt_random_game(S0, 2022, Moves, _),
    length(Moves, N), N >= 17,
    uttt_play_moves(S0, Moves, Final),
    \+ validMove(Final, _),
    getNextAvailableBoards(Final, []).
test(dummy_initial, F-L == (nw, nw)-(se, se)) :-
    initialState(S), dummy_first(S, F), dummy_last(S, L).
test(dummy_second, F-L == n-s) :-
    initialState(S0),
    makeMove(S0, (nw, nw), S1), dummy_first(S1, F),
    makeMove(S0, (se, se), S2), dummy_last(S2, L).
test(dummy_statement, F-L == n-se) :-
    example(S), dummy_first(S, F), dummy_last(S, L).
test(dummy_statement_after_c, F-L == (n, n)-(s, se)) :-
    example(S), makeMove(S, c, S1), dummy_first(S1, F), dummy_last(S1, L).
test(state_errors, error(type_error(uttt_state, foo))) :-
    validMove(foo, _).
test(state_errors_arity, error(type_error(uttt_state, uttt(1, 2)))) :-
    makeMove(uttt(1, 2), (c, c), _).
% The convention of every game: type_error for a term that is not a
% state, domain_error for a state whose values are out of range or
% contradict each other.
test(state_errors_field_type, error(type_error(uttt_state, _))) :-
    getNextPlayer(uttt(1, 0, 0, a, 0, 0, -1), _).
test(state_errors_overlap, error(domain_error(uttt_state, _))) :-
    getNextPlayer(uttt(1, 0, 0, 1, 0, 0, -1), _).
test(state_errors_range, error(domain_error(uttt_state, _))) :-
    getUBoard(uttt(1, 0, 0, 0, 0, 0, 12), _).
test(state_errors_bigint, error(domain_error(uttt_state, _))) :-
    getUBoard(uttt(100000000000000000000000, 0, 0, 0, 0, 0, -1), _).
test(state_unbound, error(instantiation_error)) :-
    getBoards(_, _).

:- end_tests(uttt_moves).

:- begin_tests(uttt_stage2).

test(statement_best_individual, Ms == [c, ne, sw, se, n, w, e, s]) :-
    example(S), getBoard(S, w, B), bestIndividualMoves(x, B, Ms).
test(statement_best_moves, Ms == [sw, w, e, s, n, ne, c, se]) :-
    example(S), bestMoves(S, Ms).
test(statement_greedy, M == sw) :-
    example(S), greedy(S, M).
test(statement_narrow_greedy, M == c) :-
    example(S), narrowGreedy(S, M).
test(statement_priority_ne, P0-P1 == 0-1) :-
    example(S), getBoard(S, ne, B),
    movePriority(0, B, n, P0), movePriority(x, B, n, P1).
test(priority_enumerates, Ps == [n-6, ne-5, w-6, c-3, e-6, sw-5, s-6, se-5]) :-
    findall(M-P, movePriority(x, [0, '', '', '', '', '', '', '', ''], M, P), Ps).
test(priority_occupied_fails, fail) :-
    movePriority(x, [0, '', '', '', '', '', '', '', ''], nw, _).
test(priority_bad_player, error(domain_error(uttt_player, o))) :-
    movePriority(o, [0, '', '', '', '', '', '', '', ''], n, _).
test(priority_bad_board, error(type_error(uttt_board, [x]))) :-
    movePriority(x, [x], n, _).
test(initial_narrow_greedy, M == (nw, nw)) :-
    initialState(S), narrowGreedy(S, M).
test(best_moves_permutes_valid_moves) :-
    forall(between(1, 40, Seed),
           ( initialState(S0),
             uttt_random_game(S0, Seed, Moves, _),
             length(Moves, N), K is N // 2, length(Prefix, K),
             append(Prefix, _, Moves),
             uttt_play_moves(S0, Prefix, S),
             bestMoves(S, Best), findall(M, validMove(S, M), Valid),
             msort(Best, Sorted), msort(Valid, Sorted),
             Best = [G|_], greedy(S, G) )).
test(greedy_fails_when_over, fail) :-
    initialState(S0), uttt_random_game(S0, 5, Moves, _),
    uttt_play_moves(S0, Moves, S), greedy(S, _).
test(best_moves_empty_when_over, Ms == []) :-
    initialState(S0), uttt_random_game(S0, 5, Moves, _),
    uttt_play_moves(S0, Moves, S), bestMoves(S, Ms).

:- end_tests(uttt_stage2).

:- begin_tests(uttt_runtime).

test(perft_depth_4, N == 55080) :-
    initialState(S), uttt_perft(S, 4, N).
test(perft_honours_time_limit) :-
    initialState(S), stopped_by_time_limit(0.2, uttt_perft(S, 9, _)).
test(engine_honours_time_limit) :-
    example(S), stopped_by_time_limit(0.2, uttt_engine_move(S, [time(30)], _)).
test(engine_move_is_valid) :-
    example(S), uttt_engine_move(S, [time(0.1)], M), validMove(S, M).
test(engine_bad_time, error(domain_error(positive_number, 0))) :-
    initialState(S), uttt_engine_move(S, [time(0)], _).
test(threads_agree) :-
    % Many threads at once give the same answers as one thread.
    numlist(1, 64, Seeds),
    maplist(game_digest, Seeds, Expected),
    findall(Seed-D, (member(Seed, Seeds), nth1(Seed, Expected, D)), Pairs),
    concurrent_forall(member(Seed-D, Pairs), game_digest(Seed, D), [threads(4)]).
test(random_states_read_back) :-
    forall(between(1, 300, Seed),
           ( initialState(S0), uttt_random_game(S0, Seed, Moves, _),
             forall(append(Prefix, _, Moves),
                    ( uttt_play_moves(S0, Prefix, S),
                      format(string(T), "~w", [S]), term_string(S2, T), S2 == S )) )).

:- end_tests(uttt_runtime).

game_digest(Seed, digest(Moves, Best, Result)) :-
    initialState(S0),
    uttt_random_game(S0, Seed, Moves, Result),
    uttt_play_moves(S0, Moves, _),
    findall(B, ( append(P, _, Moves), uttt_play_moves(S0, P, S), bestMoves(S, B) ), Best).

:- begin_tests(uttt_engine_handles).

% A game played with one handle: every move legal, the tree kept between
% moves (the handle's own business), states still plain terms.
test(handle_plays_a_game) :-
    uttt_engine_new([seed(3)], E),
    initialState(S0),
    handle_game(E, S0, 0, Plies),
    assertion(Plies > 10).

handle_game(E, S, N, Plies) :-
    (   uttt_engine_move(S, [engine(E), nodes(300)], M)
    ->  assertion(validMove(S, M)),
        makeMove(S, M, S1),
        N1 is N + 1,
        handle_game(E, S1, N1, Plies)
    ;   Plies = N
    ).

% Fixed simulations and seed give the same move with or without a handle
% on the first search, and with two threads the move is legal.
test(handle_and_threads, [M1, M3] == [M2, M2]) :-
    example(S),
    uttt_engine_move(S, [nodes(2000), seed(5)], M1),
    uttt_engine_new([seed(5)], E),
    uttt_engine_move(S, [engine(E), nodes(2000)], M2),
    uttt_engine_move(S, [nodes(2000), seed(5)], M3),
    uttt_engine_move(S, [nodes(2000), threads(2)], M4),
    assertion(validMove(S, M4)).

test(handle_through_the_uniform_api) :-
    tabula_engine_new(uttt, [], E),
    tabula_new(uttt, [], G),
    tabula_search(G, [engine(E), nodes(500)], M, search(_, _, Nodes, _, _)),
    assertion(Nodes =:= 500),
    assertion(tabula_move(G, M, _)).

test(not_a_handle, error(type_error(uttt_engine, foo))) :-
    initialState(S),
    uttt_engine_move(S, [engine(foo), nodes(10)], _).
test(unbound_handle, error(instantiation_error)) :-
    initialState(S),
    uttt_engine_move(S, [engine(_), nodes(10)], _).
test(bad_threads, error(type_error(between(1, 64), 0))) :-
    initialState(S),
    uttt_engine_move(S, [threads(0), nodes(10)], _).

% Handles no term refers to any more are freed by atom garbage collection.
test(handles_are_collected) :-
    forall(between(1, 200, _), uttt_engine_new([], _)),
    garbage_collect_atoms.

% A new handle that does not unify is still owned by its blob: collecting
% it frees it once (it used to be freed twice, and the collector crashed).
test(handle_that_does_not_unify_is_collected) :-
    forall(between(1, 50, _), \+ uttt_engine_new([], not_a_variable)),
    garbage_collect_atoms,
    uttt_engine_new([], E),
    initialState(S),
    uttt_engine_move(S, [engine(E), nodes(50)], M),
    validMove(S, M).

:- end_tests(uttt_engine_handles).

% Plain calls bounded by time keep a tree per thread (tabula_engine_move/3).
:- begin_tests(uttt_kept_tree, [setup(tabula_engine_forget), cleanup(tabula_engine_forget)]).

% A position past the opening book (8 plies of a random game), where the
% engine searches.
off_book(game(uttt, S)) :-
    initialState(S0),
    uttt_random_game(S0, 7, Moves, _),
    length(Prefix, 8),
    append(Prefix, _, Moves),
    uttt_play_moves(S0, Prefix, S).

% The engine playing both sides by plain calls: every call after the first
% starts from the tree the last one kept (the position is one ply below
% its root), and every move is legal.
test(plain_calls_start_from_the_kept_tree) :-
    off_book(G0),
    tabula_engine_move(G0, [time(0.02)], M0),
    uttt_kept_tree(kept(N0, R0)),
    assertion(N0 > 0),
    assertion(R0 =:= 0),
    tabula_move(G0, M0, G1),
    plain_plies(G1, 6).

plain_plies(_, 0) :- !.
plain_plies(G, N) :-
    tabula_engine_move(G, [time(0.02)], M),
    uttt_kept_tree(kept(Nodes, Reused)),
    assertion(Nodes > 0),
    assertion(Reused > 0),
    tabula_move(G, M, G1),
    N1 is N - 1,
    plain_plies(G1, N1).

% A position that does not follow the kept tree is searched from scratch.
test(another_game_starts_afresh) :-
    off_book(G0),
    tabula_engine_move(G0, [time(0.02)], _),
    example(S),
    tabula_engine_move(game(uttt, S), [time(0.02)], M),
    uttt_kept_tree(kept(Nodes, Reused)),
    assertion(Nodes > 0),
    assertion(Reused =:= 0),
    assertion(validMove(S, M)).

% A seed or a simulation bound asks for a reproducible search: from
% scratch, the kept tree left as it was; and the same move as ever.
test(seeded_calls_leave_it_alone) :-
    off_book(G0),
    tabula_engine_move(G0, [time(0.02)], _),
    uttt_kept_tree(Kept),
    example(S),
    uttt_engine_move(S, [nodes(2000), seed(5)], M1),
    uttt_engine_move(S, [nodes(2000)], _),
    uttt_engine_move(S, [time(0.02), seed(7)], _),
    uttt_engine_move(S, [nodes(2000), seed(5)], M2),
    assertion(M1 == M2),
    uttt_kept_tree(Kept2),
    assertion(Kept2 == Kept).

% tabula_engine_forget/0 frees it; another number of threads starts afresh.
test(forget_and_threads) :-
    off_book(G0),
    tabula_engine_move(G0, [time(0.02)], M0),
    tabula_engine_forget,
    uttt_kept_tree(Freed),
    assertion(Freed == kept(0, 0)),
    tabula_engine_move(G0, [time(0.02)], M1),
    tabula_move(G0, M1, G1),
    tabula_engine_move(G1, [time(0.02), threads(2)], M2),
    uttt_kept_tree(kept(_, Reused)),
    assertion(Reused =:= 0),
    assertion(tabula_move(G1, M2, _)),
    assertion(tabula_move(G0, M0, _)).

% Each thread keeps its own: a new thread has none, and its searches leave
% the calling thread's tree alone.
test(one_tree_per_thread) :-
    off_book(G0),
    tabula_engine_move(G0, [time(0.02)], _),
    uttt_kept_tree(Kept),
    thread_create(( uttt_kept_tree(Fresh),
                    tabula_engine_move(G0, [time(0.02)], _),
                    uttt_kept_tree(Own),
                    thread_exit(Fresh-Own) ), Id),
    thread_join(Id, Status),
    assertion(Status = exited(kept(0, 0)-kept(_, _))),
    assertion(( Status = exited(_-kept(Own, _)), Own > 0 )),
    uttt_kept_tree(Kept2),
    assertion(Kept2 == Kept).

% A search stopped by a signal keeps no tree (it may be cut anywhere).
test(interrupted_search_keeps_nothing) :-
    off_book(G0),
    catch(call_with_time_limit(0.05, tabula_engine_move(G0, [time(30)], _)), time_limit_exceeded, true),
    uttt_kept_tree(Kept),
    assertion(Kept == kept(0, 0)).

:- end_tests(uttt_kept_tree).

% The opening book answers a player's calls (bounded by time alone, with or
% without a handle) in its positions, without searching; a seed or a
% simulation bound still asks for a search.
:- begin_tests(uttt_opening_book, [setup(tabula_engine_forget), cleanup(tabula_engine_forget)]).

test(start_position_from_the_book) :-
    tabula_new(uttt, [], G),
    tabula_search(G, [time(0.5)], M, Info),
    assertion(M == (c,c)),
    assertion(Info = search(_, 0, 0, 0, unknown)),
    tabula_engine_new(uttt, [], E),
    tabula_search(G, [engine(E), time(0.5)], M2, Info2),
    assertion(M2 == M),
    assertion(Info2 = search(_, 0, 0, 0, unknown)).

% 44,33 in the book's notation: x takes the centre, o the centre board's
% nw cell; the book's answer is 00, x in board nw, cell nw.
test(second_ply_from_the_book) :-
    initialState(S0),
    makeMove(S0, (c,c), S1),
    makeMove(S1, nw, S2),
    uttt_engine_move(S2, [time(0.5)], M),
    assertion(M == nw).

test(searched_when_asked_for_a_seed_or_simulations) :-
    tabula_new(uttt, [], G),
    tabula_search(G, [nodes(300)], _, search(_, _, N1, _, _)),
    tabula_search(G, [time(0.05), seed(3)], _, search(_, _, N2, _, _)),
    tabula_engine_new(uttt, [], E),
    tabula_search(G, [engine(E), nodes(300)], _, search(_, _, N3, _, _)),
    assertion(N1 =:= 300),
    assertion(N2 > 0),
    assertion(N3 =:= 300).

% 44,53,80,82,88,66,00,21,84,64,15,48,37,24: an entry with max_ms=100 (a
% line accepted at 100 ms a move, not at 1 s); every move is in the board
% the last one sent to, so each is a cell, and the book's 73 is w (in s).
% It answers moves of at most 0.1 s, plain or with a handle; a longer move
% is searched.
bounded_entry(game(uttt, S)) :-
    initialState(S0),
    uttt_play_moves(S0, [(c,c), sw, sw, se, se, nw, nw, s, s, n, e, e, n, s], S).

test(an_entry_bounded_in_time_answers_short_moves_only) :-
    bounded_entry(G),
    tabula_search(G, [time(0.1)], M1, Info1),
    assertion(M1 == w),
    assertion(Info1 = search(_, 0, 0, 0, unknown)),
    tabula_engine_new(uttt, [], E),
    tabula_search(G, [engine(E), time(0.05)], M2, Info2),
    assertion(M2 == w),
    assertion(Info2 = search(_, 0, 0, 0, unknown)),
    tabula_search(G, [time(0.2)], _, search(_, _, N3, _, _)),
    tabula_search(G, [engine(E), time(0.2)], _, search(_, _, N4, _, _)),
    assertion(N3 > 0),
    assertion(N4 > 0).

:- end_tests(uttt_opening_book).
