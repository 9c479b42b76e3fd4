:- module(test_fourmation_ref, []).
/*  Tests for the pure-Prolog 4Mation reference (tests/reference/fourmation_ref.pl).

    Run from the repository root:
      swipl --no-packs --on-warning=status --on-error=status \
            -g run_tests -t halt tests/prolog/test_fourmation_ref.pl

    Boards in these tests are written as lists of strings, one per line,
    with `.` empty, `w` white and `b` black.
*/

:- use_module('../reference/fourmation_ref').
:- use_module(library(plunit)).
:- use_module(test_support).
:- use_module(library(lists)).
:- use_module(library(apply)).

                 /*******************************
                 *        TEST UTILITIES        *
                 *******************************/

%   rows_board(+Strings, -Board): picture to board.
rows_board(Strings, Board) :-
    maplist(row_cells, Strings, Board).

row_cells(String, Cells) :-
    string_chars(String, Chars),
    maplist(char_cell, Chars, Cells).

char_cell('.', empty).
char_cell(w, white).
char_cell(b, black).

%   state(+Strings, +Color, +Prev, -GS): hand-made state, human to move.
state(Strings, Color, Prev, gameState(Board, turn(human-Color), Prev)) :-
    rows_board(Strings, Board).

%   play(+GS0, +Moves, -GS): apply Moves in order; fails if one is illegal.
play(GS0, Moves, GS) :-
    foldl(apply_move, Moves, GS0, GS).

apply_move(Move, GS0, GS) :-
    ref_apply(GS0, Move, GS).

%   run_board(+N, +Cells, +Color, -GS): empty N x N board except Color on
%   Cells; white to move before the first move, so the game is otherwise
%   open.
run_board(N, Cells, Color, GS) :-
    ref_initial(N, GS0),
    GS0 = gameState(Board0, Turn, Prev),
    foldl(put(Color), Cells, Board0, Board),
    GS = gameState(Board, Turn, Prev).

put(Color, L-C, Board0, Board) :-
    nth0(L, Board0, Row0, Rows),
    nth0(C, Row0, _, Cells),
    nth0(C, Row, Color, Cells),
    nth0(L, Board, Row, Rows).

%   run_cells(+N, +Length, -Cells): Cells is a straight run of Length
%   cells on an N x N board in one of the four line directions.
run_cells(N, Length, Cells) :-
    member(DL-DC, [0-1, 1-0, 1-1, 1-(-1)]),
    Max is N - 1,
    between(0, Max, L0),
    between(0, Max, C0),
    Last is Length - 1,
    LEnd is L0 + Last*DL, CEnd is C0 + Last*DC,
    between(0, Max, LEnd),
    between(0, Max, CEnd),
    findall(L-C,
            ( between(0, Last, K),
              L is L0 + K*DL,
              C is C0 + K*DC
            ),
            Cells).

%   game_leaf_winner(+GS, -Winner): Winner of some finished game
%   reachable from GS (enumerates all of them on backtracking).
game_leaf_winner(GS, Winner) :-
    ref_valid_moves(GS, Moves),
    (   Moves == []
    ->  ref_winner(GS, Winner)
    ;   member(Move, Moves),
        ref_apply(GS, Move, GS2),
        game_leaf_winner(GS2, Winner)
    ).

% The report's second example: mid-game, white to move after black 3-2.
report_midgame(GS) :-
    GS = gameState([[empty, white, black, empty],
                    [empty, white, black, empty],
                    [empty, empty, white, empty],
                    [empty, empty, black, empty]],
                   turn(human-white), 3-2).

% The report's third example: white has just made four in column 1.  The
% report keeps the mover in turn/1 at that point; the winner does not
% depend on it.
report_won(GS) :-
    GS = gameState([[empty, white, black, empty],
                    [empty, white, black, empty],
                    [empty, white, white, empty],
                    [black, white, black, empty]],
                   turn(human-white), 2-1).

                 /*******************************
                 *            STATE             *
                 *******************************/

:- begin_tests(fourmation_ref_state).

test(initial_4x4_is_report_example,
     GS == gameState([[empty, empty, empty, empty],
                      [empty, empty, empty, empty],
                      [empty, empty, empty, empty],
                      [empty, empty, empty, empty]],
                     turn(human-white), (-1)-(-1))) :-
    ref_initial(4, GS).

