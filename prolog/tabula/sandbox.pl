:- module(tabula_sandbox,
          [ sandbox_start/3,          % +Dir, +Options, -Sandbox
            sandbox_load/3,           % +Sandbox, +Goal, -Outcome
            sandbox_defined/3,        % +Sandbox, +PIs, -Defined
            sandbox_run/5,            % +Sandbox, +Setup, +Goals, -SetupOutcome, -Outcomes
            sandbox_call/5,           % +Sandbox, +Goal, +Template, +Max, -Outcome
            sandbox_property/2,       % +Sandbox, ?Property
            sandbox_stop/1,           % +Sandbox
            sandbox_isolation/1       % -Isolation
          ]).
/** <module> Run untrusted Prolog code in a child process

A sandbox is a child `swipl` (the executable of the running Prolog unless
told otherwise) working in a scratch copy of a folder, under bubblewrap
(`bwrap`) when it can run here: the whole file system read-only but the
scratch folder, a private `/tmp` (into which the folders the child runs
from, when they lie under `/tmp`, are bound back read-only), no network,
its own process namespace, killed with its parent. Where bwrap cannot run, the child runs with
process limits only, and sandbox_property/2 says so (`isolation(none(Why))`).
Either way it runs under resource limits (`prlimit`: CPU seconds, address
space, file size, no core dumps; `--stack-limit`), with its standard input
empty and its output counted and capped rather than shown.

Requests go to the child as terms; answers come back on lines tagged with
a nonce (library(tabula/sandbox_child)), so the untrusted code's own
printing cannot pass for an answer. Each call runs under a time and an
inference limit inside the child; the parent waits a little longer and,
past that, kills the child and starts a new one (reloading what was
loaded), so one bad call costs one outcome and no more.

An outcome is one of:

  - answers(List, Det): the answers (at most the Max asked for), Det
    `det`, `nondet` (a choicepoint was left, then no further answer) or
    `more` (Max reached);
  - error(E): the goal raised E;
  - timeout, inference_limit, stack_overflow, memory, output_overflow,
    read_input (it read its standard input), aborted;
  - halted(Status): the child exited (halt/0,1) while running it;
  - crashed(Signal): the child was killed by a signal (a crash, or a
    process limit);
  - unprintable(Why): the answer could not travel as text (cyclic or too
    large);
  - not_run(Why): the child could not be (re)started.

Options of sandbox_start/3 (limits per call and per child):

  - time(Seconds): wall-clock time per call (default 5)
  - inferences(N): inferences per call (default 100,000,000)
  - load_time(Seconds): per loading goal (default 30)
  - cpu(Seconds): CPU time of one child (default 600)
  - memory(MB): address space of the child (default 2048; not set
    under AddressSanitizer, which needs more)
  - stack(MB): Prolog stack limit (default 256)
  - file_size(MB): the largest file the child may write (default 64)
  - tmp_size(MB): size of its private /tmp (default 64)
  - output(Bytes): output per call (default 1,000,000)
  - answer_bytes(Bytes): largest answer text (default 4,000,000)
  - restarts(N): how many times the child may be restarted (default 100)
  - isolation(I): `auto` (default: bwrap when it runs here), `bwrap`
    (error if it cannot run) or `none`
  - executable(Exe): the swipl to run
  - swipl_args(Args): more command-line arguments (e.g. `-p` paths)
  - copy(Bool): work in a scratch copy of Dir (default true) or in Dir
*/

:- use_module(library(process)).
:- use_module(library(filesex)).
:- use_module(library(readutil)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(error)).

:- dynamic
    sandbox_/3,                 % Id, Options, Scratch
    child_/6,                   % Id, Pid, In, Out, ErrFile, Nonce
    buffer_/2,                  % Id, pending(Lines, Tail): read, not yet taken
    loads_/2,                   % Id, Goal (replayed on restart)
    restarts_/2,                % Id, N
    stray_/2,                   % Id, Bytes printed outside answers
    halting_/2.                 % Id, Status: the child said it is halting

                 /*******************************
                 *          ISOLATION           *
                 *******************************/

