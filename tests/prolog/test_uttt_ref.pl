:- module(test_uttt_ref, []).
/*  Tests for the plain Prolog Ultimate Tic-Tac-Toe reference
    (tests/reference/uttt_ref.pl), against the worked examples of
    specs/uttt.md and of the original statement.

    Run from the repository root:
      swipl --no-packs --on-warning=status --on-error=status \
            -p library=tests/reference -g run_tests -t halt \
            tests/prolog/test_uttt_ref.pl
*/

:- use_module('../reference/uttt_ref').
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).

                 /*******************************
                 *          TEST STATES         *
                 *******************************/

%   The statement's figure: 0 just played cell w of board n, x to move.
example_boards([[0, '', x, x, '', x, '', '', x],
                [x, '', '', 0, '', 0, '', 0, ''],
                [0, '', 0, '', '', '', '', '', x],
                [0, '', '', '', '', '', '', '', ''],
                [x, x, x, '', '', '', '', '', 0],
                [0, x, '', '', '', '', '', '', ''],
                ['', '', '', '', '', '', '', '', 0],
                ['', x, '', '', 0, '', '', x, ''],
                ['', 0, '', '', 0, '', x, 0, x]]).

example(S) :-
    example_boards(Boards),
    ref_build(Boards, w, S).

%   The example after x plays c in board w: 0 is sent to board c, which x
%   has won, so 0 may choose.
example_after_c(S) :-
    example(S0),
    ref_make_move(S0, c, S).

%   The statement's aside: had 0 taken the centre of board n he would have
%   won it, and with board c finished x could pick among ne, w, e, sw, s.
%   (Only the board layout matters here; the mark counts are not those of
%   a real game.)
example_centre_n(S) :-
    example_boards(B0),
    nth0(1, B0, _, Rest),
    nth0(1, B1, [x, '', '', 0, 0, 0, '', 0, ''], Rest),
    ref_build(B1, c, S).

%   A drawn small board: full, no line.
drawn_board([x, 0, x, x, 0, 0, 0, x, x]).

%   x has won boards nw, n, ne: the game is over.
won_game(S) :-
    W = [x, x, x, 0, 0, '', '', '', ''],
    E = ['', '', '', '', '', '', '', '', ''],
    ref_build([W, W, W, E, E, E, E, E, E], ne, S).

%   Every board drawn: the game is over without a winner.
drawn_game(S) :-
    drawn_board(D),
    ref_build([D, D, D, D, D, D, D, D, D], se, S).

%   Only board se is open and the last move points at finished board c:
%   a free choice that leaves exactly one board, so bare notation applies.
one_open_board(S) :-
    drawn_board(D),
    E = ['', '', '', '', '', '', '', '', ''],
    ref_build([D, D, D, D, D, D, D, D, E], c, S).

%   Constructed for the UTTT categories: x must play in board c, and its
%   free cells nw, n, ne, w, c, e send 0 to boards of every kind.
%     nw: 0 can win it (nw-n-ne) and owns w and sw, so the game -> 10
%     n:  0 has 2 marks, nobody wins in one, x has 1 mark     -> 4
%     ne: 0 has 2 marks, nobody wins in one, x has 2 marks    -> 4, before n
%     w:  won by 0: a free choice, and 0 wins the game in nw  -> 10
%     c:  x's move there gives x n-c-s in one (0 has 2 marks) -> 6
%     e:  0 wins it at ne (no game win), which sends x to ne,
%         an open board x cannot win in one                  -> 8
%   Boards s and se only balance the mark counts (16 each, x to move).
category_state(S) :-
    NW = [0, 0, '', '', '', '', '', '', ''],
    N  = [0, '', '', '', '', 0, '', x, ''],
    NE = [0, x, '', '', '', 0, x, '', ''],
    W  = [0, 0, 0, x, x, '', '', '', ''],
    C  = ['', '', '', '', '', '', 0, x, 0],
    EE = [0, 0, '', x, '', '', '', '', ''],
    SW = [0, 0, 0, x, x, '', '', '', ''],
    S_ = [x, x, '', x, '', x, '', '', ''],
    SE = [x, x, '', x, '', '', '', '', ''],
    ref_build([NW, N, NE, W, C, EE, SW, S_, SE], c, S).

