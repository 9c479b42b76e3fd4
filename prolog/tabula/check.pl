:- module(tabula_check,
          [ tabula_check/2,           % +Game, +Program
            tabula_check/4,           % +Game, +Program, -Report, +Options
            tabula_check_main/0,
            tabula_conforms/3,        % +Game, +Program, +Options
            tabula_check_unit/3,      % +Game, +Program, +Options
            tabula_check_predicate/4  % +Game, +Program, +PI, +Options
          ]).
/** <module> Is a student's program right? Check it against the exact engine

    ?- tabula_check(uttt, 'path/to/uttt.pl').

runs the program in a sandbox (library(tabula/sandbox)), asks it every
course predicate on positions of random games and the statement's
examples, compares each answer with Tabula's engine, reduces every
disagreement to a minimal counterexample and prints a report
(docs/check.md reads one line by line). From the command line, with an
exit status of 0 (all agree), 1 (faults found) or 2 (the program could not
be checked):

    swipl -g tabula_check_main -t halt -- uttt path/to/uttt.pl --seed 42

In a plunit file, one test per course predicate (each fails with its
counterexample):

    :- use_module(library(tabula/check)).
    :- tabula_check_unit(uttt, 'uttt.pl', []).

Options (tabula_check/4 and the command line's `--name value`):

  - seed(N): the random games (default 1; the same seed, the same check)
  - positions(N): how many positions (default 300)
  - budget(Seconds): no new position after this (default 50)
  - shrink_time(Seconds): time to shrink each fault (default 10)
  - time(Seconds), inferences(N): limits per call (default 5, 100,000,000)
  - save_tests(File): write the counterexamples as plunit tests
  - adapter(File): how a 4Mation or CrossCut program's terms read (docs/check.md)
  - isolation(auto|bwrap|none), memory(MB), cpu(Seconds), ...: the
    sandbox's options
  - quiet(true): tabula_check/4 prints nothing
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(library(tabula/check_core)).
:- use_module(library(tabula/check_report)).
:- use_module(library(tabula/games)).

% Every game's course profile (<game>_check.pl) that exists registers
% itself with check_core when loaded.
:- forall(tabula_game_name(G),
          (   atom_concat(G, '_check', Base),
              absolute_file_name(library(tabula/Base), _,
                                 [file_type(prolog), access(read), file_errors(fail)])
          ->  use_module(library(tabula/Base), [])
          ;   true
          )).


%!  tabula_check(+Game, +Program) is det.
%
%   Checks Program (a file or folder, as the game's course holds it)
%   with the default options and prints the report.
tabula_check(Game, Program) :-
    tabula_check(Game, Program, _, []).

%!  tabula_check(+Game, +Program, -Report, +Options) is det.
%
%   Report is the report term of checking Program (library(tabula/check_report)
%   describes it). Prints it unless quiet(true); writes the
%   counterexamples as plunit tests with save_tests(File). Raises
%   domain_error(check_game, Game) for a game without a course profile
%   and existence_error(file, F) when the program is not there.
tabula_check(Game, Program, Report, Options) :-
    must_be(atom, Game),
    must_be(atomic, Program),
    must_be(list, Options),
    check_games(Games),
    (   memberchk(Game, Games) -> true ; domain_error(check_game, Game) ),
    check_child_paths(PathArgs),
    option(swipl_args(Extra), Options, []),
    append(PathArgs, Extra, SwiplArgs),
    merge_options([swipl_args(SwiplArgs)], Options, RunOptions),
    check_run(Game, Program, RunOptions, Report),
    (   option(quiet(true), Options)
    ->  true
    ;   check_print_report(Report)
    ),
    (   option(save_tests(File), Options)
    ->  check_core:profile(Game, M),
        M:check_program(Program, program(Folder, Loads, _)),
        absolute_file_name(Folder, AbsFolder),
        maplist(absolute_load(AbsFolder), Loads, AbsLoads),
        check_save_tests(Report, AbsLoads, File)
    ;   true
    ).

% The regression tests load the program from where it is.
absolute_load(Folder, Goal0, Goal) :-
    Goal0 =.. [F, File0],
    (   atom(File0), \+ is_absolute_file_name(File0)
    ->  directory_file_path(Folder, File0, File)
    ;   File = File0
    ),
    Goal =.. [F, File].

%!  tabula_check_main is det.
%
%   The command line: `swipl -g tabula_check_main -t halt -- Game Program
%   [--seed N] [--positions N] [--budget S] [--time S] [--save-tests F]
%   [--isolation none] [--report-term F] [--report-text F]`. Prints the
%   report (and writes it to the files given: the report term, readable
%   by read_term/2, and the printed text; each atomically, the term
%   last) and halts with 0 when every predicate agrees, 1 when faults
%   were found, 2 when the program could not be checked (or the
%   arguments are wrong). `-- --batch Game Folder --out Dir [--jobs N]
%   [--retries N] [--swipl Exe] [--backend slurm --partition P ...]
%   [check options]` checks every
%   submission of Folder (check_batch/4 of library(tabula/check_batch)):
%   0 when every one was checked, 2 when some could not be (or it was
%   stopped by a signal).
tabula_check_main :-
    current_prolog_flag(argv, Argv),
    catch(main_(Argv, Status), E,
          ( print_message(error, E), Status = 2 )),
    halt(Status).

main_(['--batch'|Argv], Status) :-
    !,
    (   Argv = [GameA, Folder|Rest],
        atom_string(Game, GameA),
        cli_options(batch, Rest, Options),
        memberchk(out(_), Options)
    ->  use_module(library(tabula/check_batch), []),
        catch(( check_batch:check_batch(Game, Folder, Options, Results),
                (   memberchk(_-failed(_), Results) -> Status = 2 ; Status = 0 ) ),
              error(signal(Signal, _), _),
              ( format(user_error, "~NStopped by SIG~w: the same command checks the rest.~n",
                       [Signal]),
                Status = 2 ))
    ;   usage,
        Status = 2
    ).
main_(Argv, Status) :-
    (   Argv = [GameA, Program|Rest],
        atom_string(Game, GameA),
        cli_options(one, Rest, Options)
    ->  tabula_check(Game, Program, Report, Options),
        report_files(Report, Options),
        check_report_status(Report, Status)
    ;   usage,
        Status = 2
    ).

usage :-
    format(user_error,
           "usage: swipl -g tabula_check_main -t halt -- Game Program [--seed N] [--positions N]~n       [--budget Seconds] [--time Seconds] [--save-tests File] [--isolation auto|bwrap|none]~n       [--report-term File] [--report-text File]~n   or: swipl -g tabula_check_main -t halt -- --batch Game Folder --out Dir [--jobs N] [--retries N] [--swipl Exe]~n       [--seed N] [--positions N] ...~n", []).

cli_options(_, [], []).
cli_options(Mode, [Flag, Value|Rest], [Option|Options]) :-
    atom_concat('--', Name0, Flag),
    atomic_list_concat(Parts, '-', Name0),
    atomic_list_concat(Parts, '_', Name),
    cli_option(Mode, Name),
    (   file_option(Name) -> atom_string(V, Value)
    ;   atom_number(Value, N) -> V = N
    ;   atom_string(V, Value)
    ),
    Option =.. [Name, V],
    cli_options(Mode, Rest, Options).

cli_option(_, Name) :-
    memberchk(Name, [seed, positions, budget, shrink_time, time, inferences,
                     isolation, memory, cpu]).
cli_option(one, Name) :-
    memberchk(Name, [save_tests, report_term, report_text, adapter]).
cli_option(batch, Name) :-
    memberchk(Name, [out, jobs, retries, swipl, backend, partition, account, time_limit,
                     array_size, shared_dir, poll_interval]).

file_option(Name) :-
    memberchk(Name, [save_tests, report_term, report_text, out, adapter, swipl, shared_dir]).

% The printed report first, the term last: a batch takes the term file
% as the sign that the check has ended.
report_files(Report, Options) :-
    (   option(report_text(Text), Options)
    ->  write_atomically(Text, report_text(Report))
    ;   true
    ),
    (   option(report_term(Term), Options)
    ->  write_atomically(Term, report_term(Report))
    ;   true
    ).

report_text(Report, Out) :-
    check_print_report(Out, Report).

report_term(Report, Out) :-
    format(Out, "~k.~n", [Report]).

write_atomically(File, Write) :-
    atom_concat(File, '.tmp', Tmp),
    setup_call_cleanup(open(Tmp, write, Out, [encoding(utf8)]),
                       call(Write, Out),
                       close(Out)),
    rename_file(Tmp, File).

                 /*******************************
                 *            PLUNIT            *
                 *******************************/

