:- module(tabula_tournament_jobs,
          [ tournament_jobs_play/4,      % +Pending, +Setup, +Options, :OnRecord
            tournament_jobs_option/1,    % ?Option
            tabula_tournament_game_main/0
          ]).
/** <module> A tournament's games as jobs of library(tabula/jobs)

With backend(slurm) (or any backend of library(tabula/jobs) other than
`local`), tournament_run/2 hands its pending games to this module: one
job plays one game by its Id in a process of its own,

    swipl ... -g tabula_tournament_game_main -t halt -- Games Id Result

where Games (`Out/jobs/games.pl`) holds the setup and every pairing of
the event, written by the coordinator. The job writes the game's record
term to Result (`Out/jobs/results/g<Id>.pl`) atomically. The coordinator
appends each finished record to the record file, as a local run does, so
the standings, the progress line and resuming are those of a local run.
A coordinator killed and started again first appends the Results written
meanwhile (the games.pl of the event skips what it holds already), then
waits for the arrays still queued (library(tabula/jobs_slurm)).
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(filesex)).
:- use_module(library(readutil)).
:- use_module(library(tabula/jobs)).
:- use_module(library(tabula/tournament_referee)).

:- meta_predicate tournament_jobs_play(+, +, +, 1).

%!  tournament_jobs_option(?Option) is nondet.
%
%   Option (a name) is one of the tournament's options passed on to
%   library(tabula/jobs): backend, partition, account, time_limit,
%   array_size, shared_dir, sbatch_args, poll_interval, retries.
tournament_jobs_option(Name) :-
    member(Name, [backend, partition, account, time_limit, array_size, shared_dir,
                  sbatch_args, poll_interval, retries]).

%!  tournament_jobs_play(+Pending, +Setup, +Options, :OnRecord) is det.
%
%   Plays the games Pending (pairing/4 terms of tournament_schedule/2)
%   under Setup (the setup/5 of referee_game/3) as jobs of
%   library(tabula/jobs) with the backend and its options of Options
%   (the tournament's), and calls call(OnRecord, Record) once for each
%   game whose record a job wrote, in the order they end. Options used
%   here: out(Dir) (required), concurrency(N) (games at once), retries(N)
%   (default 2), swipl(Exe) (the jobs' swipl, default this one), and
%   those of tournament_jobs_option/1. A game whose every attempt failed
%   is left unrecorded (a warning says why), as a local run does.
tournament_jobs_play(Pending, Setup, Options, OnRecord) :-
    must_be(list, Pending),
    must_be(list, Options),
    memberchk(out(Dir0), Options),
    absolute_file_name(Dir0, Dir),
    directory_file_path(Dir, jobs, JobsDir),
    directory_file_path(JobsDir, results, Results),
    make_directory_path(Results),
    directory_file_path(JobsDir, 'games.pl', GamesFile),
    write_games(GamesFile, Setup, Pending),
    (   option(swipl(Exe0), Options)
    ->  must_be(atomic, Exe0), absolute_file_name(Exe0, Exe)
    ;   current_prolog_flag(executable, Exe)
    ),
    Setup = setup(Game, _, _, _, _),
    path_args(Game, PathArgs),
    maplist(game_job(Exe, PathArgs, GamesFile, Results), Pending, Jobs),
    % Results written while no coordinator looked: recorded first.
    partition(job_done, Jobs, Before, ToRun),
    forall(member(Job, Before), take_result(Job, OnRecord)),
    job_options(Options, JobsDir, JobOptions),
    gensym(tournament_jobs_, Key),
    setup_call_cleanup(
        true,
        ( jobs_run(ToRun, [ on_event(tabula_tournament_jobs:event(Key, ToRun, OnRecord))
                          | JobOptions ]),
          % A Result written after the partition above but before
          % jobs_run/2 looked counts as done there without a done event
          % (a killed coordinator's queued array may still be running):
          % recorded here, once.
          forall(( member(Job, ToRun), Job = job(JobId, _, _),
                   \+ taken_(Key, JobId), job_done(Job) ),
                 take_result(Job, OnRecord)) ),
        retractall(taken_(Key, _))).

:- dynamic taken_/2.    % Key, JobId: recorded by event/4

% The games' setup and pairings, rewritten whole each run: same event,
% same content, so a task reading it at that moment reads either copy.
write_games(File, Setup, Pending) :-
    atom_concat(File, '.tmp', Tmp),
    setup_call_cleanup(open(Tmp, write, Out, [encoding(utf8)]),
                       ( format(Out, "~k.~n", [Setup]),
                         forall(member(P, Pending), format(Out, "~k.~n", [P])) ),
                       close(Out)),
    rename_file(Tmp, File).

game_job(Exe, PathArgs, GamesFile, Results, pairing(Id, _, _, _),
         job(JobId, Argv, Result)) :-
    format(atom(JobId), 'g~d', [Id]),
    file_name_extension(JobId, pl, Name),
    directory_file_path(Results, Name, Result),
    atom_number(IdText, Id),
    append([ [Exe, '--no-packs'], PathArgs,
             [ '-g', 'use_module(library(tabula/tournament_jobs))',
               '-g', tabula_tournament_game_main, '-t', halt,
               '--', GamesFile, IdText, Result ] ], Argv).

% The jobs find our libraries where this process found them.
path_args(Game, Args) :-
    module_property(tabula_tournament_jobs, file(Self)),
    file_directory_name(Self, TabulaDir),
    file_directory_name(TabulaDir, LibDir),
    format(atom(LibArg), 'library=~w', [LibDir]),
    atom_concat(tabula_, Game, Lib),
    (   absolute_file_name(foreign(Lib), F,
                           [file_type(executable), access(read), file_errors(fail)])
    ->  file_directory_name(F, ForeignDir),
        format(atom(ForArg), 'foreign=~w', [ForeignDir]),
        Args = ['-p', LibArg, '-p', ForArg]
    ;   Args = ['-p', LibArg]
    ).

job_done(job(_, _, Result)) :-
    exists_file(Result).

job_options(Options, JobsDir, JobOptions) :-
    findall(O, ( member(O, Options), O =.. [Name, _], tournament_jobs_option(Name) ), Os0),
    (   option(concurrency(N), Options) -> Os1 = [concurrency(N)|Os0] ; Os1 = Os0 ),
    (   option(retries(_), Os1) -> Os2 = Os1 ; Os2 = [retries(2)|Os1] ),
    (   option(shared_dir(_), Os2)
    ->  Os3 = Os2
    ;   directory_file_path(JobsDir, slurm, Shared),
        Os3 = [shared_dir(Shared)|Os2]
    ),
    directory_file_path(JobsDir, logs, Logs),
    JobOptions = [log_dir(Logs)|Os3].

:- public event/4.
event(Key, Jobs, OnRecord, done(JobId)) :- !,
    memberchk(job(JobId, Argv, Result), Jobs),
    assertz(taken_(Key, JobId)),
    take_result(job(JobId, Argv, Result), OnRecord).
event(_, _, _, failed(JobId, Why)) :- !,
    print_message(warning, format("game ~w could not be played: ~q", [JobId, Why])).
event(_, _, _, _).

% A Result the coordinator cannot read (yet: a lagging shared file
% system) is left for the next run, which takes it as done then.
take_result(job(JobId, _, Result), OnRecord) :-
    (   catch(read_file_to_terms(Result, [Record], []), _, fail),
        ground(Record),
        functor(Record, game, 8)
    ->  call(OnRecord, Record)
    ;   print_message(warning, format("game ~w: its record ~w cannot be read yet", [JobId, Result]))
    ).

%!  tabula_tournament_game_main is det.
%
%   The command line of one job: `-- Games Id Result` plays the game Id
%   of the file Games (its setup/5 term, then pairing/4 terms) with
%   referee_game/3 and writes its record term to Result atomically, then
%   halts with 0; halts with 1 (no Result) when it cannot.
tabula_tournament_game_main :-
    current_prolog_flag(argv, Argv),
    catch(( Argv = [GamesFile, IdText, Result]
          ->  atom_number(IdText, Id),
              read_file_to_terms(GamesFile, [Setup|Pairings], []),
              (   memberchk(pairing(Id, F, S, O), Pairings)
              ->  referee_game(pairing(Id, F, S, O), Setup, Record),
                  write_record(Result, Record),
                  Status = 0
              ;   existence_error(tournament_game, Id)
              )
          ;   format(user_error, "usage: -- GamesFile Id ResultFile~n", []),
              Status = 1
          ), E,
          ( print_message(error, E), Status = 1 )),
    halt(Status).

write_record(File, Record) :-
    atom_concat(File, '.tmp', Tmp),
    setup_call_cleanup(open(Tmp, write, Out, [encoding(utf8)]),
                       format(Out, "~k.~n", [Record]),
                       close(Out)),
    rename_file(Tmp, File).