%   x has won boards nw and ne, is to move in board n and wins it (and
%   the game) at ne.  Board s only balances the counts (8 marks each).
game_point(S) :-
    W = [x, x, x, 0, 0, '', '', '', ''],
    N = [x, x, '', 0, 0, '', '', '', ''],
    E = ['', '', '', '', '', '', '', '', ''],
    Z = [0, '', '', '', '', '', '', '', 0],
    ref_build([W, N, W, E, E, E, E, Z, E], n, S).

%   Play a list of moves from a state; fails if one is invalid.
play(S0, Moves, S) :-
    foldl(play1, Moves, S0, S).

play1(Move, S0, S) :-
    ref_make_move(S0, Move, S).

                 /*******************************
                 *         INITIAL STATE        *
                 *******************************/

:- begin_tests(uttt_ref_initial).

test(boards) :-
    ref_initial(S),
    ref_boards(S, Boards),
    length(Boards, 9),
    forall(member(B, Boards),
           B == ['', '', '', '', '', '', '', '', '']).

test(uboard, U == ['', '', '', '', '', '', '', '', '']) :-
    ref_initial(S),
    ref_uboard(S, U).

test(next_player, P == x) :-
    ref_initial(S),
    ref_next_player(S, P).

test(available, A == [nw, n, ne, w, c, e, sw, s, se]) :-
    ref_initial(S),
    ref_available_boards(S, A).

test(game_result, R == '') :-
    ref_initial(S),
    ref_game_result(S, R).

test(valid_moves, [N, First, Last] == [81, (nw, nw), (se, se)]) :-
    ref_initial(S),
    ref_valid_moves(S, Moves),
    length(Moves, N),
    Moves = [First|_],
    last(Moves, Last).

test(build_equals_initial, S == S0) :-
    ref_initial(S0),
    ref_boards(S0, Boards),
    ref_build(Boards, none, S).

% Course examples: dummy_first gives (nw, nw) and then n.
test(dummy_first, [M1, M2] == [(nw, nw), n]) :-
    ref_initial(S0),
    ref_dummy_first(S0, M1),
    ref_make_move(S0, M1, S1),
    ref_dummy_first(S1, M2).

% dummy_last gives (se, se) and then s.
test(dummy_last, [M1, M2] == [(se, se), s]) :-
    ref_initial(S0),
    ref_dummy_last(S0, M1),
    ref_make_move(S0, M1, S1),
    ref_dummy_last(S1, M2).

test(first_move, [B, P, A, NP] == [['', '', '', '', x, '', '', '', ''], c, [c], 0]) :-
    ref_initial(S0),
    ref_make_move(S0, (e, c), S1),
    ref_board(S1, e, B),
    S1 = ref(_, P),
    ref_available_boards(S1, A),
    ref_next_player(S1, NP).

test(perft_1, N == 81)    :- ref_initial(S), ref_perft(S, 1, N).
test(perft_2, N == 720)   :- ref_initial(S), ref_perft(S, 2, N).
test(perft_3, N == 6336)  :- ref_initial(S), ref_perft(S, 3, N).
test(perft_4, N == 55080) :- ref_initial(S), ref_perft(S, 4, N).
test(perft_0, N == 1)     :- ref_initial(S), ref_perft(S, 0, N).

:- end_tests(uttt_ref_initial).

                 /*******************************
                 *      THE STATEMENT'S STATE   *
                 *******************************/

:- begin_tests(uttt_ref_example).

% The statement's list (garbled in the text copy) has one cell too many;
% the board itself is this.
test(get_board_n, B == [x, '', '', 0, '', 0, '', 0, '']) :-
    example(S),
    ref_board(S, n, B).

% nw and c won by x, se won by 0.
test(get_uboard, U == [x, '', '', '', x, '', '', '', 0]) :-
    example(S),
    ref_uboard(S, U).

% 14 marks each.
test(next_player, P == x) :-
    example(S),
    ref_next_player(S, P).

test(available, A == [w]) :-
    example(S),
    ref_available_boards(S, A).

