:- module(test_fourmation_play, []).
/** <module> 4Mation in Tabula's menus, driven with scripted input

play(fourmation) of library(tabula/play) reads its answers from a string
stream set as current_input; the output is captured and checked for the
screens each script must reach.
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(tabula/fourmation)).
:- use_module(library(tabula/fourmation_game)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/play), [play/1]).

% Runs Goal with Text as current_input; Out is everything it printed.
run_scripted(Goal, Text, Out) :-
    open_string(Text, In),
    current_input(Old),
    with_output_to(string(Out),
                   setup_call_cleanup(set_input(In),
                                      once(Goal),
                                      ( set_input(Old), close(In) ))).

count_sub(String, Sub, Count) :-
    aggregate_all(count, sub_string(String, _, _, _, Sub), Count).

contains(Out, Text) :-
    once(sub_string(Out, _, _, _, Text)).

% Two players on 4 x 4 (size choice 2): white fills column 0.
white_wins_4x4("2\n2\n0 0\n0 1\n1 0\n1 1\n2 0\n2 1\n3 0\n0\n").

:- begin_tests(fourmation_play).

test(two_players_win) :-
    white_wins_4x4(Script),
    run_scripted(play(fourmation), Script, Out),
    assertion(contains(Out, "White wins: four in a row.")),
    assertion(contains(Out, "     0   1   2   3")),
    assertion(contains(Out, " 3 |(W)|   |   |   | 3")),
    count_sub(Out, "your move (e.g.", Asked),
    assertion(Asked == 7).

test(bad_input_is_answered_briefly) :-
    Script = "abc\n9\n2\n2\n0 0\nx y\n9 9\n3 3\n0-1\n1,0\n1 1\n2 0\n2 1\n3 0\n0\n",
    run_scripted(play(fourmation), Script, Out),
    assertion(contains(Out, "\"abc\" is not a choice: type a number from 0 to 4.")),
    assertion(contains(Out, "\"9\" is not a choice")),
    assertion(contains(Out, "\"x y\" is not a cell: type a line and a column, e.g. ")),
    assertion(contains(Out, "9 9 is off the board: lines and columns go from 0 to 3.")),
    assertion(contains(Out, "3 3 is not next to the last cube, 0 0.")),
    assertion(\+ contains(Out, "Legal cells")),
    assertion(contains(Out, "White wins: four in a row.")).

test(end_of_file_in_menu) :-
    run_scripted(play(fourmation), "", Out),
    assertion(contains(Out, "End of input: bye.")).

test(end_of_file_in_game) :-
    run_scripted(play(fourmation), "2\n\n2 2\n", Out),
    assertion(contains(Out, "Black, your move")),
    assertion(contains(Out, "End of input: bye.")).

test(quit_game_then_back) :-
    run_scripted(play(fourmation), "2\n4\nquit\n0\n", Out),
    assertion(contains(Out, "Game abandoned.")).

test(undo_takes_back_a_move) :-
    run_scripted(play(fourmation), "2\n2\n1 1\nundo\n2 2\nquit\n0\n", Out),
    assertion(contains(Out, "Move taken back.")),
    assertion(contains(Out, " 2 |   | . |(W)| . | 2")),
    assertion(contains(Out, "Black to move, next to the last cube (2 2)")).

test(computer_vs_computer, [forall(member(WL-BL, [1-1, 2-1, 1-2, 2-2]))]) :-
    format(string(Script), "3\n~d\n~d\n3\n0\n", [WL, BL]),
    run_scripted(play(fourmation), Script, Out),
    assertion(( contains(Out, " wins: four in a row.") ; contains(Out, "Draw: ") )),
    assertion(contains(Out, "White plays ")).

test(three_by_three_is_a_draw) :-
    run_scripted(play(fourmation), "3\n1\n2\n1\n0\n", Out),
    assertion(contains(Out, "Draw: ")).

test(engine_level) :-
    % The engine (0.2 s a move) against the random level on 4 x 4.
    run_scripted(play(fourmation), "3\n3\n1\n2\n0\n", Out),
    assertion(contains(Out, "White is thinking...")),
    assertion(( contains(Out, " wins: ") ; contains(Out, "Draw: ") )).

test(human_vs_computer) :-
    run_scripted(play(fourmation), "1\n2\n1\n5\nquit\n0\n", Out),
    assertion(contains(Out, "White plays ")),
    assertion(contains(Out, "Black, your move")),
    assertion(contains(Out, "Game abandoned.")).

test(rules_screen) :-
    run_scripted(play(fourmation), "4\n0\n", Out),
    assertion(contains(Out, "Four or more cubes of one colour in a row")),
    assertion(contains(Out, "2 3 is line 2, column 3")).

test(through_the_uniform_api_menu) :-
    white_wins_4x4(Script),
    run_scripted(tabula_menu(fourmation), Script, Out),
    assertion(contains(Out, "White wins: four in a row.")).

test(play_zero_is_the_tabula_menu) :-
    run_scripted(fourmation:play, "3\n0\n0\n", Out),
    assertion(contains(Out, "Tabula: board games against the computer")),
    assertion(contains(Out, "4Mation")),
    assertion(contains(Out, "Bye.")).

:- end_tests(fourmation_play).