test(initial_sizes, forall(between(3, 12, N))) :-
    ref_initial(N, gameState(Board, turn(human-white), (-1)-(-1))),
    length(Board, N),
    forall(member(Row, Board), (length(Row, N), forall(member(X, Row), X == empty))).

test(initial_size_out_of_range, [throws(error(_, _))]) :-
    ref_initial(2, _).

test(initial_not_over, W == none) :-
    ref_initial(4, GS),
    ref_winner(GS, W).

test(apply_switches_colour_and_keeps_player,
     GS2 == gameState([[empty, empty, empty, empty],
                       [empty, empty, white, empty],
                       [empty, empty, empty, empty],
                       [empty, empty, empty, empty]],
                      turn(computer-2-black), 1-2)) :-
    ref_initial(4, gameState(B, _, P)),
    ref_apply(gameState(B, turn(computer-2-white), P), 1-2, GS2).

test(apply_black_places_black, Row == [empty, white, black, empty]) :-
    ref_initial(4, GS0),
    play(GS0, [0-1, 0-2], gameState(Board, turn(human-white), 0-2)),
    Board = [Row|_].

:- end_tests(fourmation_ref_state).

                 /*******************************
                 *          ADJACENCY           *
                 *******************************/

:- begin_tests(fourmation_ref_adjacency).

test(first_move_anywhere, Moves == All) :-
    ref_initial(4, GS),
    ref_valid_moves(GS, Moves),
    findall(L-C, (between(0, 3, L), between(0, 3, C)), All).

test(first_move_count, forall(between(3, 12, N)), Len =:= N*N) :-
    ref_initial(N, GS),
    ref_valid_moves(GS, Moves),
    length(Moves, Len).

test(after_corner, Moves == [0-1, 1-0, 1-1]) :-
    ref_initial(4, GS0),
    ref_apply(GS0, 0-0, GS),
    ref_valid_moves(GS, Moves).

test(after_edge, Moves == [0-1, 0-3, 1-1, 1-2, 1-3]) :-
    ref_initial(4, GS0),
    ref_apply(GS0, 0-2, GS),
    ref_valid_moves(GS, Moves).

test(after_centre, Moves == [1-1, 1-2, 1-3, 2-1, 2-3, 3-1, 3-2, 3-3]) :-
    ref_initial(5, GS0),
    ref_apply(GS0, 2-2, GS),
    ref_valid_moves(GS, Moves).

test(after_far_corner, Moves == [10-10, 10-11, 11-10]) :-
    ref_initial(12, GS0),
    ref_apply(GS0, 11-11, GS),
    ref_valid_moves(GS, Moves).

% Adjacency is to the last cube of either colour, not to the mover's own.
test(adjacent_to_last_cube_of_either_colour, Moves == [1-2, 1-3, 2-1, 2-3, 3-1, 3-2, 3-3]) :-
    ref_initial(4, GS0),
    play(GS0, [0-0, 1-1, 2-2], GS),
    ref_valid_moves(GS, Moves).

test(occupied_neighbours_excluded, Moves == [2-1, 2-3, 3-1, 3-3]) :-
    report_midgame(GS),
    ref_valid_moves(GS, Moves).

:- end_tests(fourmation_ref_adjacency).

                 /*******************************
                 *         ILLEGAL MOVES        *
                 *******************************/

:- begin_tests(fourmation_ref_illegal).

test(occupied, [fail]) :-
    report_midgame(GS),
    ref_apply(GS, 2-2, _).

test(not_adjacent, [fail]) :-
    report_midgame(GS),
    ref_apply(GS, 0-0, _).

test(adjacent_to_older_cube_only, [fail]) :-
    ref_initial(4, GS0),
    play(GS0, [0-0, 1-1], GS),
    ref_apply(GS, 0-3, _).

test(off_board_first_move, [forall(member(M, [4-4, 4-0, 0-4, (-1)-0, 0-(-1), (-1)-(-1)])), fail]) :-
    ref_initial(4, GS),
    ref_apply(GS, M, _).

test(off_board_next_to_edge, [forall(member(M, [(-1)-0, (-1)-1, 0-(-1), 1-(-1)])), fail]) :-
    ref_initial(4, GS0),
    ref_apply(GS0, 0-0, GS),
    ref_apply(GS, M, _).

test(off_board_far_edge, [forall(member(M, [4-3, 3-4, 4-4, 4-2, 2-4])), fail]) :-
    ref_initial(4, GS0),
    ref_apply(GS0, 3-3, GS),
    ref_apply(GS, M, _).