:- dynamic isolation_cache/1.

%!  sandbox_isolation(-Isolation) is det.
%
%   Isolation is `bwrap` when bubblewrap runs here (found on the PATH and
%   a trial run with every namespace the sandbox uses succeeds), otherwise
%   `none(Why)`, Why a string saying what is missing.
sandbox_isolation(Isolation) :-
    with_mutex(tabula_sandbox, isolation_(Isolation)).

isolation_(Isolation) :-
    isolation_cache(I),
    !,
    Isolation = I.
isolation_(Isolation) :-
    (   absolute_file_name(path(bwrap), Bwrap, [access(execute), file_errors(fail)])
    ->  bwrap_probe_args(Args),
        catch(( process_create(Bwrap, Args,
                               [ stdin(null), stdout(null), stderr(pipe(E)), process(Pid) ]),
                read_string(E, 2000, Why0), close(E),
                process_wait(Pid, Status) ),
              Ex,
              ( message_to_codes(Ex, Why0), Status = error )),
        (   Status == exit(0)
        ->  I = bwrap
        ;   split_string(Why0, "", " \n", [Why1]),
            format(string(Why), "bwrap cannot run here (~w)", [Why1]),
            I = none(Why)
        )
    ;   I = none("bwrap (Debian package bubblewrap) is not installed")
    ),
    assertz(isolation_cache(I)),
    Isolation = I.

message_to_codes(E, S) :-
    message_to_codes_(E, S0),
    string_codes(S, S0).
message_to_codes_(E, Codes) :-
    catch(( message_to_codes(E, [], Codes0) -> Codes = Codes0 ; fail ), _, fail),
    !.
message_to_codes_(E, Codes) :-
    format(codes(Codes), "~q", [E]).

bwrap_probe_args(Args) :-
    flatten_args([ '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc',
                   '--tmpfs', '/tmp', namespace_args, 'true' ], Args).

namespace_args(['--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts',
                '--die-with-parent', '--new-session']).

flatten_args(Args0, Args) :-
    foldl(flat_arg, Args0, Args, []).
flat_arg(namespace_args, Args, Tail) :-
    !,
    namespace_args(Ns),
    append(Ns, Tail, Args).
flat_arg(List, Args, Tail) :-
    is_list(List),
    !,
    foldl(flat_arg, List, Args, Tail).
flat_arg(A, [A|Tail], Tail).

                 /*******************************
                 *          START, STOP         *
                 *******************************/

