:- module(test_fourmation_dropin, []).
/** <module> 4Mation drop-in: the report's program on our game.pl

A scratch course folder holds the report's program as the report describes
it, with stand-ins of our own for its four other files (same predicate
names and arities, written from the report's description):

  - 4mation.pl: `:- [game].` and play/0, which shows the main menu and
    loops;
  - menu.pl: main_menu/1, whose menus call play_game(Mode, Size), and
    score_menu/1, the end screen;
  - board.pl: display_game/1 and create_board/2;
  - utils.pl: read_number/1 and read_move/1;

and examples/dropin/fourmation/game.pl copied over the report's game.pl.
A separate swipl runs `play.` as a person at a terminal would: the test
answers the menus, and types cells for the humans, in row-major order
over and over, so that illegal cells are tried and refused too. Each game
is then checked from the boards the report's display_game/1 drew: every
board follows from the one before by a legal move of the side to move, and
the end screen names the result of the last board.
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(readutil)).
:- use_module(library(tabula/fourmation)).
:- use_module(library(tabula/fourmation_foreign)).
:- use_module('test_support').

                 /*******************************
                 *     THE REPORT'S PROGRAM     *
                 *******************************/

stand_in('4mation.pl', "
:- [game].

play :-
    main_menu(Option),
    (   Option =:= 0
    ->  true
    ;   play
    ).
").
stand_in('menu.pl', "
main_menu(Option) :-
    nl, write('=== 4MATION ==='), nl,
    write('1. Single player'), nl,
    write('2. Multiplayer'), nl,
    write('3. Bot vs bot'), nl,
    write('0. Exit'), nl,
    write('Option: '), read_number(Option),
    menu_option(Option).

menu_option(0) :- !.
menu_option(1) :- !, singleplayer_menu.
menu_option(2) :- !, read_size(Size), play_game(multiplayer, Size).
menu_option(3) :- !, botvsbot_menu.
menu_option(_) :- write('Invalid option.'), nl.

singleplayer_menu :-
    write('1. Easy peasy'), nl,
    write('2. Hardcore'), nl,
    write('3. Impossible'), nl,
    write('Difficulty: '), read_number(D),
    (   D =:= 3
    ->  play_game(singleplayer-2, 3)
    ;   read_size(Size),
        play_game(singleplayer-D, Size)
    ).

botvsbot_menu :-
    write('1. Dummy vs Foo'), nl,
    write('2. Dummy vs Roussel'), nl,
    write('3. Colmerauer vs Roussel'), nl,
    write('Bots: '), read_number(B),
    bots(B, Levels),
    read_size(Size),
    play_game(botvsbot-Levels, Size).

bots(1, 1-1).
bots(2, 1-2).
bots(3, 2-2).

read_size(Size) :-
    write('Board size: '), read_number(Size).

score_menu(white) :- nl, write('*** WHITE WINS ***'), nl.
score_menu(black) :- nl, write('*** BLACK WINS ***'), nl.
score_menu(draw) :- nl, write('*** DRAW ***'), nl.
").
stand_in('board.pl', "
display_game(gameState(Board, turn(_-_), _)) :-
    length(Board, N),
    nl, write('    '), header(0, N), nl,
    rows(Board, 0).

header(N, N) :- !.
header(I, N) :- write(I), write('   '), I1 is I + 1, header(I1, N).

rows([], _).
rows([Row|Rows], L) :-
    write(L), write(' | '), cells(Row), nl,
    L1 is L + 1,
    rows(Rows, L1).

cells([]).
cells([C|Cs]) :- symbol(C, S), write(S), write(' | '), cells(Cs).

symbol(empty, ' ').
symbol(white, 'W').
symbol(black, 'B').

create_board(Size, Board) :-
    length(Row, Size), maplist(=(empty), Row),
    length(Board, Size), maplist(=(Row), Board).
").
stand_in('utils.pl', "
read_number(Number) :-
    get_code(C),
    digits(C, Codes),
    (   Codes \\== [], catch(number_codes(Number, Codes), _, fail)
    ->  true
    ;   write('Not a number, try again: '),
        read_number(Number)
    ).

digits(-1, _) :- !, nl, write('End of input.'), nl, halt.
digits(0'\\n, []) :- !.
digits(C, [C|Cs]) :- get_code(C1), digits(C1, Cs).

read_move(L-C) :-
    write('Line: '), read_number(L),
    write('Column: '), read_number(C).
").

course_folder(Dir) :-
    scratch_folder(fourmation_course, Dir),
    forall(stand_in(Name, Text), write_file(Dir, Name, Text)),
    source_file_path('examples/dropin/fourmation/game.pl', Game),
    copy_into(Game, Dir).

                 /*******************************
                 *          THE PLAYER          *
                 *******************************/

% d(MenuAnswers, Size, NextCell, PendingColumn); once the menu answers
% run out, the input ends.
answer(Pending, Reply, d(Answers0, Size, K, C), d(Answers, Size, K, C)) :-
    menu_prompt(Prompt),
    string_concat(_, Prompt, Pending),
    !,
    (   Answers0 = [Reply|Answers]
    ->  true
    ;   Reply = end_of_file,
        Answers = []
    ).
answer(Pending, Reply, d(Answers, Size, K, _), d(Answers, Size, K, C)) :-
    string_concat(_, "Line: ", Pending),
    !,
    L is (K mod (Size*Size)) // Size,
    C is K mod Size,
    number_string(L, Reply).
answer(Pending, Reply, d(Answers, Size, K, C), d(Answers, Size, K1, none)) :-
    string_concat(_, "Column: ", Pending),
    integer(C),
    K1 is K + 1,
    number_string(C, Reply).

menu_prompt("Option: ").
menu_prompt("Difficulty: ").
menu_prompt("Bots: ").
menu_prompt("Board size: ").

% Plays `play.` with the menu answers; Size is the board humans type on.
play_session(Answers, Size, Out) :-
    course_folder(Dir),
    run_swipl_dialogue(Dir, ['-g', play, '-t', halt, '4mation.pl'],
                       answer, d(Answers, Size, 0, none), Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(\+ sub_string(Out, _, _, _, "End of input.")).

                 /*******************************
                 *       CHECKING THE GAMES     *
                 *******************************/

%!  games(+Out, -Games) is det.
%
%   Games are game(Boards, Screen) for each game in the transcript Out: the
%   boards the stand-in's display_game/1 drew, in order, and the end screen
%   (`white`, `black`, `draw`) shown after them.
games(Out, Games) :-
    split_string(Out, "\n", "\r", Lines),
    events(Lines, Events),
    group_games(Events, Games).

events([], []).
events([Line|Lines], Events) :-
    (   board_row(Line, 0, Row)
    ->  board_rows(Lines, 1, Rows, Rest),
        Events = [board([Row|Rows])|Events1],
        events(Rest, Events1)
    ;   screen(Line, Result)
    ->  Events = [screen(Result)|Events1],
        events(Lines, Events1)
    ;   events(Lines, Events)
    ).

board_rows([Line|Lines], L, [Row|Rows], Rest) :-
    board_row(Line, L, Row),
    !,
    L1 is L + 1,
    board_rows(Lines, L1, Rows, Rest).
board_rows(Lines, _, [], Lines).

% "L | c | c | ... | " as drawn by the stand-in.
board_row(Line, L, Row) :-
    split_string(Line, "|", " ", [Head|Cells0]),
    number_string(L, Head),
    append(Cells, [""], Cells0),
    Cells \== [],
    maplist(row_cell, Cells, Row).

row_cell("W", white).
row_cell("B", black).
row_cell("", empty).

screen("*** WHITE WINS ***", white).
screen("*** BLACK WINS ***", black).
screen("*** DRAW ***", draw).

group_games([], []) :-
    !.
group_games(Events, [game(Boards, Screen)|Games]) :-
    append(BoardEvents, [screen(Screen)|Rest], Events),
    !,
    maplist([board(B), B]>>true, BoardEvents, Boards),
    group_games(Rest, Games).
group_games(Events, [unfinished(Events)]).

%!  check_game(+Game, -Result) is det.
%
%   Replays the boards of Game with our rules: the first is empty, each
%   next one adds one cube of the side to move on a legal cell, the last
%   one is a finished game whose result is the end screen's.
check_game(game([Empty|Boards], Screen), Result) :-
    length(Empty, N),
    initial_state(N, Board0),
    assertion(Empty == Board0),
    replay(Boards, gameState(Board0, turn(human-white), (-1)-(-1)), Final),
    (   game_over(Final, Result)
    ->  true
    ;   Result = not_over
    ),
    assertion(Screen == Result).

replay([], GS, GS).
replay([Board|Boards], GS, Final) :-
    GS = gameState(Board0, turn(P-Colour), _),
    assertion(\+ game_over(GS, _)),
    findall(M, ( move(GS, M, gameState(B1, _, _)), B1 == Board ), Moves),
    assertion(Moves = [_]),
    Moves = [Move],
    move(GS, Move, GS1),
    assertion(Board0 \== Board),
    (   Colour == white -> Next = black ; Next = white ),
    next_player(GS1, turn(P-Next), GS2),
    replay(Boards, GS2, Final).

% The transcript holds exactly one finished game, which the rules accept.
one_good_game(Out, Result) :-
    games(Out, Games),
    assertion(Games = [game(_, _)]),
    Games = [Game],
    check_game(Game, Result).

                 /*******************************
                 *            TESTS             *
                 *******************************/

:- begin_tests(fourmation_report_program).

test(loads_without_warnings) :-
    course_folder(Dir),
    run_swipl(Dir, ['-g', "consult('4mation.pl'), write(loaded), nl", '-t', halt],
              Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(sub_string(Out, _, _, _, "loaded")).

test(loads_when_menu_pl_loads_utils_itself) :-
    % Whichever of the report's files loads utils.pl, game.pl adds no
    % second definition.
    course_folder(Dir),
    stand_in('menu.pl', Menu),
    string_concat(":- [utils].\n", Menu, Menu1),
    write_file(Dir, 'menu.pl', Menu1),
    run_swipl(Dir, ['-g', "consult('4mation.pl'), write(loaded), nl", '-t', halt],
              Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(sub_string(Out, _, _, _, "loaded")).

test(multiplayer) :-
    play_session(["2", "4", "0"], 4, Out),
    one_good_game(Out, Result),
    assertion(memberchk(Result, [white, black, draw])),
    % Humans are asked again after an illegal cell.
    assertion(sub_string(Out, _, _, _, "Invalid move, try again.")),
    assertion(sub_string(Out, _, _, _, "white, your move.")),
    assertion(sub_string(Out, _, _, _, "black, your move.")).

test(single_player, [forall(member(Level-Size, [1-5, 2-6]))]) :-
    number_string(Level, L),
    number_string(Size, S),
    play_session(["1", L, S, "0"], Size, Out),
    one_good_game(Out, _),
    format(string(Computer), "Computer (black, level ~d) plays", [Level]),
    assertion(sub_string(Out, _, _, _, Computer)),
    assertion(\+ sub_string(Out, _, _, _, "Computer (white")).

test(impossible_mode_is_a_draw) :-
    play_session(["1", "3", "0"], 3, Out),
    one_good_game(Out, Result),
    assertion(Result == draw),
    games(Out, [game([First|_], _)]),
    assertion(length(First, 3)).

test(bot_vs_bot, [forall(member(Choice-(WL-BL)-Size, [1-(1-1)-7, 2-(1-2)-8, 3-(2-2)-5]))]) :-
    number_string(Choice, C),
    number_string(Size, S),
    play_session(["3", C, S, "0"], Size, Out),
    one_good_game(Out, _),
    format(string(White), "Computer (white, level ~d) plays", [WL]),
    format(string(Black), "Computer (black, level ~d) plays", [BL]),
    assertion(sub_string(Out, _, _, _, White)),
    assertion(sub_string(Out, _, _, _, Black)),
    assertion(\+ sub_string(Out, _, _, _, "your move")).

test(every_mode_in_one_session) :-
    % The main menu comes back after each end screen.
    play_session(["2", "4", "1", "1", "4", "1", "3", "3", "1", "4", "0"], 4, Out),
    games(Out, Games),
    assertion(length(Games, 4)),
    maplist(check_game, Games, Results),
    Results = [_, _, Impossible, _],
    assertion(Impossible == draw).

test(engine_levels_through_play_game) :-
    % Level numbers above the menus' 1 and 2 reach the engine's search.
    course_folder(Dir),
    Goal = "consult('4mation.pl'), play_game(botvsbot-(3-1), 4)",
    run_swipl(Dir, ['-g', Goal, '-t', halt], Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    one_good_game(Out, _),
    assertion(sub_string(Out, _, _, _, "Computer (white, level 3) plays")).

test(level_two_blocks_and_says_so) :-
    % White threatens 0-3 (three in row 0, last cube 0-2); black's level
    % 2 must take 0-3, with the report's message for a block.
    course_folder(Dir),
    Goal = "consult('4mation.pl'), \c
            GS = gameState([[white,white,white,empty],[black,black,empty,empty], \c
                            [empty,empty,empty,empty],[empty,empty,empty,empty]], \c
                           turn(computer-2-black), 0-2), \c
            fourmation_tools:fourmation_choose_move(GS, 2, M, R), \c
            fourmation_tools:fourmation_bot_message(R, Msg), \c
            format('~w ~w ~w~n', [M, R, Msg])",
    run_swipl(Dir, ['-g', Goal, '-t', halt], Status, Out, _),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _, "0-3 block Too easy m8.")).

test(bots_enumerate_moves_with_move_3) :-
    % The report's bots: findall(M, move(GS, M, _), Ms).
    course_folder(Dir),
    Goal = "consult('4mation.pl'), initial_state(4, B), \c
            GS = gameState(B, turn(human-white), (-1)-(-1)), \c
            move(GS, 1-1, GS1), next_player(GS1, turn(computer-1-black), GS2), \c
            findall(M, move(GS2, M, _), Ms), write(Ms), nl",
    run_swipl(Dir, ['-g', Goal, '-t', halt], Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(sub_string(Out, _, _, _, "[0-0,0-1,0-2,1-0,1-2,2-0,2-1,2-2]")).

test(misuse_is_an_error) :-
    course_folder(Dir),
    Goal = "consult('4mation.pl'), \c
            catch(play_game(triplayer, 5), error(E1, _), true), \c
            catch(valid_moves(gameState(x, y, z), _), error(E2, _), true), \c
            initial_state(4, B), GS = gameState(B, turn(human-white), (-1)-(-1)), \c
            catch(next_player(GS, turn(human-white), _), error(E3, _), true), \c
            ( move(GS, 9-9, _) -> R = moved ; R = failed ), \c
            print([E1, E2, E3, R]), nl",
    run_swipl(Dir, ['-g', Goal, '-t', halt], Status, Out, _),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _,
                         "[domain_error(fourmation_mode,triplayer),\c
                          type_error(fourmation_state,gameState(x,y,z)),\c
                          domain_error(fourmation_next_turn,turn(human-white)),failed]")).

:- end_tests(fourmation_report_program).
