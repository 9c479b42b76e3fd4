:- module(test_fourmation_api, []).
/** <module> Tests of library(tabula/fourmation): every predicate and mode

Worked examples from the report and the rules, edge cases, invalid input,
term round trips, time limits and concurrent calls.
*/

:- use_module(library(plunit)).
:- use_module(test_support, [stopped_by_time_limit/2]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(time)).
:- use_module(library(thread)).
:- use_module(library(tabula/fourmation)).
:- use_module(library(tabula/fourmation_foreign)).
:- use_module(library(tabula/fourmation_tools)).

% The report's mid-game example (white to move, last cube 3-2).
report_state(gameState([[empty, white, black, empty],
                        [empty, white, black, empty],
                        [empty, empty, white, empty],
                        [empty, empty, black, empty]], turn(human-white), 3-2)).

% A position from a picture: rows of w/b/'.' characters.
picture(Rows, Player-Colour, Last, gameState(Board, turn(Player-Colour), Last)) :-
    maplist(picture_row, Rows, Board).
picture_row(Text, Row) :-
    atom_chars(Text, Chars),
    maplist(picture_cell, Chars, Row).
picture_cell('.', empty).
picture_cell(w, white).
picture_cell(b, black).

% Runs Goal in module score_menu_caller, whose score_menu/1 records its
% argument; Results are the arguments, in order.
:- dynamic score_menu_caller:called/1.
score_menu_caller:score_menu(Result) :-
    assertz(score_menu_caller:called(Result)).

with_score_menu(Goal, Results) :-
    retractall(score_menu_caller:called(_)),
    @(Goal, score_menu_caller),
    findall(R, score_menu_caller:called(R), Results).

% The report's loop hands the turn to the other colour, same player.
pass_turn(GS1, GS2) :-
    GS1 = gameState(_, turn(P-C), _),
    ( C == white -> O = black ; O = white ),
    next_player(GS1, turn(P-O), GS2).

% A random position reached by N legal moves from an empty Size board.
random_position(Size, N, GS) :-
    fourmation_initial_(Size, GS0),
    walk(N, GS0, GS).
walk(0, GS, GS) :- !.
walk(N, GS0, GS) :-
    valid_moves(GS0, Moves),
    (   Moves == []
    ->  GS = GS0
    ;   random_member(M, Moves),
        move(GS0, M, GS1),
        pass_turn(GS1, GS2),
        N1 is N - 1,
        walk(N1, GS2, GS)
    ).

:- begin_tests(fourmation_initial_state).

test(report_board) :-
    initial_state(4, B),
    assertion(B == [[empty,empty,empty,empty],[empty,empty,empty,empty],
                    [empty,empty,empty,empty],[empty,empty,empty,empty]]).
test(sizes, [forall(between(3, 12, N))]) :-
    initial_state(N, B),
    length(B, N),
    forall(member(Row, B), (length(Row, N), forall(member(C, Row), C == empty))).
test(partial_board) :-
    Board = [_|_],
    initial_state(3, Board),
    assertion(Board == [[empty,empty,empty],[empty,empty,empty],[empty,empty,empty]]).
test(not_a_game_state, [fail]) :-
    % The course's GameState form is fourmation_initial/2's.
    initial_state(4, gameState(_, _, _)).
test(course_game_state) :-
    fourmation_initial_(4, GS),
    initial_state(4, B),
    assertion(GS == gameState(B, turn(human-white), (-1)-(-1))).
test(too_small, [error(domain_error(fourmation_board_size, 2))]) :-
    initial_state(2, _).
test(too_big, [error(domain_error(fourmation_board_size, 13))]) :-
    initial_state(13, _).
test(unbound, [error(instantiation_error)]) :-
    initial_state(_, _).
test(not_integer, [error(type_error(integer, seven))]) :-
    initial_state(seven, _).

:- end_tests(fourmation_initial_state).

:- begin_tests(fourmation_valid_moves).

test(first_move_anywhere) :-
    fourmation_initial_(5, GS),
    valid_moves(GS, Moves),
    findall(L-C, (between(0, 4, L), between(0, 4, C)), All),
    assertion(Moves == All).
