:- module(test_fourmation_play, []).
/** <module> 4Mation: play/0 driven through its menus with scripted input

Input comes from a string stream set as current_input; the output is
captured and checked for the screens each script must reach.
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(tabula/fourmation)).
:- use_module(library(tabula/fourmation_game)).
:- use_module(library(tabula/game)).

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

% White fills column 0 of a 4x4 board, black follows next to it.
white_wins_4x4("1\n4\n0 0\n0 1\n1 0\n1 1\n2 0\n2 1\n3 0\n0\n").

:- begin_tests(fourmation_play).

test(human_vs_human_win) :-
    white_wins_4x4(Script),
    run_scripted(play, Script, Out),
    assertion(sub_string(Out, _, _, _, "white (human) wins!")),
    assertion(sub_string(Out, _, _, _, "Game over: white wins.")),
    assertion(sub_string(Out, _, _, _, "Bye.")),
    count_sub(Out, "your move", Asked),
    assertion(Asked == 7).

test(bad_input_is_asked_again) :-
    Script = "abc\n9\n\n1\n2\n4\n0 0\nx y\n9 9\n3 3\n0-1\n1,0\n1 1\n2 0\n2 1\n3 0\n0\n",
    run_scripted(play, Script, Out),
    count_sub(Out, "Please type a whole number from 0 to 4.", Menu),
    assertion(Menu == 3),
    count_sub(Out, "Please type a whole number from 3 to 12.", Size),
    assertion(Size == 1),
    assertion(sub_string(Out, _, _, _, "Please type a line and a column")),
    assertion(sub_string(Out, _, _, _, "9-9 is not a legal cell.")),
    assertion(sub_string(Out, _, _, _, "3-3 is not a legal cell. Legal cells: [0-1,1-0,1-1]")),
    assertion(sub_string(Out, _, _, _, "white (human) wins!")).

test(end_of_file_in_menu) :-
    run_scripted(play, "", Out),
    assertion(sub_string(Out, _, _, _, "End of input: bye.")).

test(end_of_file_in_game) :-
    run_scripted(play, "1\n5\n2 2\n", Out),
    assertion(sub_string(Out, _, _, _, "black, your move")),
    assertion(sub_string(Out, _, _, _, "End of input: bye.")).

test(quit_game_then_exit) :-
    run_scripted(play, "1\n6\nquit\n0\n", Out),
    assertion(sub_string(Out, _, _, _, "Game abandoned.")),
    assertion(sub_string(Out, _, _, _, "Bye.")).

test(computer_vs_computer, [forall(member(WL-BL, [1-1, 2-1, 1-2, 2-2]))]) :-
    format(string(Script), "3\n~d\n~d\n5\n0\n", [WL, BL]),
    run_scripted(play, Script, Out),
    assertion(sub_string(Out, _, _, _, "******************************")),
    assertion(( sub_string(Out, _, _, _, "wins!") ; sub_string(Out, _, _, _, "It's a draw!") )),
    assertion(sub_string(Out, _, _, _, "Computer (level")),
    assertion(sub_string(Out, _, _, _, "Bye.")).

test(impossible_mode_is_a_draw) :-
    run_scripted(play, "3\n1\n2\n3\n0\n", Out),
    assertion(sub_string(Out, _, _, _, "It's a draw!")).

test(engine_level) :-
    % Level 3 engine against the random level on the 4x4 board.
    run_scripted(play, "3\n3\n1\n4\n0\n", Out),
    assertion(sub_string(Out, _, _, _, "Computer (level 3, white) plays")),
    assertion(( sub_string(Out, _, _, _, "wins!") ; sub_string(Out, _, _, _, "It's a draw!") )).

test(human_vs_computer) :-
    % The human takes black against level 1; the human's first answer is
    % whatever it is, then quits.
    run_scripted(play, "2\n2\n1\n6\nquit\n0\n", Out),
    assertion(sub_string(Out, _, _, _, "Computer (level 1, white) plays")),
    assertion(sub_string(Out, _, _, _, "black, your move")),
    assertion(sub_string(Out, _, _, _, "Game abandoned.")).

test(rules_screen) :-
    run_scripted(play, "4\n0\n", Out),
    assertion(sub_string(Out, _, _, _, "Four or more in a row")).

test(through_the_uniform_api_menu) :-
    white_wins_4x4(Script),
    run_scripted(tabula_menu(fourmation), Script, Out),
    assertion(sub_string(Out, _, _, _, "white (human) wins!")).

:- end_tests(fourmation_play).
