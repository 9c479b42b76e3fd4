:- module(test_tabula_jobs_slurm, []).
/*  The slurm backend of library(tabula/jobs) against stand-ins of the
    Slurm clients (small sh scripts first on PATH): `sbatch` runs every
    task of the array at once, one after the other, and records it as
    COMPLETED for `squeue` (or, told so, each task ends in a given state
    without running, or leaves the queue unseen, or its Results are
    hidden from the coordinator); `scontrol` says MaxArraySize = 2. So
    these tests need no cluster; tests/cluster/test_slurm_jobs.sh runs
    the backend on a real one.

    Checked here: jobs sliced under MaxArraySize, the job's own exit
    status or the task's end state as the reason of a retry, a task gone
    from the queue, a Result the task saw and the coordinator not yet, a
    missing executable, a refused sbatch and the batch script's #SBATCH
    lines, malformed options, an empty job list.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(filesex)).
:- use_module(library(readutil)).
:- use_module(library(tabula/jobs_slurm)).
:- use_module(test_support).

% The stand-ins keep their state (the next array id, the queue) in $FAKE.
sbatch('#!/bin/sh
id=$(($(cat "$FAKE/next") + 1)); echo $id > "$FAKE/next"
for a; do script=$a; done
last=$(sed -n "s/^#SBATCH --array=.0-\\([0-9]*\\).*/\\1/p" "$script")
if [ -f "$FAKE/refuse" ]; then cat "$FAKE/refuse" >&2; exit 1; fi
i=0
while [ $i -le $last ]; do
  if [ -f "$FAKE/end" ]; then       # the task ends so, without running
    state=$(cat "$FAKE/end")
  else
    SLURM_ARRAY_TASK_ID=$i sh "$script" >>"$FAKE/tasks.log" 2>&1
    state=COMPLETED
  fi
  [ "$state" = vanish ] || echo "$id|$i|$state" >>"$FAKE/queue"
  i=$((i + 1))