test(game_result, R == '') :-
    example(S),
    ref_game_result(S, R).

test(board_results, Rs == [x, '', '', '', x, '', '', '', 0]) :-
    example_boards(Boards),
    maplist(ref_board_result, Boards, Rs).

test(valid_moves, Ms == [n, ne, w, c, e, sw, s, se]) :-
    example(S),
    ref_valid_moves(S, Ms).

% dummy_first: n, the first free cell of board w.
test(dummy_first, M == n) :-
    example(S),
    ref_dummy_first(S, M).

% dummy_last: se (the text copy prints "we").
test(dummy_last, M == se) :-
    example(S),
    ref_dummy_last(S, M).

% After x plays c, 0 is sent to finished board c and may choose.
test(available_after_c, A == [n, ne, w, e, sw, s]) :-
    example_after_c(S),
    ref_available_boards(S, A).

test(next_player_after_c, P == 0) :-
    example_after_c(S),
    ref_next_player(S, P).

test(board_w_after_c, B == [0, '', '', '', x, '', '', '', '']) :-
    example_after_c(S),
    ref_board(S, w, B).

test(dummy_first_after_c, M == (n, n)) :-
    example_after_c(S),
    ref_dummy_first(S, M).

test(dummy_last_after_c, M == (s, se)) :-
    example_after_c(S),
    ref_dummy_last(S, M).

test(centre_of_n, [U, A] == [[x, 0, '', '', x, '', '', '', 0],
                            [ne, w, e, sw, s]]) :-
    example_centre_n(S),
    ref_uboard(S, U),
    ref_available_boards(S, A).

:- end_tests(uttt_ref_example).

                 /*******************************
                 *      RESULTS AND GAME END    *
                 *******************************/

:- begin_tests(uttt_ref_results).

test(small_draw, R == r) :-
    drawn_board(B),
    ref_board_result(B, R).

test(small_open, R == '') :-
    ref_board_result([x, 0, x, '', '', '', '', '', ''], R).

test(small_win_0_diagonal, R == 0) :-
    ref_board_result(['', x, 0, x, 0, '', 0, x, ''], R).

% r cells count for nobody.
test(uboard_r_not_a_line, R == '') :-
    ref_board_result([r, r, r, '', x, '', 0, '', ''], R).

test(uboard_win_next_to_r, R == x) :-
    ref_board_result([x, x, x, r, 0, r, 0, '', ''], R).

% No '' cell left on the U-board and no line: a draw.
test(uboard_draw, R == r) :-
    ref_board_result([x, r, 0, r, x, 0, 0, x, r], R).

test(won_game, [R, A, M] == [x, [], []]) :-
    won_game(S),
    ref_game_result(S, R),
    ref_available_boards(S, A),
    ref_valid_moves(S, M).

test(drawn_game, [R, A, M] == [r, [], []]) :-
    drawn_game(S),
    ref_game_result(S, R),
    ref_available_boards(S, A),
    ref_valid_moves(S, M).

test(won_game_no_move, [fail]) :-
    won_game(S),
    ref_make_move(S, (s, c), _).

test(won_game_no_bare_move, [fail]) :-
    won_game(S),
    ref_make_move(S, c, _).

test(won_game_no_dummy, [fail]) :-
    won_game(S),
    ref_dummy_first(S, _).

test(won_game_perft, N == 0) :-
    won_game(S),
    ref_perft(S, 2, N).

% Free choice that leaves one board: bare notation.
test(one_open_board, [A, Ms] == [[se], [nw, n, ne, w, c, e, sw, s, se]]) :-
    one_open_board(S),
    ref_available_boards(S, A),
    ref_valid_moves(S, Ms).

% Nine drawn boards hold 45 x and 36 0 marks, so 0 is next by counting.
test(one_open_board_bare, B == ['', '', '', '', 0, '', '', '', '']) :-
    one_open_board(S),
    ref_make_move(S, c, S1),
    ref_board(S1, se, B).

test(one_open_board_pair, [fail]) :-
    one_open_board(S),
    ref_make_move(S, (se, c), _).

