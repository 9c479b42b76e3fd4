/*  The coordinator of the cluster test, a process of its own so that the
    test can kill it:

        swipl slurm_jobs_run.pl DIR N SECONDS

    runs N jobs tiny_job.sh (each sleeping SECONDS) on the slurm backend,
    their Results in DIR/results, every event appended to DIR/events.pl
    as it happens (so a killed run leaves what it saw). Through
    library(tabula/jobs) where it is, else the backend directly.
*/
:- use_module(library(filesex)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/jobs_slurm)).

:- initialization(main, main).

main :-
    current_prolog_flag(argv, [Dir, NText, Seconds]),
    atom_number(NText, N),
    source_file(main, Me),
    file_directory_name(Me, Here),
    directory_file_path(Here, 'tiny_job.sh', Job),
    directory_file_path(Dir, results, Results),
    make_directory_path(Results),
    directory_file_path(Dir, 'ran.log', Ran),
    numlist(1, N, Ns),
    maplist(job(Job, Results, Ran, Seconds), Ns, Jobs),
    directory_file_path(Dir, 'events.pl', Events),
    Options = [ poll_interval(0.5), retries(2), cwd(Dir) ],
    (   exists_source(library(tabula/jobs))
    ->  use_module(library(tabula/jobs)),
        jobs_run(Jobs, [backend(slurm), on_event(note(Events))|Options])
    ;   backend_run(Jobs, Options, note(Events))
    ).

job(Exe, Results, Ran, Seconds, N, job(Id, [Exe, Id, Result, Ran, Seconds], Result)) :-
    format(atom(Id), 'j~d', [N]),
    file_name_extension(Id, res, Name),
    directory_file_path(Results, Name, Result).

note(File, Event) :-
    setup_call_cleanup(open(File, append, Out),
                       format(Out, "~q.~n", [Event]),
                       close(Out)).
