/*  The conformance checker's cost, in one run: for a complete UTTT
    program in plain Prolog (bench/data/uttt_pure_program.pl on the
    reference rules), the same program with a planted fault, and the
    drop-in on the engine, a default check (tabula_check/4, default
    options, seed 1): its wall time; the checker's own CPU time against
    the CPU time of the program's process, split into the checker's own
    work (positions, engine answers, comparison, shrinking) and the
    sandbox protocol; and the time each fault took to shrink.
    The check runs with isolation(none): under bwrap the program's
    process is not a waited-for child, and its CPU time cannot be read.
    On one core, as the figures in bench/RESULTS.md were taken:
      taskset -c 0 swipl -p foreign=lib/x86_64-linux -p library=prolog bench/check_bench.pl
*/
:- use_module(library(tabula/check)).
:- use_module(library(tabula/check_core)).
:- use_module(library(tabula/check_report)).
:- use_module(library(tabula/sandbox)).
:- use_module(library(filesex)).
:- use_module(library(readutil)).
:- use_module(library(lists)).
:- use_module(library(aggregate)).
:- initialization(main, main).

:- dynamic shrunk/2.                      % PI, Seconds
:- dynamic phase_cpu/2.                   % Phase, CPU seconds

% Shrinking is timed where it happens, around check_core's shrink step.
:- wrap_predicate(check_core:shrink(_, _, _, _, PI, _, _, _, _), check_bench, Shrink,
                  ( get_time(T0),
                    Shrink,
                    get_time(T1),
                    S is T1 - T0, assertz(user:shrunk(PI, S)) )).

% The sandbox's part of this process's CPU: every call of its API (few,
% so that timing them costs nothing that counts); the checker's own
% work (positions, engine answers, comparison, shrinking) is the rest.
:- wrap_predicate(tabula_sandbox:sandbox_run(_, _, _, _, _), check_bench, R,
                  user:timed(sandbox, R)).
:- wrap_predicate(tabula_sandbox:sandbox_start(_, _, _), check_bench, S,
                  user:timed(sandbox, S)).
:- wrap_predicate(tabula_sandbox:sandbox_load(_, _, _), check_bench, L,
                  user:timed(sandbox, L)).
:- wrap_predicate(tabula_sandbox:sandbox_defined(_, _, _), check_bench, D,
                  user:timed(sandbox, D)).
:- wrap_predicate(tabula_sandbox:sandbox_stop(_), check_bench, T,
                  user:timed(sandbox, T)).

timed(Phase, Goal) :-
    statistics(cputime, C0),
    call(Goal),
    statistics(cputime, C1),
    C is C1 - C0,
    add_cpu(Phase, C).

add_cpu(Phase, C) :-
    (   retract(phase_cpu(Phase, C0)) -> true ; C0 = 0 ),
    C1 is C0 + C,
    assertz(phase_cpu(Phase, C1)).

program(pure, Dir, File) :-
    program_folder(pure, Dir),
    copy_here('bench/data/uttt_pure_program.pl', Dir, 'uttt.pl'),
    copy_here('tests/reference/uttt_ref.pl', Dir, 'uttt_ref.pl'),
    directory_file_path(Dir, 'uttt.pl', File).
program(pure_missed_diagonal, Dir, File) :-
    program(pure, Dir0, _),
    program_folder(pure_missed_diagonal, Dir),
    copy_directory(Dir0, Dir),
    directory_file_path(Dir, 'uttt.pl', File),
    rewrite_board_result(File).
program(dropin, Dir, File) :-
    program_folder(dropin, Dir),
    copy_here('examples/dropin/uttt/uttt.pl', Dir, 'uttt.pl'),
    directory_file_path(Dir, 'uttt.pl', File).