test(report_example) :-
    report_state(GS),
    valid_moves(GS, Moves),
    assertion(Moves == [2-1, 2-3, 3-1, 3-3]).
test(corner) :-
    fourmation_initial_(6, GS0),
    move(GS0, 0-0, GS),
    valid_moves(GS, Moves),
    assertion(Moves == [0-1, 1-0, 1-1]).
test(after_win_none) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    valid_moves(GS, Moves),
    assertion(Moves == []).
test(stuck) :-
    picture(['bw..', 'wb..', '....', '....'], human-white, 0-0, GS),
    valid_moves(GS, []).
test(bad_state, [error(type_error(fourmation_state, foo))]) :-
    valid_moves(foo, _).
test(unbound_state, [error(instantiation_error)]) :-
    valid_moves(_, _).
test(bad_cell, [error(type_error(fourmation_state, _))]) :-
    valid_moves(gameState([[empty,empty,empty],[empty,red,empty],[empty,empty,empty]],
                          turn(human-white), (-1)-(-1)), _).
test(ragged, [error(type_error(fourmation_state, _))]) :-
    valid_moves(gameState([[empty,empty,empty],[empty,empty],[empty,empty,empty]],
                          turn(human-white), (-1)-(-1)), _).
test(not_square, [error(type_error(fourmation_state, _))]) :-
    valid_moves(gameState([[empty,empty,empty,empty],[empty,empty,empty,empty],
                           [empty,empty,empty,empty]], turn(human-white), (-1)-(-1)), _).
test(bad_colour, [error(type_error(fourmation_state, _))]) :-
    fourmation_initial_(4, gameState(B, _, P)),
    valid_moves(gameState(B, turn(human-red), P), _).
test(partial_board, [error(instantiation_error)]) :-
    valid_moves(gameState([[empty,empty,empty],[empty,empty,empty]|_],
                          turn(human-white), (-1)-(-1)), _).
test(previous_off_board, [error(domain_error(fourmation_previous_move, 4-0))]) :-
    fourmation_initial_(4, gameState(B, T, _)),
    valid_moves(gameState(B, T, 4-0), _).
test(board_too_big, [error(domain_error(fourmation_board_size, _))]) :-
    length(Row, 13), maplist(=(empty), Row),
    length(B, 13), maplist(=(Row), B),
    valid_moves(gameState(B, turn(human-white), (-1)-(-1)), _).
test(partial_list_output, [fail]) :-
    fourmation_initial_(4, GS),
    valid_moves(GS, [0-1|_]).

:- end_tests(fourmation_valid_moves).

:- begin_tests(fourmation_move).

test(places_mover_and_keeps_turn) :-
    report_state(GS),
    move(GS, 2-1, GS2),
    GS2 = gameState(B, Turn, Last),
    assertion(Turn == turn(human-white)),
    assertion(Last == 2-1),
    nth0(2, B, Row), nth0(1, Row, Cell),
    assertion(Cell == white).
test(report_winning_example) :-
    % The report's final example: white's cube at 2-1 makes the column 0..3.
    picture(['.wb.', '.wb.', '..w.', 'bwb.'], human-white, 3-2, GS),
    move(GS, 2-1, GS2),
    assertion(GS2 == gameState([[empty,white,black,empty],[empty,white,black,empty],
                                [empty,white,white,empty],[black,white,black,empty]],
                               turn(human-white), 2-1)),
    game_over(GS2, W),
    assertion(W == white).
test(illegal_not_adjacent, [fail]) :-
    report_state(GS),
    move(GS, 0-0, _).
test(illegal_occupied, [fail]) :-
    report_state(GS),
    move(GS, 2-2, _).
test(off_board, [fail]) :-
    report_state(GS),
    move(GS, 4-3, _).
test(negative, [fail]) :-
    fourmation_initial_(4, GS),
    move(GS, -1-0, _).