done
[ -f "$FAKE/hide" ] && rm -f "$FAKE"/*.out   # not seen here yet
echo $id
').
squeue('#!/bin/sh
cat "$FAKE/queue"
').
scontrol('#!/bin/sh
echo "MaxArraySize            = 2"
echo "AccountingStorageType   = accounting_storage/none"
').

:- dynamic event_/1, saved_path_/1.

record(E) :- assertz(event_(E)).

fake_clients(Dir) :-
    directory_file_path(Dir, bin, Bin),
    make_directory_path(Bin),
    forall(member(Name, [sbatch, squeue, scontrol]),
           ( call(Name, Text),
             write_file(Bin, Name, Text),
             directory_file_path(Bin, Name, File),
             chmod(File, +x) )),
    write_file(Dir, next, "0\n"),
    write_file(Dir, queue, ""),
    setenv('FAKE', Dir),
    getenv('PATH', Path),
    assertz(saved_path_(Path)),
    atomic_list_concat([Bin, Path], :, NewPath),
    setenv('PATH', NewPath).

restore_path :-
    (   retract(saved_path_(Path)) -> setenv('PATH', Path) ; true ),
    unsetenv('FAKE').

sh_job(Dir, Id, Script, job(Id, ['/bin/sh', '-c', Script, Id, Result], Result)) :-
    file_name_extension(Id, out, Name),
    directory_file_path(Dir, Name, Result).

ok('echo ok > "$1.tmp" && mv "$1.tmp" "$1"').

run(Dir, Jobs, Options, Events) :-
    retractall(event_(_)),
    backend_run(Jobs, [poll_interval(0.05), shared_dir(Dir)|Options], record),
    findall(E, retract(event_(E)), Events).

with_fake(Goal) :-
    scratch_folder(tabula_slurm, Dir),
    setup_call_cleanup(fake_clients(Dir),
                       call(Goal, Dir),
                       ( restore_path, delete_directory_and_contents(Dir) )).

sliced_retried_failed(Dir) :-
    ok(Ok),
    sh_job(Dir, a, Ok, A),
    sh_job(Dir, b, 'exit 3', B),
    sh_job(Dir, c, 'exit 0', C),
    D = job(d, ['/nonexistent/program'], '/nonexistent/d.out'),
    run(Dir, [A, B, C, D], [retries(1)], Events),
    assertion(memberchk(done(a), Events)),
    A = job(_, _, ResultA),
    assertion(exists_file(ResultA)),
    assertion(memberchk(retry(b, exit(3)), Events)),
    assertion(memberchk(failed(b, exit(3)), Events)),
    assertion(memberchk(retry(c, no_result), Events)),
    assertion(memberchk(failed(c, no_result), Events)),
    assertion(memberchk(failed(d, no_executable('/nonexistent/program')), Events)),
    % MaxArraySize 2: the first array held four jobs in two tasks of two
    directory_files(Dir, Files),
    include([F]>>file_name_extension(_, jobs, F), Files, JobFiles),
    length(JobFiles, 2),            % the first array and the retry
    once(( member(F, JobFiles),
           directory_file_path(Dir, F, P),
           read_file_to_terms(P, Terms, []),
           length(Terms, 4) )),
    findall(T, member(job(T, _, _, _, _, _, _), Terms), Tasks),
    assertion(Tasks == [0, 0, 1, 1]),
    % every job was started once per attempt
    aggregate_all(count, member(started(_), Events), Starts),
    assertion(Starts == 7).

% Each task ends in State (or leaves the queue unseen: vanish).
task_end(State, Why, Dir) :-
    write_file(Dir, end, State),
    ok(Ok),
    sh_job(Dir, a, Ok, A),
    run(Dir, [A], [retries(1)], Events),
    assertion(Events == [retry(a, Why), failed(a, Why)]).

% The task saw the Result, the coordinator does not (a file system's
% cache): the job is done.
hidden_result(Dir) :-
    write_file(Dir, hide, ""),
    ok(Ok),
    sh_job(Dir, a, Ok, A),
    run(Dir, [A], [], Events),
    assertion(Events == [started(a), done(a)]).

% A lock left by this process (a coordinator at work) or by a process
% that is gone.
locked(Who, Dir) :-
    gethostname(Host),
    (   Who == this_process
    ->  current_prolog_flag(pid, Pid)
    ;   Pid = 2147483647
    ),
    format(string(Lock0), "coordinator(~q, ~d).~n", [Host, Pid]),
    write_file(Dir, 'coordinator.lock', Lock0),
    ok(Ok),
    sh_job(Dir, a, Ok, A),
    run(Dir, [A], [], Events),
    assertion(Events == [started(a), done(a)]),
    directory_file_path(Dir, 'coordinator.lock', Lock),
    assertion(\+ exists_file(Lock)).

refused(Dir) :-
    write_file(Dir, refuse, "sbatch: error: invalid partition specified: nowhere\n"),
    ok(Ok),
    sh_job(Dir, a, Ok, A),
    run(Dir, [A], [retries(0), partition(nowhere), time_limit(5)], Events),
    assertion(Events == [failed(a, slurm(submit('sbatch: error: invalid partition specified: nowhere')))]),
    % the batch script says all of the array in its #SBATCH lines
    directory_files(Dir, Files),
    once(( member(F, Files), file_name_extension(_, sh, F) )),
    directory_file_path(Dir, F, Script),
    read_file_to_string(Script, Text, []),
    forall(member(Line, ["#SBATCH --array=\"0-0\"", "#SBATCH --partition=\"nowhere\"",
                         "#SBATCH --time=\"5\"", "#SBATCH --no-requeue"]),
           assertion(sub_string(Text, _, _, _, Line))).

:- begin_tests(jobs_slurm_backend).

test(sliced_retried_failed) :-
    with_fake(sliced_retried_failed).
test(cancelled) :-
    with_fake(task_end('CANCELLED', slurm('CANCELLED'))).
test(node_died) :-
    with_fake(task_end('NODE_FAIL', slurm('NODE_FAIL'))).
test(timeout) :-
    with_fake(task_end('TIMEOUT', slurm('TIMEOUT'))).
test(gone_from_queue) :-
    with_fake(task_end(vanish, no_result)).
test(result_seen_by_the_task_only) :-
    with_fake(hidden_result).
test(refused) :-
    with_fake(refused).

test(second_coordinator, error(permission_error(coordinate, jobs_folder, _))) :-
    with_fake(locked(this_process)).
test(stale_lock) :-
    with_fake(locked(dead)).

test(nothing_to_do) :-
    scratch_folder(tabula_slurm, Dir),
    directory_file_path(Dir, shared, Shared),
    backend_run([], [shared_dir(Shared)], record),
    assertion(\+ exists_directory(Shared)),
    delete_directory_and_contents(Dir).

test(bad_option, error(type_error(option, nonsense))) :-
    backend_run([], [nonsense], record).
test(bad_time, error(type_error(positive_integer, 0))) :-
    backend_run([], [time_limit(0)], record).
test(bad_poll, error(domain_error(positive_number, -1))) :-
    backend_run([], [poll_interval(-1)], record).
test(bad_args, error(type_error(atomic, f(x)))) :-
    backend_run([], [sbatch_args([f(x)])], record).

:- end_tests(jobs_slurm_backend).
