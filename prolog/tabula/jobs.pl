:- module(tabula_jobs,
          [ jobs_run/2,               % +Jobs, :Options
            jobs_status/2,            % +Jobs, -Status
            jobs_failed/2             % +Jobs, -Ids
          ]).
/** <module> Sets of independent jobs: a local process pool, or another backend

A job is job(Id, Argv, Result): a command (Argv, its executable first:
an absolute path or a name found on `PATH`) that writes the file Result
atomically (Result.tmp, then a rename) as its last act. A job is done
iff its Result exists, so a run that was killed is started again with
the same jobs and redoes only the unfinished ones.

    ?- jobs_run([ job(a, [sh, '-c', 'echo 1 > /tmp/a.tmp && mv /tmp/a.tmp /tmp/a'], '/tmp/a') ],
                [ concurrency(4), on_event(print) ]).

The local backend (here) keeps up to concurrency(N) processes running,
each with its standard input empty and its output in
`LogDir/<Id>.log`, in a process group of its own: whatever a job starts
ends with it. When the run is left (an exception, a time limit, or
SIGINT, SIGTERM or SIGHUP of this process, raised then as
error(signal(Name, Number), _)) every running job's group is killed
first. Other backends register themselves with

    :- multifile tabula_jobs:backend/2.
    tabula_jobs:backend(Name, Module).

and define Module:backend_run(+Jobs, +Options, +Emit), calling
call(Emit, Event) for each event; `backend(Name)` loads
library(tabula/jobs_<Name>) when no backend of that name is registered.
*/

:- use_module(library(process)).
:- use_module(library(filesex)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(error)).

:- meta_predicate jobs_run(+, :).

:- multifile backend/2.
:- dynamic
    running_/2,                 % Key, Pid: killed when the run is left
    tally_/3.                   % Key, Done, Failed

backend(local, tabula_jobs).

%!  jobs_run(+Jobs, :Options) is det.
%
%   Runs every job of Jobs (job(Id, Argv, Result)) whose Result does
%   not exist yet, and succeeds when all have ended, done or failed.
%   Options:
%
%     - backend(B): `local` (default) or a registered backend
%     - concurrency(N): jobs at once (local default: the cores)
%     - retries(N): a job that ended without its Result runs again up
%       to N more times (default 2)
%     - cwd(Dir): the commands' working directory (default the caller's)
%     - log_dir(Dir): each job's output goes to Dir/<Id>.log (default
%       a folder `jobs.logs` beside the first Result)
%     - on_event(:Goal): call(Goal, Event) for each of started(Id),
%       done(Id), retry(Id, Why), failed(Id, Why), progress(Done,
%       Failed, Total); Why is exit(Status), signal(S), no_result,
%       no_executable(Exe) or what the backend says (slurm(State))
%
%   Other options go to the backend. Raises ISO errors for malformed
%   Jobs or Options, domain_error(job_backend, B) for an unknown backend.
jobs_run(Jobs, M:Options0) :-
    check_jobs(Jobs),
    must_be(list, Options0),
    maplist(check_option, Options0),
    option(backend(B), Options0, local),
    backend_module(B, Backend),
    (   option(on_event(G), Options0) -> Goal = M:G ; Goal = ignore_event ),
    normal_options(Jobs, Options0, Options),
    partition(job_done, Jobs, Done, ToRun),
    length(Jobs, Total),
    length(Done, NDone),
    gensym(jobs_run_, Key),
    Ctx = emit(Key, Goal, Total),
    setup_call_cleanup(
        assertz(tally_(Key, NDone, 0)),
        ( ignore(call(Goal, progress(NDone, 0, Total))),
          (   ToRun == []
          ->  true
          ;   Backend:backend_run(ToRun, Options, tabula_jobs:emit(Ctx))
          ) ),
        retractall(tally_(Key, _, _))).

ignore_event(_).

%   The caller's goal sees every event (its failure stops nothing); done
%   and failed ones move the tally, and a progress event follows each.
:- public emit/2.
emit(emit(Key, Goal, Total), Event) :-
    ignore(call(Goal, Event)),
    (   tally_event(Event, DD, DF)
    ->  retract(tally_(Key, D0, F0)),
        D is D0 + DD,
        F is F0 + DF,
        assertz(tally_(Key, D, F)),
        ignore(call(Goal, progress(D, F, Total)))
    ;   true
    ).

tally_event(done(_), 1, 0).
tally_event(failed(_, _), 0, 1).

%!  jobs_status(+Jobs, -Status) is det.
%
%   Status is status(Done, Pending): the Ids of Jobs whose Result
%   exists, and of the others, in the order of Jobs.
jobs_status(Jobs, status(Done, Pending)) :-
    check_jobs(Jobs),
    partition(job_done, Jobs, DoneJobs, PendingJobs),
    maplist(job_id, DoneJobs, Done),
    maplist(job_id, PendingJobs, Pending).

%!  jobs_failed(+Jobs, -Ids) is det.
%
%   Ids are the jobs of Jobs without their Result: after jobs_run/2,
%   those that failed (every attempt ended without its Result).
jobs_failed(Jobs, Ids) :-
    jobs_status(Jobs, status(_, Ids)).