test(after_game_over, [fail]) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    move(GS, 1-3, _).
test(unbound_move_enumerates, Ms == [2-1, 2-3, 3-1, 3-3]) :-
    % The report's bots: findall(M, move(GS, M, _), Ms).
    report_state(GS),
    findall(M, move(GS, M, _), Ms).
test(enumerated_states) :-
    report_state(GS),
    forall(move(GS, M, GS2),
           ( fourmation_play_(GS, M, false, Expected), assertion(GS2 == Expected) )).
test(enumerates_first_move_row_major, N == 25) :-
    fourmation_initial_(5, GS),
    findall(M, move(GS, M, _), Ms),
    length(Ms, N),
    msort(Ms, Ms).
test(partial_move_enumerates, Cs == [1, 3]) :-
    report_state(GS),
    findall(C, move(GS, 3-C, _), Cs).
test(last_answer_leaves_no_choicepoint) :-
    report_state(GS),
    move(GS, M, _),
    M == 3-3.
test(enumeration_after_game_over, [fail]) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    move(GS, _, _).
test(unbound_state_enumerating, [error(instantiation_error)]) :-
    move(_, _, _).
test(partial_bad_move, [error(type_error(fourmation_move, f(_)))]) :-
    report_state(GS),
    move(GS, f(_), _).
test(bad_move, [error(type_error(fourmation_move, a3))]) :-
    report_state(GS),
    move(GS, a3, _).
test(bad_move_parts, [error(type_error(fourmation_move, a-3))]) :-
    report_state(GS),
    move(GS, a-3, _).
test(computer_player_kept) :-
    fourmation_initial_(5, gameState(B, turn(_-C), P)),
    move(gameState(B, turn(computer-3-C), P), 2-2, gameState(_, turn(T), 2-2)),
    assertion(T == computer-3-white).
test(check_mode_output) :-
    fourmation_initial_(3, GS),
    move(GS, 1-1, GS2),
    move(GS, 1-1, GS2).

:- end_tests(fourmation_move).

:- begin_tests(fourmation_next_player).

test(switch) :-
    report_state(GS),
    next_player(GS, turn(computer-2-black), GS2),
    assertion(GS2 == gameState([[empty, white, black, empty],
                                [empty, white, black, empty],
                                [empty, empty, white, empty],
                                [empty, empty, black, empty]], turn(computer-2-black), 3-2)).
test(back_and_forth) :-
    report_state(GS),
    next_player(GS, turn(computer-1-black), GS1),
    next_player(GS1, turn(human-white), GS2),
    assertion(GS2 == GS).
test(the_report_loop) :-
    % move/3, valid_moves/2, game_over/2 with the moves, next_player/3.
    fourmation_initial_(4, GS0),
    move(GS0, 0-0, GS1),
    valid_moves(GS1, Ms1),
    \+ game_over(GS1, Ms1),
    next_player(GS1, turn(computer-2-black), GS2),
    move(GS2, 1-1, GS3),
    GS3 = gameState(B, turn(computer-2-black), 1-1),
    assertion(B == [[white, empty, empty, empty], [empty, black, empty, empty],
                    [empty, empty, empty, empty], [empty, empty, empty, empty]]).
test(same_colour_again, [error(domain_error(fourmation_next_turn, turn(human-white)))]) :-
    report_state(GS),
    next_player(GS, turn(human-white), _).
test(unbound_turn, [error(instantiation_error)]) :-
    report_state(GS),
    next_player(GS, _, _).
test(player_instead_of_turn, [error(type_error(fourmation_turn, human))]) :-
    report_state(GS),
    next_player(GS, human, _).
test(bad_turn_colour, [error(domain_error(fourmation_colour, red))]) :-
    report_state(GS),
    next_player(GS, turn(human-red), _).
test(bad_state_colour, [error(domain_error(fourmation_colour, red))]) :-
    next_player(gameState([], turn(human-red), 0-0), turn(human-black), _).
test(not_a_state, [error(type_error(fourmation_state, foo))]) :-
    next_player(foo, turn(human-black), _).
test(unbound_state, [error(instantiation_error)]) :-
    next_player(_, turn(human-black), _).

:- end_tests(fourmation_next_player).

:- begin_tests(fourmation_game_over).