:- dynamic cached_report/3.             % Key, Options, Report

%!  tabula_conforms(+Game, +Program, +Options) is semidet.
%
%   True when every course predicate Program defines agrees with the
%   engine; otherwise prints the report to user_error and fails. For a
%   plunit test: `test(conforms) :- tabula_conforms(uttt, 'uttt.pl', [])`.
tabula_conforms(Game, Program, Options) :-
    report_for(Game, Program, Options, Report),
    check_report_status(Report, Status),
    (   Status =:= 0
    ->  true
    ;   check_print_report(user_error, Report),
        fail
    ).

% One check per program and options, shared by the tests of a unit.
report_for(Game, Program, Options, Report) :-
    must_be(list, Options),
    (   cached_report(Game-Program, Options, R)
    ->  Report = R
    ;   tabula_check(Game, Program, R, [quiet(true)|Options]),
        assertz(cached_report(Game-Program, Options, R)),
        Report = R
    ).

%!  tabula_check_predicate(+Game, +Program, +PI, +Options) is semidet.
%
%   True when PI (Name/Arity, a course predicate of Game) agrees with the
%   engine in the check of Program (done once for all predicates), or
%   Program does not define it; otherwise prints its counterexamples to
%   user_error and fails. The tests of tabula_check_unit/3 call it.
tabula_check_predicate(Game, Program, PI, Options) :-
    must_be(ground, PI),
    report_for(Game, Program, Options, Report),
    Report = report(_, Info, Preds),
    (   memberchk(status(unchecked(_)), Info)
    ->  check_print_report(user_error, Report),
        fail
    ;   memberchk(pred(PI, Status, Calls, Faults), Preds)
    ->  (   memberchk(Status, [faulty, timed_out])
        ->  forall(member(fault(Kind, Count, Example), Faults),
                   ( check_fault_text(Game, Example, Text),
                     check_compare:check_fault_kind_text(Kind, KT),
                     format(user_error, "~N~q ~s (~D of ~D calls).~n~s", [PI, KT, Count, Calls, Text]) )),
            fail
        ;   true
        )
    ;   domain_error(check_predicate, PI)
    ).