job_done(job(_, _, Result)) :-
    exists_file(Result).

job_id(job(Id, _, _), Id).

                 /*******************************
                 *          CHECKING            *
                 *******************************/

check_jobs(Jobs) :-
    must_be(list, Jobs),
    maplist(check_job, Jobs),
    maplist(job_id, Jobs, Ids),
    msort(Ids, Sorted),
    (   append(_, [Id, Id|_], Sorted)
    ->  domain_error(unique_job_id, Id)
    ;   true
    ).

check_job(Job) :-
    (   Job = job(Id, Argv, Result)
    ->  true
    ;   type_error(job, Job)
    ),
    must_be(atom, Id),
    (   atom_codes(Id, Codes), Codes \== [], maplist(id_code, Codes)
    ->  true
    ;   domain_error(job_id, Id)
    ),
    must_be(list, Argv),
    (   Argv == [] -> domain_error(non_empty_list, Argv) ; true ),
    maplist(check_arg, Argv),
    must_be(atomic, Result),
    (   is_absolute_file_name(Result) -> true ; domain_error(absolute_file_name, Result) ).

% Ids become file names: letters, digits, `_`, `.`, `-`.
id_code(C) :- code_type(C, alnum), C < 128, !.
id_code(C) :- memberchk(C, `_.-`).

check_arg(A) :-
    (   ( atom(A) ; string(A) ) -> true ; type_error(text, A) ).

check_option(O) :-
    (   compound(O), compound_name_arity(O, _, 1)
    ->  check_option_value(O)
    ;   type_error(option, O)
    ).

check_option_value(backend(B)) :- !, must_be(atom, B).
check_option_value(concurrency(N)) :- !, must_be(positive_integer, N).
check_option_value(retries(N)) :- !, must_be(nonneg, N).
check_option_value(cwd(D)) :- !,
    must_be(atomic, D),
    (   exists_directory(D) -> true ; existence_error(directory, D) ).
check_option_value(log_dir(D)) :- !, must_be(atomic, D).
check_option_value(on_event(G)) :- !, must_be(callable, G).
check_option_value(_).

backend_module(B, Module) :-
    (   backend(B, M)
    ->  Module = M
    ;   atom_concat(jobs_, B, Base),
        absolute_file_name(library(tabula/Base), _,
                           [file_type(prolog), access(read), file_errors(fail)]),
        use_module(library(tabula/Base), []),
        backend(B, M)
    ->  Module = M
    ;   domain_error(job_backend, B)
    ).

% What a backend sees: retries, cwd and log_dir always there (absolute),
% on_event gone (events go through Emit).
normal_options(Jobs, Options0, Options) :-
    option(retries(R), Options0, 2),
    (   option(cwd(Cwd0), Options0) -> true ; working_directory(Cwd0, Cwd0) ),
    absolute_file_name(Cwd0, Cwd),
    (   option(log_dir(Log0), Options0)
    ->  absolute_file_name(Log0, LogDir)
    ;   Jobs = [job(_, _, First)|_]
    ->  file_directory_name(First, Dir),
        directory_file_path(Dir, 'jobs.logs', LogDir)
    ;   directory_file_path(Cwd, 'jobs.logs', LogDir)
    ),
    exclude([O]>>( functor(O, N, 1), memberchk(N, [retries, cwd, log_dir, on_event]) ),
            Options0, Rest),
    Options = [retries(R), cwd(Cwd), log_dir(LogDir)|Rest].

                 /*******************************
                 *        LOCAL BACKEND         *
                 *******************************/

:- public backend_run/3.

%   backend_run(+Jobs, +Options, +Emit): the local pool. Options hold
%   retries, cwd and log_dir (see normal_options/3).
backend_run(Jobs, Options, Emit) :-
    current_prolog_flag(cpu_count, Cores),
    option(concurrency(N), Options, Cores),
    option(retries(Retries), Options),
    option(cwd(Cwd), Options),
    option(log_dir(LogDir), Options),
    make_directory_path(LogDir),
    gensym(jobs_pool_, Key),
    Pool = pool(Key, N, Retries, Cwd, LogDir, Emit),
    findall(try(Job, 1, none), member(Job, Jobs), Queue),
    with_signals_raised(
        setup_call_cleanup(
            true,
            pool(Queue, [], Pool),
            kill_running(Key))).

% SIGINT, SIGTERM and SIGHUP raise an exception while the pool runs, so
% that the cleanup kills the jobs before this process ends (SIGTERM and
% SIGHUP end it at once by default; SIGINT without a terminal ends it
% with status 0). Handlers are per process: the main thread's run only.
with_signals_raised(Goal) :-
    (   thread_self(main)
    ->  Signals = [int, term, hup],
        setup_call_cleanup(
            maplist([S, S-Old]>>on_signal(S, Old, throw), Signals, Olds),
            Goal,
            forall(member(S-Old, Olds), on_signal(S, _, Old)))
    ;   call(Goal)
    ).

