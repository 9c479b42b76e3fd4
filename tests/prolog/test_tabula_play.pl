:- module(test_tabula_play, []).
/** <module> The terminal menus and the play hooks of every game

  - play/0 in a separate swipl, driven as a person at a terminal would
    (test_support:run_swipl_dialogue/7): for each game a whole game
    against the computer through the menus, with junk input, `help`,
    `rules`, `board` and `undo` on the way; quitting a game; end of input.
  - library(tabula) and each game's library load together in both orders
    without errors or warnings.
  - The notation: every legal move prints as text that reads back as the
    same move; junk never raises an error and gets one short sentence
    naming it; Futlog's moves built step by step are legal moves.
  - The demo prints moves in each game's notation, never a Prolog term.
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(pairs)).
:- use_module(library(yall)).
:- use_module(library(tabula)).
:- use_module(library(tabula/futlog_tools)).
:- use_module(test_support).

                 /*******************************
                 *     A PERSON AT A TERMINAL   *
                 *******************************/

% game(Name, MenuIndex, StrengthAnswer, SizeAnswer)
game(uttt, 1, "4", none).          % greedy, the course's player
game(futlog, 2, "1", none).        % the engine, 0.2 s a move
game(fourmation, 3, "2", "").      % greedy; Enter: the default 7 x 7
game(crosscut, 4, "2", "1").       % greedy; 5 x 5

% The dialogue's state: st(Answers, Moves, GameMenus): the answers to the
% menus in order, what to type at the move prompts, how often the game's
% menu was shown.
respond(Pending, Reply, st(As0, Ms0, N0), st(As, Ms, N)) :-
    sub_string(Pending, _, 2, 0, ": "),
    (   move_prompt(Pending, Example)
    ->  As = As0, N = N0,
        move_answer(Ms0, Example, Reply, Ms)
    ;   menu_prompt(Pending)
    ->  Ms = Ms0,
        (   sub_string(Pending, 0, _, _, "Choice [0-4]")
        ->  N is N0 + 1,
            (   N =:= 1 -> Reply = "1" ; Reply = "0" ),
            As = As0
        ;   N = N0,
            As0 = [Reply|As]
        )
    ).

move_prompt(Pending, Example) :-
    (   sub_string(Pending, _, _, _, "your move (e.g. ")
    ;   sub_string(Pending, _, _, _, "the ball goes on from ")
    ),
    sub_string(Pending, B, _, _, "(e.g. "),
    Start is B + 6,
    sub_string(Pending, Start, _, 0, Rest),
    sub_string(Rest, Len, _, _, ";"),
    !,
    sub_string(Rest, 0, Len, _, Example).

menu_prompt(Pending) :-
    sub_string(Pending, _, _, 0, "]: "),
    sub_string(Pending, _, _, _, " ["),
    \+ sub_string(Pending, 0, 1, _, "\"").

% A script of typed words first; then the example of each prompt.
move_answer([eof|_], _, end_of_file, []) :- !.
move_answer([example|Ms], Example, Example, Ms) :- !.
move_answer([Word|Ms], _, Word, Ms) :- !.
move_answer([], Example, Example, []).

dialogue(Name, Moves, Status, Out, Err) :-
    game(Name, Index, Strength, Size),
    number_string(Index, I),
    (   Size == none -> Sizes = [] ; Sizes = [Size] ),
    append([[I, "1", Strength], Sizes, ["0"]], Answers),
    scratch_folder(tabula_play, Dir),
    run_swipl_dialogue(Dir, ['-g', 'use_module(library(tabula))', '-g', play, '-t', halt],
                       respond, st(Answers, Moves, 0), Status, Out, Err).

lines_with(Out, Text, Lines) :-
    split_string(Out, "\n", "", All),
    include([L]>>sub_string(L, _, _, _, Text), All, Lines).

contains(Out, Text) :-
    once(sub_string(Out, _, _, _, Text)).

:- begin_tests(tabula_play_terminal, [condition(\+ sanitized)]).

