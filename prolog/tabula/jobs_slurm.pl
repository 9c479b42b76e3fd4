:- module(jobs_slurm,
          [ backend_run/3              % +Jobs, +Options, +Emit
          ]).
/** <module> The Slurm backend of library(tabula/jobs)

jobs_run(Jobs, [backend(slurm)|Options]) runs the jobs as Slurm job
arrays (docs/cluster.md). Everything of a run lives in the shared folder
(shared_dir(Dir), default `jobs.slurm` beside the first Result), which
the compute nodes must see at the same path:

  - `<Tag>.jobs`: one term per line, job(Task, Id, Argv, Result, Log,
    Cwd, Attempt), read by array task Task (this file, run by `swipl`);
  - `<Tag>.sh`: the batch script of that array;
  - `<Tag>.d/`: `<Id>.run` once a task starts the job, `<Id>.exit`
    once it has ended: ended(Status, Seen), its exit status and whether
    the task saw its Result (then it is done, even while the shared file
    system's cache hides the Result from the coordinator);
  - `arrays.pl`: the arrays submitted and not over, as array(Tag,
    SlurmJobId, Ids), rewritten atomically; a new coordinator with the
    same jobs waits for the arrays still queued instead of submitting
    their jobs again;
  - `logs/<ArrayJobId>_<Task>.log`: what an array task printed;
  - `coordinator.lock`: the coordinator at work on this folder; a
    second one raises a permission error.

An array has at most min(array_size(K), MaxArraySize) tasks; more jobs
than that are shared out in slices, each task running its slice one job
after the other (skipping a job whose Result exists). A job left without
its Result when its task ended (it failed, was cancelled, ran out of
time, its node died) is submitted again, up to retries(N) times.
Options (beside those of jobs_run/2):

  - partition(P), account(A): `--partition`, `--account`
  - time_limit(Minutes): `--time` of each task (of its whole slice)
  - array_size(K): most tasks in one array
  - concurrency(N): tasks of an array running at once (`%N`)
  - shared_dir(Dir): the folder above
  - sbatch_args(List): more arguments for `sbatch`
  - poll_interval(Seconds): between two looks at the queue (default 2)

The clients (`sbatch`, `squeue`, `scontrol`, `sacct`) are found on
`PATH` and find their cluster as they usually do (`SLURM_CONF`). Arrays
stay queued when the coordinator stops: run it again to wait for them,
or `scancel` the ids in `arrays.pl`.
*/