test(ongoing, [fail]) :-
    report_state(GS),
    game_over(GS, _).
test(white_row) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    game_over(GS, W),
    assertion(W == white).
test(black_diagonal) :-
    % The report's own diagonal test never succeeded.
    picture(['b...', '.b..', '..b.', 'w..b'], human-white, 3-3, GS),
    game_over(GS, W),
    assertion(W == black).
test(anti_diagonal_five) :-
    picture(['....w', '...w.', '..w..', '.w...', 'w....'], human-black, 4-0, GS),
    game_over(GS, white).
test(draw_stuck) :-
    picture(['bw..', 'wb..', '....', '....'], human-white, 0-0, GS),
    game_over(GS, W),
    assertion(W == draw).
test(win_and_stuck_is_win) :-
    picture(['w...', 'w...', 'wbb.', '.b..'], human-white, 2-1, GS0),
    move(GS0, 3-0, GS),
    valid_moves(GS, []),
    game_over(GS, W),
    assertion(W == white).
test(check_winner, [fail]) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    game_over(GS, black).
test(impossible_mode) :-
    % 3x3: every game is a draw.
    forall(between(1, 20, Seed),
           ( set_random(seed(Seed)),
             random_position(3, 9, GS),
             game_over(GS, draw) )).
test(report_form_moves) :-
    picture(['bw..', 'wb..', '....', '....'], human-white, 0-0, GS),
    game_over(GS, []).
test(report_form_win) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    game_over(GS, [1-3]).
test(report_form_ongoing, [fail]) :-
    report_state(GS),
    valid_moves(GS, Moves),
    game_over(GS, Moves).
test(report_form_draw_without_stuck_state) :-
    % The report's loop passes the moves it computed: [] ends the game.
    report_state(GS),
    game_over(GS, []).
test(report_form_calls_score_menu, Results == [white, draw, black]) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, Won),
    picture(['bw..', 'wb..', '....', '....'], human-white, 0-0, Stuck),
    picture(['bbbb', 'www.', '....', '....'], human-white, 0-3, BlackWon),
    with_score_menu(( game_over(Won, []), game_over(Stuck, []),
                      valid_moves(BlackWon, Ms), game_over(BlackWon, Ms) ),
                    Results).
test(report_form_ongoing_calls_nothing, Results == []) :-
    report_state(GS),
    valid_moves(GS, Moves),
    with_score_menu(\+ game_over(GS, Moves), Results).
test(course_form_calls_nothing, Results-W == []-white) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    with_score_menu(game_over(GS, W), Results).
test(without_score_menu_in_the_caller) :-
    % This module has no score_menu/1: nothing is called.
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    game_over(GS, [1-3]).
test(bad_state, [error(type_error(fourmation_state, gameState(a,b,c)))]) :-
    game_over(gameState(a, b, c), _).
test(bad_state_report_form, [error(type_error(fourmation_state, gameState(a,b,c)))]) :-
    game_over(gameState(a, b, c), []).

:- end_tests(fourmation_game_over).

:- begin_tests(fourmation_value).

test(report_example_x) :-
    % The report's table, black to place: X = 1-2 weighs 5.
    picture(['.bwb', '.b.b', '...b', '.w..'], human-black, 2-3, GS),
    value(GS, 1-2, V),
    assertion(V == 5).
test(report_example_y) :-
    picture(['.bwb', '.b.b', '...b', '.w..'], human-black, 2-3, GS),
    value(GS, 3-3, V),
    assertion(V == 6).
test(line_value_colour) :-
    picture(['.bwb', '.b.b', '...b', '.w..'], human-black, 2-3, GS),
    fourmation_line_value_(GS, 1-2, white, W),
    assertion(W == 4).
test(empty_board) :-
    fourmation_initial_(7, GS),
    value(GS, 3-3, V),
    assertion(V == 6).
test(colour_symmetry) :-
    set_random(seed(3)),
    random_position(7, 9, GS),
    value(GS, white, W),
    value(GS, black, B),
    assertion(W =:= -B).