% getBoardResult/2 of the faulty copy ignores the anti-diagonal.
rewrite_board_result(File) :-
    read_file_to_string(File, Text0, []),
    Old = "getBoardResult(Board, R) :- ref_board_result(Board, R).",
    New = "getBoardResult([A,B,C,D,E,F,G,H,I], R) :- ( C \\== '', C \\== r, C == E, E == G -> ref_board_result([A,B,'',D,E,F,G,H,I], R) ; ref_board_result([A,B,C,D,E,F,G,H,I], R) ).",
    sub_string(Text0, Before, _, After, Old),
    sub_string(Text0, 0, Before, _, Head),
    sub_string(Text0, _, After, 0, Tail),
    atomics_to_string([Head, New, Tail], Text),
    setup_call_cleanup(open(File, write, S), write(S, Text), close(S)).

program_folder(Name, Dir) :-
    tmp_file(check_bench, Base),
    atomic_list_concat([Base, '_', Name], Dir),
    make_directory(Dir).

copy_here(Rel, Dir, Name) :-
    directory_file_path(Dir, Name, Target),
    copy_file(Rel, Target).

main :-
    format("~w~t~22| ~w~t~30| ~w~t~40| ~w~t~50| ~w~t~58| ~w~t~68| ~w~t~78| ~w~t~88| ~w~n",
           [program, 'wall s', 'checker s', 'program s', share, 'own work', 'of wall',
            sandbox, 'faults (shrink s)']),
    forall(member(Name, [pure, pure_missed_diagonal, dropin]), row(Name)),
    format("~nchecker s: this process's CPU time; program s: the CPU time of the program's~n"),
    format("process (bwrap and swipl); share: the checker's part of both; sandbox: its~n"),
    format("calls of library(tabula/sandbox) (the protocol with the program's process);~n"),
    format("own work: the rest (positions, engine answers, comparison, shrinking), as a~n"),
    format("part of both processes' CPU and of the wall time.~n"),
    format("Positions checked: 300 each.~n").

row(Name) :-
    program(Name, _, File),
    retractall(shrunk(_, _)),
    retractall(phase_cpu(_, _)),
    statistics(cputime, C0),
    children_cpu(K0),
    tabula_check(uttt, File, Report, [quiet(true), seed(1), isolation(none)]),
    statistics(cputime, C1),
    children_cpu(K1),
    Report = report(uttt, Info, _),
    memberchk(seconds(Wall), Info),
    Own is C1 - C0,
    Program is K1 - K0,
    Total is Own + Program,
    Share is 100 * Own / Total,
    (   phase_cpu(sandbox, Sandbox) -> true ; Sandbox = 0 ),
    WorkShare is 100 * (Own - Sandbox) / Total,
    WorkWall is 100 * (Own - Sandbox) / Wall,
    SandboxShare is 100 * Sandbox / Total,
    check_report_faults(Report, Faults),
    findall(Text, ( shrunk(PI, S), format(string(Text), "~w ~2f", [PI, S]) ), Shrinks),
    (   Shrinks == [] -> Shown = "none" ; atomic_list_concat(Shrinks, ', ', Shown) ),
    length(Faults, NFaults),
    format("~w~t~22| ~1f~t~30| ~2f~t~40| ~2f~t~50| ~1f%~t~58| ~1f%~t~68| ~1f%~t~78| ~1f%~t~88| ~d (~w)~n",
           [Name, Wall, Own, Program, Share, WorkShare, WorkWall, SandboxShare, NFaults, Shown]).

% CPU seconds of the children this process has waited for (the sandbox's
% swipl, through bwrap): /proc/self/stat's cutime and cstime, in ticks.
children_cpu(Seconds) :-
    read_file_to_string('/proc/self/stat', Stat, []),
    sub_string(Stat, B, _, _, ")"),
    !,
    sub_string(Stat, B, _, 0, Rest),
    split_string(Rest, " ", "", [_, _|Fields]),     % ")" and the state
    nth1(12, Fields, UT), nth1(13, Fields, ST),       % fields 16 and 17
    number_string(U, UT), number_string(S, ST),
    Seconds is (U + S) / 100.
