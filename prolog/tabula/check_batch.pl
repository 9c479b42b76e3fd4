:- module(check_batch,
          [ check_batch/3,            % +Game, +Folder, +Options
            check_batch/4             % +Game, +Folder, +Options, -Results
          ]).
/** <module> Check a folder of submissions: one process per program, a CSV

    ?- check_batch(uttt, 'submissions', [out('checks'), seed(7)]).

    swipl -g "use_module(library(tabula/check))" -g tabula_check_main -t halt \
          -- --batch uttt submissions --out checks --seed 7

A submission is an entry of the folder that the game's course profile
accepts as a program (for UTTT: a subfolder holding `uttt.pl`, or a `.pl`
file). Each is checked by the command line of library(tabula/check) in a
process of its own, through library(tabula/jobs), which writes
`Out/reports/<Name>.txt` (the report as printed) and `<Name>.term` (the
report term) and its output to `Out/logs/<Name>.log`. A program whose
`.term` exists is not checked again, so a killed batch started again
checks only the rest. Then every report goes into `Out/summary.csv`, one
row per program and predicate, and a table is printed.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(library(filesex)).
:- use_module(library(csv)).
:- use_module(library(pairs)).
:- use_module(library(readutil)).
:- use_module(library(tabula/jobs)).
:- use_module(library(tabula/check_core)).
:- use_module(library(tabula/check_report)).
:- use_module(library(tabula/check), []).     % loads the course profiles

:- dynamic failed_/3.                   % Key, Name, Why

%!  check_batch(+Game, +Folder, +Options) is det.
%
%   Checks every submission of Folder and prints a summary table, as
%   check_batch/4.
check_batch(Game, Folder, Options) :-
    check_batch(Game, Folder, Options, _).

%!  check_batch(+Game, +Folder, +Options, -Results) is det.
%
%   Checks every submission of Folder (each in its own process, at most
%   jobs(N) at once), writes Out/summary.csv and, unless quiet(true),
%   prints progress and a table. Results is Name-report(Report) for
%   each program checked and Name-failed(Why) for each that could not be
%   run (Why as library(tabula/jobs) says it), by name. Options: out(Dir)
%   (required), jobs(N) (default the cores), retries(N) (default 1),
%   swipl(Exe) (the checks' swipl, default this one), quiet(Bool),
%   backend(B) and the backend's options (library(tabula/jobs): `slurm`
%   with partition(P), account(A), time_limit(Minutes), poll_interval(S),
%   shared_dir(Dir) (default Out/jobs.slurm), ...), and the
%   check's seed(N), positions(N), budget(S), shrink_time(S), time(S),
%   inferences(N), isolation(I), memory(MB), cpu(S), the same for every
%   program. Raises domain_error(check_game, Game) for a game without a
%   course profile and existence_error(directory, Folder) when Folder is
%   not one, permission_error(reuse, check_batch_folder, Out) when the
%   reports in Out come from checks with other options.
check_batch(Game, Folder, Options, Results) :-
    must_be(atom, Game),
    must_be(atomic, Folder),
    must_be(list, Options),
    check_games(Games),
    (   memberchk(Game, Games) -> true ; domain_error(check_game, Game) ),
    (   exists_directory(Folder) -> true ; existence_error(directory, Folder) ),
    option(out(Out0), Options, _),
    must_be(atomic, Out0),
    current_prolog_flag(cpu_count, Cores),
    option(jobs(Concurrency), Options, Cores),
    must_be(positive_integer, Concurrency),
    option(retries(Retries), Options, 1),
    must_be(nonneg, Retries),
    maplist(check_option, Options),
    absolute_file_name(Out0, Out),
    directory_file_path(Out, reports, Reports),
    directory_file_path(Out, logs, Logs),
    make_directory_path(Reports),
    check_args(Options, CheckArgs),
    same_settings(Out, Game, CheckArgs),
    submissions(Game, Folder, Out, Subs, Rejected),
    (   option(swipl(Exe), Options) -> must_be(atomic, Exe) ; current_prolog_flag(executable, Exe) ),
    maplist(job(Exe, Game, Reports, CheckArgs), Subs, Jobs),
    (   option(quiet(true), Options) -> Quiet = true ; Quiet = false ),
    jobs_status(Jobs, status(Done, _)),
    length(Jobs, NJobs),
    length(Done, NDone),
    ToRun is NJobs - NDone,
    say(Quiet, "~D programs in ~w, ~D checked before; checking ~D, at most ~D at once~n",
        [NJobs, Folder, NDone, ToRun, Concurrency]),
    gensym(check_batch_, Key),
    setup_call_cleanup(
        true,
        ( include(backend_option, Options, BackendOptions0),
          shared_dir(Out, BackendOptions0, BackendOptions),
          jobs_run(Jobs, [ concurrency(Concurrency), retries(Retries), cwd(Out),
                           log_dir(Logs), on_event(event(Key, Quiet, Logs))
                         | BackendOptions ]),
          findall(Name-Why, failed_(Key, Name, Why), Failed) ),
        retractall(failed_(Key, _, _))),
    maplist(result(Failed), Subs, Jobs, Results),
    directory_file_path(Out, 'summary.csv', Csv),
    write_summary(Csv, Results),
    (   Quiet == true
    ->  true
    ;   print_table(Folder, Game, Results, Rejected, Logs, Out)
    ).

% The reports of one output folder come from checks with the same
% options: a batch started again with others would mix them.
same_settings(Out, Game, CheckArgs) :-
    directory_file_path(Out, 'batch.term', File),
    Settings = settings(Game, CheckArgs),
    (   exists_file(File)
    ->  (   catch(read_file_to_terms(File, [Old], []), _, fail),
            Old == Settings
        ->  true
        ;   permission_error(reuse, check_batch_folder, Out)
        )
    ;   atom_concat(File, '.tmp', Tmp),
        setup_call_cleanup(open(Tmp, write, S, [encoding(utf8)]),
                           format(S, "~k.~n", [Settings]),
                           close(S)),
        rename_file(Tmp, File)
    ).

% Where the checks run: library(tabula/jobs)'s backend and its options.
backend_option(O) :-
    compound(O),
    compound_name_arity(O, Name, 1),
    memberchk(Name, [backend, partition, account, time_limit, array_size, shared_dir,
                     sbatch_args, poll_interval]).

% A backend's shared folder is in Out unless one is given: the nodes see
% it wherever they see the reports.
shared_dir(_, Options, Options) :-
    memberchk(shared_dir(_), Options),
    !.
shared_dir(Out, Options, [shared_dir(Dir)|Options]) :-
    directory_file_path(Out, 'jobs.slurm', Dir).

% The check's options are checked here once, not by every check.
check_option(O) :-
    (   compound(O), compound_name_arity(O, Name, 1), check_type(Name, Type)
    ->  arg(1, O, V),
        must_be(Type, V)
    ;   true
    ).

check_type(seed, integer).
check_type(positions, nonneg).
check_type(budget, number).
check_type(shrink_time, number).
check_type(time, number).
check_type(inferences, positive_integer).
check_type(isolation, oneof([auto, bwrap, none])).
check_type(memory, number).
check_type(cpu, number).

say(true, _, _) :- !.
say(false, Format, Args) :-
    format(user_error, Format, Args).

                 /*******************************
                 *         SUBMISSIONS          *
                 *******************************/