:- use_module(library(process)).
:- use_module(library(filesex)).
:- use_module(library(readutil)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(library(pairs)).
:- use_module(library(assoc)).

:- meta_predicate backend_run(+, +, 1).

:- multifile tabula_jobs:backend/2.
tabula_jobs:backend(slurm, jobs_slurm).

% The file the array tasks load: this one.
:- dynamic this_file_/1.
:- prolog_load_context(source, File), assertz(this_file_(File)).

%!  backend_run(+Jobs, +Options, +Emit) is det.
%
%   Runs Jobs (job(Id, Argv, Result), none of them done) as Slurm array
%   tasks and calls call(Emit, Event) for started(Id), done(Id),
%   retry(Id, Why) and failed(Id, Why). Why is exit(Status), signal(S),
%   no_result, no_executable(Exe) or slurm(State): the state the task
%   ended in (e.g. `'CANCELLED'`, `'TIMEOUT'`, `'NODE_FAIL'`), or
%   submit(Message) when `sbatch` refused the array. Succeeds once
%   every job is done or failed. Raises ISO errors for malformed
%   Options, and permission_error(coordinate, jobs_folder, Dir) while
%   another coordinator works on the shared folder Dir.
backend_run(Jobs, Options, Emit) :-
    must_be(list, Jobs),
    must_be(list, Options),
    must_be(callable, Emit),
    settings(Jobs, Options, S),
    Jobs \== [],
    !,
    directory_file_path(S.shared, logs, TaskLogs),
    make_directory_path(TaskLogs),
    make_directory_path(S.log_dir),
    setup_call_cleanup(
        take_lock(S),
        ( adopt(Jobs, S, Pending),
          run(Pending, S, Emit) ),
        drop_lock(S)).
backend_run(_, _, _).

                 /*******************************
                 *           SETTINGS           *
                 *******************************/

settings(Jobs, Options, S) :-
    maplist(check_option, Options),
    option(retries(Retries), Options, 2),
    (   option(cwd(Cwd0), Options) -> true ; working_directory(Cwd0, Cwd0) ),
    absolute_file_name(Cwd0, Cwd),
    folder(Jobs, Cwd, log_dir, 'jobs.logs', Options, LogDir),
    folder(Jobs, Cwd, shared_dir, 'jobs.slurm', Options, Shared),
    option(poll_interval(Poll), Options, 2),
    max_array_size(MaxArray),
    option(array_size(K), Options, MaxArray),
    ArraySize is min(K, MaxArray),
    option(sbatch_args(Args0), Options, []),
    maplist(text_atom, Args0, SbatchArgs),
    findall(D, directive(Options, D), Directives),
    option(concurrency(Throttle), Options, none),
    current_prolog_flag(executable, Swipl0),
    absolute_file_name(Swipl0, Swipl),
    findall(Id-true, member(job(Id, _, _), Jobs), IdPairs),
    list_to_assoc(IdPairs, Ours),
    S = slurm{retries:Retries, cwd:Cwd, log_dir:LogDir, shared:Shared,
              poll:Poll, array_size:ArraySize, throttle:Throttle,
              directives:Directives, sbatch_args:SbatchArgs, swipl:Swipl,
              ours:Ours}.

% The folder of an option, else Name beside the first Result.
folder(Jobs, Cwd, Option, Name, Options, Dir) :-
    Opt =.. [Option, Dir0],
    (   option(Opt, Options)
    ->  absolute_file_name(Dir0, Dir)
    ;   Jobs = [job(_, _, First)|_]
    ->  file_directory_name(First, Parent),
        directory_file_path(Parent, Name, Dir)
    ;   directory_file_path(Cwd, Name, Dir)
    ).

check_option(O) :-
    (   compound(O), compound_name_arity(O, _, 1)
    ->  check_value(O)
    ;   type_error(option, O)
    ).

check_value(partition(P)) :- !, must_be(atomic, P).
check_value(account(A)) :- !, must_be(atomic, A).
check_value(time_limit(M)) :- !, must_be(positive_integer, M).
check_value(array_size(K)) :- !, must_be(positive_integer, K).
check_value(concurrency(N)) :- !, must_be(positive_integer, N).
check_value(retries(N)) :- !, must_be(nonneg, N).
check_value(shared_dir(D)) :- !, must_be(atomic, D).
check_value(log_dir(D)) :- !, must_be(atomic, D).
check_value(cwd(D)) :- !, must_be(atomic, D).
check_value(sbatch_args(L)) :- !, must_be(list(atomic), L).
check_value(poll_interval(S)) :- !,
    must_be(number, S),
    (   S > 0 -> true ; domain_error(positive_number, S) ).
check_value(_).

directive(Options, partition-P) :- option(partition(P), Options).
directive(Options, account-A) :- option(account(A), Options).
directive(Options, time-M) :- option(time_limit(M), Options).

text_atom(T, A) :- atom_string(A, T).

% Array indexes run below MaxArraySize: the cluster's, else Slurm's
% default.
max_array_size(Max) :-
    (   config_value("MaxArraySize", V), number_string(Max, V)
    ->  true
    ;   Max = 1001
    ).

% sacct has something to say only where accounting is stored.
accounting :-
    config_value("AccountingStorageType", V),
    V \== "accounting_storage/none".

config_value(Key, Value) :-
    command(scontrol, [show, config], 0, Out, _),
    split_string(Out, "\n", "", Lines),
    member(Line, Lines),
    split_string(Line, "=", " ", [Key, Value]),
    !.

                 /*******************************
                 *     ONE COORDINATOR A FOLDER *
                 *******************************/

%   Two coordinators of one shared folder would both submit the jobs
%   they find queued. The lock, coordinator(Host, Pid), is rewritten at
%   every look; it is held while its process lives (on this host) or,
%   seen from another host, while it is fresh (5 polls, at least 60 s).
take_lock(S) :-
    lock_file(S, File),
    (   exists_file(File),
        catch(read_file_to_terms(File, [coordinator(Host, Pid)], []), _, fail),
        time_file(File, Written),
        held(Host, Pid, Written, S)
    ->  permission_error(coordinate, jobs_folder, S.shared)
    ;   write_lock(S)
    ).

held(Host, Pid, Written, S) :-
    gethostname(Here),
    (   Host == Here
    ->  format(atom(Proc), '/proc/~d', [Pid]),
        exists_directory(Proc)
    ;   get_time(Now),
        Now - Written < max(60, 5 * S.poll)
    ).

write_lock(S) :-
    lock_file(S, File),
    gethostname(Host),
    current_prolog_flag(pid, Pid),
    write_terms_atomically(File, [coordinator(Host, Pid)]).

drop_lock(S) :-
    lock_file(S, File),
    catch(delete_file(File), _, true).

lock_file(S, File) :-
    directory_file_path(S.shared, 'coordinator.lock', File).

                 /*******************************
                 *     ARRAYS OF A FORMER RUN   *
                 *******************************/

%   adopt(+Jobs, +S, -Pending): Pending is an assoc Id -> p(Job,
%   Attempt, Where, Started), Where `queued` or in(Tag, Task), Started
%   whether started(Id) was emitted for this attempt. A job of an array
%   recorded in arrays.pl whose task is still queued or running is
%   waited for, not submitted again.
adopt(Jobs, S, Pending) :-
    read_arrays(S, Recorded0),
    maplist(find_array_id, Recorded0, Recorded),
    findall(Id, ( member(array(_, Id, _), Recorded), Id \== none ), SlurmIds),
    queue_states(SlurmIds, S, States),
    include(live_array(States), Recorded, Live),
    write_arrays(S, Live),
    findall(Id-in(Tag, Task),
            ( member(array(Tag, SId, _), Live),
              array_tasks(S, Tag, Tasks),
              member(Id-Task, Tasks),
              get_assoc(SId-Task, States, State),
              \+ final_state(State)
            ),
            Adopted0),
    list_to_assoc_first(Adopted0, Adopted),
    foldl(pending_job(Adopted), Jobs, [], Pairs),
    list_to_assoc(Pairs, Pending).

pending_job(Adopted, Job, Ps, [Id-p(Job, 1, Where, false)|Ps]) :-
    Job = job(Id, _, _),
    (   get_assoc(Id, Adopted, Where) -> true ; Where = queued ).

list_to_assoc_first(Pairs, Assoc) :-
    empty_assoc(Empty),
    foldl(put_first, Pairs, Empty, Assoc).

put_first(K-V, A0, A) :-
    (   get_assoc(K, A0, _) -> A = A0 ; put_assoc(K, A0, V, A) ).

% An array recorded before sbatch answered is looked for by its name.
find_array_id(array(Tag, none, Ids), array(Tag, Id, Ids)) :- !,
    job_name(Tag, Name),
    (   command(squeue, ['-h', '-n', Name, '-o', '%F'], 0, Out, _),
        split_string(Out, "\n", " ", [First|_]),
        number_string(Id, First)
    ->  true
    ;   Id = none
    ).
find_array_id(A, A).

live_array(States, array(_, SId, _)) :-
    SId \== none,
    gen_assoc(SId-_, States, State),
    \+ final_state(State),
    !.

array_tasks(S, Tag, Tasks) :-
    jobs_file(S, Tag, File),
    (   exists_file(File)
    ->  read_file_to_terms(File, Terms, []),
        findall(Id-Task, member(job(Task, Id, _, _, _, _, _), Terms), Tasks)
    ;   Tasks = []
    ).

                 /*******************************
                 *          THE LOOP            *
                 *******************************/

run(Pending, S, Emit) :-
    (   empty_assoc(Pending)
    ->  true
    ;   submit(Pending, S, Emit, Pending1),
        look(Pending1, S, Emit, Pending2),
        write_lock(S),
        (   empty_assoc(Pending2)
        ->  true
        ;   sleep(S.poll)               % interruptible: signals run here
        ),
        run(Pending2, S, Emit)
    ).

%   One look at the queue: a job whose Result exists is done; one whose
%   task has ended without it is retried or has failed.
look(Pending0, S, Emit, Pending) :-
    assoc_to_values(Pending0, Ps),
    findall(Tag, member(p(_, _, in(Tag, _), _), Ps), Tags0),
    sort(Tags0, Tags),
    read_arrays(S, Arrays),
    findall(Tag-SId, ( member(Tag, Tags), memberchk(array(Tag, SId, _), Arrays) ), TagIds),
    pairs_values(TagIds, SIds),
    queue_states(SIds, S, States),
    list_to_assoc(TagIds, TagAssoc),
    assoc_to_list(Pending0, Pairs),
    foldl(look_job(S, Emit, TagAssoc, States), Pairs, Pending0, Pending),
    forget_arrays(S, Pending).

look_job(S, Emit, TagIds, States, Id-p(Job, Attempt, Where, Started0), P0, P) :-
    (   Where = in(Tag, Task)
    ->  Job = job(_, _, Result),
        (   get_assoc(Tag, TagIds, SId), get_assoc(SId-Task, States, State)
        ->  true
        ;   State = gone
        ),
        (   State == 'PENDING'
        ->  P = P0
        ;   exists_file(Result)
        ->  started(S, Tag, Id, Emit, true, Started0, _),
            call(Emit, done(Id)),
            forget_job(Id, P0, P)
        ;   started(S, Tag, Id, Emit, false, Started0, Started),
            (   ( final_state(State) ; State == gone )
            ->  (   exit_marker(S, Tag, Id, ended(_, true))
                ->  call(Emit, done(Id)),
                    forget_job(Id, P0, P)
                ;   why(S, Tag, Id, TagIds, State, Why),
                    ended_without_result(S, Emit, Why, Id-p(Job, Attempt, Where, Started), P0, P)
                )
            ;   put_assoc(Id, P0, p(Job, Attempt, Where, Started), P)
            )
        )
    ;   P = P0
    ).

% del_assoc/4 of SWI-Prolog 10 leaves a choicepoint.
forget_job(Id, P0, P) :-
    once(del_assoc(Id, P0, _, P)).

% started(Id) once per attempt: when its task has marked the job begun,
% or when it is found done before that was seen.
started(_, _, _, _, _, true, true) :- !.
started(S, Tag, Id, Emit, Done, false, Started) :-
    marker(S, Tag, Id, run, Marker),
    (   ( Done == true ; exists_file(Marker) )
    ->  call(Emit, started(Id)),
        Started = true
    ;   Started = false
    ).

ended_without_result(S, Emit, Why, Id-p(Job, Attempt, _, _), P0, P) :-
    (   Attempt =< S.retries
    ->  call(Emit, retry(Id, Why)),
        Attempt1 is Attempt + 1,
        put_assoc(Id, P0, p(Job, Attempt1, queued, false), P)
    ;   call(Emit, failed(Id, Why)),
        forget_job(Id, P0, P)
    ).

% Why a job has no Result: the state its task ended in when Slurm ended
% it, else what the job's exit status says.
why(S, Tag, Id, TagIds, State0, Why) :-
    (   State0 == gone, get_assoc(Tag, TagIds, SId), accounting
    ->  sacct_state(S, SId, Tag, Id, State)
    ;   State = State0
    ),
    (   final_state(State), State \== 'COMPLETED', State \== 'FAILED'
    ->  Why = slurm(State)
    ;   exit_marker(S, Tag, Id, ended(Status, _))
    ->  status_why(Status, Why)
    ;   State == 'FAILED'
    ->  Why = slurm(State)
    ;   Why = no_result
    ).

% What the task wrote when the job ended: ended(Status, Seen), Seen
% whether the job's node saw its Result. When the node saw it and this
% one does not (yet: a shared file system's cache), the job is done.
exit_marker(S, Tag, Id, Ended) :-
    marker(S, Tag, Id, exit, File),
    exists_file(File),
    catch(read_file_to_terms(File, [Ended0], []), _, fail),
    Ended = Ended0.

status_why(exit(0), no_result) :- !.
status_why(killed(Sig), signal(Sig)) :- !.
status_why(Status, Status).

sacct_state(S, SId, Tag, Id, State) :-
    array_tasks(S, Tag, Tasks),
    memberchk(Id-Task, Tasks),
    format(atom(Step), '~w_~w', [SId, Task]),
    (   command(sacct, ['-n', '-P', '-X', '-j', Step, '-o', 'State'], 0, Out, _),
        split_string(Out, "\n ", " ", [Word|_]),
        Word \== ""
    ->  atom_string(State, Word)
    ;   State = gone
    ).

                 /*******************************
                 *          SUBMITTING          *
                 *******************************/

%   All queued jobs go into one new array.
submit(Pending0, S, Emit, Pending) :-
    assoc_to_list(Pending0, Pairs),
    include(queued, Pairs, Queued),
    (   Queued == []
    ->  Pending = Pending0
    ;   pairs_values(Queued, Ps),
        pairs_keys(Queued, Ids),
        new_tag(Tag),
        slices(Ps, S.array_size, Tasks),
        length(Tasks, NTasks),
        write_jobs_file(S, Tag, Tasks),
        % recorded before sbatch: a coordinator killed in between finds
        % the array by its name
        Entry = array(Tag, none, Ids),
        read_arrays(S, Arrays0),
        write_arrays(S, [Entry|Arrays0]),
        sbatch(S, Tag, NTasks, Result),
        read_arrays(S, Arrays1),
        exclude(==(Entry), Arrays1, Arrays2),
        (   Result = ok(SId)
        ->  write_arrays(S, [array(Tag, SId, Ids)|Arrays2]),
            foldl(placed(Tag), Tasks, Pending0, Pending)
        ;   write_arrays(S, Arrays2),
            refused(Result, S, Emit, Queued, Pending0, Pending)
        )
    ).

queued(_-p(_, _, queued, _)).

placed(Tag, Task-Ps, P0, P) :-
    foldl(placed_job(Tag, Task), Ps, P0, P).

placed_job(Tag, Task, p(Job, Attempt, _, _), P0, P) :-
    Job = job(Id, _, _),
    put_assoc(Id, P0, p(Job, Attempt, in(Tag, Task), false), P).

% A full queue is waited out (the jobs stay queued until the next
% look); any other refusal costs each job an attempt.
refused(busy(Message), _, _, _, P, P) :- !,
    print_message(warning, format("sbatch: ~w (trying again)", [Message])).
refused(refused(Message), S, Emit, Queued, P0, P) :-
    foldl(ended_without_result(S, Emit, slurm(submit(Message))), Queued, P0, P).

%   slices(+Ps, +MaxTasks, -Tasks): Task-Slice pairs, at most MaxTasks
%   of them, the slices as even as can be.
slices(Ps, MaxTasks, Tasks) :-
    length(Ps, N),
    Size is (N + MaxTasks - 1) // MaxTasks,
    slice(Ps, Size, 0, Tasks).

slice([], _, _, []) :- !.
slice(Ps, Size, Task, [Task-Slice|Tasks]) :-
    length(Slice0, Size),
    (   append(Slice0, Rest, Ps) -> Slice = Slice0 ; Slice = Ps, Rest = [] ),
    Task1 is Task + 1,
    slice(Rest, Size, Task1, Tasks).

write_jobs_file(S, Tag, Tasks) :-
    marker_dir(S, Tag, Dir),
    make_directory_path(Dir),
    Cwd = S.cwd,
    LogDir = S.log_dir,
    findall(job(Task, Id, Argv, Result, Log, Cwd, Attempt),
            ( member(Task-Ps, Tasks),
              member(p(job(Id, Argv0, Result0), Attempt, _, _), Ps),
              maplist(text_atom, Argv0, Argv),
              text_atom(Result0, Result),
              file_name_extension(Id, log, LogName),
              directory_file_path(LogDir, LogName, Log)
            ),
            Terms),
    jobs_file(S, Tag, File),
    write_terms_atomically(File, Terms).

sbatch(S, Tag, NTasks, Result) :-
    script(S, Tag, NTasks, Script),
    append([['--parsable'], S.sbatch_args, [Script]], Args),
    (   command(sbatch, Args, Status, StdOut, StdErr)
    ->  true
    ;   Status = none, StdErr = "sbatch could not be run"
    ),
    (   Status == 0,
        split_string(StdOut, ";\n", " ", [IdText|_]),
        number_string(SId, IdText)
    ->  Result = ok(SId)
    ;   normalize_space(atom(Message), StdErr),
        (   busy(Message) -> Result = busy(Message) ; Result = refused(Message) )
    ).

% What sbatch says when the queue is full for now.
busy(Message) :-
    member(Word, ['temporarily unable', 'MaxJobCount', 'MaxSubmit', 'timed out']),
    sub_atom(Message, _, _, _, Word),
    !.

% The batch script: its #SBATCH lines say all of the array (so it can be
% read, or submitted again by hand), then the coordinator's swipl loads
% this file and runs the task's slice. --no-requeue: only the
% coordinator runs a job again.
script(S, Tag, NTasks, Script) :-
    this_file_(Me),
    jobs_file(S, Tag, JobsFile),
    file_name_extension(Base, jobs, JobsFile),
    file_name_extension(Base, sh, Script),
    Last is NTasks - 1,
    (   S.throttle == none
    ->  format(atom(Array), '0-~d', [Last])
    ;   format(atom(Array), '0-~d%~d', [Last, S.throttle])
    ),
    job_name(Tag, Name),
    directory_file_path(S.shared, 'logs/%A_%a.log', Out),
    append([ 'job-name'-Name, array-Array, output-Out, ntasks-1 ],
           S.directives, Directives),
    maplist(sh_quote, [S.swipl, Me, JobsFile], [Swipl, MeQ, JobsQ]),
    write_atomically(Script, write_script(Directives, JobsQ, Swipl, MeQ)).

write_script(Directives, JobsQ, Swipl, MeQ, Out) :-
    format(Out, "#!/bin/sh~n", []),
    forall(member(Key-Value, Directives),
           format(Out, "#SBATCH --~w=\"~w\"~n", [Key, Value])),
    format(Out, "#SBATCH --no-requeue~n\c
                 TABULA_JOBS_FILE=~w; export TABULA_JOBS_FILE~n\c
                 exec ~w -q --no-packs -g jobs_slurm:task_main -t halt ~w~n",
           [JobsQ, Swipl, MeQ]).

sh_quote(Text, Quoted) :-
    atomic_list_concat(Parts, '\'', Text),
    atomic_list_concat(Parts, '\'\\\'\'', Inner),
    format(atom(Quoted), '\'~w\'', [Inner]).

new_tag(Tag) :-
    get_time(T),
    Ms is round(T * 1000),
    current_prolog_flag(pid, Pid),
    flag(jobs_slurm_tag, N, N + 1),
    format(atom(Tag), 'a~d_~d_~d', [Ms, Pid, N]).

job_name(Tag, Name) :- atom_concat('tabula-', Tag, Name).

                 /*******************************
                 *           THE QUEUE          *
                 *******************************/

%   queue_states(+SlurmIds, +S, -States): assoc SlurmId-Task -> State
%   of each task squeue knows (all states, one line per task). While
%   squeue cannot answer, it is asked again: nothing is taken for ended.
queue_states([], _, States) :- !,
    empty_assoc(States).
queue_states(SIds, S, States) :-
    atomic_list_concat(SIds, ',', List),
    (   command(squeue, ['-h', '-r', '--states=all', '-j', List, '-o', '%F|%K|%T'],
                Status, Out0, Err),
        (   Status == 0
        ->  Out = Out0
        ;   sub_string(Err, _, _, _, "Invalid job id")     % all gone
        ->  Out = ""
        ;   print_message(warning, format("squeue: ~w", [Err])),
            fail
        )
    ->  split_string(Out, "\n", " ", Lines),
        findall((SId-Task)-State,
                ( member(Line, Lines),
                  split_string(Line, "|", " ", [I, K, T]),
                  number_string(SId, I),
                  number_string(Task, K),
                  atom_string(State, T)
                ),
                Pairs),
        list_to_assoc_first(Pairs, States)
    ;   sleep(S.poll),
        queue_states(SIds, S, States)
    ).

final_state(State) :-
    memberchk(State, [ 'COMPLETED', 'FAILED', 'CANCELLED', 'TIMEOUT', 'NODE_FAIL',
                       'PREEMPTED', 'BOOT_FAIL', 'DEADLINE', 'OUT_OF_MEMORY',
                       'REVOKED', 'SPECIAL_EXIT' ]).

%   command(+Name, +Args, -Status, -Out, -Err): runs a Slurm client;
%   fails (with a warning) when it is missing or killed.
command(Name, Args, Status, Out, Err) :-
    catch(( absolute_file_name(path(Name), Exe, [access(execute), file_errors(fail)]),
            setup_call_cleanup(
                process_create(Exe, Args,
                               [ stdin(null), stdout(pipe(O)), stderr(pipe(E)),
                                 process(Pid) ]),
                ( read_string(O, _, Out), read_string(E, _, Err) ),
                ( close(O), close(E) )),
            process_wait(Pid, exit(Status))
          ), Error,
          ( print_message(warning, Error), fail )).

                 /*******************************
                 *        SHARED FILES          *
                 *******************************/

jobs_file(S, Tag, File) :-
    file_name_extension(Tag, jobs, Name),
    directory_file_path(S.shared, Name, File).

marker_dir(S, Tag, Dir) :-
    file_name_extension(Tag, d, Name),
    directory_file_path(S.shared, Name, Dir).

marker(S, Tag, Id, Kind, File) :-
    marker_dir(S, Tag, Dir),
    file_name_extension(Id, Kind, Name),
    directory_file_path(Dir, Name, File).

arrays_file(S, File) :-
    directory_file_path(S.shared, 'arrays.pl', File).

read_arrays(S, Arrays) :-
    arrays_file(S, File),
    (   exists_file(File)
    ->  read_file_to_terms(File, Arrays, [])
    ;   Arrays = []
    ).

write_arrays(S, Arrays) :-
    arrays_file(S, File),
    write_terms_atomically(File, Arrays).

% An array is forgotten once no job of this run waits for it; another
% run's arrays (none of their jobs are ours) are left alone.
forget_arrays(S, Pending) :-
    read_arrays(S, Arrays),
    assoc_to_values(Pending, Ps),
    findall(Tag, member(p(_, _, in(Tag, _), _), Ps), Tags),
    include(kept_array(Tags, S.ours), Arrays, Kept),
    (   Kept == Arrays -> true ; write_arrays(S, Kept) ).

kept_array(Tags, _, array(Tag, _, _)) :-
    memberchk(Tag, Tags),
    !.
kept_array(_, Ours, array(_, _, Ids)) :-
    \+ ( member(Id, Ids), get_assoc(Id, Ours, _) ).

write_terms_atomically(File, Terms) :-
    write_atomically(File, write_terms(Terms)).

write_terms(Terms, Out) :-
    forall(member(T, Terms),
           ( write_canonical(Out, T), write(Out, '.\n') )).

% Written to File.tmp, then renamed: a reader sees all of it or nothing.
write_atomically(File, Goal) :-
    atom_concat(File, '.tmp', Tmp),
    setup_call_cleanup(open(Tmp, write, Out, [encoding(utf8)]),
                       call(Goal, Out),
                       close(Out)),
    rename_file(Tmp, File).

                 /*******************************
                 *         AN ARRAY TASK        *
                 *******************************/

:- public task_main/0.

%   task_main: in an array task, runs the jobs of its slice in turn.
task_main :-
    getenv('TABULA_JOBS_FILE', File),
    getenv('SLURM_ARRAY_TASK_ID', TaskText),
    atom_number(TaskText, Task),
    read_file_to_terms(File, Terms, []),
    file_name_extension(Base, jobs, File),
    file_name_extension(Base, d, Dir),
    forall(member(job(Task, Id, Argv, Result, Log, Cwd, Attempt), Terms),
           task_job(Dir, Id, Argv, Result, Log, Cwd, Attempt)).

task_job(Dir, Id, [Exe0|Args], Result, Log, Cwd, Attempt) :-
    (   exists_file(Result)
    ->  true
    ;   file_name_extension(Id, run, RunName),
        directory_file_path(Dir, RunName, Run),
        write_terms_atomically(Run, []),
        file_directory_name(Log, LogDir),
        make_directory_path(LogDir),
        (   executable(Exe0, Exe)
        ->  (   Attempt =:= 1 -> Mode = write ; Mode = append ),
            setup_call_cleanup(
                open(Log, Mode, Out),
                ( log_header(Out, Attempt),
                  process_create(Exe, Args,
                                 [ stdin(null), stdout(stream(Out)), stderr(stream(Out)),
                                   cwd(Cwd), process(Pid) ]),
                  process_wait(Pid, Status) ),
                close(Out))
        ;   Status = no_executable(Exe0)
        ),
        (   exists_file(Result) -> Seen = true ; Seen = false ),
        file_name_extension(Id, exit, ExitName),
        directory_file_path(Dir, ExitName, Exit),
        write_terms_atomically(Exit, [ended(Status, Seen)])
    ).

log_header(_, 1) :- !.
log_header(Out, Attempt) :-
    format(Out, "~N--- attempt ~d ---~n", [Attempt]),
    flush_output(Out).

executable(Exe0, Exe) :-
    (   is_absolute_file_name(Exe0)
    ->  access_file(Exe0, execute),
        Exe = Exe0
    ;   absolute_file_name(path(Exe0), Exe, [access(execute), file_errors(fail)])
    ).
