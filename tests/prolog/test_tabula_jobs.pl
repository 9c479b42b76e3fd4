:- module(test_tabula_jobs, []).
/*  The local job pool of library(tabula/jobs): jobs that succeed, fail,
    crash, end without their result, are retried; a run with some
    results present redoes only the others; the events; malformed jobs
    and options raise ISO errors; at most concurrency(N) jobs run at once
    (seen through start and end times the jobs write themselves); a run
    left by a time limit or by SIGTERM of its process kills its jobs.

    The jobs are small /bin/sh scripts.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(process)).
:- use_module(library(filesex)).
:- use_module(library(readutil)).
:- use_module(library(time)).
:- use_module(library(random)).
:- use_module(library(tabula/jobs)).
:- use_module(test_support).

% A job running Script with sh; the script sees its result file as $1.
sh_job(Dir, Id, Script, job(Id, ['/bin/sh', '-c', Script, Id, Result], Result)) :-
    file_name_extension(Id, out, Name),
    directory_file_path(Dir, Name, Result).

% The script's last act: its result, written atomically.
ok('echo ok > "$1.tmp" && mv "$1.tmp" "$1"').

:- dynamic event_/1.

record(E) :- assertz(event_(E)).

run(Jobs, Options, Events) :-
    retractall(event_(_)),
    jobs_run(Jobs, [on_event(record)|Options]),
    findall(E, retract(event_(E)), Events).

count(Event, Events, N) :-
    aggregate_all(count, ( member(E, Events), E =@= Event ), N).

:- begin_tests(tabula_jobs).

test(jobs_that_succeed) :-
    scratch_folder(jobs_ok, Dir),
    ok(Ok),
    maplist([Id, J]>>sh_job(Dir, Id, Ok, J), [a, b, c], Jobs),
    run(Jobs, [concurrency(2)], Events),
    forall(member(Id, [a, b, c]),
           ( assertion(count(started(Id), Events, 1)),
             assertion(count(done(Id), Events, 1)) )),
    assertion(\+ memberchk(failed(_, _), Events)),
    assertion(last(Events, progress(3, 0, 3))),
    jobs_status(Jobs, Status),
    assertion(Status == status([a, b, c], [])),
    jobs_failed(Jobs, Failed),
    assertion(Failed == []).

test(failed_jobs_are_retried_then_reported) :-
    scratch_folder(jobs_fail, Dir),
    ok(Ok),
    sh_job(Dir, good, Ok, Good),
    sh_job(Dir, exits, 'echo trying; echo oops >&2; exit 3', Exits),
    sh_job(Dir, silent, 'exit 0', Silent),
    sh_job(Dir, crashes, 'kill -SEGV $$', Crashes),
    Jobs = [Good, Exits, Silent, Crashes],
    run(Jobs, [retries(1)], Events),
    assertion(count(done(good), Events, 1)),
    assertion(count(started(exits), Events, 2)),
    assertion(count(retry(exits, exit(3)), Events, 1)),
    assertion(count(failed(exits, exit(3)), Events, 1)),
    assertion(count(failed(silent, no_result), Events, 1)),
    assertion(memberchk(failed(crashes, signal(_)), Events)),
    assertion(last(Events, progress(1, 3, 4))),
    jobs_failed(Jobs, Failed),
    assertion(Failed == [exits, silent, crashes]),
    % both attempts' output, standard error too, in the job's log
    directory_file_path(Dir, 'jobs.logs/exits.log', Log),
    read_file_to_string(Log, Text, []),
    split_string(Text, "\n", "", Lines),
    assertion(aggregate_all(count, member("oops", Lines), 2)).

test(a_retry_that_succeeds) :-
    scratch_folder(jobs_flaky, Dir),
    % fails the first time, succeeds the second
    sh_job(Dir, flaky, 'if [ -e "$1.seen" ]; then echo ok > "$1.tmp" && mv "$1.tmp" "$1"; else touch "$1.seen"; exit 1; fi', Job),
    run([Job], [], Events),
    assertion(Events = [progress(0, 0, 1), started(flaky), retry(flaky, exit(1)),
                        started(flaky), done(flaky), progress(1, 0, 1)]).

test(an_event_goal_that_fails_stops_nothing) :-
    scratch_folder(jobs_event_fails, Dir),
    ok(Ok),
    sh_job(Dir, a, Ok, Job),
    jobs_run([Job], [on_event(refuse)]),
    jobs_status([Job], Status),
    assertion(Status == status([a], [])).

refuse(_) :- fail.

test(no_retries) :-
    scratch_folder(jobs_noretry, Dir),
    sh_job(Dir, once, 'exit 1', Job),
    run([Job], [retries(0)], Events),
    assertion(count(started(once), Events, 1)),
    assertion(count(failed(once, exit(1)), Events, 1)).

test(a_run_resumes_where_results_are_missing) :-
    scratch_folder(jobs_resume, Dir),
    ok(Ok),
    maplist([Id, J]>>sh_job(Dir, Id, Ok, J), [a, b, c, d], Jobs),
    Jobs = [job(_, _, RA), _, job(_, _, RC), _],
    maplist([F]>>( open(F, write, S), format(S, "before~n", []), close(S) ), [RA, RC]),
    jobs_status(Jobs, Before),
    assertion(Before == status([a, c], [b, d])),
    run(Jobs, [], Events),
    assertion(\+ memberchk(started(a), Events)),
    assertion(\+ memberchk(started(c), Events)),
    assertion(count(started(b), Events, 1)),
    assertion(count(started(d), Events, 1)),
    assertion(Events = [progress(2, 0, 4)|_]),
    assertion(last(Events, progress(4, 0, 4))),
    read_file_to_string(RA, A, []),
    assertion(A == "before\n"),
    % all done: nothing runs again
    run(Jobs, [], Again),
    assertion(Again == [progress(4, 0, 4)]).

test(working_directory_and_log_dir) :-
    scratch_folder(jobs_cwd, Dir),
    scratch_folder(jobs_cwd_here, Here),
    directory_file_path(Dir, logs, Logs),
    sh_job(Dir, where, 'pwd > "$1.tmp" && echo logged && mv "$1.tmp" "$1"', Job),
    Job = job(_, _, Result),
    run([Job], [cwd(Here), log_dir(Logs)], _),
    read_file_to_string(Result, Pwd, []),
    split_string(Pwd, "", "\n", [Wd]),
    same_file(Wd, Here),
    directory_file_path(Logs, 'where.log', Log),
    read_file_to_string(Log, Text, []),
    assertion(Text == "logged\n").

test(an_executable_found_on_path_or_not_at_all) :-
    scratch_folder(jobs_path, Dir),
    directory_file_path(Dir, 'p.out', R),
    format(atom(Script), 'echo ok > "~w.tmp" && mv "~w.tmp" "~w"', [R, R, R]),
    run([ job(p, [sh, '-c', Script], R),
          job(q, ['no-such-program-here', x], '/nonexistent/q.out') ], [], Events),
    assertion(memberchk(done(p), Events)),
    assertion(memberchk(failed(q, no_executable(_)), Events)).

% Each job writes when it started and ended (nanoseconds); the first two
% wait for each other, so two run at once at least once.
test(concurrency_is_respected) :-
    scratch_folder(jobs_conc, Dir),
    format(atom(Script),
           'date +%s%N > "$1.start"; \c
            n=0; while [ "$(ls ~w | grep -c "\\.start$")" -lt 2 ] && [ $n -lt 600 ]; do sleep 0.05; n=$((n+1)); done; \c
            sleep 0.1; date +%s%N > "$1.end"; echo ok > "$1.tmp" && mv "$1.tmp" "$1"',
           [Dir]),
    numlist(1, 6, Ns),
    maplist([N, J]>>( atom_concat(j, N, Id), sh_job(Dir, Id, Script, J) ), Ns, Jobs),
    run(Jobs, [concurrency(2)], Events),
    assertion(last(Events, progress(6, 0, 6))),
    findall(S-E, ( member(job(_, _, R), Jobs), stamp(R, start, S), stamp(R, end, E) ), Spans),
    most_at_once(Spans, Most),
    assertion(Most == 2).

stamp(Result, Ext, T) :-
    atomic_list_concat([Result, '.', Ext], F),
    read_file_to_string(F, Text, []),
    split_string(Text, "", " \n", [S]),
    number_string(T, S).

% The largest number of spans that hold at one instant (an instant
% where a span starts).
most_at_once(Spans, Most) :-
    aggregate_all(max(N),
                  ( member(S-_, Spans),
                    aggregate_all(count, ( member(S1-E1, Spans), S1 =< S, S < E1 ), N) ),
                  Most).

test(bad_jobs_and_options_raise_iso_errors) :-
    Ok = job(a, ['/bin/true'], '/tmp/a.out'),
    assertion(catch(jobs_run(nojobs, []), error(type_error(list, nojobs), _), true)),
    assertion(catch(jobs_run([x], []), error(type_error(job, x), _), true)),
    assertion(catch(jobs_run([job(_, ['/bin/true'], '/tmp/a')], []), error(instantiation_error, _), true)),
    assertion(catch(jobs_run([job('a b', ['/bin/true'], '/tmp/a')], []), error(domain_error(job_id, 'a b'), _), true)),
    assertion(catch(jobs_run([Ok, Ok], []), error(domain_error(unique_job_id, a), _), true)),
    assertion(catch(jobs_run([job(a, [], '/tmp/a')], []), error(domain_error(non_empty_list, []), _), true)),
    assertion(catch(jobs_run([job(a, [f(x)], '/tmp/a')], []), error(type_error(text, f(x)), _), true)),
    assertion(catch(jobs_run([job(a, ['/bin/true'], 'rel/a')], []), error(domain_error(absolute_file_name, 'rel/a'), _), true)),
    assertion(catch(jobs_run([Ok], none), error(type_error(list, none), _), true)),
    assertion(catch(jobs_run([Ok], [backend(nowhere)]), error(domain_error(job_backend, nowhere), _), true)),
    assertion(catch(jobs_run([Ok], [concurrency(0)]), error(type_error(positive_integer, 0), _), true)),
    assertion(catch(jobs_run([Ok], [retries(-1)]), error(type_error(nonneg, -1), _), true)),
    assertion(catch(jobs_run([Ok], [cwd('/nonexistent/dir')]), error(existence_error(directory, _), _), true)),
    assertion(catch(jobs_run([Ok], [on_event(1)]), error(type_error(callable, _), _), true)),
    assertion(catch(jobs_run([Ok], [junk]), error(type_error(option, junk), _), true)),
    assertion(catch(jobs_status([x], _), error(type_error(job, x), _), true)).

% A run left early (here by a signal to its thread while the pool waits)
% kills its jobs and whatever they started.
test(a_run_left_early_kills_its_jobs) :-
    scratch_folder(jobs_left, Dir),
    sh_job(Dir, long, 'echo $$ > "$1.pid"; sleep 300 & echo $! > "$1.child"; wait', Job),
    Job = job(_, _, Result),
    thread_create(catch(jobs_run([Job], []), stop, true), Tid, []),
    atom_concat(Result, '.child', ChildFile),
    wait_for_file(ChildFile, 1200),
    thread_signal(Tid, throw(stop)),
    thread_join(Tid, Status),
    assertion(Status == true),
    pid_file(Result, pid, Pid),
    pid_file(Result, child, Child),
    assertion(gone(Pid)),
    assertion(gone(Child)),
    assertion(\+ exists_file(Result)).

wait_for_file(F, N) :-
    (   exists_file(F), size_file(F, S), S > 0
    ->  true
    ;   N > 0
    ->  sleep(0.05), N1 is N - 1, wait_for_file(F, N1)
    ;   true
    ).

pid_file(Result, Ext, Pid) :-
    atomic_list_concat([Result, '.', Ext], F),
    read_file_to_string(F, Text, []),
    split_string(Text, "", " \n", [S]),
    number_string(Pid, S).

% The process has ended (a signal takes a moment to land: up to 10 s).
gone(Pid) :-
    between(1, 200, _),
    (   alive(Pid) -> sleep(0.05), fail ; true ),
    !.

% A process that exists and is not a zombie.
alive(Pid) :-
    format(atom(Stat), '/proc/~d/stat', [Pid]),
    catch(read_file_to_string(Stat, Text, []), _, fail),
    split_string(Text, ")", "", Parts),
    last(Parts, AfterName),
    split_string(AfterName, " ", " ", [State|_]),
    State \== "Z".

% Stopped at any moment, even as a job starts, a run leaves no job
% running: here as the second of three jobs starts (the first ends at
% once, the others would run for a minute), again and again.
test(a_run_stopped_at_any_moment_leaves_no_job) :-
    scratch_folder(jobs_any_moment, Dir),
    numlist(1, 60, Runs),
    maplist(stopped_run(Dir), Runs),
    sleep(0.5),                 % a job left running has written its pid by now
    directory_files(Dir, Files),
    findall(Pid, ( member(F, Files), file_name_extension(Base, pid, F),
                   directory_file_path(Dir, Base, Result), pid_file(Result, pid, Pid) ),
            Pids),
    include(alive, Pids, Alive),
    assertion(Alive == []).

stopped_run(Dir, Run) :-
    findall(job(Id, ['/bin/sh', '-c', Script, Id, Result], Result),
            ( between(1, 3, K),
              format(atom(Id), 'r~d_~d', [Run, K]),
              file_name_extension(Id, out, Name),
              directory_file_path(Dir, Name, Result),
              (   K =:= 1
              ->  ok(Script)
              ;   Script = 'echo $$ > "$1.pid.tmp" && mv "$1.pid.tmp" "$1.pid"; exec sleep 60'
              ) ),
            Jobs),
    thread_create(catch(jobs_run(Jobs, [concurrency(1)]), stop, true), Tid, []),
    random(0.0, 0.05, Delay),
    sleep(Delay),
    thread_signal(Tid, throw(stop)),
    thread_join(Tid, Status),
    % the signal may come before the thread's catch/3
    assertion(memberchk(Status, [true, exception(stop)])).

% SIGTERM to a process running jobs: it kills them before it ends.
test(a_coordinator_killed_with_sigterm_kills_its_jobs) :-
    scratch_folder(jobs_term, Dir),
    sh_job(Dir, long, 'echo $$ > "$1.pid"; sleep 300 & echo $! > "$1.child"; wait', Job),
    Job = job(_, _, Result),
    format(atom(Goal), 'jobs_run([~q], [])', [Job]),
    swipl_executable(Exe),
    search_path_args(PathArgs),
    append([ ['--no-packs'], PathArgs,
             ['-g', 'use_module(library(tabula/jobs))', '-g', Goal, '-t', halt] ], Args),
    process_create(Exe, Args, [stdin(null), stdout(null), stderr(null), process(Coordinator)]),
    atom_concat(Result, '.child', ChildFile),
    wait_for_file(ChildFile, 1200),
    process_kill(Coordinator, term),
    process_wait(Coordinator, _),
    pid_file(Result, pid, Pid),
    pid_file(Result, child, Child),
    assertion(gone(Pid)),
    assertion(gone(Child)).

:- end_tests(tabula_jobs).