%   Subs: sub(Name, Program) for the entries the profile accepts, by
%   name; Rejected: the folders and .pl files it does not. Names are
%   file names (letters, digits, _ . -), unique; the output folder is
%   no submission.
submissions(Game, Folder, Out, Subs, Rejected) :-
    check_core:profile(Game, M),
    directory_files(Folder, Entries0),
    msort(Entries0, Entries),
    findall(E-Path,
            ( member(E, Entries),
              \+ sub_atom(E, 0, _, _, '.'),
              directory_file_path(Folder, E, Path0),
              absolute_file_name(Path0, Path),
              Path \== Out,
              (   exists_directory(Path) -> true ; file_name_extension(_, pl, E) ) ),
            Candidates),
    partition(accepted(M), Candidates, Accepted, Rejected0),
    pairs_keys(Rejected0, Rejected),
    foldl(name_sub, Accepted, Subs, [], _).

accepted(M, _-Path) :-
    catch(M:check_program(Path, _), _, fail).

name_sub(E-Path, sub(Name, Path), Used0, [Name|Used0]) :-
    (   exists_directory(Path) -> Base = E ; file_name_extension(Base, _, E) ),
    atom_codes(Base, Codes0),
    maplist(name_code, Codes0, Codes),
    atom_codes(Name0, Codes),
    unique_name(Name0, Used0, 1, Name).