test(whole_game_against_the_computer, [forall(game(Name, _, _, _))]) :-
    dialogue(Name, ["zz", "help", "rules", "board", example, "undo"], Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    % junk: one short line naming the input, never the move list
    lines_with(Out, "\"zz\"", [Junk|_]),
    string_length(Junk, JunkLength),
    assertion(JunkLength < 160),
    assertion(\+ contains(Junk, "[")),
    % help and rules
    assertion(contains(Out, "Commands: help, rules, board")),
    assertion(contains(Out, ": the rules")),
    assertion(contains(Out, "Move taken back.")),
    % one result screen, then the menus again until "Bye."
    aggregate_all(count, sub_string(Out, _, _, _, "=================================================="), Rules),
    assertion(Rules == 2),
    assertion(( contains(Out, "You win!") ; contains(Out, "The computer wins.")
              ; contains(Out, "Draw.") )),
    % the result is said once, on the board's status line
    tabula_game(Name, _),
    assertion(( sub_string(Out, _, _, _, " wins: ") -> true ; contains(Out, "Draw: ") )),
    aggregate_all(count, sub_string(Out, _, _, _, " wins: "), Wins),
    aggregate_all(count, sub_string(Out, _, _, _, "Draw: "), Draws),
    assertion(Wins + Draws =:= 1),
    assertion(contains(Out, "Bye.")),
    % what the computer played is in the game's notation
    assertion(\+ contains(Out, "move(")),
    assertion(\+ contains(Out, "p(")),
    assertion(\+ contains(Out, "Legal moves")).

test(quit_a_game) :-
    dialogue(crosscut, ["quit"], Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(contains(Out, "Game abandoned.")),
    assertion(contains(Out, "Bye.")).

test(end_of_input_at_a_move) :-
    dialogue(fourmation, [eof], Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(contains(Out, "End of input: bye.")).

test(end_of_input_in_a_menu) :-
    scratch_folder(tabula_play, Dir),
    run_swipl_dialogue(Dir, ['-g', 'use_module(library(tabula))', '-g', play, '-t', halt],
                       [_, end_of_file, S, S]>>true, none, Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(contains(Out, "End of input: bye.")).

% Futlog typed a step at a time: a bounce asks for the next step.
test(futlog_step_by_step) :-
    tabula_new(futlog, [], G0),
    bounce_position(G0, G, Step),
    tabula_format_move(G, [Step], StepText),
    with_input(G, [StepText, "undo", StepText, "quit"], Out),
    assertion(contains(Out, "the ball goes on from")),
    assertion(contains(Out, "Step taken back.")),
    assertion(contains(Out, "Game abandoned.")).

:- end_tests(tabula_play_terminal).

% Plays a two-player game from G through the menu module's loop, with
% the lines Inputs as current_input.
with_input(G, Inputs, Out) :-
    atomic_list_concat(Inputs, '\n', Text0),
    atom_concat(Text0, '\n', Text),
    open_string(Text, In),
    current_input(Old),
    setup_call_cleanup(set_input(In),
                       with_output_to(string(Out),
                                      catch(tabula_play:game_loop(G, none, [], [human, human]),
                                            tabula_input_closed, true)),
                       ( set_input(Old), close(In) )).

% A position of a random game where some first step bounces.
bounce_position(_, G, Step) :-
    between(1, 500, Seed),
    futlog_random_state(Seed, 12, S),
    G = game(futlog, S),
    tabula_status(G, to_move(_)),
    tabula_steps(G, [], Next),
    memberchk(Step-more, Next),
    !.

                 /*******************************
                 *           LOADING            *
                 *******************************/

:- begin_tests(tabula_play_loading).

test(libraries_load_in_both_orders, [forall(member(G, [uttt, futlog, fourmation, crosscut]))]) :-
    format(atom(Lib), 'use_module(library(tabula/~w))', [G]),
    scratch_folder(tabula_load, Dir),
    forall(member(Goal, [ [ 'use_module(library(tabula))', Lib ],
                          [ Lib, 'use_module(library(tabula))' ] ]),
           ( atomic_list_concat(Goal, ', ', G1),
             run_swipl(Dir, ['-g', G1, '-g', 'play:true', '-t', halt], Status, _, Err),
             assertion(Status == 0),
             assertion(Err == "") )).

:- end_tests(tabula_play_loading).

                 /*******************************
                 *           NOTATION           *
                 *******************************/

% Positions of a random game of each game (Futlog: of random games, whose
% positions may have tens of thousands of paths).
positions(futlog, Games) :-
    !,
    findall(game(futlog, S),
            ( between(0, 11, Seed), Plies is 2 * Seed, futlog_random_state(Seed, Plies, S) ),
            Games).
positions(Name, Games) :-
    tabula_new(Name, [], G0),
    random_walk(G0, 3, 60, Games).

sample(Games, Sample) :-
    findall(G, ( nth1(I, Games, G), I mod 5 =:= 1 ), Sample).

legal_sample(game(futlog, S), Moves) :-
    !,
    futlog_outcome_moves(S, Pairs),
    pairs_keys(Pairs, Moves0),
    length(Moves0, N),
    K is min(N, 40),
    length(Moves, K),
    append(Moves, _, Moves0).
legal_sample(G, Moves) :-
    tabula_moves(G, Moves).

junk(["zz", "32", "move(a,b)", "(", "[p(", "foo(X)", "'", "\"", "1 2 3 4 5 6", "a1", "nw nw nw",
      "k99", "-1 -1", "p(0,1)", "x", "ÿ", "99999999999999999999 1"]).

:- begin_tests(tabula_play_notation).

test(moves_read_back, [forall(tabula_game(Name, _))]) :-
    positions(Name, Games),
    sample(Games, Sample),
    forall(( member(G, Sample), tabula_status(G, to_move(_)) ),
           ( legal_sample(G, Moves),
             forall(member(M, Moves),
                    ( tabula_format_move(G, M, Text),
                      assertion(string(Text)),
                      assertion(tabula_parse_move(G, Text, M)) )) )).

test(junk_fails_and_is_named, [forall(tabula_game(Name, _))]) :-
    junk(Junk),
    positions(Name, Games),
    sample(Games, Sample),
    forall(( member(G, Sample), tabula_status(G, to_move(_)) ),
           forall(member(J, Junk),
                  ( catch(( tabula_parse_move(G, J, _) -> Parsed = yes ; Parsed = no ), E, true),
                    assertion(var(E)),
                    (   Parsed == no
                    ->  tabula_move_error(G, J, Message),
                        string_length(Message, Len),
                        assertion(Len < 160),
                        % no list of moves: no "[" but those typed
                        split_string(Message, "", "", [M0]),
                        atomic_list_concat(Parts, J, M0),
                        atomic_list_concat(Parts, '', Rest),
                        assertion(\+ sub_atom(Rest, _, _, _, '['))
                    ;   true
                    ) ))).

test(help_has_a_legal_example, [forall(tabula_game(Name, _))]) :-
    positions(Name, Games),
    forall(( member(G, Games), tabula_status(G, to_move(_)) ),
           ( tabula_move_example(G, Example),
             tabula_move_help(G, Help),
             assertion(sub_string(Help, _, _, _, Example)),
             (   tabula_has_steps(Name)
             ->  tabula_parse_steps(G, Example, [Step]),
                 tabula_steps(G, [], Next),
                 assertion(memberchk(Step-_, Next))
             ;   assertion(tabula_parse_move(G, Example, _))
             ) )).

test(messages_say_what_is_wrong) :-
    tabula_new(uttt, [], U0),
    tabula_parse_move(U0, "c nw", UM),
    tabula_move(U0, UM, U1),
    tabula_move_error(U1, "c c", E1),
    assertion(E1 == "You must play in board nw."),
    tabula_new(fourmation, [size(5)], F0),
    tabula_move(F0, 2-2, F1),
    tabula_move_error(F1, "2 2", E2),
    assertion(E2 == "2 2 is taken."),
    tabula_move_error(F1, "0 0", E3),
    assertion(E3 == "0 0 is not next to the last cube, 2 2."),
    tabula_new(crosscut, [size(5)], C0),
    tabula_parse_move(C0, "c3", CM),
    tabula_move(C0, CM, C1),
    tabula_move_error(C1, "c3", E4),
    assertion(E4 == "c3 is taken."),
    tabula_move_error(C1, "a3", E5),
    assertion(sub_string(E5, 0, _, _, "a3 is on the border")),
    tabula_new(futlog, [], L0),
    tabula_move_error(L0, "e9", E6),
    assertion(E6 == "e9 is not next to the ball (at e6)."),
    tabula_move_error(L0, "e7 e6", E7),
    assertion(sub_string(E7, 0, _, _, "The move ends at e7")).

% Taking steps one at a time always ends in a legal move.
test(futlog_steps_make_legal_moves) :-
    positions(futlog, Games),
    forall(( member(G, Games), tabula_status(G, to_move(_)) ),
           ( tabula_steps(G, [], Next),
             forall(member(Step-_, Next),
                    ( walk_steps(G, [Step], Path),
                      assertion(tabula_move(G, Path, _)) )) )).

test(the_same_notation_for_boards_and_moves, [forall(tabula_game(Name, _))]) :-
    tabula_new(Name, [], G),
    tabula_board(G, none, Board),
    assertion(is_dict(Board)),
    (   Name == futlog
    ->  assertion(Board.steps \== [])
    ;   Board.targets = [T|_],
        assertion(tabula_parse_move(G, T.move, _))
    ).

test(demo_prints_the_notation, [condition(\+ sanitized)]) :-
    with_output_to(string(Out), play_demo([time(0.05)])),
    aggregate_all(count, sub_string(Out, _, _, _, "=================================================="), N),
    assertion(N =:= 8),
    assertion(\+ sub_string(Out, _, _, _, "move(")),
    assertion(\+ sub_string(Out, _, _, _, "p(")),
    assertion(sub_string(Out, _, _, _, " plays ")).

:- end_tests(tabula_play_notation).

walk_steps(G, Prefix, Path) :-
    (   tabula_move(G, Prefix, _)
    ->  Path = Prefix
    ;   tabula_steps(G, Prefix, [Step-_|_]),
        append(Prefix, [Step], Prefix1),
        walk_steps(G, Prefix1, Path)
    ).
