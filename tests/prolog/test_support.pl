:- module(test_support,
          [ sanitized/0,
            thorough/0,
            scaled/3,                 % +Full, +Reduced, -N
            test_seed/2,              % +Suite, -Seed
            random_walk/4,            % +Game, +Seed, +MaxPlies, -Games
            scratch_folder/2,         % +Prefix, -Dir
            write_file/3,             % +Dir, +Name, +Text
            copy_into/2,              % +File, +Dir
            run_swipl/5,              % +Dir, +Args, -Status, -Out, -Err
            run_swipl_dialogue/7,     % +Dir, +Args, :Respond, +State0, -Status, -Out, -Err
            swipl_executable/1,       % -Exe
            search_path_args/1,       % -Args
            source_file_path/2,       % +Relative, -Absolute
            stopped_by_time_limit/2   % +Seconds, :Goal
          ]).
/** <module> What every plunit suite shares

  - The build's settings, from the environment CTest sets: sanitized/0
    (the ASan/UBSan build: suites do less work there, never less
    checking) and thorough/0 (`scripts/test --thorough`: the long sweeps).
  - Seeds for randomised suites that vary from run to run, printed, and
    replayable with TABULA_TEST_SEED.
  - A random game through the uniform API.
  - Drop-in support: a drop-in test builds a scratch folder holding the
    course's stand-in files and our drop-in files, then runs a separate
    `swipl` in it with the checkout's libraries on the search path, and
    reads its exit status and output.
*/

:- use_module(library(process)).
:- use_module(library(readutil)).
:- use_module(library(filesex)).
:- use_module(library(random)).
:- use_module(library(lists)).
:- use_module(library(tabula/game)).
:- use_module(library(time)).

:- meta_predicate
    run_swipl_dialogue(+, +, 4, +, -, -, -),
    stopped_by_time_limit(+, 0).

%!  stopped_by_time_limit(+Seconds, :Goal) is semidet.
%
%   Goal, run under call_with_time_limit(Seconds, Goal), was stopped by
%   that limit: it raised time_limit_exceeded. The exception is caught
%   here, inside the test: from 9.1 plunit runs each test under a time
%   limit of its own and reports a time_limit_exceeded escaping the test
%   as its own (time_limit_exceeded(3600.0)), so throws(time_limit_exceeded)
%   cannot pass there.
stopped_by_time_limit(Seconds, Goal) :-
    catch(( call_with_time_limit(Seconds, Goal), Outcome = finished ),
          Caught,
          Outcome = raised(Caught)),
    Outcome == raised(time_limit_exceeded).

%!  sanitized is semidet.
%
%   True in the ASan/UBSan build (TABULA_SANITIZED set and not 0).
sanitized :-
    getenv('TABULA_SANITIZED', V),
    V \== '0'.

%!  thorough is semidet.
%
%   True when the long sweeps were asked for (TABULA_THOROUGH set and not 0,
%   as `scripts/test --thorough` does).
thorough :-
    getenv('TABULA_THOROUGH', V),
    V \== '0'.

%!  scaled(+Full, +Reduced, -N) is det.
%
%   N is Full in the release build and Reduced under the sanitizers; in
%   the thorough mode ten times Full.
scaled(Full, Reduced, N) :-
    (   thorough -> N is 10 * Full
    ;   sanitized -> N = Reduced
    ;   N = Full
    ).

%!  test_seed(+Suite, -Seed) is det.
%
%   Seed for a randomised Suite: TABULA_TEST_SEED when set (to replay a
%   run), otherwise a new one each run, the same for every call with the
%   same Suite in one run. Printed once, so that a failure can be
%   replayed.
test_seed(Suite, Seed) :-
    with_mutex(test_seed, test_seed_(Suite, Seed)).

:- dynamic suite_seed/2.

test_seed_(Suite, Seed) :-
    suite_seed(Suite, Seed0),
    !,
    Seed = Seed0.
