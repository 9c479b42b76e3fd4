:- module(test_tabula_tournament_jobs, []).
/* A tournament's games as jobs (library(tabula/tournament_jobs)), on the
   local pool of library(tabula/jobs): every game is played by a job of its
   own and recorded once, with the records of games played in threads
   (apart from the move times); a Result left by an earlier coordinator is
   recorded without playing its game again; a job asked for a game the
   schedule does not hold writes no Result. The same on Slurm:
   tests/cluster/test_slurm_three.sh.
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(filesex)).
:- use_module(library(process)).
:- use_module(library(tabula/tournament)).
:- use_module(library(tabula/tournament_jobs)).
:- use_module(library(tabula/tournament_referee)).
:- use_module(library(tabula/tournament_record)).
:- use_module(test_support).

:- begin_tests(tournament_jobs).

settings(Dir, [ game(uttt), players([engine(a, [nodes(50)]), engine(b, [nodes(50), seed(3)])]),
                rounds(1), seed(5), progress(false), concurrency(2), out(Dir) ]).

untimed(game(Id, A, B, O, Ms, _, S, R), game(Id, A, B, O, Ms, S, R)).

records(Dir, Untimed) :-
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Records),
    maplist(untimed, Records, Untimed0),
    msort(Untimed0, Untimed).

% backend(local) here only to take the jobs' path: tournament_run keeps
% its threads for local, so the jobs are run by tournament_jobs_play.
test(jobs_as_threads) :-
    scratch_folder(tabula_tj_threads, Threads),
    settings(Threads, S1),
    tournament_run(S1, _),
    records(Threads, Expected),
    assertion(length(Expected, 2)),
    scratch_folder(tabula_tj_jobs, Jobs),
    settings(Jobs, S2),
    tournament_schedule(S2, schedule(Game, GameOptions, _, Pairings)),
    directory_file_path(Jobs, 'games.pl', File),
    directory_file_path(Jobs, logs, Logs),
    make_directory_path(Logs),
    record_open(File, event, _),
    Setup = setup(Game, GameOptions, move(1), 0.2, [log(Logs)]),
    tournament_jobs_play(Pairings, Setup, [backend(local)|S2],
                         append_to(File)),
    records(Jobs, Got),
    assertion(Got == Expected).

append_to(File, Record) :-
    record_append(File, Record).

test(result_taken_not_played) :-
    scratch_folder(tabula_tj_taken, Dir),
    settings(Dir, S),
    tournament_schedule(S, schedule(Game, GameOptions, _, [P1|_])),
    P1 = pairing(1, _, _, Opening),
    Fake = game(1, a, b, Opening, ["fake"], [1], 1, rules(fake)),
    directory_file_path(Dir, 'jobs/results', Results),
    make_directory_path(Results),
    directory_file_path(Results, 'g1.pl', Result),
    setup_call_cleanup(open(Result, write, Out), format(Out, "~k.~n", [Fake]), close(Out)),
    directory_file_path(Dir, 'games.pl', File),
    record_open(File, event, _),
    tournament_jobs_play([P1], setup(Game, GameOptions, move(1), 0.2, []),
                         [backend(local)|S], append_to(File)),
    record_read(File, Records),
    assertion(Records == [Fake]).

test(unknown_game_no_result) :-
    scratch_folder(tabula_tj_unknown, Dir),
    directory_file_path(Dir, 'games.pl', Games),
    setup_call_cleanup(open(Games, write, Out),
                       format(Out, "~k.~n", [setup(uttt, [], move(1), 0.2, [])]),
                       close(Out)),
    directory_file_path(Dir, 'g7.pl', Result),
    swipl_executable(Exe),
    search_path_args(PathArgs),
    append([ ['--no-packs'], PathArgs,
             [ '-g', 'use_module(library(tabula/tournament_jobs))',
               '-g', tabula_tournament_game_main, '-t', halt, '--', Games, '7', Result ] ],
           Args),
    process_create(Exe, Args, [stdin(null), stdout(null), stderr(null), process(Pid)]),
    process_wait(Pid, Status),
    assertion(Status == exit(1)),
    assertion(\+ exists_file(Result)).

:- end_tests(tournament_jobs).
