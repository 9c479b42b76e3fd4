:- module(test_tabula_check_sandbox, []).
/*  The sandbox of the checker (library(tabula/sandbox)): outcomes of
    ordinary, looping, crashing and halting code; and hostile code
    (deleting files, forking, filling the disk, opening sockets, shell/1)
    that changes nothing outside its scratch folder while the sandbox
    keeps answering. The isolation tests run where bwrap runs.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(filesex)).
:- use_module(library(socket)).
:- use_module(library(readutil)).
:- use_module(test_support).
:- use_module(library(tabula/sandbox)).

hostile_dir(Dir) :-
    source_file_path('tests/prolog/data/check/hostile', Dir).

with_sandbox(Options, Goal) :-
    hostile_dir(Dir),
    swipl_executable(Exe),
    setup_call_cleanup(sandbox_start(Dir, [executable(Exe), time(3) | Options], Sb),
                       ( sandbox_load(Sb, consult(hostile), Loaded),
                         assertion(Loaded = loaded(answers([_], _), 0, 0)),
                         call(Goal, Sb) ),
                       sandbox_stop(Sb)).

bwrap_runs :-
    sandbox_isolation(bwrap).

% A file outside the scratch folder, in a place the child can see.
victim(File) :-
    tmp_file(tabula_victim, File),
    write_file_text(File, "keep").

write_file_text(File, Text) :-
    setup_call_cleanup(open(File, write, S), write(S, Text), close(S)).

unchanged(File) :-
    read_file_to_string(File, Text, []),
    Text == "keep".

no_process_with(Marker) :-
    atom_string(Marker, M),
    \+ ( directory_files('/proc', Entries),
         member(E, Entries), atom_number(E, _),
         atomic_list_concat(['/proc/', E, '/cmdline'], CmdFile),
         catch(read_file_to_string(CmdFile, Cmd, []), _, fail),
         sub_string(Cmd, _, _, _, M) ).

eventually(Goal, Tries) :-
    (   call(Goal)
    ->  true
    ;   Tries > 0
    ->  sleep(0.1),
        Tries1 is Tries - 1,
        eventually(Goal, Tries1)
    ).

:- begin_tests(tabula_check_sandbox).

test(outcomes_of_ordinary_code) :-
    with_sandbox([], [Sb]>>(
        sandbox_call(Sb, ok(X), X, 5, O1),
        assertion(O1 == answers([fine], det)),
        sandbox_call(Sb, member(Y, [a, b, a]), Y, 5, O2),
        assertion(O2 == answers([a, b, a], det)),
        sandbox_call(Sb, member(Z, [a, b, c]), Z, 2, O3),
        assertion(O3 == answers([a, b], more)),
        sandbox_call(Sb, fail, x, 1, O4),
        assertion(O4 == answers([], det)),
        sandbox_call(Sb, atom_length(_, _), x, 1, O5),
        assertion(O5 = error(error(instantiation_error, _))) )).

test(limits_loops_and_halts) :-
    with_sandbox([inferences(2000000)], [Sb]>>(
        sandbox_call(Sb, forever, x, 1, O1),
        assertion(O1 == inference_limit),
        sandbox_call(Sb, print_forever, x, 1, O2),
        assertion(O2 == output_overflow),
        sandbox_call(Sb, wait_input(_), x, 1, O3),
        assertion(O3 == read_input),
        sandbox_call(Sb, bye, x, 1, O4),
        assertion(O4 = halted(_)),
        % the child was started again, with the program loaded again
        sandbox_call(Sb, ok(X), X, 1, O5),
        assertion(O5 == answers([fine], det)),
        sandbox_property(Sb, restarts(R)),
        assertion(R >= 1) )).

test(a_crash_costs_one_call) :-
    with_sandbox([], [Sb]>>(
        sandbox_run(Sb, true,
                    [ g(ok(X), X, 1),
                      g((current_prolog_flag(pid, P), process_kill(P, 9)), x, 1),
                      g(ok(Y), Y, 1) ], Setup, Outcomes),
        assertion(Setup == answers([true], det)),
        assertion(Outcomes = [answers([fine], det), crashed(9), answers([fine], det)]) )).

% The goals' answers travel batched; those lost with a crash or a halt
% are asked again, so each goal still gets its own outcome, whether the
% end comes first, in the middle or last.
test(an_end_in_a_run_is_the_goal_s_own) :-
    with_sandbox([], [Sb]>>(
        forall(member(Before-After, [0-3, 5-5, 9-0]),
               ( length(Bs, Before), maplist(=(g(ok(_), x, 1)), Bs),
                 length(As, After), maplist(=(g(ok(_), x, 1)), As),
                 append([Bs, [g(bye, x, 1)], As], Goals),
                 sandbox_run(Sb, true, Goals, _, Outcomes),
                 length(Bs, NB), length(OB, NB), append(OB, [End|OA], Outcomes),
                 assertion(maplist(==(answers([x], det)), OB)),
                 assertion(End = halted(_)),
                 assertion(maplist(==(answers([x], det)), OA)),
                 length(As, NA), assertion(length(OA, NA)) )) )).

test(deleting_files_outside, [condition(bwrap_runs)]) :-
    victim(File),
    with_sandbox([], [Sb]>>(
        sandbox_call(Sb, remove(File), x, 1, O1),
        assertion(O1 = error(_)),
        sandbox_call(Sb, shell_touch('/var/tmp/tabula_sandbox_touched'), x, 1, _) )),
    assertion(unchanged(File)),
    assertion(\+ exists_file('/var/tmp/tabula_sandbox_touched')),
    delete_file(File).

test(forking, [condition(bwrap_runs)]) :-
    random_between(900000, 999999, R),
    format(atom(Marker), '~d.5', [R]),
    with_sandbox([], [Sb]>>(
        sandbox_call(Sb, spawn(Marker), x, 1, O),
        assertion(O == answers([x], det)) )),
    % the namespace's processes are killed as it is torn down: give that
    % a moment (at most 100 looks, 0.1 s apart)
    assertion(eventually(no_process_with(Marker), 100)).

test(filling_the_disk) :-
    with_sandbox([file_size(4), time(20)], [Sb]>>(
        sandbox_call(Sb, fill_disk, x, 1, O1),
        assertion(O1 \= answers(_, _)),
        sandbox_call(Sb, ok(X), X, 1, O2),
        assertion(O2 == answers([fine], det)) )).

test(sockets, [condition(bwrap_runs)]) :-
    tcp_socket(Server),
    tcp_setopt(Server, reuseaddr),
    tcp_bind(Server, localhost:Port),
    tcp_listen(Server, 5),
    with_sandbox([], [Sb]>>(
        sandbox_call(Sb, connect(Port), x, 1, O),
        assertion(O = error(_)) )),
    tcp_close_socket(Server).

% A checkout or pack under /tmp, which the child's private /tmp would
% hide: a copy of the sandbox's two files there starts its child, and the
% child sees a file of the folder given to it with -p.
test(a_library_under_tmp, [condition(bwrap_runs)]) :-
    random_between(100000000, 999999999, R),
    format(atom(Copy), '/tmp/tabula_sandbox_lib_~d', [R]),
    directory_file_path(Copy, tabula, TabulaDir),
    setup_call_cleanup(
        make_directory_path(TabulaDir),
        start_from_copy(TabulaDir, Copy, Status, Out),
        delete_directory_and_contents(Copy)),
    directory_file_path(Copy, 'tabula_marker.pl', Marker),
    format(string(Expected), "~q~n", [answers([Marker], det)]),
    assertion(Status == exit(0)),
    assertion(Out == Expected).

start_from_copy(TabulaDir, Copy, Status, Out) :-
    forall(member(F, ['sandbox.pl', 'sandbox_child.pl']),
           ( source_file_path('prolog/tabula', Ours),
             directory_file_path(Ours, F, From),
             copy_into(From, TabulaDir) )),
    directory_file_path(Copy, 'tabula_marker.pl', Marker),
    write_file_text(Marker, "% found through -p\n"),
    directory_file_path(TabulaDir, 'sandbox.pl', Library),
    hostile_dir(Dir),
    swipl_executable(Exe),
    format(atom(PathArg), 'library=~w', [Copy]),
    atomic_list_concat(
        [ "use_module(~q),",
          "sandbox_start(~q, [executable(~q), isolation(bwrap), swipl_args(['-p', ~q])], Sb),",
          "sandbox_call(Sb, absolute_file_name(library(tabula_marker), F,",
          "                                    [file_type(prolog), access(read)]), F, 1, O),",
          "print(O), nl, sandbox_stop(Sb)" ], Template),
    format(atom(Goal), Template,
           [Library, Dir, Exe, PathArg]),
    process_create(Exe, ['--no-packs', '-q', '-g', Goal, '-t', halt],
                   [ stdin(null), stdout(pipe(OutS)), stderr(null), process(Pid) ]),
    read_string(OutS, _, Out),
    close(OutS),
    process_wait(Pid, Status).

test(without_bwrap_process_limits_only) :-
    with_sandbox([isolation(none), inferences(2000000)], [Sb]>>(
        sandbox_property(Sb, isolation(I)),
        assertion(I = none(_)),
        sandbox_call(Sb, forever, x, 1, O1),
        assertion(O1 == inference_limit),
        sandbox_call(Sb, ok(X), X, 1, O2),
        assertion(O2 == answers([fine], det)) )).

test(bad_arguments, [error(type_error(sandbox, nonsense(1)))]) :-
    sandbox_stop(nonsense(1)).

:- end_tests(tabula_check_sandbox).