%   pool(+Queue, +Running, +Pool): Queue holds try(Job, Attempt,
%   Previous), Running run(Job, Attempt, Pid).
pool([], [], _) :- !.
pool(Queue0, Running0, Pool) :-
    Pool = pool(_, N, _, _, _, _),
    fill(Queue0, Running0, N, Pool, Queue1, Running1),
    reap(Running1, Running2, Ended),
    (   Ended == [], Running2 \== []
    ->  sleep(0.05)                     % interruptible: signals run here
    ;   true
    ),
    foldl(ended(Pool), Ended, Queue1, Queue2),
    pool(Queue2, Running2, Pool).

fill(Queue, Running, N, Pool, QueueOut, RunningOut) :-
    length(Running, R),
    (   R < N, Queue = [Try|Queue1]
    ->  start(Try, Pool, Started),
        (   Started = run(_, _, _)
        ->  fill(Queue1, [Started|Running], N, Pool, QueueOut, RunningOut)
        ;   fill(Queue1, Running, N, Pool, QueueOut, RunningOut)
        )
    ;   QueueOut = Queue,
        RunningOut = Running
    ).

start(try(Job, Attempt, Previous), Pool, Started) :-
    Pool = pool(Key, _, _, Cwd, LogDir, Emit),
    Job = job(Id, [Exe0|Args], _),
    (   executable(Exe0, Exe)
    ->  file_name_extension(Id, log, LogName),
        directory_file_path(LogDir, LogName, Log),
        (   Attempt =:= 1 -> Mode = write ; Mode = append ),
        setup_call_cleanup(
            open(Log, Mode, Out),
            ( log_header(Out, Attempt, Previous),
              % no signal between the start and the record the cleanup reads
              sig_atomic(( process_create(Exe, Args,
                                          [ stdin(null), stdout(stream(Out)), stderr(stream(Out)),
                                            cwd(Cwd), detached(true), process(Pid) ]),
                           assertz(running_(Key, Pid)) )) ),
            close(Out)),
        Started = run(Job, Attempt, Pid),
        call(Emit, started(Id))
    ;   Started = none,
        call(Emit, failed(Id, no_executable(Exe0)))
    ).

executable(Exe0, Exe) :-
    atom_string(Exe1, Exe0),
    (   is_absolute_file_name(Exe1)
    ->  access_file(Exe1, execute),
        Exe = Exe1
    ;   absolute_file_name(path(Exe1), Exe,
                           [access(execute), file_errors(fail)])
    ).

log_header(_, 1, _) :- !.
log_header(Out, Attempt, Previous) :-
    format(Out, "~N--- attempt ~d (the previous one ended: ~q) ---~n", [Attempt, Previous]),
    flush_output(Out).

% The jobs that have exited, waited for; the rest still running.
reap([], [], []).
reap([Run|Runs], Running, Ended) :-
    Run = run(_, _, Pid),
    process_wait(Pid, Status, [timeout(0)]),
    (   Status == timeout
    ->  Running = [Run|Running1],
        Ended = Ended1
    ;   Ended = [Run-Status|Ended1],
        Running = Running1,
        ended_process(Pid)
    ),
    reap(Runs, Running1, Ended1).

% Whatever the job left running in its group ends with it.
ended_process(Pid) :-
    catch(process_group_kill(Pid, kill), _, true),
    retractall(running_(_, Pid)).

ended(Pool, run(Job, Attempt, _)-Status, Queue0, Queue) :-
    Pool = pool(_, _, Retries, _, _, Emit),
    Job = job(Id, _, Result),
    (   exists_file(Result)
    ->  Queue = Queue0,
        call(Emit, done(Id))
    ;   why(Status, Why),
        (   Attempt =< Retries
        ->  call(Emit, retry(Id, Why)),
            Attempt1 is Attempt + 1,
            append(Queue0, [try(Job, Attempt1, Why)], Queue)
        ;   Queue = Queue0,
            call(Emit, failed(Id, Why))
        )
    ).

why(exit(0), no_result) :- !.
why(exit(S), exit(S)) :- !.
why(killed(S), signal(S)) :- !.
why(S, S).

% Leaving the pool early: each running job's group gets SIGTERM, then
% SIGKILL for those still there after 2 s; all are waited for.
kill_running(Key) :-
    findall(Pid, retract(running_(Key, Pid)), Pids),
    forall(member(Pid, Pids), catch(process_group_kill(Pid, term), _, true)),
    wait_ended(Pids, 40, Left),
    forall(member(Pid, Left),
           ( catch(process_group_kill(Pid, kill), _, true),
             catch(process_wait(Pid, _), _, true) )).

wait_ended(Pids, Polls, Left) :-
    exclude(exited, Pids, Left0),
    (   ( Left0 == [] ; Polls =< 0 )
    ->  Left = Left0
    ;   sleep(0.05),
        Polls1 is Polls - 1,
        wait_ended(Left0, Polls1, Left)
    ).

exited(Pid) :-
    catch(process_wait(Pid, Status, [timeout(0)]), _, true),
    Status \== timeout,
    catch(process_group_kill(Pid, kill), _, true).
