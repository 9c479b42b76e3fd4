:- module(test_tabula_check_batch, []).
/*  Checking a folder of submissions (library(tabula/check_batch)): a
    folder built from the planted-fault programs of
    tests/prolog/data/check/uttt (a correct one as group_a/uttt.pl, the
    missed diagonal as group_b/uttt.pl, the halting greedy/2 as
    group_c.pl); the CSV and the report files; a batch started again
    checks only the programs without a report; the same seed gives the
    same reports; checks that cannot run make the command line's status
    2; a command line killed with SIGTERM leaves no check running, and
    started again checks only the rest.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(csv)).
:- use_module(library(process)).
:- use_module(library(filesex)).
:- use_module(library(readutil)).
:- use_module(test_support).
:- use_module(library(tabula/check_batch)).

% The planted-fault programs include base.pl from their folder; each
% submission holds base.pl's text in its place, so that it needs no file
% of the checkout (which the sandbox may not show, e.g. under /tmp).
submissions(Dir) :-
    scratch_folder(check_batch_subs, Dir),
    source_file_path('tests/prolog/data/check/uttt', Data),
    directory_file_path(Data, 'base.pl', BaseFile),
    read_file_to_string(BaseFile, Base, []),
    string_concat("planted(none).\n", Base, Correct),
    program(Dir, 'group_a/uttt.pl', Correct),
    planted(Data, Base, 'missed_diagonal.pl', Missed),
    program(Dir, 'group_b/uttt.pl', Missed),
    planted(Data, Base, 'halt.pl', Halt),
    program(Dir, 'group_c.pl', Halt),
    directory_file_path(Dir, no_program, Empty),
    make_directory_path(Empty),
    write_file(Dir, 'notes.txt', "not a program\n").

planted(Data, Base, Name, Text) :-
    directory_file_path(Data, Name, File),
    read_file_to_string(File, Text0, []),
    atomic_list_concat(Parts, ':- include(base).', Text0),
    Parts = [_, _],
    atomic_list_concat(Parts, Base, Text).

program(Dir, Rel, Text) :-
    directory_file_path(Dir, Rel, Path),
    file_directory_name(Path, Folder),
    make_directory_path(Folder),
    setup_call_cleanup(open(Path, write, S), write(S, Text), close(S)).

check_options(Seed, [seed(Seed), positions(60), budget(600), shrink_time(600), time(3), inferences(20000000)]).

batch(Subs, Out, Results) :-
    test_seed(check_batch, Seed),
    check_options(Seed, Options),
    check_batch(uttt, Subs, [out(Out), jobs(2), quiet(true)|Options], Results).

csv_rows(Out, Rows) :-
    directory_file_path(Out, 'summary.csv', Csv),
    csv_read_file(Csv, [_Header|Rows], [convert(false)]).

report_file(Out, Name, Ext, File) :-
    file_name_extension(Name, Ext, Base),
    atomic_list_concat([Out, reports, Base], /, File).

:- begin_tests(tabula_check_batch).

test(a_folder_checked_into_reports_and_a_csv) :-
    submissions(Subs),
    scratch_folder(check_batch_out, Out),
    batch(Subs, Out, Results),
    pairs_keys(Results, Names),
    assertion(Names == [group_a, group_b, group_c]),
    assertion(\+ memberchk(_-failed(_), Results)),
    csv_rows(Out, Rows),
    directory_file_path(Out, 'summary.csv', Csv),
    read_file_to_string(Csv, Text, []),
    assertion(sub_string(Text, 0, _, _, "program,predicate,status,detail\r\n")),   % RFC 4180
    % the correct program agrees wherever it defines the predicate
    forall(member(row(group_a, PI, Status, _), Rows),
           assertion(PI-Status == PI-agreed ; PI-Status == 'getAvailableBoards/2'-not_defined)),
    assertion(memberchk(row(group_b, 'getBoardResult/2', faulty, _), Rows)),
    assertion(memberchk(row(group_c, 'greedy/2', faulty, _), Rows)),
    findall(N-PI, member(row(N, PI, faulty, _), Rows), Faulty),
    assertion(Faulty == [group_b-'getBoardResult/2', group_c-'greedy/2']),
    aggregate_all(count, member(row(group_b, _, _, _), Rows), NB),
    assertion(NB == 20),
    % each program's report, printed and as a term
    forall(member(N, [group_a, group_b, group_c]),
           ( report_file(Out, N, txt, Txt),
             read_file_to_string(Txt, Printed, []),
             assertion(sub_string(Printed, 0, _, _, "Tabula check of ")),
             report_file(Out, N, term, Term),
             read_term_from_file(Term, Report),
             assertion(memberchk(N-report(Report), Results)) )),
    % started again: the programs without a report only
    report_file(Out, group_b, term, BTerm),
    delete_file(BTerm),
    stamps(Out, Before),
    batch(Subs, Out, Again),
    stamps(Out, After),
    assertion(exists_file(BTerm)),
    forall(member(N, [group_a, group_c]),
           ( memberchk(N-S0, Before), memberchk(N-S1, After), assertion(N-S1 == N-S0) )),
    memberchk(group_b-B0, Before), memberchk(group_b-B1, After),
    assertion(B1 \== B0),
    assertion(pairs_keys(Again, [group_a, group_b, group_c])),
    % the same seed, the same report, but for its time
    memberchk(group_b-report(R0), Results),
    memberchk(group_b-report(R1), Again),
    without_time(R0, T0),
    without_time(R1, T1),
    assertion(T0 =@= T1).

% When each program's report and log were last written.
stamps(Out, Stamps) :-
    findall(N-(T-L),
            ( member(N, [group_a, group_b, group_c]),
              report_file(Out, N, txt, Txt), time_file(Txt, T),
              atomic_list_concat([Out, logs, N], /, Log0), file_name_extension(Log0, log, Log),
              time_file(Log, L) ),
            Stamps).

read_term_from_file(File, Term) :-
    setup_call_cleanup(open(File, read, In, [encoding(utf8)]),
                       read_term(In, Term, []),
                       close(In)).

without_time(report(G, Info0, Preds), report(G, Info, Preds)) :-
    exclude([I]>>( I = seconds(_) ), Info0, Info).

test(bad_arguments_raise_iso_errors) :-
    scratch_folder(check_batch_bad, Dir),
    assertion(catch(check_batch(nogame, Dir, [out(Dir)]), error(domain_error(check_game, nogame), _), true)),
    assertion(catch(check_batch(uttt, '/nonexistent/subs', [out(Dir)]), error(existence_error(directory, _), _), true)),
    assertion(catch(check_batch(uttt, Dir, []), error(instantiation_error, _), true)),
    assertion(catch(check_batch(uttt, Dir, [out(Dir), jobs(0)]), error(type_error(positive_integer, 0), _), true)),
    assertion(catch(check_batch(uttt, Dir, nolist), error(type_error(list, nolist), _), true)),
    assertion(catch(check_batch(uttt, Dir, [out(Dir), seed(x)]), error(type_error(integer, x), _), true)),
    assertion(catch(check_batch(uttt, Dir, [out(Dir), quiet(true), backend(nowhere)]), error(domain_error(job_backend, nowhere), _), true)),
    % an output folder holds the reports of one set of check options
    directory_file_path(Dir, out, Out),
    check_batch(uttt, Dir, [out(Out), quiet(true), positions(5), seed(1)]),
    check_batch(uttt, Dir, [seed(1), out(Out), quiet(true), positions(5), jobs(1)]),
    assertion(catch(check_batch(uttt, Dir, [out(Out), quiet(true), positions(5), seed(2)]),
                    error(permission_error(reuse, check_batch_folder, _), _), true)).

% Checks that cannot run (their swipl ends at once, without a report):
% the command line says why, writes error rows and ends with status 2.
test(checks_that_cannot_run_give_status_2) :-
    submissions(Subs),
    scratch_folder(check_batch_fail, Out),
    run_swipl(Subs, ['-g', 'use_module(library(tabula/check))', '-g', tabula_check_main, '-t', halt,
                     '--', '--batch', uttt, '.', '--out', Out, '--jobs', '2', '--retries', '0',
                     '--swipl', '/bin/false'],
              Status, Printed, _),
    assertion(Status == 2),
    assertion(sub_string(Printed, _, _, _, "Could not be checked:")),
    assertion(sub_string(Printed, _, _, _, "no_program")),
    csv_rows(Out, Rows),
    assertion(Rows = [row(group_a, '', error, _), row(group_b, '', error, _), row(group_c, '', error, _)]).

% The command line hands the Slurm options to the backend, --poll-interval
% too: a zero interval is refused by the backend's check of its options,
% before any Slurm command runs.
test(the_command_line_hands_the_poll_interval_to_the_backend) :-
    submissions(Subs),
    scratch_folder(check_batch_poll, Out),
    run_swipl(Subs, ['-g', 'use_module(library(tabula/check))', '-g', tabula_check_main, '-t', halt,
                     '--', '--batch', uttt, '.', '--out', Out, '--backend', slurm,
                     '--poll-interval', '0'],
              Status, _, Err),
    assertion(Status == 2),
    assertion(sub_string(Err, _, _, _, "positive_number")).

% SIGTERM once the first report is there: no check of this batch is left
% running; started again, the batch checks only the programs without a
% report, and each report was written once.
test(a_killed_batch_started_again_checks_the_rest) :-
    submissions(Subs),
    scratch_folder(check_batch_killed, Out),
    test_seed(check_batch, Seed),
    check_options(Seed, Options),
    findall(A, ( member(O, Options), O =.. [N, V], atom_concat('--', N, A0),
                 ( A = A0 ; format(atom(A), '~w', [V]) ) ), CheckArgs),
    swipl_executable(Exe),
    search_path_args(PathArgs),
    append([ ['--no-packs'], PathArgs,
             [ '-g', 'use_module(library(tabula/check))', '-g', tabula_check_main, '-t', halt,
               '--', '--batch', uttt, Subs, '--out', Out, '--jobs', '1' ],
             CheckArgs ], Args),
    process_create(Exe, Args, [stdin(null), stdout(null), stderr(null), process(Pid)]),
    directory_file_path(Out, reports, Reports),
    wait_for_report(Reports, 2400),
    process_kill(Pid, term),
    process_wait(Pid, Exit),
    assertion(Exit == exit(2)),
    assertion(no_process_mentions(Out)),
    reports(Reports, First),
    length(First, NFirst),
    assertion(NFirst >= 1),
    stamps_of(Reports, First, Before),
    run_swipl(Subs, [ '-g', 'use_module(library(tabula/check))', '-g', tabula_check_main, '-t', halt,
                      '--', '--batch', uttt, Subs, '--out', Out, '--jobs', '1' | CheckArgs ],
              Status, _, Err),
    assertion(Status == 0),
    format(string(Said), "3 programs in ~w, ~d checked before", [Subs, NFirst]),
    assertion(sub_string(Err, _, _, _, Said)),
    reports(Reports, All),
    assertion(All == ['group_a.term', 'group_b.term', 'group_c.term']),
    stamps_of(Reports, First, After),
    assertion(After == Before).

wait_for_report(Dir, N) :-
    (   reports(Dir, [_|_])
    ->  true
    ;   N > 0
    ->  sleep(0.05), N1 is N - 1, wait_for_report(Dir, N1)
    ;   true
    ).

reports(Dir, Terms) :-
    (   exists_directory(Dir)
    ->  directory_files(Dir, Files),
        include([F]>>file_name_extension(_, term, F), Files, Terms0),
        msort(Terms0, Terms)
    ;   Terms = []
    ).

stamps_of(Dir, Files, Stamps) :-
    findall(F-T, ( member(F, Files), directory_file_path(Dir, F, P), time_file(P, T) ), Stamps).

% No process (not a zombie) has Text on its command line.
no_process_mentions(Text) :-
    directory_files('/proc', Entries),
    forall(( member(E, Entries), atom_number(E, Pid), integer(Pid),
             format(atom(Cmd), '/proc/~d/cmdline', [Pid]),
             catch(read_file_to_codes(Cmd, Codes, []), _, fail),
             atom_codes(A, Codes),
             sub_atom(A, _, _, _, Text),
             \+ zombie(Pid) ),
           ( format(user_error, "still running: ~w~n", [Pid]), fail )).

zombie(Pid) :-
    format(atom(Stat), '/proc/~d/stat', [Pid]),
    catch(read_file_to_string(Stat, Text, []), _, fail),
    split_string(Text, ")", "", Parts),
    last(Parts, After),
    split_string(After, " ", " ", ["Z"|_]).

:- end_tests(tabula_check_batch).