test(won_lost) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    value(GS, white, W),
    value(GS, black, B),
    assertion(W == 100000),
    assertion(B == -100000).
test(draw) :-
    picture(['bw..', 'wb..', '....', '....'], human-white, 0-0, GS),
    value(GS, black, V),
    assertion(V == 0).
test(threat_counts) :-
    % White's open three is worth more to white than to black.
    picture(['......', '.www..', '......', '......', '.bb...', '......'], human-black, 1-3, GS),
    value(GS, white, V),
    assertion(V > 0).
test(bad_player, [error(domain_error(fourmation_colour, red))]) :-
    report_state(GS),
    value(GS, red, _).
test(off_board_cell, [error(domain_error(fourmation_cell, 9-9))]) :-
    report_state(GS),
    value(GS, 9-9, _).

:- end_tests(fourmation_value).

:- begin_tests(fourmation_choose_move).

test(levels, [forall(member(L, [1, 2, 3, computer-2]))]) :-
    set_random(seed(5)),
    random_position(6, 5, GS),
    (   L == 3
    ->  fourmation_engine_move(GS, [time(0.2)], M)
    ;   choose_move(GS, L, M)
    ),
    valid_moves(GS, Moves),
    assertion(memberchk(M, Moves)).
test(level2_wins) :-
    picture(['www....', '.bb....', '.......', '.......', '.......', '.......', '.......'],
            human-white, 1-2, GS),
    choose_move(GS, 2, M),
    assertion(M == 0-3).
test(level3_wins) :-
    picture(['www....', '.bb....', '.......', '.......', '.......', '.......', '.......'],
            human-white, 1-2, GS),
    choose_move(GS, 3, M),
    assertion(M == 0-3).
test(level2_blocks) :-
    % Black threatens 0-3; white's last... white to move from 1-1: only
    % moves away from 0-3's neighbourhood, or onto it, are safe.
    picture(['bbb....', 'wb.....', 'w......', '.......', '.......', '.......', '.......'],
            human-white, 1-1, GS),
    fourmation_threats_(GS, black, Threats),
    assertion(Threats == [0-3]),
    choose_move(GS, 2, M),
    assertion(\+ memberchk(M, [0-2, 1-2])).
test(game_over_fails, [fail]) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    choose_move(GS, 2, _).
test(bad_level, [error(type_error(positive_integer, 0))]) :-
    report_state(GS),
    choose_move(GS, 0, _).
test(four_by_four_perfect) :-
    % 4x4 is a draw with perfect play; the engine proves it.
    fourmation_initial_(4, GS),
    fourmation_engine_move(GS, [time(5), info(search(_, _, _, _, Solved))], _),
    assertion(Solved == draw).
test(plain_minimax_keeps_the_value) :-
    % Without mistake seeking the search still proves 4x4 a draw.
    fourmation_initial_(4, GS),
    fourmation_engine_move(GS, [time(5), seek_mistakes(false),
                                info(search(_, _, _, _, Solved))], M),
    assertion(Solved == draw),
    valid_moves(GS, Moves),
    assertion(memberchk(M, Moves)).
test(seek_mistakes_not_boolean, [error(type_error(boolean, maybe))]) :-
    fourmation_initial_(5, GS),
    fourmation_engine_move(GS, [time(0.1), seek_mistakes(maybe)], _).
test(foreign_seek_not_boolean, [error(type_error(bool, 3))]) :-
    fourmation_initial_(5, GS),
    fourmation_search_(GS, 100, 0, 0, 3, _, _).

:- end_tests(fourmation_choose_move).

:- begin_tests(fourmation_display).

test(board_text) :-
    report_state(GS),
    with_output_to(string(S), display_game(GS)),
    assertion(sub_string(S, _, _, _, " 0 | ")),
    assertion(sub_string(S, _, _, _, "(B)")),
    assertion(sub_string(S, _, _, _, "white (human) to move")),
    split_string(S, "\n", "", Lines),
    assertion(memberchk(" 2 |   | . | W | . | 2", Lines)).
test(result_text) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    with_output_to(string(S), display_game(GS)),
    assertion(sub_string(S, _, _, _, "white wins")).
