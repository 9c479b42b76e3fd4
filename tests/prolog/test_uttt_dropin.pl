:- module(test_uttt_dropin, []).
/*  The drop-in file in a course folder: a scratch folder with stand-ins of
    the course's harness files and examples/dropin/uttt/uttt.pl, loaded by a
    separate swipl the way a student does (consult, then vmcheck).
*/
:- use_module(library(plunit)).
:- use_module(test_support).

course_folder(Dir) :-
    scratch_folder(uttt_course, Dir),
    source_file_path('tests/prolog/data/uttt_course', Harness),
    forall(member(F, ['files.pl', 'utils.pl', 'checker.pl']),
           ( directory_file_path(Harness, F, Path), copy_into(Path, Dir) )),
    source_file_path('examples/dropin/uttt/uttt.pl', DropIn),
    copy_into(DropIn, Dir).

:- begin_tests(uttt_dropin).

test(course_checker_passes_without_warnings) :-
    course_folder(Dir),
    run_swipl(Dir, ['-g', 'consult(uttt)', '-g', vmcheck, '-t', halt], Status, Out, Err),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _, "ALL OK")),
    assertion(\+ sub_string(Err, _, _, _, "Warning")),
    assertion(\+ sub_string(Err, _, _, _, "ERROR")).

test(exports_only_the_course_predicates) :-
    % nothing of ours but the course's names lands in user
    course_folder(Dir),
    run_swipl(Dir, ['-g', 'consult(uttt)',
                    '-g', 'forall((predicate_property(user:H, imported_from(uttt)), functor(H,N,A)), (write(N/A), nl))',
                    '-t', halt], Status, Out, _),
    assertion(Status == 0),
    split_string(Out, "\n", "", Lines0), exclude(==(""), Lines0, Lines), msort(Lines, Sorted),
    assertion(Sorted == ["bestIndividualMoves/3", "bestMoves/2", "buildState/3", "dummy_first/2",
                         "dummy_last/2", "getAvailableBoards/2", "getBoard/3", "getBoardResult/2",
                         "getBoards/2", "getNextAvailableBoards/2", "getNextPlayer/2", "getPos/3",
                         "getPos/4", "getUBoard/2", "greedy/2", "initialState/1", "makeMove/3",
                         "movePriority/4", "narrowGreedy/2", "validMove/2"]).

test(standalone_toplevel_use) :-
    % no course files at all: the library and its printing on their own
    scratch_folder(uttt_alone, Dir),
    run_swipl(Dir, ['-g', 'use_module(library(tabula/uttt))', '-g', 'use_module(library(tabula/uttt_tools))',
                    '-g', 'initialState(S), makeMove(S, (c,c), S1), makeMove(S1, n, S2), printBoards(S2)',
                    '-t', halt], Status, Out, Err),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _, "Next: x, boards [n]")),
    assertion(Err == "").

:- end_tests(uttt_dropin).