test(not_a_move, [fail]) :-
    ref_initial(4, GS),
    ref_apply(GS, foo, _).

% After a win, even an empty cell next to the last cube is refused.
test(after_win, [fail]) :-
    report_won(GS),
    ref_apply(GS, 3-3, _).

test(after_win_no_moves, Moves == []) :-
    report_won(GS),
    ref_valid_moves(GS, Moves).

test(after_draw, [fail]) :-
    ref_initial(3, GS0),
    play(GS0, [0-1, 1-1, 1-0, 0-0], GS),
    ref_apply(GS, 0-2, _).

:- end_tests(fourmation_ref_illegal).

                 /*******************************
                 *             LINES            *
                 *******************************/

:- begin_tests(fourmation_ref_lines).

test(horizontal, W == white) :-
    state(["....",
           "wwww",
           "bbb.",
           "...."], black, 1-3, GS),
    ref_winner(GS, W).

test(vertical, W == black) :-
    state(["...b",
           "w..b",
           "ww.b",
           "w..b"], white, 3-3, GS),
    ref_winner(GS, W).

test(main_diagonal, W == white) :-
    state([".....",
           ".w...",
           "..w..",
           "...w.",
           "bbb.w"], black, 4-4, GS),
    ref_winner(GS, W).

test(anti_diagonal, W == black) :-
    state([".....",
           "....b",
           "wwwb.",
           "..b..",
           ".b..w"], white, 4-1, GS),
    ref_winner(GS, W).

% Runs that touch the edges and corners of a 12 x 12 board.
test(top_edge_horizontal, W == white) :-
    run_board(12, [0-8, 0-9, 0-10, 0-11], white, GS),
    ref_winner(GS, W).

test(bottom_edge_horizontal, W == black) :-
    run_board(12, [11-0, 11-1, 11-2, 11-3], black, GS),
    ref_winner(GS, W).

test(left_edge_vertical, W == white) :-
    run_board(12, [8-0, 9-0, 10-0, 11-0], white, GS),
    ref_winner(GS, W).

test(right_edge_vertical, W == black) :-
    run_board(12, [0-11, 1-11, 2-11, 3-11], black, GS),
    ref_winner(GS, W).

test(main_diagonal_corner_to_corner, W == white) :-
    run_board(4, [0-0, 1-1, 2-2, 3-3], white, GS),
    ref_winner(GS, W).

test(anti_diagonal_corner_to_corner, W == black) :-
    run_board(4, [0-3, 1-2, 2-1, 3-0], black, GS),
    ref_winner(GS, W).

test(main_diagonal_bottom_right, W == white) :-
    run_board(12, [8-8, 9-9, 10-10, 11-11], white, GS),
    ref_winner(GS, W).

test(anti_diagonal_bottom_left, W == black) :-
    run_board(12, [8-3, 9-2, 10-1, 11-0], black, GS),
    ref_winner(GS, W).

% Every straight run of four, at every place on every board size, wins.
test(every_run_of_four_wins, forall(between(4, 12, N))) :-
    forall(( run_cells(N, 4, Cells), member(Color, [white, black]) ),
           ( run_board(N, Cells, Color, GS),
             ref_winner(GS, Color),
             ref_valid_moves(GS, [])
           )).

% ... and no run of three does.
test(no_run_of_three_wins, forall(between(3, 8, N))) :-
    forall(run_cells(N, 3, Cells),
           ( run_board(N, Cells, white, GS),
             ref_winner(GS, none)
           )).

test(five_in_a_row, W == white) :-
    run_board(6, [2-0, 2-1, 2-2, 2-3, 2-4], white, GS),
    ref_winner(GS, W).

test(six_on_a_diagonal, W == black) :-
    run_board(6, [0-5, 1-4, 2-3, 3-2, 4-1, 5-0], black, GS),
    ref_winner(GS, W).

% Filling the gap of w w . w w makes a line of five: a win.
test(gap_filled_makes_five, W == white) :-
    state(["......",
           "ww.ww.",
           "bbbb..",
           "......",
           "......",
           "......"], white, 2-2, GS0),
    GS0 = gameState(B, T, P),
    % black's four is removed so only the new line matters
    B = [R0, R1, _|Rs],
    GS = gameState([R0, R1, [black, black, empty, black, empty, empty]|Rs], T, P),
    ref_winner(GS, none),
    ref_apply(GS, 1-2, GS2),
    ref_winner(GS2, W).

