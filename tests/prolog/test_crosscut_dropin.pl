:- module(test_crosscut_dropin, []).
/** <module> CrossCut drop-in: the report's program on our rule files

A scratch course folder holds the report's proj.pl and board.pl as stand-ins
of our own, written from the report's description (same predicate names and
arities):

  - proj.pl consults board.pl, move.pl, flipping.pl, valid_moves.pl,
    win.pl and input.pl in that order, and holds play/0 (the menus), the
    game loop over a stored game state, and next_turn/2, which adds 1 to
    the turn;
  - board.pl holds initial_state(size(H, L), state(1, _, _, Board, H, L)),
    which leaves both player types unbound for the menus, and the display;

and our five rule files from examples/dropin/crosscut/. A separate swipl
runs `play.` as a person at a terminal would: the test answers the menus
and types squares for the humans, every square of the board in turn, so
that illegal ones are tried and refused too. Each game is then checked from
the boards the report's display drew: each one follows from the one before
by a legal placement of the player of the turn (official flips) or by a
skipped turn, and the end screen names the winner of the last board.
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/crosscut)).
:- use_module('test_support').

                 /*******************************
                 *     THE REPORT'S PROGRAM     *
                 *******************************/

stand_in('proj.pl', "
:- consult('board.pl').
:- consult('move.pl').
:- consult('flipping.pl').
:- consult('valid_moves.pl').
:- consult('win.pl').
:- consult('input.pl').

:- dynamic game_state/1.

play :-
    write('-----Welcome to Crosscut!-----'), nl, nl,
    write('Please choose who is playing:'), nl,
    write('Options:'), nl,
    write('1 - Human [write 1]'), nl,
    write('2 - Easy Computer [write 2]'), nl,
    write('3 - Hard Computer [write 3]'), nl, nl,
    write('Player 1 <Red> is: '), read_option(1, 3, RedType),
    write('Player 2 <Blue> is: '), read_option(1, 3, BlueType),
    nl, write('-----Board Dimensions-----'), nl, nl,
    write('Please choose the board dimensions:'), nl,
    write('Enter the chosen Height<Between 5 and 9>: '), read_option(5, 9, H),
    write('Enter the chosen Length<Between 5 and 9>: '), read_option(5, 9, L),
    initial_state(size(H, L), State),
    State = state(_, RedType, BlueType, _, _, _),
    retractall(game_state(_)),
    assertz(game_state(State)),
    nl, write('-----Let''s Start!-----'), nl,
    game_loop.

game_loop :-
    game_state(State),
    display_game(State),
    game_over(State, Winner),
    (   Winner \\== x
    ->  write('-----Game Over! Winner: '), write(Winner), write('-----'), nl
    ;   make_play(State, _, NewState),
        retractall(game_state(_)),
        assertz(game_state(NewState)),
        game_loop
    ).

next_turn(state(T, R, B, Board, H, L), state(T1, R, B, Board, H, L)) :-
    T1 is T + 1.

read_option(Min, Max, Value) :-
    read_line_to_string(user_input, Line),
    (   Line \\== end_of_file,
        catch(number_string(V, Line), _, fail),
        integer(V), V >= Min, V =< Max
    ->  Value = V
    ;   Line == end_of_file
    ->  halt
    ;   write('Invalid option, try again: '),
        read_option(Min, Max, Value)
    ).
").
stand_in('board.pl', "
initial_state(size(H, L), state(1, _, _, Board, H, L)) :-
    length(Row, L), maplist(=(x), Row),
    length(Board, H), maplist(=(Row), Board).

display_game(state(Turn, _, _, Board, H, L)) :-
    nl, write('-----> Turn Number '), write(Turn), nl, nl,
    (   Turn mod 2 =:= 1
    ->  write('-----> Red''s Turn')
    ;   write('-----> Blue''s Turn')
    ),
    nl, nl,
    display_rows(Board, H),
    write('+ |'), display_letters(1, L), nl.

display_rows([], _).
display_rows([Row|Rows], N) :-
    write(N), write(' |'), display_cells(Row), nl,
    N1 is N - 1,
    display_rows(Rows, N1).

display_cells([]).
display_cells([C|Cs]) :-
    cell_char(C, Ch), write(' '), write(Ch), write(' |'),
    display_cells(Cs).

cell_char(x, ' ').
cell_char('R', 'R').
cell_char('B', 'B').

display_letters(I, L) :- I > L, !.
display_letters(I, L) :-
    Code is 0'a + I - 1, char_code(Ch, Code),
    write(' '), write(Ch), write(' |'),
    I1 is I + 1,
    display_letters(I1, L).
").

rule_file('move.pl').
rule_file('flipping.pl').
rule_file('valid_moves.pl').
rule_file('win.pl').
rule_file('input.pl').

course_folder(Dir) :-
    scratch_folder(crosscut_course, Dir),
    forall(stand_in(Name, Text), write_file(Dir, Name, Text)),
    forall(rule_file(Name),
           ( atom_concat('examples/dropin/crosscut/', Name, Rel),
             source_file_path(Rel, File),
             copy_into(File, Dir) )).

                 /*******************************
                 *          THE PLAYER          *
                 *******************************/

% d(MenuAnswers, Squares, Next): the humans type Squares in turn, from
% index Next, round and round.
answer(Pending, Reply, d(Answers0, Squares, K), d(Answers, Squares, K)) :-
    menu_prompt(Prompt),
    string_concat(_, Prompt, Pending),
    !,
    (   Answers0 = [Reply|Answers]
    ->  true
    ;   Reply = end_of_file,
        Answers = []
    ).
answer(Pending, Reply, d(Answers, Squares, K), d(Answers, Squares, K1)) :-
    string_concat(_, "your move (e.g. b3): ", Pending),
    length(Squares, N),
    I is K mod N,
    nth0(I, Squares, Reply),
    K1 is K + 1.

menu_prompt("Player 1 <Red> is: ").
menu_prompt("Player 2 <Blue> is: ").
menu_prompt("Height<Between 5 and 9>: ").
menu_prompt("Length<Between 5 and 9>: ").

% Every square of an H x L board as typed, "a1", "b1", ... row by row
% from the bottom; the first is a corner, never legal in play.
squares(H, L, Squares) :-
    findall(S,
            ( between(1, H, N), between(1, L, C),
              Code is 0'a + C - 1, char_code(Ch, Code),
              format(string(S), "~w~d", [Ch, N]) ),
            Squares).

% Plays `play.` with Red and Blue of the given types on an H x L board.
play_session(RedType-BlueType, H-L, Out) :-
    course_folder(Dir),
    maplist(number_string, [RedType, BlueType, H, L], Answers),
    squares(H, L, Squares),
    run_swipl_dialogue(Dir, ['-g', play, '-t', halt, 'proj.pl'],
                       answer, d(Answers, Squares, 0), Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(\+ sub_string(Out, _, _, _, "End of input.")).

                 /*******************************
                 *       CHECKING THE GAME      *
                 *******************************/

% The displays (Turn and Board) in the transcript, and the end screen.
displays(Out, Displays, Screen) :-
    split_string(Out, "\n", "\r", Lines),
    displays_(Lines, Displays, Screen).

displays_([], [], none).
displays_([Line|Lines], Displays, Screen) :-
    (   string_concat("-----> Turn Number ", T, Line)
    ->  number_string(Turn, T),
        board_lines(Lines, Rows, Rest),
        Displays = [Turn-Rows|Displays1],
        displays_(Rest, Displays1, Screen)
    ;   string_concat("-----Game Over! Winner: ", W0, Line)
    ->  string_concat(W, "-----", W0),
        atom_string(Screen, W),
        Displays = []
    ;   displays_(Lines, Displays, Screen)
    ).

% The board rows after a turn header, top first, up to the letters line.
board_lines([Line|Lines], Rows, Rest) :-
    (   string_concat("+ |", _, Line)
    ->  Rows = [],
        Rest = Lines
    ;   board_row(Line, Row)
    ->  Rows = [Row|Rows1],
        board_lines(Lines, Rows1, Rest)
    ;   board_lines(Lines, Rows, Rest)
    ).

board_row(Line, Row) :-
    split_string(Line, "|", "", [Number0|Cells0]),
    split_string(Number0, "", " ", [Number]),
    number_string(_, Number),
    append(Cells, [""], Cells0),
    maplist(row_cell, Cells, Row).

row_cell("   ", x).
row_cell(" R ", 'R').
row_cell(" B ", 'B').

%!  check_game(+Out, -Winner) is det.
%
%   The displayed game is a legal CrossCut game with our rules, from the
%   empty board, and its end screen names the winner of its last board.
check_game(Out, Winner) :-
    displays(Out, Displays, Screen),
    Displays = [1-Board0|Rest],
    Board0 = [Row|_],
    length(Board0, H), length(Row, L),
    initial_state(size(H, L), S0),
    S0 = state(1, 1, 1, Board0, H, L),
    replay(Rest, S0, Final),
    game_over(Final, Winner),
    assertion(Winner \== x),
    assertion(Screen == Winner).

replay([], S, S).
replay([Turn-Board|Rest], S, Final) :-
    S = state(T, RT, BT, Board0, H, L),
    assertion(Turn =:= T + 1),
    game_over(S, x),
    (   T mod 2 =:= 1 -> P = 'R' ; P = 'B' ),
    valid_moves(S, P, Moves),
    (   Moves == []
    ->  assertion(Board == Board0)                  % a skipped turn
    ;   % Two perimeter placements can leave the same board (the placed
        % disc is removed after its flips: move(8,1) and move(9,2) may flip
        % the same disc), so one legal move at least must give the board.
        assertion(( member(M, Moves), move(S, M, state(_, _, _, B1, _, _)), B1 == Board ))
    ),
    replay(Rest, state(Turn, RT, BT, Board, H, L), Final).

                 /*******************************
                 *            TESTS             *
                 *******************************/

:- begin_tests(crosscut_report_program).

test(loads_without_warnings) :-
    course_folder(Dir),
    run_swipl(Dir, ['-g', "consult('proj.pl'), write(loaded), nl", '-t', halt],
              Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(sub_string(Out, _, _, _, "loaded")).

test(games, [forall(member(Types-Size, [1-1-(5-5), 1-2-(5-6), 3-1-(6-5),
                                        2-3-(7-7), 3-3-(5-5), 2-2-(9-9)]))]) :-
    play_session(Types, Size, Out),
    check_game(Out, Winner),
    assertion(memberchk(Winner, ['R', 'B', draw])),
    Types = RedType-BlueType,
    (   RedType =:= 1
    ->  assertion(sub_string(Out, _, _, _, "Red, your move (e.g. b3): "))
    ;   Level is RedType - 1,
        format(string(Plays), "Red (computer, level ~d) plays", [Level]),
        assertion(sub_string(Out, _, _, _, Plays))
    ),
    (   BlueType =:= 1
    ->  assertion(sub_string(Out, _, _, _, "Blue, your move (e.g. b3): "))
    ;   true            % a game may end before Blue's computer moves
    ).

test(humans_are_asked_again) :-
    % The first square typed, a1, is a corner: refused.
    play_session(1-1, 5-5, Out),
    assertion(sub_string(Out, _, _, _, "Red, your move (e.g. b3): a1\nNot a valid move here.")).

test(report_harness_predicates) :-
    % The report's level-2 bot calls value/4 after move/3; flips/4 and
    % validate_move/3 answer for the placement itself.
    course_folder(Dir),
    Goal = "consult('proj.pl'), \c
            initial_state(size(7, 7), S0), S0 = state(_, 1, 1, _, _, _), \c
            valid_moves(S0, 'R', Ms), length(Ms, N), \c
            move(S0, move(4, 4), S1), value(S1, move(4, 4), 'R', V), \c
            ( value(S0, move(4, 4), 'R', _) -> Before = valued ; Before = failed ), \c
            validate_move(S0, 'R', move(4, 4)), \c
            ( validate_move(S0, 'R', move(1, 1)) -> Corner = valid ; Corner = invalid ), \c
            Rows = [[x,x,x,x,x,x,x],[x,x,x,'B',x,x,x],[x,x,x,'R',x,x,x],\c
                    [x,x,x,x,x,x,x],[x,x,x,x,x,x,x],[x,x,x,x,x,x,x],[x,x,x,x,x,x,x]], \c
            flips(state(1, 1, 1, Rows, 7, 7), 'R', move(7, 4), F), \c
            flips(S0, 'R', move(4, 4), F0), \c
            print([N, V, Before, Corner, F, F0]), nl",
    run_swipl(Dir, ['-g', Goal, '-t', halt], Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(sub_string(Out, _, _, _, "[25,4,failed,invalid,[move(6,4)],[]]")).

test(make_play_skips_a_stuck_player) :-
    % After Red's d6 on this 7 x 7 board (tests/cpp/crosscut_rules_test.cpp,
    % ASkippedTurn), Blue has no placement and Red has: Blue's turn passes
    % without a move, through proj.pl's next_turn/2.
    course_folder(Dir),
    Goal = "consult('proj.pl'), \c
            Rows = [[x,x,x,x,x,x,x], \c
                    [x,'B','R',x,'R','B',x], [x,'R','B','R','B','R',x], \c
                    [x,'R','R','B','R','R',x], [x,'R','B','R','B','R',x], \c
                    [x,'B','R','R','R','B',x], [x,x,x,x,x,x,x]], \c
            move(state(1, 1, 1, Rows, 7, 7), move(6, 4), state(_, _, _, Rows1, _, _)), \c
            S = state(2, 1, 1, Rows1, 7, 7), \c
            valid_moves(S, 'B', BM), valid_moves(S, 'R', RM), length(RM, NR), \c
            make_play(S, P, state(T2, _, _, Rows2, _, _)), \c
            ( Rows2 == Rows1 -> Same = same ; Same = changed ), \c
            print(skipped(BM, NR, P, T2, Same)), nl",
    run_swipl(Dir, ['-g', Goal, '-t', halt], Status, Out, _),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _, "Blue has no legal placement: the turn passes.")),
    assertion(sub_string(Out, _, _, _, "skipped([],")),
    assertion(sub_string(Out, _, _, _, ",'B',3,same)")).

test(misuse_is_an_error) :-
    course_folder(Dir),
    Goal = "consult('proj.pl'), \c
            initial_state(size(5, 5), S0), \c
            catch(make_play(S0, 'B', _), error(E1, _), true), \c
            catch(make_play(S0, 'R', _), error(E2, _), true), \c
            catch(valid_moves(foo, 'R', _), error(E3, _), true), \c
            ( move(S0, move(1, 1), _) -> R = moved ; R = failed ), \c
            print([E1, E2, E3, R]), nl",
    run_swipl(Dir, ['-g', Goal, '-t', halt], Status, Out, _),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _,
                         "[domain_error(crosscut_player_to_move,'B'),instantiation_error,\c
                          type_error(crosscut_state,foo),failed]")).

:- end_tests(crosscut_report_program).