%!  tabula_check_unit(+Game, +Program, +Options) is det.
%
%   As a directive in a plunit file, `:- tabula_check_unit(uttt,
%   'uttt.pl', []).` becomes a unit `tabula_check_<Game>` with one test
%   per course predicate, each failing with its counterexamples. Called
%   as a goal, it checks its arguments only.
tabula_check_unit(Game, Program, Options) :-
    must_be(atom, Game),
    must_be(atomic, Program),
    must_be(list, Options),
    check_games(Games),
    (   memberchk(Game, Games) -> true ; domain_error(check_game, Game) ).

:- multifile system:term_expansion/2.

system:term_expansion((:- tabula_check_unit(Game, Program0, Options)), Clauses) :-
    atom(Game),
    prolog_load_context(module, Module),
    Module \== tabula_check,
    catch(check_game_predicates(Game, PIs), _, fail),
    (   prolog_load_context(directory, Dir), atom(Program0), \+ is_absolute_file_name(Program0)
    ->  directory_file_path(Dir, Program0, Program)
    ;   Program = Program0
    ),
    atom_concat(tabula_check_, Game, Unit),
    % The unit is written to a file and included, so that plunit reads
    % its tests as it reads any other (expanded clauses would miss the
    % unit's module).
    tmp_file_stream(text, File, Out),
    setup_call_cleanup(
        true,
        ( portray_clause(Out, (:- begin_tests(Unit))),
          forall(member(PI, PIs),
                 ( format(atom(Name), '~q', [PI]),
                   portray_clause(Out, (test(Name) :- tabula_check:tabula_check_predicate(Game, Program, PI, Options))) )),
          portray_clause(Out, (:- end_tests(Unit))) ),
        close(Out)),
    Clauses = [(:- include(File))].
