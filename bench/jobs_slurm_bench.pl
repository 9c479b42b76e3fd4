/*  Wall time of N tiny jobs (each sleeps SECONDS, then writes its Result)
    through library(tabula/jobs) with one backend:

        swipl jobs_slurm_bench.pl BACKEND N SECONDS DIR [ARRAY_SIZE]

    prints `BACKEND N SECONDS WALL` (ARRAY_SIZE: array_size(K) on Slurm,
    so that each task runs a slice of the jobs). bench/jobs_slurm_bench.sh runs it on
    a single-node Slurm (tests/cluster/slurm_node.sh) and locally.
*/
:- use_module(library(filesex)).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(tabula/jobs)).

:- initialization(main, main).

main :-
    current_prolog_flag(argv, [Backend, NText, Seconds, Dir|Size]),
    atom_number(NText, N),
    make_directory_path(Dir),
    numlist(1, N, Ns),
    maplist(job(Dir, Seconds), Ns, Jobs),
    get_time(T0),
    (   Size = [K] -> atom_number(K, KN), More = [array_size(KN)] ; More = [] ),
    jobs_run(Jobs, [backend(Backend), concurrency(2), poll_interval(0.5)|More]),
    get_time(T1),
    jobs_failed(Jobs, Failed),
    length(Failed, NF),
    Wall is T1 - T0,
    format("~w ~d ~w ~w ~2f s (failed ~d)~n", [Backend, N, Seconds, Size, Wall, NF]).

job(Dir, Seconds, I, job(Id, [sh, '-c', 'sleep "$2"; echo ok > "$1.tmp" && mv "$1.tmp" "$1"',
                              sh, Result, Seconds], Result)) :-
    format(atom(Id), 'j~d', [I]),
    file_name_extension(Id, out, Name),
    directory_file_path(Dir, Name, Result).