% Winning the third board of a line ends the game.
test(winning_move_ends_game, [R, A] == [x, []]) :-
    game_point(S0),
    ref_make_move(S0, ne, S),
    ref_game_result(S, R),
    ref_available_boards(S, A).

:- end_tests(uttt_ref_results).

                 /*******************************
                 *         INVALID MOVES        *
                 *******************************/

:- begin_tests(uttt_ref_invalid).

% One board available: a pair is the wrong notation.
test(pair_with_one_board, [fail]) :-
    example(S),
    ref_make_move(S, (w, n), _).

test(occupied_cell, [fail]) :-
    example(S),
    ref_make_move(S, nw, _).

test(not_a_position, [fail]) :-
    example(S),
    ref_make_move(S, foo, _).

test(unbound_move, [fail]) :-
    example(S),
    ref_make_move(S, _, _).

% Several boards available: a bare position is the wrong notation.
test(bare_with_several_boards, [fail]) :-
    ref_initial(S),
    ref_make_move(S, c, _).

test(pair_bad_cell, [fail]) :-
    ref_initial(S),
    ref_make_move(S, (nw, foo), _).

test(pair_bad_board, [fail]) :-
    ref_initial(S),
    ref_make_move(S, (foo, nw), _).

test(pair_not_a_pair, [fail]) :-
    ref_initial(S),
    ref_make_move(S, f(nw, nw), _).

% After (c, c) only board c is available: the pair form is rejected.
test(pair_after_forced, [fail]) :-
    ref_initial(S0),
    ref_make_move(S0, (c, c), S1),
    ref_make_move(S1, (c, n), _).

test(forced_board_bare_ok, A == [n]) :-
    ref_initial(S0),
    play(S0, [(c, c), n], S),
    ref_available_boards(S, A).

% Free choice: finished boards are not available.
test(finished_board_c, [fail]) :-
    example_after_c(S),
    ref_make_move(S, (c, n), _).

test(finished_board_nw, [fail]) :-
    example_after_c(S),
    ref_make_move(S, (nw, n), _).

test(free_choice_occupied, [fail]) :-
    example_after_c(S),
    ref_make_move(S, (n, nw), _).

test(free_choice_ok, B == [x, 0, '', 0, '', 0, '', 0, '']) :-
    example_after_c(S0),
    ref_make_move(S0, (n, n), S),
    ref_board(S, n, B).

% Unavailable board while one is forced.
test(wrong_forced_board, [fail]) :-
    ref_initial(S0),
    play(S0, [(c, c), (n, n)], _).

:- end_tests(uttt_ref_invalid).

                 /*******************************
                 *        STAGE 2: BOARDS       *
                 *******************************/

:- begin_tests(uttt_ref_priority).

% Statement: in board ne, n wins for 0 (priority 0) and blocks for x (1).
test(ne_win_for_0, P == 0) :-
    example(S), ref_board(S, ne, B),
    ref_move_priority(0, B, n, P).

test(ne_block_for_x, P == 1) :-
    example(S), ref_board(S, ne, B),
    ref_move_priority(x, B, n, P).

test(empty_corner, P == 2) :-
    ref_move_priority(x, ['', '', '', '', '', '', '', '', ''], se, P).

test(empty_centre, P == 3) :-
    ref_move_priority(0, ['', '', '', '', '', '', '', '', ''], c, P).

test(empty_edge, P == 6) :-
    ref_move_priority(x, ['', '', '', '', '', '', '', '', ''], w, P).

% No mark of ours, opponent holds the centre: corners are 3, edges 6.
test(opponent_centre_corner, P == 3) :-
    ref_move_priority(x, ['', '', '', '', 0, '', '', '', ''], sw, P).

test(opponent_centre_edge, P == 6) :-
    ref_move_priority(x, ['', '', '', '', 0, '', '', '', ''], n, P).

% Board w for x: 0 holds nw, not the centre.
test(board_w_priorities, Ps == [3, 5, 6]) :-
    example(S), ref_board(S, w, B),
    maplist(ref_move_priority(x, B), [c, ne, n], Ps).

