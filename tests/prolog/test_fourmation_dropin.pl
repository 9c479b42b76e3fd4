:- module(test_fourmation_dropin, []).
/** <module> 4Mation drop-in: the example file in a scratch course folder

A separate swipl consults examples/dropin/fourmation/4mation.pl the way a
student or a course harness does, calls the report's predicates from
`user`, and plays `play.` with its standard input from a script.
*/

:- use_module(library(plunit)).
:- use_module(library(process)).
:- use_module(library(readutil)).
:- use_module('test_support').

course_folder(Dir) :-
    scratch_folder(fourmation_course, Dir),
    source_file_path('examples/dropin/fourmation/4mation.pl', File),
    copy_into(File, Dir).

% Like test_support:run_swipl/5, but Input is written to swipl's stdin.
run_swipl_with_input(Dir, Args, Input, Status, Out, Err) :-
    (   getenv('TABULA_SWIPL', Exe) -> true ; current_prolog_flag(executable, Exe) ),
    findall(Arg, ( member(Var-Alias, ['TABULA_FOREIGN_DIR'-foreign, 'TABULA_LIBRARY_DIR'-library]),
                   getenv(Var, Path),
                   member(Arg, ['-p', Alias=Path]) ), PathArgs0),
    maplist([A0, A]>>( A0 = (K=V) -> format(atom(A), '~w=~w', [K, V]) ; A = A0 ), PathArgs0, PathArgs),
    append([['--no-packs', '--on-warning=status', '--on-error=status'], PathArgs, Args], AllArgs),
    process_create(Exe, AllArgs,
                   [ cwd(Dir), stdin(pipe(InS)), stdout(pipe(OutS)), stderr(pipe(ErrS)),
                     process(Pid) ]),
    write(InS, Input), close(InS),
    read_string(OutS, _, Out), close(OutS),
    read_string(ErrS, _, Err), close(ErrS),
    process_wait(Pid, exit(Status)).

:- begin_tests(fourmation_dropin).

test(course_harness) :-
    course_folder(Dir),
    Goal = "consult('4mation.pl'), \c
            initial_state(4, S0), valid_moves(S0, M0), length(M0, 16), \c
            move(S0, 0-0, S1), next_player(S1, human, S2), \c
            valid_moves(S2, [0-1,1-0,1-1]), \c
            move(S2, 0-1, S3), next_player(S3, _, S4), \c
            \\+ game_over(S4, _), value(S4, white, V), integer(V), \c
            value(S4, 1-0, LV), integer(LV), \c
            choose_move(S4, 2, M), memberchk(M, [1-0,1-1,1-2,0-2]), \c
            display_game(S4), write(harness_ok), nl",
    run_swipl(Dir, ['-g', Goal, '-t', halt], Status, Out, Err),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _, "harness_ok")),
    assertion(Err == "").

test(play_with_scripted_stdin) :-
    course_folder(Dir),
    run_swipl_with_input(Dir, ['-g', play, '-t', halt, '4mation.pl'],
                         "1\n4\n0 0\n0 1\nnonsense\n1 0\n1 1\n2 0\n2 1\n3 0\n0\n",
                         Status, Out, Err),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _, "white (human) wins!")),
    assertion(sub_string(Out, _, _, _, "Please type a line and a column")),
    assertion(Err == "").

test(play_at_end_of_input) :-
    % stdin is empty: play/0 ends quietly.
    course_folder(Dir),
    run_swipl(Dir, ['-g', play, '-t', halt, '4mation.pl'], Status, Out, _),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _, "End of input: bye.")).

test(bad_state_is_an_error_not_a_crash) :-
    course_folder(Dir),
    Goal = "consult('4mation.pl'), \c
            catch(valid_moves(gameState(x, y, z), _), error(E, _), true), \c
            E == type_error(fourmation_state, gameState(x, y, z)), write(error_ok), nl",
    run_swipl(Dir, ['-g', Goal, '-t', halt], Status, Out, _),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _, "error_ok")).

:- end_tests(fourmation_dropin).