test_seed_(Suite, Seed) :-
    (   getenv('TABULA_TEST_SEED', Text),
        atom_number(Text, Seed0),
        integer(Seed0)
    ->  Seed = Seed0
    ;   random_between(1, 1000000000, Seed)
    ),
    assertz(suite_seed(Suite, Seed)),
    format(user_error, "~N% ~w: seed ~d (replay with TABULA_TEST_SEED=~d)~n", [Suite, Seed, Seed]).

%!  random_walk(+Game, +Seed, +MaxPlies, -Games) is det.
%
%   Games are the positions of a game of uniformly random legal moves from
%   Game (the uniform API's game(Name, State)), Game first, until the game
%   is over or MaxPlies moves were played.
random_walk(Game, Seed, MaxPlies, Games) :-
    set_random(seed(Seed)),
    walk(Game, MaxPlies, Games).

walk(Game, Left, [Game|Games]) :-
    (   Left > 0,
        tabula_moves(Game, Moves),
        Moves \== []
    ->  random_member(Move, Moves),
        once(tabula_move(Game, Move, Game1)),
        Left1 is Left - 1,
        walk(Game1, Left1, Games)
    ;   Games = []
    ).

%!  scratch_folder(+Prefix, -Dir) is det.
%
%   Dir is a new empty folder under the system's temporary directory.
scratch_folder(Prefix, Dir) :-
    tmp_file(Prefix, Dir),
    make_directory_path(Dir).

%!  write_file(+Dir, +Name, +Text) is det.
write_file(Dir, Name, Text) :-
    directory_file_path(Dir, Name, Path),
    setup_call_cleanup(open(Path, write, S, [encoding(utf8)]),
                       write(S, Text),
                       close(S)).

%!  copy_into(+File, +Dir) is det.
copy_into(File, Dir) :-
    file_base_name(File, Base),
    directory_file_path(Dir, Base, Target),
    copy_file(File, Target).

%!  source_file_path(+Relative, -Absolute) is det.
%
%   Absolute is Relative to the root of the source checkout.
source_file_path(Relative, Absolute) :-
    (   getenv('TABULA_SOURCE_DIR', Root)
    ->  true
    ;   module_property(test_support, file(F)),
        file_directory_name(F, Tests0), file_directory_name(Tests0, Tests),
        file_directory_name(Tests, Root)
    ),
    directory_file_path(Root, Relative, Absolute).

%!  run_swipl(+Dir, +Args, -Status, -Out, -Err) is det.
%
%   Runs swipl with Args in Dir. The checkout's foreign and library folders
%   are put on the search paths (no installed pack is used), and load
%   warnings or errors make the exit status non-zero.
run_swipl(Dir, Args, Status, Out, Err) :-
    swipl_executable(Exe),
    search_path_args(PathArgs),
    append([ ['--no-packs', '--on-warning=status', '--on-error=status'],
             PathArgs, Args ], AllArgs),
    process_create(Exe, AllArgs,
                   [ cwd(Dir), stdin(null),
                     stdout(pipe(OutS)), stderr(pipe(ErrS)),
                     process(Pid)
                   ]),
    read_string(OutS, _, Out), close(OutS),
    read_string(ErrS, _, Err), close(ErrS),
    process_wait(Pid, exit(Status)).

%!  swipl_executable(-Exe) is det.
%
%   The swipl to run child processes with: TABULA_SWIPL, else this one.
swipl_executable(Exe) :-
    (   getenv('TABULA_SWIPL', Exe)
    ->  true
    ;   current_prolog_flag(executable, Exe)
    ).

%!  search_path_args(-Args) is det.
%
%   The `-p foreign=...` and `-p library=...` arguments that give a child
%   swipl this build's libraries.
search_path_args(['-p', ForeignArg, '-p', LibraryArg]) :-
    path_for('TABULA_FOREIGN_DIR', foreign, Foreign),
    path_for('TABULA_LIBRARY_DIR', library, Library),
    format(atom(ForeignArg), 'foreign=~w', [Foreign]),
    format(atom(LibraryArg), 'library=~w', [Library]).

% From CTest's environment, else the folders this process was given with
% -p (the first plain directory on the alias).
path_for(Var, _, Dir) :-
    getenv(Var, Dir),
    !.
path_for(_, Alias, Abs) :-
    user:file_search_path(Alias, Dir),
    atom(Dir),
    exists_directory(Dir),
    !,
    absolute_file_name(Dir, Abs).

%!  run_swipl_dialogue(+Dir, +Args, :Respond, +State0, -Status, -Out, -Err) is det.
%
%   Runs swipl with Args in Dir like run_swipl/5, as a person at a
%   terminal would use it: its standard output is unbuffered (the goal
%   `set_stream(user_output, buffer(false))` runs before Args' goals), and
%   whenever the text it printed since its last newline is a question,
%   the answer is typed. The question test is
%   `call(Respond, Pending, Reply, S0, S)`: Pending is that text (a
%   string), Reply the line to type (without its newline), S0/S a state
%   threaded through the dialogue from State0; it fails for text that is
%   not a question yet; Reply `end_of_file` closes the input. Out is
%   everything printed, with the answers as a
%   terminal would echo them; Err is the standard error. After 20,000
%   answers, or 600 s as a safety net against a dialogue that stalls, the
%   input is closed or the process killed, and the test fails on Out.
run_swipl_dialogue(Dir, Args, Respond, State0, Status, Out, Err) :-
    swipl_executable(Exe),
    search_path_args(PathArgs),
    append([ ['--no-packs', '--on-warning=status', '--on-error=status'],
             PathArgs, ['-g', 'set_stream(user_output, buffer(false))'], Args ],
           AllArgs),
    tmp_file_stream(text, ErrFile, ErrOut0), close(ErrOut0),
    setup_call_cleanup(
        open(ErrFile, write, ErrOut),
        ( process_create(Exe, AllArgs,
                         [ cwd(Dir), stdin(pipe(In)), stdout(pipe(OutS)),
                           stderr(stream(ErrOut)), process(Pid) ]),
          set_stream(OutS, encoding(utf8)),
          set_stream(In, encoding(utf8)),
          catch(call_with_time_limit(600,
                                     dialogue(OutS, In, Respond, State0, 20000, Codes)),
                time_limit_exceeded,
                ( process_kill(Pid), Codes = `\n[dialogue stalled: killed]\n` )),
          close(OutS),
          catch(close(In), _, true),
          process_wait(Pid, Exit),
          (   Exit = exit(Status) -> true ; Status = Exit )
        ),
        close(ErrOut)),
    string_codes(Out, Codes),
    read_file_to_string(ErrFile, Err, []),
    delete_file(ErrFile).

dialogue(OutS, In, Respond, State0, Budget, Codes) :-
    dialogue(OutS, In, Respond, State0, Budget, [], Codes).

% Line: the codes of the current line so far, reversed.
dialogue(OutS, In, Respond, State, Budget, Line, Codes) :-
    get_code(OutS, C),
    (   C == -1
    ->  Codes = []
    ;   C == 0'\n
    ->  Codes = [C|Rest],
        dialogue(OutS, In, Respond, State, Budget, [], Rest)
    ;   Line1 = [C|Line],
        reverse(Line1, Pending0),
        string_codes(Pending, Pending0),
        (   Budget > 0,
            call(Respond, Pending, Reply, State, State1),
            Reply \== end_of_file
        ->  format(In, "~w~n", [Reply]),
            flush_output(In),
            string_codes(Reply, ReplyCodes),
            append([C|ReplyCodes], [0'\n|Rest], Codes),
            Budget1 is Budget - 1,
            dialogue(OutS, In, Respond, State1, Budget1, [], Rest)
        ;   (   Budget =< 0
            ;   call(Respond, Pending, end_of_file, State, _)
            )
        ->  catch(close(In), _, true),
            Codes = [C|Rest],
            dialogue_drain(OutS, Rest)
        ;   Codes = [C|Rest],
            dialogue(OutS, In, Respond, State, Budget, Line1, Rest)
        )
    ).

dialogue_drain(OutS, Codes) :-
    read_stream_to_codes(OutS, Codes).