test(big_board) :-
    fourmation_initial_(12, GS),
    with_output_to(string(S), display_game(GS)),
    assertion(sub_string(S, _, _, _, "11 |")).

:- end_tests(fourmation_display).

:- begin_tests(fourmation_terms).

test(round_trip) :-
    N = 200,
    forall(between(1, N, I),
           ( Size is 3 + I mod 10,
             set_random(seed(I)),
             random_between(0, 30, Plies),
             random_position(Size, Plies, GS0),
             GS0 = gameState(B, turn(_-C), P),
             (   I mod 2 =:= 0 -> Pl = computer-3 ; Pl = human ),
             GS = gameState(B, turn(Pl-C), P),
             term_string(GS, S),
             term_string(GS2, S),
             assertion(GS2 == GS),
             with_output_to(string(W), write(GS)),
             term_string(GS3, W),
             assertion(GS3 == GS) )).
test(initial_round_trip) :-
    fourmation_initial_(5, GS),
    with_output_to(string(S), write(GS)),
    term_string(GS2, S),
    assertion(GS2 == GS).

:- end_tests(fourmation_terms).

:- begin_tests(fourmation_runtime).

test(time_limit) :-
    fourmation_initial_(12, GS),
    stopped_by_time_limit(0.3, fourmation_search_(GS, 0, 0, 0, true, _, _)).
test(perft_time_limit) :-
    fourmation_initial_(12, GS),
    stopped_by_time_limit(0.3, fourmation_perft_(GS, 12, _)).
test(concurrent) :-
    findall(I, between(1, 16, I), Is),
    concurrent_forall(member(I, Is),
                      ( Size is 4 + I mod 6,
                        fourmation_initial_(Size, GS),
                        fourmation_perft_(GS, 3, P1),
                        fourmation_perft_(GS, 3, P2),
                        P1 == P2,
                        fourmation_engine_move(GS, [time(0.1)], M),
                        valid_moves(GS, Ms),
                        memberchk(M, Ms),
                        fourmation_random_game(Size, I, Moves, W),
                        fourmation_random_game(Size, I, Moves, W) ),
                      [threads(4)]).
test(engine_info) :-
    fourmation_initial_(7, GS),
    fourmation_engine_move(GS, [time(30), nodes(5000), info(Info)], M),
    Info = search(Score, Depth, Nodes, Ms, Solved),
    assertion(integer(Score)), assertion(Depth >= 1), assertion(Nodes > 0),
    assertion(Ms >= 0), assertion(memberchk(Solved, [win, loss, draw, unknown])),
    valid_moves(GS, Moves),
    assertion(memberchk(M, Moves)).
test(solve_small) :-
    fourmation_initial_(4, GS),
    fourmation_solve(GS, 10, R),
    assertion(R = draw(_)).
test(solve_over) :-
    picture(['wwww', 'bbb.', '....', '....'], human-black, 0-3, GS),
    fourmation_solve(GS, 1, R),
    assertion(R == over).
test(perft_depth0) :-
    report_state(GS),
    fourmation_perft_(GS, 0, N),
    assertion(N == 1).
test(perft_bad_depth, [error(domain_error(fourmation_depth, -1))]) :-
    report_state(GS),
    fourmation_perft_(GS, -1, _).
test(parse) :-
    forall(member(T-M, ["2 3"-(2-3), "2-3"-(2-3), " 10 , 11 "-(10-11), '0 0'-(0-0)]),
           ( fourmation_parse_move(T, M1), assertion(M1 == M) )).
test(parse_bad, [forall(member(T, ["", "a b", "1", "1 2 3", "-1 2", "1.5 2"]))]) :-
    \+ fourmation_parse_move(T, _).
test(random_game_legal) :-
    fourmation_random_game(8, 42, Moves, W),
    fourmation_initial_(8, GS0),
    foldl([M, G0, G]>>(move(G0, M, G1), pass_turn(G1, G)), Moves, GS0, GS),
    game_over(GS, W2),
    assertion(W == W2).

:- end_tests(fourmation_runtime).