name_code(C0, C) :-
    (   ( code_type(C0, alnum), C0 < 128 ; memberchk(C0, `_.-`) ) -> C = C0 ; C = 0'_ ).

unique_name(Name0, Used, N, Name) :-
    (   N =:= 1 -> Try = Name0 ; format(atom(Try), '~w_~d', [Name0, N]) ),
    (   memberchk(Try, Used)
    ->  N1 is N + 1,
        unique_name(Name0, Used, N1, Name)
    ;   Name = Try
    ).

                 /*******************************
                 *            JOBS              *
                 *******************************/

% The check's own options become its command line's flags, in a fixed
% order.
check_args(Options, Args) :-
    msort(Options, Sorted),
    findall(Arg,
            ( member(O, Sorted),
              O =.. [Name, Value],
              memberchk(Name, [seed, positions, budget, shrink_time, time, inferences,
                               isolation, memory, cpu]),
              atomic_list_concat(Parts, '_', Name),
              atomic_list_concat(Parts, '-', Dashed),
              atom_concat('--', Dashed, Flag),
              format(atom(V), '~w', [Value]),
              member(Arg, [Flag, V]) ),
            Args).

job(Exe, Game, Reports, CheckArgs, sub(Name, Program), job(Name, Argv, Term)) :-
    file_name_extension(Name, term, TermName),
    file_name_extension(Name, txt, TextName),
    directory_file_path(Reports, TermName, Term),
    directory_file_path(Reports, TextName, Text),
    path_args(PathArgs),
    append([ [Exe], PathArgs,
             [ '-g', 'use_module(library(tabula/check))', '-g', tabula_check_main,
               '-t', halt, '--', Game, Program ],
             CheckArgs,
             [ '--report-text', Text, '--report-term', Term ] ], Argv).

% Each check finds our libraries where this process found them.
path_args(Args) :-
    module_property(check_batch, file(Self)),
    file_directory_name(Self, TabulaDir),
    file_directory_name(TabulaDir, LibDir),
    format(atom(LibArg), 'library=~w', [LibDir]),
    (   absolute_file_name(foreign(tabula_uttt), F,
                           [file_type(executable), access(read), file_errors(fail)])
    ->  file_directory_name(F, ForeignDir),
        format(atom(ForArg), 'foreign=~w', [ForeignDir]),
        Args = ['-p', LibArg, '-p', ForArg]
    ;   Args = ['-p', LibArg]
    ).

:- public event/4.
event(Key, Quiet, Logs, Event) :-
    (   Event = failed(Name, Why)
    ->  assertz(failed_(Key, Name, Why)),
        why_text(Why, Text),
        say(Quiet, "~N~w could not be checked: ~s (~w/~w.log)~n", [Name, Text, Logs, Name])
    ;   Event = progress(Done, Failed, Total)
    ->  progress(Quiet, Done, Failed, Total)
    ;   true
    ).

% One line per step; on a terminal, the same line rewritten.
progress(true, _, _, _) :- !.
progress(false, Done, Failed, Total) :-
    (   stream_property(user_error, tty(true)) -> End = "\r" ; End = "\n" ),
    format(user_error, "~D of ~D programs checked, ~D could not be~s", [Done, Total, Failed, End]),
    (   Done + Failed =:= Total, End == "\r" -> nl(user_error) ; true ),
    flush_output(user_error).

why_text(exit(S), Text) :- !,
    format(string(Text), "the checker ended with status ~w and no report", [S]).
why_text(signal(S), Text) :- !,
    format(string(Text), "the checker was killed by signal ~w", [S]).
why_text(no_result, "the checker ended without its report") :- !.
why_text(no_executable(E), Text) :- !,
    format(string(Text), "no executable ~w", [E]).
why_text(Why, Text) :-
    format(string(Text), "~q", [Why]).

                 /*******************************
                 *           RESULTS            *
                 *******************************/

result(Failed, sub(Name, _), job(_, _, Term), Name-Result) :-
    (   read_report(Term, Report)
    ->  Result = report(Report)
    ;   memberchk(Name-Why, Failed)
    ->  Result = failed(Why)
    ;   exists_file(Term)
    ->  Result = failed(unreadable_report(Term))
    ;   Result = failed(no_result)
    ).

read_report(File, Report) :-
    exists_file(File),
    catch(setup_call_cleanup(open(File, read, In, [encoding(utf8)]),
                             read_term(In, Report, []),
                             close(In)),
          _, fail),
    Report = report(_, Info, Preds),
    is_list(Info),
    is_list(Preds).

write_summary(Csv, Results) :-
    findall(Row, ( member(Name-Result, Results), result_row(Name, Result, Row) ), Rows),
    atom_concat(Csv, '.tmp', Tmp),
    csv_write_file(Tmp, [row(program, predicate, status, detail)|Rows], []),
    rename_file(Tmp, Csv).

result_row(Name, failed(Why), row(Name, '', error, Text)) :-
    why_text(Why, Text).
result_row(Name, report(report(_, Info, Preds)), row(Name, PIText, Status, Detail)) :-
    member(pred(PI, Status0, Calls, Faults), Preds),
    format(atom(PIText), '~q', [PI]),
    csv_status(Status0, Status),
    detail(Status0, Info, Calls, Faults, Detail).

csv_status(agreed, agreed).
csv_status(faulty, faulty).
csv_status(timed_out, timeout).
csv_status(undefined, not_defined).
csv_status(unreached, unreached).
csv_status(unchecked, unchecked).

detail(agreed, _, Calls, _, Detail) :- !,
    (   Calls =:= 1 -> Detail = '1 call' ; format(atom(Detail), '~d calls', [Calls]) ).
detail(unchecked, Info, _, _, Detail) :- !,
    (   memberchk(status(unchecked(Why)), Info)
    ->  unchecked_text(Why, Detail)
    ;   Detail = ''
    ).
detail(_, _, Calls, Faults, Detail) :-
    Faults \== [],
    !,
    findall(T, ( member(fault(Kind, N, _), Faults), format(atom(T), '~w (~d)', [Kind, N]) ), Ts),
    atomic_list_concat(Ts, '; ', Kinds),
    format(atom(Detail), '~w of ~d calls', [Kinds, Calls]).
detail(_, _, _, _, '').

% The sentence the printed report gives (check_report's own wording).
unchecked_text(Why, Text) :-
    (   catch(check_report:unchecked_text(Why, Text0), _, fail)
    ->  atom_string(Text, Text0)
    ;   format(atom(Text), '~q', [Why])
    ).

                 /*******************************
                 *            TABLE             *
                 *******************************/

% Per program checked, its predicates by status; then the programs that
% could not be checked and why; then the entries that are no submission.
print_table(Folder, Game, Results, Rejected, Logs, Out) :-
    length(Results, N),
    format("~nTabula batch check of ~w (~w): ~D program(s)~n~n", [Folder, Game, N]),
    partition(checked, Results, Checked, NotChecked),
    (   Checked == []
    ->  true
    ;   aggregate_all(max(L), ( member(Name-_, Checked), atom_length(Name, L) ), Width0),
        Width is max(Width0, 7) + 4,
        Cols = [agreed-"agrees", faulty-"FAULTY", timed_out-"timed out", undefined-"not defined"],
        pairs_values(Cols, Heads),
        row(Width, program, Heads),
        forall(member(Name-report(report(_, _, Preds)), Checked),
               ( findall(C, ( member(S-_, Cols),
                              aggregate_all(count, member(pred(_, S, _, _), Preds), C) ),
                         Counts),
                 row(Width, Name, Counts) ))
    ),
    (   NotChecked == []
    ->  true
    ;   format("~nCould not be checked:~n", []),
        forall(member(Name-R, NotChecked), not_checked_line(Name, R, Logs))
    ),
    (   Rejected == []
    ->  true
    ;   atomic_list_concat(Rejected, ', ', RText),
        format("~nNot a ~w program (left out): ~w~n", [Game, RText])
    ),
    format("~nReports in ~w/reports, one row per program and predicate in ~w/summary.csv~n",
           [Out, Out]).

% One line: the name, then each cell right-aligned in 12 columns.
row(Width, Name, Cells) :-
    length(Cells, N),
    length(Formats, N),
    maplist(=("~t~w~12+"), Formats),
    atomic_list_concat(["  ~w~t~*|"|Formats], Format0),
    atom_concat(Format0, '~n', Format),
    format(Format, [Name, Width|Cells]).

checked(_-report(report(_, Info, _))) :-
    \+ memberchk(status(unchecked(_)), Info).

not_checked_line(Name, failed(Why), Logs) :-
    why_text(Why, Text),
    format("  ~w: ~s (its output: ~w/~w.log)~n", [Name, Text, Logs, Name]).
not_checked_line(Name, report(report(_, Info, _)), _) :-
    memberchk(status(unchecked(Why)), Info),
    unchecked_text(Why, Text),
    format("  ~w: ~w~n", [Name, Text]).