test(broken_line_is_not_four, W == none) :-
    run_board(6, [0-0, 0-1, 0-3, 0-4], white, GS),
    ref_winner(GS, W).

test(interrupted_by_opponent, W == none) :-
    state(["wwbww.",
           "......",
           "......",
           "......",
           "......",
           "......"], white, (-1)-(-1), GS),
    ref_winner(GS, W).

% Rows do not wrap around: the end of one line and the start of the next
% are not in a row.
test(no_wrap_horizontal, W == none) :-
    run_board(4, [0-2, 0-3, 1-0, 1-1], white, GS),
    ref_winner(GS, W).

test(no_wrap_main_diagonal, W == none) :-
    run_board(5, [0-2, 1-3, 2-4, 3-0], white, GS),
    ref_winner(GS, W).

test(no_wrap_anti_diagonal, W == none) :-
    run_board(5, [0-1, 1-0, 2-4, 3-3], white, GS),
    ref_winner(GS, W).

test(mixed_colours_no_four, W == none) :-
    run_board(6, [0-0, 1-1, 2-2], white, GS0),
    GS0 = gameState(B0, T, P),
    put(black, 3-3, B0, B),
    ref_winner(gameState(B, T, P), W).

% Wins reached by legal play, one per direction.
test(play_horizontal_win, W == white) :-
    state([".....",
           ".www.",
           ".bbb.",
           ".....",
           "....."], white, 2-3, GS0),
    ref_winner(GS0, none),
    ref_apply(GS0, 1-4, GS),
    ref_winner(GS, W).

test(play_vertical_win, W == black) :-
    state(["b....",
           "bw...",
           "bw...",
           ".w...",
           "....."], black, 3-1, GS0),
    ref_apply(GS0, 3-0, GS),
    ref_winner(GS, W).

test(play_main_diagonal_win, W == white) :-
    state(["w....",
           ".w...",
           ".bw..",
           ".b...",
           ".b..."], white, 4-1, GS0),
    ref_winner(GS0, none),
    % 3-3 is not next to 4-1; play through a legal detour instead
    \+ ref_apply(GS0, 3-3, _),
    play(GS0, [4-2, 3-2, 3-3], GS),
    ref_winner(GS, W).

test(play_anti_diagonal_win, W == black) :-
    state(["....b",
           "...b.",
           "..b..",
           "..ww.",
           "..w.."], black, 4-2, GS0),
    ref_apply(GS0, 3-1, GS),
    ref_winner(GS, W).

:- end_tests(fourmation_ref_lines).

                 /*******************************
                 *        DRAWS AND WINS        *
                 *******************************/

:- begin_tests(fourmation_ref_end).

% w 0-1, b 1-1, w 1-0, b 0-0: all neighbours of the corner are taken.
test(stuck_draw_by_play, [W, Moves] == [draw, []]) :-
    ref_initial(3, GS0),
    play(GS0, [0-1, 1-1, 1-0, 0-0], GS),
    ref_valid_moves(GS, Moves),
    ref_winner(GS, W).

test(stuck_draw_not_before, W == none) :-
    ref_initial(3, GS0),
    play(GS0, [0-1, 1-1, 1-0], GS),
    ref_winner(GS, W).

test(stuck_draw_mid_board, W == draw) :-
    state(["bwb...",
           "wbw...",
           "bww...",
           "......",
           "......",
           "......"], white, 1-1, GS),
    ref_winner(GS, W).

test(full_board_draw, W == draw) :-
    state(["wwbb",
           "bbww",
           "wwbb",
           "bbww"], white, 3-3, GS),
    ref_winner(GS, W).

% White's 0-0 completes the diagonal and leaves black with no cell:
% the four wins.
test(win_and_stuck_is_a_win, [W, Moves] == [white, []]) :-
    state([".b..",
           "bw..",
           "..w.",
           "b..w"], white, 1-0, GS0),
    ref_winner(GS0, none),
    ref_apply(GS0, 0-0, GS),
    ref_valid_moves(GS, Moves),
    ref_winner(GS, W).

test(three_by_three_cannot_be_won, Winners == [draw]) :-
    ref_initial(3, GS),
    setof(W, game_leaf_winner(GS, W), Winners).

test(three_by_three_random_games_draw, forall(between(1, 50, Seed)), W == draw) :-
    ref_random_game(3, Seed, _, W).

:- end_tests(fourmation_ref_end).

                 /*******************************
                 *        REPORT EXAMPLES       *
                 *******************************/

