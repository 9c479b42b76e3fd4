/*  Runs a list of jobs through library(tabula/jobs), for shell scripts
    (train/*/train.sh with BACKEND=slurm):

        swipl --no-packs -p library=ROOT/prolog scripts/jobs_run.pl LIST \
              [--backend slurm] [--partition P] [--account A] [--time-limit MIN]
              [--concurrency N] [--retries N] [--shared-dir DIR] [--poll-interval S]

    LIST has one job a line, its fields separated by tabs: the Id, the
    Result file (absolute), then the command and its arguments. Each job
    must write its Result atomically as its last act. Progress goes to
    standard error; the exit status is 0 when every job left its Result,
    1 when some did not, 2 for wrong arguments.
*/
:- use_module(library(readutil)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/jobs)).

:- initialization(main, main).

main :-
    current_prolog_flag(argv, Argv),
    (   Argv = [List|Flags], flags(Flags, Options)
    ->  true
    ;   format(user_error, "usage: jobs_run.pl LIST [--backend B] [--partition P] ...~n", []),
        halt(2)
    ),
    read_file_to_string(List, Text, [encoding(utf8)]),
    split_string(Text, "\n", "\r", Lines0),
    exclude(==(""), Lines0, Lines),
    maplist(line_job, Lines, Jobs),
    jobs_run(Jobs, [on_event(event)|Options]),
    jobs_failed(Jobs, Failed),
    (   Failed == [] -> halt(0) ; format(user_error, "failed: ~w~n", [Failed]), halt(1) ).

line_job(Line, job(Id, Argv, Result)) :-
    split_string(Line, "\t", "", [IdS, ResultS|ArgvS]),
    atom_string(Id, IdS),
    atom_string(Result, ResultS),
    maplist([S, A]>>atom_string(A, S), ArgvS, Argv).

flags([], []).
flags([Flag, Value|Rest], [Option|Options]) :-
    atom_concat('--', Name0, Flag),
    atomic_list_concat(Parts, '-', Name0),
    atomic_list_concat(Parts, '_', Name),
    memberchk(Name, [backend, partition, account, time_limit, concurrency, retries,
                     shared_dir, poll_interval, array_size]),
    (   memberchk(Name, [backend, partition, account, shared_dir]) -> atom_string(V, Value)
    ;   atom_number(Value, V)
    ),
    Option =.. [Name, V],
    flags(Rest, Options).

event(retry(Id, Why)) :- !,
    format(user_error, "~w: again (~q)~n", [Id, Why]).
event(failed(Id, Why)) :- !,
    format(user_error, "~w: failed (~q)~n", [Id, Why]).
event(progress(Done, Failed, Total)) :- !,
    format(user_error, "~d of ~d jobs done, ~d failed~n", [Done, Total, Failed]).
event(_).
