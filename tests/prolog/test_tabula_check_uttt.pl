:- module(test_tabula_check_uttt, []).
/*  The conformance checker on UTTT programs: our own drop-in, loaded as
    a course folder loads it, agrees on every predicate; each program of
    tests/prolog/data/check/uttt/ with a planted fault is found to have
    exactly that fault (and the faults that follow from it), with a
    counterexample that replays; the command line's exit status, the
    regression tests written by save_tests/1 and the plunit unit of
    tabula_check_unit/3 work on real files.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(readutil)).
:- use_module(test_support).
:- use_module(library(tabula/check)).
:- use_module(library(tabula/check_core)).
:- use_module(library(tabula/check_report)).

check(Program, Positions, Report) :-
    swipl_executable(Exe),
    test_seed(check_uttt, Seed),
    check(Program, Positions, Seed, Exe, Report).

check(Program, Positions, Seed, Exe, Report) :-
    check(Program, Positions, Seed, Exe, [], Report).

check(Program, Positions, Seed, Exe, Extra, Report) :-
    append(Extra, [ quiet(true), seed(Seed), positions(Positions), budget(600),
                    executable(Exe), time(3), inferences(20000000), shrink_time(20) ], Options),
    tabula_check(uttt, Program, Report, Options).

plant(Name, Path) :-
    atom_concat('tests/prolog/data/check/uttt/', Name, Rel),
    source_file_path(Rel, Path).

dropin_course(Dir) :-
    scratch_folder(uttt_check_dropin, Dir),
    source_file_path('examples/dropin/uttt/uttt.pl', DropIn),
    copy_into(DropIn, Dir).

% The planted faults, the faults each must show, and nothing else.
planted('missed_diagonal.pl', [getBoardResult/2-wrong_answer]).
planted('duplicate_move.pl', [validMove/2-duplicate]).
planted('second_answer.pl', [getNextPlayer/2-second_answer]).
planted('wrong_determinism.pl', [validMove/2-only_first]).
planted('rejects_legal.pl', [makeMove/3-failed]).
planted('loop.pl', [dummy_last/2-inference_limit]).
planted('stack_overflow.pl', [narrowGreedy/2-stack_overflow]).
planted('halt.pl', [greedy/2-halted]).
planted('crash.pl', [bestMoves/2-crashed]).

:- begin_tests(tabula_check_uttt).

% SWI-Prolog 10.0's call_with_inference_limit/3 raised a false stack
% overflow when no limit was in force and the global stack was just full
% (library(tabula/sandbox_child) serves under an outer limit since). This
% seed met it on 10.0.1, in bestIndividualMoves/3, at every run.
test(no_false_stack_overflow) :-
    swipl_executable(Exe),
    dropin_course(Dir),
    directory_file_path(Dir, 'uttt.pl', Program),
    tabula_check(uttt, Program, Report,
                 [quiet(true), seed(3), positions(60), budget(600), executable(Exe)]),
    check_report_faults(Report, Faults),
    assertion(Faults == []).

test(dropin_agrees_on_every_predicate) :-
    (   thorough -> N = 10000 ; scaled(200, 30, N) ),
    dropin_course(Dir),
    directory_file_path(Dir, 'uttt.pl', Program),
    check(Program, N, Report),
    Report = report(uttt, Info, Preds),
    assertion(memberchk(status(checked), Info)),
    check_report_faults(Report, Faults),
    (   Faults == [] -> true ; check_print_report(user_error, Report) ),
    assertion(Faults == []),
    forall(member(pred(PI, Status, _, _), Preds),
           assertion(PI-Status \= _-faulty)),
    % both names of the available boards: the drop-in defines both
    assertion(\+ memberchk(pred(_, undefined, _, _), Preds)),
    check_report_status(Report, 0).

% A 64 MB stack: the planted overflow comes four times sooner than at the
% default 256 MB, well inside the 3 s a call on a loaded machine (at 256 MB
% it took 3 s of CPU, and under the sanitizer suites' load one call in nine
% ran out of time first).
test(planted_faults_are_found_and_nothing_else, [forall(planted(File, Expected))]) :-
    plant(File, Program),
    swipl_executable(Exe),
    test_seed(check_uttt, Seed),
    check(Program, 60, Seed, Exe, [stack(64)], Report),
    check_report_faults(Report, Faults),
    (   Faults == Expected -> true ; check_print_report(user_error, Report) ),
    assertion(Faults == Expected),
    check_report_status(Report, 1),
    % the counterexample replays: its moves are legal from the start
    Report = report(_, _, Preds),
    forall(( member(pred(_, _, _, Fs), Preds), member(fault(_, _, example(pos(H, S), _, _)), Fs) ),
           ( is_list(H) -> assertion(check_replay(uttt, H, S)) ; true )).

test(faults_at_the_start_shrink_to_the_start, [forall(member(File, ['second_answer.pl', 'duplicate_move.pl', 'wrong_determinism.pl']))]) :-
    plant(File, Program),
    check(Program, 40, Report),
    Report = report(_, _, Preds),
    member(pred(_, faulty, _, [fault(_, _, example(pos(H, _), _, _))]), Preds),
    !,
    assertion(H == []).

test(missed_diagonal_counterexample_shows_the_diagonal) :-
    plant('missed_diagonal.pl', Program),
    check(Program, 60, Report),
    Report = report(_, _, Preds),
    memberchk(pred(getBoardResult/2, faulty, _, [fault(wrong_answer, _, example(pos(H, _), Case, _))]), Preds),
    Case = case(Board, _, _, one(Winner), _),
    assertion(Board = [Winner, _, _, _, Winner, _, _, _, Winner]),
    length(H, L),
    assertion(L >= 5),
    check_fault_text(uttt, example(pos(H, _), Case, fault(wrong_answer, answer(''))), Text),
    assertion(sub_string(Text, _, _, _, "getBoardResult(")).

test(command_line_exit_status) :-
    dropin_course(Dir),
    plant('second_answer.pl', Plant),
    forall(member(Program-Expected, ['uttt.pl'-0, Plant-1, 'missing.pl'-2]),
           ( run_swipl(Dir, ['-g', 'use_module(library(tabula/check))', '-g', tabula_check_main, '-t', halt,
                             '--', uttt, Program, '--positions', '20', '--seed', '7'],
                       Status, Out, _),
             assertion(Status-Program == Expected-Program),
             (   Expected < 2 -> assertion(sub_string(Out, _, _, _, "Summary:")) ; true ) )).

test(save_tests_writes_failing_regression_tests) :-
    plant('second_answer.pl', Program),
    scratch_folder(uttt_check_saved, Dir),
    directory_file_path(Dir, 'regressions.pl', File),
    swipl_executable(Exe),
    tabula_check(uttt, Program, _, [quiet(true), positions(30), executable(Exe), save_tests(File)]),
    read_file_to_string(File, Text, []),
    assertion(sub_string(Text, _, _, _, "getNextPlayer")),
    source_file_path('prolog/tabula/check_course/uttt', Course),
    forall(member(F, ['files.pl', 'utils.pl']), ( directory_file_path(Course, F, P), copy_into(P, Dir) )),
    run_swipl(Dir, ['-g', 'consult(\'regressions.pl\')', '-g', run_tests, '-t', halt], Status, Out, Err),
    assertion(Status \== 0),
    string_concat(Out, Err, All),
    assertion(sub_string(All, _, _, _, "getNextPlayer/2 second_answer")).

test(plunit_unit_one_failure_per_faulty_predicate) :-
    plant('second_answer.pl', Program),
    scratch_folder(uttt_check_unit, Dir),
    format(string(Test), ":- use_module(library(tabula/check)).~n:- tabula_check_unit(uttt, ~q, [positions(20)]).~n", [Program]),
    write_file(Dir, 'test_conforms.pl', Test),
    run_swipl(Dir, ['-g', 'consult(test_conforms)', '-g', run_tests, '-t', halt], Status, Out, Err),
    assertion(Status \== 0),
    string_concat(Out, Err, All),
    assertion(sub_string(All, _, _, _, "getNextPlayer/2")),
    assertion(sub_string(All, _, _, _, "1 test failed")).

:- end_tests(tabula_check_uttt).