%!  sandbox_start(+Dir, +Options, -Sandbox) is det.
%
%   Sandbox is a child swipl working in a scratch copy of the folder Dir
%   (or in Dir itself with copy(false)), under the limits of Options (see
%   the module's documentation). Raises existence_error(directory, Dir)
%   when Dir is not a folder, and an error when the child cannot start.
sandbox_start(Dir, Options, Sandbox) :-
    must_be(atomic, Dir),
    must_be(list, Options),
    (   exists_directory(Dir)
    ->  true
    ;   existence_error(directory, Dir)
    ),
    check_isolation_option(Options, Isolation),
    flag(tabula_sandbox_id, Id, Id + 1),
    (   option(copy(false), Options)
    ->  absolute_file_name(Dir, Scratch)
    ;   tmp_file(tabula_sandbox, Scratch0),
        make_directory(Scratch0),
        copy_directory(Dir, Scratch0),
        absolute_file_name(Scratch0, Scratch)
    ),
    absolute_file_name(Dir, Source),
    assertz(sandbox_(Id, [isolation_used(Isolation), source(Source)|Options], Scratch)),
    assertz(restarts_(Id, 0)),
    Sandbox = sandbox(Id),
    catch(start_child(Id),
          E,
          ( sandbox_stop(Sandbox), throw(E) )).

check_isolation_option(Options, Isolation) :-
    option(isolation(Wanted), Options, auto),
    must_be(oneof([auto, bwrap, none]), Wanted),
    sandbox_isolation(Available),
    (   Wanted == none
    ->  Isolation = none("isolation(none) was asked for")
    ;   Wanted == bwrap, Available = none(Why)
    ->  throw(error(resource_error(bwrap), context(sandbox_start/3, Why)))
    ;   Isolation = Available
    ).

limit_value(Id, Name, Default, Value) :-
    sandbox_(Id, Options, _),
    Opt =.. [Name, Value0],
    (   option(Opt, Options)
    ->  Value = Value0
    ;   Value = Default
    ).

child_limits(Id, [ time(Time), inferences(Inf), load_time(Load),
                   output_bytes(Out), answer_bytes(Ans) ]) :-
    limit_value(Id, time, 5, Time),
    limit_value(Id, inferences, 100 000 000, Inf),
    limit_value(Id, load_time, 30, Load),
    limit_value(Id, output, 1 000 000, Out),
    limit_value(Id, answer_bytes, 4 000 000, Ans).

start_child(Id) :-
    sandbox_(Id, Options, Scratch),
    option(isolation_used(Isolation), Options),
    option(executable(Exe0), Options, _),
    (   var(Exe0) -> current_prolog_flag(executable, Exe1) ; Exe1 = Exe0 ),
    absolute_file_name(Exe1, Exe, [access(execute)]),
    option(swipl_args(Extra), Options, []),
    limit_value(Id, stack, 256, StackMB),
    child_file(ChildFile),
    format(atom(StackArg), '--stack-limit=~dm', [StackMB]),
    append([ [StackArg, '-q', '-f', 'none', '--no-tty'],
             Extra,
             [ '-g', 'tabula_sandbox_child:sandbox_serve', '-t', 'halt', ChildFile ] ],
           SwiplArgs),
    limits_prefix(Id, Prefix),
    (   Isolation == bwrap
    ->  limit_value(Id, tmp_size, 64, TmpMB),
        option(source(Source), Options),
        tmp_rebinds([ChildFile, Exe], [Source], Extra, Rebinds),
        TmpBytes is TmpMB * 1024 * 1024,
        flatten_args([ '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc',
                       '--size', TmpBytes, '--tmpfs', '/tmp',
                       Rebinds,
                       '--bind', Scratch, Scratch,
                       namespace_args,
                       '--chdir', Scratch, '--setenv', 'HOME', Scratch,
                       '--', Exe | SwiplArgs ], Wrapped),
        absolute_file_name(path(bwrap), Bwrap, [access(execute)]),
        Command0 = [Bwrap|Wrapped],
        Detached = false
    ;   Command0 = [Exe|SwiplArgs],
        Detached = true
    ),
    append(Prefix, Command0, [Program|Args0]),
    maplist(to_atom, Args0, Args),
    tmp_file(tabula_sandbox_err, ErrFile),
    setup_call_cleanup(open(ErrFile, write, ErrS),
                       process_create(Program, Args,
                                      [ cwd(Scratch), stdin(pipe(In)), stdout(pipe(Out)),
                                        stderr(stream(ErrS)), process(Pid),
                                        detached(Detached) ]),
                       close(ErrS)),
    set_stream(In, encoding(utf8)),
    set_stream(Out, encoding(utf8)),
    random_between(100000000, 999999999, R),
    format(atom(Nonce), 'n~d', [R]),
    retractall(buffer_(Id, _)),
    assertz(buffer_(Id, pending([], ""))),
    retractall(stray_(Id, _)),
    assertz(stray_(Id, 0)),
    retractall(halting_(Id, _)),
    assertz(child_(Id, Pid, In, Out, ErrFile, Nonce)),
    child_limits(Id, Limits),
    (   send(Id, hello(Nonce, Limits)),
        receive(Id, 30, ready, _)
    ->  true
    ;   read_error_file(ErrFile, Text),
        kill_child(Id),
        throw(error(resource_error(sandbox_child), context(sandbox_start/3, Text)))
    ).

to_atom(X, A) :-
    (   atom(X) -> A = X ; format(atom(A), '~w', [X]) ).

% The private /tmp hides whatever the child needs that lies under /tmp (a
% checkout or pack there, a swipl built there): its program's folder, the
% executable's install folder, the folder the scratch copy was made from
% (loads may name its files) and the folders of `-p Alias=Dir` are bound
% back, read-only.
tmp_rebinds(Files, Dirs, SwiplArgs, Rebinds) :-
    maplist(file_directory_name, Files, [ChildDir, ExeDir]),
    file_directory_name(ExeDir, ExeRoot),
    path_arg_dirs(SwiplArgs, PathDirs),
    append([[ChildDir, ExeRoot], Dirs, PathDirs], All),
    foldl(tmp_rebind, All, Rebinds0, []),
    list_to_set(Rebinds0, Set),
    foldl(ro_bind, Set, Rebinds, []).

tmp_rebind(Dir0, Dirs, Tail) :-
    (   catch(absolute_file_name(Dir0, Dir, [file_type(directory), file_errors(fail)]), _, fail),
        under_tmp(Dir)
    ->  Dirs = [Dir|Tail]
    ;   Dirs = Tail
    ).

under_tmp(Dir) :-
    sub_atom(Dir, 0, _, _, '/tmp/').

ro_bind(Dir, ['--ro-bind', Dir, Dir|Tail], Tail).

path_arg_dirs(['-p', Spec|Rest], Dirs) :-
    !,
    (   sub_atom(Spec, Before, 1, _, =)
    ->  Start is Before + 1,
        sub_atom(Spec, Start, _, 0, Value),
        atomic_list_concat(Dirs0, :, Value)
    ;   Dirs0 = []
    ),
    path_arg_dirs(Rest, Dirs1),
    append(Dirs0, Dirs1, Dirs).
path_arg_dirs([_|Rest], Dirs) :-
    !,
    path_arg_dirs(Rest, Dirs).
path_arg_dirs([], []).

% The child's program is the file next to this one.
child_file(File) :-
    module_property(tabula_sandbox, file(Self)),
    file_directory_name(Self, Dir),
    directory_file_path(Dir, 'sandbox_child.pl', File).

% prlimit puts the per-child limits on the process it runs (and so on
% everything the child starts).
limits_prefix(Id, Prefix) :-
    (   absolute_file_name(path(prlimit), Prlimit, [access(execute), file_errors(fail)])
    ->  limit_value(Id, cpu, 600, Cpu),
        limit_value(Id, file_size, 64, FileMB),
        FileBytes is FileMB * 1024 * 1024,
        format(atom(CpuArg), '--cpu=~d', [Cpu]),
        format(atom(FsizeArg), '--fsize=~d', [FileBytes]),
        (   address_space_limited
        ->  limit_value(Id, memory, 2048, MemMB),
            MemBytes is MemMB * 1024 * 1024,
            format(atom(AsArg), '--as=~d', [MemBytes]),
            Mem = [AsArg]
        ;   Mem = []
        ),
        append([[Prlimit, CpuArg, FsizeArg, '--core=0'], Mem, ['--']], Prefix)
    ;   Prefix = []
    ).

% AddressSanitizer maps terabytes of shadow memory: no address-space
% limit when it is preloaded.
address_space_limited :-
    \+ ( getenv('LD_PRELOAD', P), sub_atom(P, _, _, _, asan) ).

read_error_file(File, Text) :-
    (   catch(read_file_to_string(File, Text0, []), _, fail)
    ->  (   string_length(Text0, L), L > 2000
        ->  sub_string(Text0, _, 2000, 0, Text)
        ;   Text = Text0
        )
    ;   Text = ""
    ).

%!  sandbox_stop(+Sandbox) is det.
%
%   Ends the child (and everything it started) and removes the scratch
%   copy. Stopping a sandbox that is already stopped does nothing.
sandbox_stop(Sandbox) :-
    must_be(compound, Sandbox),
    (   Sandbox = sandbox(Id), integer(Id)
    ->  true
    ;   type_error(sandbox, Sandbox)
    ),
    (   child_(Id, _, _, _, _, _)
    ->  catch(( send(Id, stop), receive(Id, 2, stopped, _) ), _, true),
        kill_child(Id)
    ;   true
    ),
    (   retract(sandbox_(Id, Options, Scratch))
    ->  (   option(copy(false), Options)
        ->  true
        ;   catch(delete_directory_and_contents(Scratch), _, true)
        )
    ;   true
    ),
    retractall(loads_(Id, _)),
    retractall(restarts_(Id, _)),
    retractall(buffer_(Id, _)),
    retractall(stray_(Id, _)).

kill_child(Id) :-
    (   retract(child_(Id, Pid, In, Out, ErrFile, _))
    ->  sandbox_(Id, Options, _),
        option(isolation_used(Isolation), Options),
        (   Isolation == bwrap
        ->  catch(process_kill(Pid, kill), _, true)
        ;   catch(process_group_kill(Pid, kill), _, true),
            catch(process_kill(Pid, kill), _, true)
        ),
        catch(close(In, [force(true)]), _, true),
        catch(close(Out, [force(true)]), _, true),
        catch(process_wait(Pid, _, [timeout(10)]), _, true),
        catch(delete_file(ErrFile), _, true)
    ;   true
    ).

%!  sandbox_property(+Sandbox, ?Property) is nondet.
%
%   Properties: isolation(I) (`bwrap` or `none(Why)`), scratch(Dir),
%   restarts(N) (how often the child was started again), stray_output(B)
%   (bytes the child printed outside its answers, since its last start).
sandbox_property(Sandbox, Property) :-
    must_be(compound, Sandbox),
    (   Sandbox = sandbox(Id), integer(Id)
    ->  true
    ;   type_error(sandbox, Sandbox)
    ),
    sandbox_(Id, Options, Scratch),
    option(isolation_used(I), Options),
    restarts_(Id, R),
    (   stray_(Id, B) -> true ; B = 0 ),
    Properties = [isolation(I), scratch(Scratch), restarts(R), stray_output(B)],
    (   nonvar(Property), functor(Property, N, 1), functor(P1, N, 1), memberchk(P1, Properties)
    ->  Property = P1
    ;   member(Property, Properties)
    ).

                 /*******************************
                 *           REQUESTS           *
                 *******************************/

%!  sandbox_load(+Sandbox, +Goal, -Outcome) is det.
%
%   Runs the loading Goal (e.g. `consult('uttt.pl')`) in the child, under
%   the load_time limit. Outcome is `loaded(O, Errors, Warnings)`, O the
%   goal's outcome and Errors/Warnings the messages of those kinds it
%   printed, or an outcome of the child itself (halted/1, crashed/1,
%   timeout, not_run/1). The goal is run again whenever the child is
%   restarted.
sandbox_load(Sandbox, Goal, Outcome) :-
    sandbox_id(Sandbox, Id),
    must_be(callable, Goal),
    assertz(loads_(Id, Goal)),
    limit_value(Id, load_time, 30, Seconds),
    Wait is Seconds + 10,
    request(Id, load(Goal), Wait, Reply),
    (   Reply = loaded(_, _, _)
    ->  Outcome = Reply
    ;   Outcome = Reply
    ).

%!  sandbox_defined(+Sandbox, +PIs, -Defined) is det.
%
%   Defined are the Module:Name/Arity of PIs that the loaded code defines
%   (not counting the system's own predicates).
sandbox_defined(Sandbox, PIs, Defined) :-
    sandbox_id(Sandbox, Id),
    must_be(list, PIs),
    request(Id, defined(PIs), 30, Reply),
    (   Reply = defined(Defined0)
    ->  Defined = Defined0
    ;   Defined = []
    ).

%!  sandbox_call(+Sandbox, +Goal, +Template, +Max, -Outcome) is det.
%
%   Outcome of running Goal in the child (in module `user`), collecting
%   at most Max instances of Template.
sandbox_call(Sandbox, Goal, Template, Max, Outcome) :-
    sandbox_run(Sandbox, true, [g(Goal, Template, Max)], Setup, Outcomes),
    (   Setup = answers([_], _)
    ->  Outcomes = [Outcome]
    ;   Outcome = Setup
    ).

%!  sandbox_run(+Sandbox, +Setup, +Goals, -SetupOutcome, -Outcomes) is det.
%
%   Runs Setup once in the child (its bindings are shared by Goals), then
%   every g(Goal, Template, Max) of Goals. SetupOutcome is the outcome of
%   Setup (`answers([true], det)` when it succeeded); Outcomes has one
%   outcome per goal (`[]` when Setup did not succeed). A goal that
%   crashes, halts or hangs the child gets that outcome; the child is
%   started again and the goals after it run there, after Setup again.
%   The answers come batched (the child writes them together); those a
%   crash loses are asked again one at a time, so such an end costs two
%   restarts.
sandbox_run(Sandbox, Setup, Goals, SetupOutcome, Outcomes) :-
    sandbox_id(Sandbox, Id),
    must_be(callable, Setup),
    must_be(list, Goals),
    maplist(check_goal, Goals),
    run_from(Id, Setup, Goals, SetupOutcome, Outcomes).

check_goal(G) :-
    (   G = g(Goal, _, Max), callable(Goal), integer(Max), Max >= 1
    ->  true
    ;   type_error(sandbox_goal, G)
    ).

sandbox_id(Sandbox, Id) :-
    must_be(compound, Sandbox),
    (   Sandbox = sandbox(Id), integer(Id)
    ->  (   sandbox_(Id, _, _)
        ->  true
        ;   existence_error(sandbox, Sandbox)
        )
    ;   type_error(sandbox, Sandbox)
    ).

% The goals' answers come batched; when the child ends before the last,
% the goals from the first unanswered one are asked again one by one
% (careful), which finds the one that ends it.
run_from(Id, Setup, Goals, SetupOutcome, Outcomes) :-
    run_from(Id, Setup, Goals, batched, SetupOutcome, Outcomes).

run_from(Id, Setup, Goals, Mode, SetupOutcome, Outcomes) :-
    limit_value(Id, time, 5, Time),
    Wait is Time * 2 + 5,
    (   Mode == careful -> Request = run(Setup, Goals) ; Request = run(Setup, Goals, Mode) ),
    (   ensure_child(Id)
    ->  length(Goals, N),
        (   catch(send(Id, Request), _, fail)
        ->  receive_or_fail(Id, Wait, Setup0),
            (   Setup0 = setup(answers([_], _))
            ->  SetupOutcome = answers([true], det),
                receive_goals(Id, 1, N, Wait, Got),
                length(Got, K),
                (   K =:= N
                ->  Outcomes = Got,
                    receive_or_fail(Id, Wait, done)
                ;   Mode == batched
                ->  child_end(Id, Wait, _),
                    length(Done, K),
                    append(Done, Rest, Goals),
                    run_from(Id, Setup, Rest, careful, _, RestOutcomes0),
                    length(Rest, RL),
                    (   length(RestOutcomes0, RL)
                    ->  RestOutcomes = RestOutcomes0
                    ;   length(RestOutcomes, RL), maplist(=(not_run(setup)), RestOutcomes)
                    ),
                    append(Got, RestOutcomes, Outcomes)
                ;   % the child ended while running goal K+1
                    child_end(Id, Wait, End),
                    length(Done, K),
                    append(Done, [_|Rest], Goals),
                    run_from(Id, Setup, Rest, batched, _, RestOutcomes0),
                    length(Rest, RL),
                    (   length(RestOutcomes0, RL)
                    ->  RestOutcomes = RestOutcomes0
                    ;   length(RestOutcomes, RL), maplist(=(not_run(setup)), RestOutcomes)
                    ),
                    append(Got, [End|RestOutcomes], Outcomes)
                )
            ;   Setup0 = setup(SetupOutcome0)
            ->  SetupOutcome = SetupOutcome0,
                Outcomes = [],
                receive_or_fail(Id, Wait, done)
            ;   child_end(Id, Wait, SetupOutcome),
                Outcomes = []
            )
        ;   child_end(Id, Wait, SetupOutcome),
            Outcomes = []
        )
    ;   SetupOutcome = not_run(child),
        Outcomes = []
    ).

% The answers of goals I..N, as many as come each within Wait of the one
% before; the pending text is stored back once.
receive_goals(Id, I, N, Wait, Got) :-
    child_(Id, _, _, Out, _, Nonce),
    buffer_(Id, Pending0),
    goal_replies(Id, Out, Nonce, I, N, Wait, Pending0, Pending, Got),
    set_buffer(Id, Pending).

goal_replies(Id, Out, Nonce, I, N, Wait, Pending0, Pending, Got) :-
    (   I > N
    ->  Pending = Pending0,
        Got = []
    ;   get_time(Now),
        Deadline is Now + Wait,
        take_reply(Id, Out, Nonce, Deadline, Pending0, Pending1, Reply),
        (   Reply = reply(goal(I, Outcome))
        ->  Got = [Outcome|Rest],
            I1 is I + 1,
            goal_replies(Id, Out, Nonce, I1, N, Wait, Pending1, Pending, Rest)
        ;   Pending = Pending1,
            Got = []
        )
    ).

receive_or_fail(Id, Wait, Reply) :-
    (   receive(Id, Wait, Reply0, _)
    ->  Reply = Reply0
    ;   Reply = '$none'
    ).

% One request, one reply; when the child ends or hangs instead, the reply
% is what happened to it.
request(Id, Request, Wait, Reply) :-
    (   ensure_child(Id)
    ->  (   catch(send(Id, Request), _, fail),
            receive(Id, Wait, Reply0, _)
        ->  Reply = Reply0
        ;   child_end(Id, Wait, Reply)
        )
    ;   Reply = not_run(child)
    ).

% What became of a child that did not answer: it exited, was killed by a
% signal, printed too much, or is still running past its time (then it is
% killed). The child is gone afterwards.
child_end(Id, _, Outcome) :-
    (   child_(Id, Pid, _, _, _, _)
    ->  (   retract(halting_(Id, Status0))
        ->  (   integer(Status0) -> Outcome = halted(Status0) ; Outcome = halted(unknown) ),
            kill_child(Id)
        ;   stray_overflow(Id)
        ->  Outcome = output_overflow,
            kill_child(Id)
        ;   catch(process_wait(Pid, Status, [timeout(1)]), _, Status = timeout),
            sandbox_(Id, Options, _),
            option(isolation_used(Isolation), Options),
            (   Status = exit(Code), Isolation == bwrap, Code > 128, Code < 160
            ->  % bwrap passes on a signal that killed the child as 128+N
                Signal is Code - 128,
                Outcome = crashed(Signal)
            ;   Status = exit(Code)
            ->  Outcome = halted(Code)
            ;   Status = killed(Signal)
            ->  Outcome = crashed(Signal)
            ;   Outcome = timeout
            ),
            kill_child(Id)
        )
    ;   Outcome = not_run(child)
    ).

stray_overflow(Id) :-
    stray_(Id, B),
    limit_value(Id, output, 1 000 000, Max),
    B > Max * 4.

% Starts the child again if it is gone, and reloads what was loaded.
ensure_child(Id) :-
    (   child_(Id, _, _, _, _, _)
    ->  true
    ;   restarts_(Id, R),
        limit_value(Id, restarts, 100, Max),
        R < Max,
        retract(restarts_(Id, R)),
        R1 is R + 1,
        assertz(restarts_(Id, R1)),
        catch(start_child(Id), _, fail),
        limit_value(Id, load_time, 30, Seconds),
        Wait is Seconds + 10,
        forall(loads_(Id, Goal),
               ( child_(Id, _, _, _, _, _)
               -> catch(( send(Id, load(Goal)), receive(Id, Wait, _, _) ), _, true)
               ;  true
               )),
        child_(Id, _, _, _, _, _)
    ).

send(Id, Term) :-
    child_(Id, _, In, _, _, _),
    format(In, "~k.~n", [Term]),
    flush_output(In).

%   receive(+Id, +Seconds, -Reply, -Stray): the next tagged answer within
%   Seconds; fails on the end of the child's output, on a timeout and
%   when it printed more than it may outside its answers.
receive(Id, Seconds, Reply, Stray) :-
    get_time(Now),
    Deadline is Now + Seconds,
    receive_until(Id, Deadline, Reply),
    stray_(Id, Stray).

% What was read and not yet taken: pending(Lines, Tail), its complete
% lines and the start of the next one. Text is split into lines once, as
% it arrives, and stored back once per call (taking lines off one string
% again and again, or a list of codes asserted for every line, cost more
% than the child's own work).
receive_until(Id, Deadline, Reply) :-
    child_(Id, _, _, Out, _, Nonce),
    buffer_(Id, Pending0),
    take_reply(Id, Out, Nonce, Deadline, Pending0, Pending, Got),
    set_buffer(Id, Pending),
    Got = reply(Reply).

take_reply(Id, Out, Nonce, Deadline, pending(Lines0, Tail0), Pending, Got) :-
    (   Lines0 = [Line|Lines]
    ->  Rest = pending(Lines, Tail0),
        (   Line == ""                     % the newline before every answer
        ->  take_reply(Id, Out, Nonce, Deadline, Rest, Pending, Got)
        ;   tagged(Nonce, Line, Reply0)
        ->  Pending = Rest,
            (   Reply0 = halting(Status)
            ->  retractall(halting_(Id, _)),
                assertz(halting_(Id, Status)),
                Got = none
            ;   Got = reply(Reply0)
            )
        ;   add_stray(Id, Line),
            (   stray_overflow(Id)
            ->  Pending = Rest,
                Got = none
            ;   take_reply(Id, Out, Nonce, Deadline, Rest, Pending, Got)
            )
        )
    ;   string_length(Tail0, Length),
        limit_value(Id, answer_bytes, 4 000 000, MaxLine),
        Length =< MaxLine + 1000,
        get_time(Now),
        Left is Deadline - Now,
        Left > 0,
        catch(wait_for_input([Out], Ready, Left), _, Ready = []),
        Ready \== [],
        catch(( fill_buffer(Out), read_pending_codes(Out, New, []) ), _, New = []),
        New \== []
    ->  string_codes(NewString, New),
        string_concat(Tail0, NewString, Text),
        split_string(Text, "\n", "", Parts),
        lines_tail(Parts, Lines, Tail),
        take_reply(Id, Out, Nonce, Deadline, pending(Lines, Tail), Pending, Got)
    ;   Pending = pending(Lines0, Tail0),
        Got = none
    ).

lines_tail([Tail], [], Tail) :-
    !.
lines_tail([Line|Parts], [Line|Lines], Tail) :-
    lines_tail(Parts, Lines, Tail).

set_buffer(Id, Pending) :-
    retractall(buffer_(Id, _)),
    assertz(buffer_(Id, Pending)).

add_stray(_, "") :-
    !.
add_stray(Id, Line) :-
    string_length(Line, L),
    retract(stray_(Id, B0)),
    B is B0 + L + 1,
    assertz(stray_(Id, B)).

tagged(Nonce, Line, Reply) :-
    atomic_list_concat(['TABULA-', Nonce, ' '], Prefix),
    string_concat(Prefix, Text, Line),
    catch(term_string(Reply, Text), _, fail).