:- begin_tests(fourmation_ref_report).

test(midgame_goes_on, W == none) :-
    report_midgame(GS),
    ref_winner(GS, W).

test(won_state, W == white) :-
    report_won(GS),
    ref_winner(GS, W).

% From the midgame example, w 3-1, b 3-0, w 2-1 reaches the report's
% winning board (with black, the next colour, in turn/1).
test(midgame_to_won, GS == gameState(Board, turn(human-black), 2-1)) :-
    report_midgame(GS0),
    play(GS0, [3-1, 3-0, 2-1], GS),
    report_won(gameState(Board, _, _)).

test(midgame_perft, Ls == [1, 4, 10, 20, 27, 28, 28, 28, 28]) :-
    report_midgame(GS),
    findall(L, (between(0, 8, D), ref_perft(GS, D, L)), Ls).

% The greedy weight example: black to place, X = 1-2 weighs 5
% (horizontal: left black+empty = 3, right black = 2) and Y = 3-3
% weighs 6 (vertical: three black cubes above).
value_example(GS) :-
    state([".bwb",
           ".b.b",
           "...b",
           ".w.."], black, (-1)-(-1), GS).

test(value_x, V == 5) :-
    value_example(GS),
    ref_line_value(GS, 1-2, black, V).

test(value_y, V == 6) :-
    value_example(GS),
    ref_line_value(GS, 3-3, black, V).

% For white the black cubes block: X's best is the column (own cube
% above = 2, two empty cells below = 2); Y's best is the bottom row
% (empty, white, empty = 4).
test(value_x_white, V == 4) :-
    value_example(GS),
    ref_line_value(GS, 1-2, white, V).

test(value_y_white, V == 4) :-
    value_example(GS),
    ref_line_value(GS, 3-3, white, V).

test(value_empty_board_centre, V == 4) :-
    ref_initial(5, GS),
    ref_line_value(GS, 2-2, white, V).

test(value_empty_board_corner, V == 5) :-
    ref_initial(6, GS),
    ref_line_value(GS, 0-0, black, V).

:- end_tests(fourmation_ref_report).

                 /*******************************
                 *      PERFT AND PLAYOUTS      *
                 *******************************/

% deepest(+Depth, +Counts, -Kept): the counts from depth 0 to Depth, all
% of them in the thorough mode.
deepest(Depth, Counts, Kept) :-
    (   thorough
    ->  Kept = Counts
    ;   N is Depth + 1,
        length(Kept, N),
        append(Kept, _, Counts)
    ).

:- begin_tests(fourmation_ref_perft).

% Leaves of the move tree from the empty board; a finished game counts as
% one leaf where it ends.  Checked against an independent brute force.
test(perft_3x3, Ls == [1, 9, 40, 160, 496, 1232, 2400, 3640, 4224, 4224]) :-
    ref_initial(3, GS),
    findall(L, (between(0, 9, D), ref_perft(GS, D, L)), Ls).

% The deepest counts take the pure-Prolog reference seconds: they run
% with `scripts/test --thorough`.
test(perft_4x4) :-
    ref_initial(4, GS),
    deepest(5, [1, 16, 84, 408, 1764, 6736, 22832], Expected),
    findall(L, (nth0(D, Expected, _), ref_perft(GS, D, L)), Ls),
    assertion(Ls == Expected).

test(perft_5x5) :-
    ref_initial(5, GS),
    deepest(4, [1, 25, 144, 768, 3768, 17304], Expected),
    findall(L, (nth0(D, Expected, _), ref_perft(GS, D, L)), Ls),
    assertion(Ls == Expected).

test(perft_finished_game, L == 1) :-
    report_won(GS),
    ref_perft(GS, 3, L).

test(random_game_repeatable, Ms1-W1 == Ms2-W2) :-
    ref_random_game(8, 42, Ms1, W1),
    ref_random_game(8, 42, Ms2, W2).

% Replaying a random game move by move is legal all the way, the final
% position has no move, and the result is the one reported.
test(random_games_replay, forall((between(4, 12, N), between(1, 10, Seed)))) :-
    ref_random_game(N, Seed, Moves, Winner),
    ref_initial(N, GS0),
    play(GS0, Moves, GS),
    ref_valid_moves(GS, []),
    ref_winner(GS, Winner),
    memberchk(Winner, [white, black, draw]).

:- end_tests(fourmation_ref_perft).
