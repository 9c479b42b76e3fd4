:- module(tabula_tournament_player,
          [ player_spec_name/2,       % +PlayerSpec, -Name
            player_start/4,           % +PlayerSpec, +Game, +Settings, -Player
            player_send/2,            % +Player, +Lines
            player_answer/3,          % +Player, +Seconds, -Answer
            player_pending/2,         % +Player, -Pending
            player_stop/2             % +Player, -Exit
          ]).
/** <module> Tournament players: child processes speaking the player protocol

Every player of a tournament is a child process that speaks one line
protocol on its standard input and output (docs/tournament.md describes
it): the referee says `tabula-player 1`, the player answers
`tabula-player 1` and possibly a name; then, per game, `game Name Options`
and per move the moves so far, the legal moves and the time (`position`,
`legal`, `go`), and the player answers `move Text`. Lines beginning with
`#` or `info` are the player's comments and are skipped.

A player spec is one of:

  - engine(Name, Options): Tabula's engine, a child `swipl` running
    library(tabula/tournament_engine) with tabula_engine_move/3's
    Options (time, depth, nodes, level, seed, threads); a previous build
    plays with library(Dir) and foreign(Dir) among them (its prolog/
    folder and the folder of its tabula_<game>.so), and swipl(Executable)
    for another SWI-Prolog;
  - program(Name, Argv): any program that speaks the protocol, Argv a
    list `[Executable|Arguments]` (a bare name is looked up on PATH);
  - course(Name, Program, Player): a course program (a file or folder,
    as the game's course holds it), loaded as the conformance checker
    loads it, in the sandbox of library(tabula/sandbox) (a scratch copy
    of its folder, bwrap where it runs, process limits), playing with its
    Player predicate (`greedy`, `hacer_jugada`, `choose_move(Level)`, or
    its own; library(tabula/tournament_course)).
  - bridge(Name, Dialect, Command): a program speaking another protocol,
    `codingame` (UTTT) or `futlog-referee` (Futlog), run by `/bin/sh -c
    Command` behind a child `swipl` that translates
    (library(tabula/tournament_bridge)).

This module only starts, talks to and stops the process; what the
answers mean is the referee's business.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(process)).
:- use_module(library(readutil)).
:- use_module(library(filesex)).

%!  player_spec_name(+PlayerSpec, -Name) is det.
%
%   Name is the name of the player PlayerSpec, as standings show it.
player_spec_name(Spec, Name) :-
    check_spec(Spec),
    arg(1, Spec, Name).

check_spec(Spec) :-
    must_be(nonvar, Spec),
    (   Spec = engine(Name, Options)
    ->  must_be(atom, Name), must_be(list, Options)
    ;   Spec = course(Name, Program, Player)
    ->  must_be(atom, Name), must_be(atom, Program), must_be(callable, Player)
    ;   Spec = bridge(Name, Dialect, Command)
    ->  must_be(atom, Name),
        must_be(atom, Dialect),
        (   memberchk(Dialect, [codingame, 'futlog-referee']) -> true
        ;   domain_error(bridge_dialect, Dialect)
        ),
        must_be(atomic, Command)
    ;   Spec = program(Name, Argv)
    ->  must_be(atom, Name), must_be(list(atomic), Argv),
        (   Argv = [_|_] -> true ; domain_error(command_line, Argv) )
    ;   domain_error(tournament_player, Spec)
    ).

%!  player_start(+PlayerSpec, +Game, +Settings, -Player) is det.
%
%   Player is the running process of PlayerSpec, after the handshake, told
%   the game: Game is `Name-GameOptions`. Settings: log(File) (the child's
%   standard error is appended there; default discarded), startup(Seconds)
%   (the handshake's time, default 30), memory(MB) (the address space, by
%   prlimit; default none). Raises `tournament_player(no_start(Why))`
%   when the program cannot start or does not answer the handshake.
player_start(Spec, Name-GameOptions, Options, Player) :-
    check_spec(Spec),
    must_be(atom, Name),
    must_be(list, GameOptions),
    must_be(list, Options),
    option_or(startup(Startup), Options, 30),
    command(Spec, Exe0, Args1, Where),
    % a course program is loaded before it greets, its game named on its
    % command line: the loading must not eat into its first move's time
    (   Spec = course(_, _, _) -> append(Args1, [Name], Args0) ; Args0 = Args1 ),
    limited(Options, Exe0, Args0, Exe, Args),
    (   memberchk(log(Log), Options)
    ->  open(Log, append, ErrS),
        ErrSpec = stream(ErrS)
    ;   ErrSpec = null, ErrS = none
    ),
    catch(process_create(Exe, Args,
                         [ stdin(pipe(In)), stdout(pipe(Out)), stderr(ErrSpec),
                           process(Pid) | Where ]),
          E, true),
    (   ErrS == none -> true ; close(ErrS) ),
    (   nonvar(E)
    ->  error_text(E, Why),
        throw(tournament_player(no_start(Why)))
    ;   true
    ),
    maplist([S]>>set_stream(S, encoding(utf8)), [In, Out]),
    Player = player(Pid, In, Out, buffer([])),
    catch(( player_send(Player, ["tabula-player 1"]),
            player_answer(Player, Startup, Hello0) ),
          _, Hello0 = eof),
    Hello = Hello0,
    (   Hello = line(Line),
        split_string(Line, " ", "", ["tabula-player", "1"|_])
    ->  format(string(GameLine), "game ~w ~q", [Name, GameOptions]),
        (   catch(player_send(Player, [GameLine]), _, fail)
        ->  true
        ;   player_stop(Player, Exit),
            throw(tournament_player(no_start(Exit)))
        )
    ;   player_stop(Player, Exit),
        (   Hello = line(Got) -> Why = handshake(Got) ; Why = Hello-Exit ),
        throw(tournament_player(no_start(Why)))
    ).

error_text(error(Formal, _), Text) :-
    !,
    term_string(Formal, Text).
error_text(E, Text) :-
    term_string(E, Text).

option_or(Option, Options, Default) :-
    (   memberchk(Option, Options) -> true ; arg(1, Option, Default) ).

command(engine(_, Options0), Exe, Args, []) :-
    partition(build_option, Options0, Build, Options),
    (   memberchk(swipl(Exe), Build) -> true ; swipl(Exe) ),
    search_path_args(PathArgs0),
    PathArgs0 = ['-p', ForeignArg0, '-p', LibraryArg0],
    (   memberchk(foreign(F), Build) -> format(atom(ForeignArg), 'foreign=~w', [F]) ; ForeignArg = ForeignArg0 ),
    (   memberchk(library(L), Build) -> format(atom(LibraryArg), 'library=~w', [L]) ; LibraryArg = LibraryArg0 ),
    PathArgs = ['-p', ForeignArg, '-p', LibraryArg],
    format(atom(OptionsText), '~q', [Options]),
    append([ ['--no-packs', '-q'], PathArgs,
             [ '-g', 'use_module(library(tabula/tournament_engine))',
               '-g', tournament_engine_main, '-t', halt, '--', OptionsText ] ],
           Args).
command(course(_, Program, Player), Exe, Args, []) :-
    swipl(Exe),
    search_path_args(PathArgs),
    absolute_file_name(Program, Abs),
    format(atom(PlayerText), '~q', [Player]),
    append([ ['--no-packs', '-q'], PathArgs,
             [ '-g', 'use_module(library(tabula/tournament_course))',
               '-g', tournament_course_main, '-t', halt, '--', Abs, PlayerText ] ],
           Args).
command(bridge(_, Dialect, Command), Exe, Args, []) :-
    swipl(Exe),
    search_path_args(PathArgs),
    append([ ['--no-packs', '-q'], PathArgs,
             [ '-g', 'use_module(library(tabula/tournament_bridge))',
               '-g', tournament_bridge_main, '-t', halt, '--', Dialect, Command ] ],
           Args).
command(program(_, [Exe0|Args]), Exe, Args, []) :-
    (   sub_atom(Exe0, _, _, _, /) -> Exe = Exe0 ; Exe = path(Exe0) ).

% Which build of Tabula an engine player runs: another checkout's
% library(Dir) and foreign(Dir), another swipl(Executable).
build_option(library(_)).
build_option(foreign(_)).
build_option(swipl(_)).

limited(Options, Exe0, Args0, path(prlimit), Args) :-
    memberchk(memory(MB), Options),
    !,
    must_be(positive_integer, MB),
    Bytes is MB * 1024 * 1024,
    format(atom(AS), '--as=~d', [Bytes]),
    (   Exe0 = path(Name) -> Exe = Name ; Exe = Exe0 ),
    append([AS, '--', Exe], Args0, Args).
limited(_, Exe, Args, Exe, Args).

% The swipl of the children: TABULA_SWIPL, else the one running.
swipl(Exe) :-
    (   getenv('TABULA_SWIPL', Exe) -> true
    ;   current_prolog_flag(executable, Exe)
    ).

% The library and foreign folders this process loaded Tabula from, so
% that an engine child runs the same build.
search_path_args(['-p', ForeignArg, '-p', LibraryArg]) :-
    module_property(tabula_tournament_player, file(File)),
    file_directory_name(File, TabulaDir),
    file_directory_name(TabulaDir, Library),
    (   getenv('TABULA_FOREIGN_DIR', Foreign) -> true
    ;   absolute_file_name(foreign(tabula_uttt), Lib,
                           [file_type(executable), access(read)]),
        file_directory_name(Lib, Foreign)
    ),
    format(atom(ForeignArg), 'foreign=~w', [Foreign]),
    format(atom(LibraryArg), 'library=~w', [Library]).

%!  player_send(+Player, +Lines) is det.
%
%   Writes Lines (strings or atoms) to Player, one a line, and flushes.
%   Raises an I/O error when the player has gone.
player_send(player(_, In, _, _), Lines) :-
    must_be(list, Lines),
    forall(member(L, Lines), format(In, "~w~n", [L])),
    flush_output(In).

%!  player_answer(+Player, +Seconds, -Answer) is det.
%
%   Answer is the player's next line within Seconds: `line(String)`
%   (comment lines skipped), `timeout`, or `eof` (it closed its output:
%   it exited or crashed).
player_answer(Player, Seconds, Answer) :-
    must_be(number, Seconds),
    get_time(Start),
    Deadline is Start + Seconds,
    next_line(Player, Deadline, Answer).

% Lines are cut from what the player wrote, kept in its buffer (a
% mutable term), so that a line that never ends cannot fill the
% referee's memory: past 64 KB without a newline it is unreadable.
next_line(Player, Deadline, Answer) :-
    Player = player(_, _, Out, Buffer),
    arg(1, Buffer, Pending),
    (   append(LineCodes, [0'\n|Rest], Pending)
    ->  nb_setarg(1, Buffer, Rest),
        string_codes(Line0, LineCodes),
        split_string(Line0, "", "\r", [Line]),
        (   comment(Line)
        ->  next_line(Player, Deadline, Answer)
        ;   Answer = line(Line)
        )
    ;   length(Pending, Length),
        Length > 65536
    ->  nb_setarg(1, Buffer, []),
        Answer = line("(a line longer than 64 KB)")
    ;   get_time(Now),
        Left is max(0.001, Deadline - Now),
        set_stream(Out, timeout(Left)),
        catch(( fill_buffer(Out), read_pending_codes(Out, New, []) ), Error, true),
        (   nonvar(Error)
        ->  (   Error = error(timeout_error(_, _), _) -> Answer = timeout ; Answer = eof )
        ;   New == []
        ->  Answer = eof
        ;   append(Pending, New, Pending1),
            nb_setarg(1, Buffer, Pending1),
            next_line(Player, Deadline, Answer)
        )
    ).

comment(Line) :-
    (   sub_string(Line, 0, _, _, "#")
    ;   split_string(Line, " ", "", ["info"|_])
    ),
    !.

%!  player_pending(+Player, -Pending) is det.
%
%   Pending is `line(String)` when the player wrote a line (not a
%   comment) that nobody asked for, and `none` otherwise; it does not
%   wait.
player_pending(Player, Pending) :-
    Player = player(_, _, Out, buffer(Buffered)),
    (   ( Buffered \== [] ; catch(wait_for_input([Out], [_], 0), _, fail) )
    ->  get_time(Now),
        Deadline is Now + 0.5,
        next_line(Player, Deadline, Answer),
        (   Answer = line(_) -> Pending = Answer ; Pending = none )
    ;   Pending = none
    ).

%!  player_stop(+Player, -Exit) is det.
%
%   Tells Player `quit`, closes its input, and waits a second for it to
%   exit before killing it. Exit is its process_wait/2 status (exit(N)
%   or killed(Signal)).
player_stop(player(Pid, In, Out, _), Exit) :-
    catch(( format(In, "quit~n", []), flush_output(In) ), _, true),
    catch(close(In), _, true),
    (   exited_within(Pid, 20, Exit0)
    ->  Exit = Exit0
    ;   catch(process_kill(Pid, kill), _, true),
        catch(process_wait(Pid, Exit), _, Exit = unknown)
    ),
    catch(close(Out), _, true).

% process_wait/3 takes no timeout but 0 on Unix: poll N times, 50 ms apart.
exited_within(Pid, N, Exit) :-
    catch(process_wait(Pid, Exit0, [timeout(0)]), _, fail),
    (   Exit0 \== timeout
    ->  Exit = Exit0
    ;   N > 0,
        sleep(0.05),
        N1 is N - 1,
        exited_within(Pid, N1, Exit)
    ).