% x at nw, 0 at c: ne or n set up nw-n-ne (4); se is a plain corner (5).
test(threat, Ps == [4, 4, 4, 5, 6]) :-
    B = [x, '', '', '', 0, '', '', '', ''],
    maplist(ref_move_priority(x, B), [ne, n, sw, se, e], Ps).

test(occupied_has_no_priority, [fail]) :-
    ref_move_priority(x, [x, '', '', '', '', '', '', '', ''], nw, _).

test(best_individual_w, Ms == [c, ne, sw, se, n, w, e, s]) :-
    example(S), ref_board(S, w, B),
    ref_best_individual_moves(x, B, Ms).

test(best_individual_empty, Ms == [nw, ne, sw, se, c, n, w, e, s]) :-
    ref_best_individual_moves(x, ['', '', '', '', '', '', '', '', ''], Ms).

test(best_individual_full, Ms == []) :-
    drawn_board(B),
    ref_best_individual_moves(x, B, Ms).

% U-board, as a small board, with r cells.
% For 0: se wins (ne-e-se).  Every other move leaves that win standing,
% so it is "a move after which 0 can win with one more move": priority 4
% for w, sw and s alike (the rule is read literally), in position order.
test(best_individual_uboard, Ms == [se, w, sw, s]) :-
    ref_best_individual_moves(0, [x, r, 0, '', x, 0, '', '', ''], Ms).

:- end_tests(uttt_ref_priority).

                 /*******************************
                 *         STAGE 2: GAME        *
                 *******************************/

:- begin_tests(uttt_ref_greedy).

test(example_best_moves, Ms == [sw, w, e, s, n, ne, c, se]) :-
    example(S),
    ref_best_moves(S, Ms).

test(example_greedy, M == sw) :-
    example(S),
    ref_greedy(S, M).

% Narrow greedy only looks at board w: its best cell is the centre.
test(example_narrow_greedy, M == c) :-
    example(S),
    ref_narrow_greedy(S, M).

% Initial state: the first corner board, then its first corner.
test(initial_narrow_greedy, M == (nw, nw)) :-
    ref_initial(S),
    ref_narrow_greedy(S, M).

test(initial_greedy, M == (nw, nw)) :-
    ref_initial(S),
    ref_greedy(S, M).

test(initial_best_moves_all, N == 81) :-
    ref_initial(S),
    ref_best_moves(S, Ms),
    length(Ms, N).

% After x's c, 0 chooses among n, ne, w, e, sw, s: board order by the
% U-board priorities for 0 (ne, e, sw, s can set up a U-line with se: 4;
% n, w: 6), and (ne, sw) sends x to board sw where x has no mark.
test(after_c_narrow_greedy, M == (ne, n)) :-
    example_after_c(S),
    ref_narrow_greedy(S, M).

test(after_c_greedy, M == (ne, sw)) :-
    example_after_c(S),
    ref_greedy(S, M).

test(after_c_best_moves_complete, N == 39) :-
    example_after_c(S),
    ref_best_moves(S, Ms),
    length(Ms, N),
    ref_valid_moves(S, Vs),
    msort(Ms, A), msort(Vs, A).

% w gives 0 a free choice from which he wins the game (board nw completes
% his column): category 10 like nw itself, so the a-priori order decides.
test(categories, Ms == [ne, n, c, e, nw, w]) :-
    category_state(S),
    ref_best_moves(S, Ms).

test(categories_next_player, P == x) :-
    category_state(S),
    ref_next_player(S, P).

% The a-priori order of board c for x, which the categories reorder.
test(categories_a_priori, Ms == [n, c, nw, ne, w, e]) :-
    category_state(S),
    ref_board(S, c, B),
    ref_best_individual_moves(x, B, Ms).

% A move that wins the game comes first.
test(game_win_first, M == ne) :-
    game_point(S),
    ref_greedy(S, M).

test(game_over_best_moves, Ms == []) :-
    won_game(S),
    ref_best_moves(S, Ms).

test(game_over_greedy, [fail]) :-
    won_game(S),
    ref_greedy(S, _).

test(game_over_narrow_greedy, [fail]) :-
    won_game(S),
    ref_narrow_greedy(S, _).

:- end_tests(uttt_ref_greedy).
