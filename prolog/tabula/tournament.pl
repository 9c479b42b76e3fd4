:- module(tabula_tournament,
          [ tournament_run/2,         % +Settings, -Standings
            tournament_schedule/2,    % +Settings, -Schedule
            tabula_tournament_main/0
          ]).
/** <module> Tournaments between players of any Tabula game

One referee (library(tabula/tournament_referee)) plays every game of a
round robin, a gauntlet or a head-to-head match, each player a child
process speaking the player protocol (library(tabula/tournament_player),
docs/tournament.md). Every game is appended to the record file as it
ends; a run started again on the same folder plays only the games that
file does not hold, so a killed event loses nothing and counts nothing
twice. The schedule, openings included, depends on the options and the
seed only, so the same seed gives the same event. Games run N at a
time, one thread each; the standings (library(tabula/tournament_standings))
are computed from the record file alone.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(thread)).
:- use_module(library(readutil)).
:- use_module(library(filesex)).
:- use_module(library(tabula)).
:- use_module(library(tabula/game)).
:- use_module(tournament_player).
:- use_module(tournament_referee).
:- use_module(tournament_record).
:- use_module(tournament_standings).
:- use_module(tournament_stats).

%!  tournament_run(+Settings, -Standings) is det.
%
%   Plays the tournament of Settings (the options of tournament_schedule/2,
%   and the ones below) to its end, or resumes it from its record file;
%   Standings are its rows of standings/3. Writes, in the folder out(Dir):
%   `games.pl` (the record file), `standings.txt` and `standings.svg`,
%   and each player's error output under `logs/`. Options besides the
%   schedule's:
%
%     - out(Dir): the folder (required);
%     - tc(Control): `move(Seconds)` (default move(1)) or
%       `clock(Seconds, Increment)`;
%     - margin(Seconds): grace past the time (default 0.2);
%     - concurrency(N): games at once (default: the cores);
%     - memory(MB): each player's address space (default: no limit);
%     - startup(Seconds): time to start and greet (default 30);
%     - sprt(Elo0, Elo1, Alpha, Beta): for format(match), stop once the
%       test decides (after whole opening pairs);
%     - progress(Bool): a progress line on user_error (default true);
%     - backend(B), with partition(P), account(A), time_limit(M), ...:
%       each game a job of library(tabula/jobs) on backend B, e.g.
%       `slurm` (library(tabula/tournament_jobs), docs/cluster.md).
tournament_run(Options, Rows) :-
    must_be(list, Options),
    tournament_schedule(Options, Schedule),
    option_required(out(Dir), Options),
    must_be(atom, Dir),
    option_or(tc(Control), Options, move(1)),
    option_or(margin(Margin), Options, 0.2),
    must_be(number, Margin),
    current_prolog_flag(cpu_count, Cores),
    option_or(concurrency(Concurrency), Options, Cores),
    must_be(positive_integer, Concurrency),
    option_or(progress(Progress), Options, true),
    must_be(boolean, Progress),
    make_directory_path(Dir),
    directory_file_path(Dir, logs, Logs),
    make_directory_path(Logs),
    directory_file_path(Dir, 'games.pl', RecordFile),
    Schedule = schedule(Game, GameOptions, Specs, Pairings),
    maplist(player_spec_name, Specs, Names),
    Event = event(Game, GameOptions, Specs, Pairings, Control, Margin),
    record_open(RecordFile, Event, Records0),
    findall(O, ( member(O, Options), O =.. [K, _], memberchk(K, [memory, startup]) ), PlayerOptions0),
    Setup = setup(Game, GameOptions, Control, Margin, [log(Logs)|PlayerOptions0]),
    length(Pairings, Total),
    get_time(Started),
    State = state(RecordFile, Total, Started, Names, Progress),
    chunks(Options, Pairings, Chunks),
    run_chunks(Chunks, Options, Setup, Concurrency, State, Records0),
    record_open(RecordFile, Event, Records),
    standings(Names, Records, Rows),
    write_standings(Dir, Rows, Options, Records, Names).

option_required(Option, Options) :-
    (   memberchk(Option, Options) -> true
    ;   functor(Option, Name, _), existence_error(option, Name)
    ).

option_or(Option, Options, Default) :-
    (   memberchk(Option, Options) -> true ; arg(1, Option, Default) ).

% A match under SPRT runs one opening pair at a time, to stop as soon as
% the test decides; everything else is one chunk.
chunks(Options, Pairings, Chunks) :-
    (   memberchk(sprt(_, _, _, _), Options)
    ->  pair_chunks(Pairings, Chunks)
    ;   Chunks = [Pairings]
    ).

pair_chunks([], []).
pair_chunks([P], [[P]]) :- !.
pair_chunks([P, Q|Ps], [[P, Q]|Chunks]) :- pair_chunks(Ps, Chunks).

run_chunks([], _, _, _, _, _).
run_chunks([Chunk|Chunks], Options, Setup, Concurrency, State, Records0) :-
    State = state(File, _, _, _, _),
    (   sprt_decided(Options, State, Records0)
    ->  true
    ;   exclude(recorded(Records0), Chunk, Pending),
        play_pending(Pending, Options, Setup, Concurrency, State),
        State = state(File, _, _, _, _),
        read_records(File, Records1),
        run_chunks(Chunks, Options, Setup, Concurrency, State, Records1)
    ).

read_records(File, Records) :-
    with_mutex(tabula_tournament_record, record_read(File, Records)).

recorded(Records, pairing(Id, _, _, _)) :-
    memberchk(game(Id, _, _, _, _, _, _, _), Records).

sprt_decided(Options, state(_, _, _, [A, _], _), Records) :-
    memberchk(sprt(Elo0, Elo1, Alpha, Beta), Options),
    sprt_status(A, Records, Elo0, Elo1, Alpha, Beta, Verdict, _),
    Verdict \== continue.

sprt_status(A, Records, Elo0, Elo1, Alpha, Beta, Verdict, LLR) :-
    pentanomial(A, Records, Pairs),
    pentanomial_llr(Pairs, Elo0, Elo1, LLR),
    sprt_verdict(LLR, Alpha, Beta, Verdict, _).

% Pairs of games sharing an opening index, counted by A's points in
% half-points (0 to 4).
pentanomial(A, Records, Pairs) :-
    findall(Round-Points,
            ( member(game(Id, First, _, _, _, _, S, _), Records),
              round_of(Id, Round),
              ( First == A -> Points = S ; Points is 1 - S ) ),
            Scored),
    msort(Scored, Sorted),
    pair_points(Sorted, Totals),
    findall(C, ( between(0, 4, K), aggregate_all(count, member(K, Totals), C) ), Pairs).

round_of(Id, Round) :- Round is (Id + 1) // 2.

pair_points([R-P, R-Q|Rest], [K|Ks]) :- !, K is round(2 * (P + Q)), pair_points(Rest, Ks).
pair_points([_|Rest], Ks) :- pair_points(Rest, Ks).
pair_points([], []).

% Threads here, or jobs of library(tabula/jobs) with backend(B)
% (library(tabula/tournament_jobs)); each record goes in the same way.
play_pending(Pending, Options, Setup, Concurrency, State) :-
    (   memberchk(backend(B), Options), B \== local
    ->  use_module(library(tabula/tournament_jobs), []),
        tabula_tournament_jobs:tournament_jobs_play(
            Pending, Setup, Options, tabula_tournament:append_record(State))
    ;   concurrent_forall(member(P, Pending), play_and_record(P, Setup, State),
                          [threads(Concurrency)])
    ).

play_and_record(Pairing, Setup, State) :-
    catch(( referee_game(Pairing, Setup, Record), Done = true ), E,
          ( print_message(warning, E), Done = false )),
    (   Done == true -> append_record(State, Record) ; true ).

:- public append_record/2.
append_record(State, Record) :-
    State = state(File, _, _, _, _),
    with_mutex(tabula_tournament_record,
               ( record_append(File, Record),
                 progress(State) )).

progress(state(_, _, _, _, false)) :- !.
progress(state(File, Total, Started, Names, true)) :-
    record_read(File, Records),
    length(Records, Done),
    get_time(Now),
    Elapsed is Now - Started,
    findall(Score-Name,
            ( member(Name, Names),
              aggregate_all(sum(P), ( member(game(_, A, B, _, _, _, S, _), Records),
                                      ( A == Name -> P = S ; B == Name -> P is 1 - S ) ), Score) ),
            Scores),
    max_member(Best-Leader, Scores),
    (   Done > 0 -> Left is Elapsed / Done * (Total - Done) ; Left = 0 ),
    format(user_error, "~Ngames ~d/~d  leader ~w (~w)  elapsed ~0fs  left ~~~0fs~n",
           [Done, Total, Leader, Best, Elapsed, Left]).

write_standings(Dir, Rows, Options, Records, Names) :-
    directory_file_path(Dir, 'standings.txt', Text),
    directory_file_path(Dir, 'standings.svg', Chart),
    setup_call_cleanup(open(Text, write, S, [encoding(utf8)]),
                       ( print_standings(S, Rows),
                         sprt_line(S, Options, Records, Names),
                         distinct_line(S, Records) ),
                       close(S)),
    standings_svg(Rows, SVG),
    setup_call_cleanup(open(Chart, write, C, [encoding(utf8)]), write(C, SVG), close(C)).

sprt_line(S, Options, Records, [A, B]) :-
    memberchk(sprt(Elo0, Elo1, Alpha, Beta), Options),
    !,
    sprt_status(A, Records, Elo0, Elo1, Alpha, Beta, Verdict, LLR),
    sprt_verdict(LLR, Alpha, Beta, _, Lo-Hi),
    format(S, "SPRT ~w against ~w, elo0 ~w elo1 ~w: LLR ~3f [~3f, ~3f], ~w~n",
           [A, B, Elo0, Elo1, LLR, Lo, Hi, Verdict]).
sprt_line(_, _, _, _).

% Programs that play the same moves in the same positions repeat whole
% games, and the interval above takes every game as a new sample: say how
% many games differ (same players on the same sides, same moves).
distinct_line(S, Records) :-
    length(Records, Games),
    Games > 0,
    !,
    findall(A-B-Moves, member(game(_, A, B, _, Moves, _, _, _), Records), Played),
    sort(Played, Distinct),
    length(Distinct, N),
    format(S, "Distinct games: ~d of ~d (a game that repeats another move for move counts once)~n",
           [N, Games]).
distinct_line(_, _).

%!  tournament_schedule(+Settings, -Schedule) is det.
%
%   Schedule is `schedule(Game, GameOptions, Players, Pairings)`: the
%   games of the tournament of Settings (a list of options) in the order they start, each
%   `pairing(Id, First, Second, Opening)` (Id from 1, Opening a list of
%   move texts). Every opening is played twice with the sides swapped, in
%   consecutive games (Ids 2k-1 and 2k). The options:
%
%     - game(Name) (required) and game_options(List) (default []);
%     - players(Specs): player specs of library(tabula/tournament_player),
%       at least two, with distinct names;
%     - format(Format): `round_robin` (default: every pair), `gauntlet`
%       (the first player against each other) or `match` (two players);
%     - rounds(N): openings per pairing (default 1);
%     - openings(Source): `random(Plies)` (default random(2): Plies
%       random legal moves, drawn from the seed) or `file(File)` (one
%       opening a line, moves in the game's notation separated by `;`,
%       used in turn);
%     - seed(Seed): an integer (default 1).
tournament_schedule(Options, schedule(Game, GameOptions, Specs, Pairings)) :-
    must_be(list, Options),
    option_required(game(Game), Options),
    must_be(atom, Game),
    (   tabula_game(Game, _) -> true ; domain_error(tabula_game, Game) ),
    option_or(game_options(GameOptions), Options, []),
    must_be(list, GameOptions),
    option_required(players(Specs), Options),
    must_be(list, Specs),
    maplist(player_spec_name, Specs, Names),
    length(Names, NP),
    (   NP >= 2 -> true ; domain_error(at_least_two_players, Specs) ),
    (   sort(Names, Unique), length(Unique, NP) -> true ; domain_error(distinct_player_names, Names) ),
    option_or(format(Format), Options, round_robin),
    option_or(rounds(Rounds), Options, 1),
    must_be(positive_integer, Rounds),
    option_or(seed(Seed), Options, 1),
    must_be(integer, Seed),
    option_or(openings(Source), Options, random(2)),
    pairs_of(Format, Specs, Pairs),
    tabula_new(Game, GameOptions, Start),
    numlist(1, Rounds, RoundNumbers),
    maplist(opening(Source, Start, Seed), RoundNumbers, Openings),
    findall(First-Second-Opening,
            ( member(Opening, Openings),
              member(A-B, Pairs),
              member(First-Second, [A-B, B-A]) ),
            Games),
    length(Games, N),
    numlist(1, N, Ids),
    maplist([Id, F-S-O, pairing(Id, F, S, O)]>>true, Ids, Games, Pairings).

pairs_of(round_robin, Specs, Pairs) :- !,
    findall(A-B, ( append(_, [A|Rest], Specs), member(B, Rest) ), Pairs).
pairs_of(gauntlet, [A|Others], Pairs) :- !,
    findall(A-B, member(B, Others), Pairs).
pairs_of(match, [A, B], [A-B]) :- !.
pairs_of(match, Specs, _) :- !,
    domain_error(two_players, Specs).
pairs_of(Format, _, _) :-
    domain_error(tournament_format, Format).

opening(random(Plies), Start, Seed, Round, Opening) :-
    !,
    must_be(nonneg, Plies),
    RoundSeed is Seed * 100003 + Round,
    set_random(seed(RoundSeed)),
    random_opening(Plies, Start, Opening).
opening(file(File), _, _, Round, Opening) :-
    !,
    file_openings(File, Openings),
    length(Openings, N),
    (   N > 0 -> true ; domain_error(openings_file, File) ),
    I is (Round - 1) mod N,
    nth0(I, Openings, Opening).
opening(Source, _, _, _, _) :-
    domain_error(openings, Source).

random_opening(0, _, []) :- !.
random_opening(Plies, Game, Opening) :-
    tabula_moves(Game, Moves),
    (   Moves == []
    ->  Opening = []
    ;   random_member(Move, Moves),
        tabula_format_move(Game, Move, Text),
        tabula_move(Game, Move, Game1), !,
        Plies1 is Plies - 1,
        Opening = [Text|Opening1],
        random_opening(Plies1, Game1, Opening1)
    ).

file_openings(File, Openings) :-
    must_be(atom, File),
    read_file_to_string(File, Text, [encoding(utf8)]),
    split_string(Text, "\n", " \t\r", Lines),
    exclude([L]>>( L == "" ; sub_string(L, 0, 1, _, "#") ), Lines, Kept),
    maplist([L, Ms]>>( split_string(L, ";", " \t", Ms0), exclude(==(""), Ms0, Ms) ),
            Kept, Openings).

%!  tabula_tournament_main is det.
%
%   The command line: runs the tournament its arguments describe
%   (docs/tournament.md lists them), prints the standings and halts
%   with status 0, or prints the error and halts with status 2.
tabula_tournament_main :-
    current_prolog_flag(argv, Argv),
    catch(( cli_options(Argv, Options),
            tournament_run(Options, _),
            memberchk(out(Dir), Options),
            directory_file_path(Dir, 'standings.txt', Standings),
            read_file_to_string(Standings, Table, [encoding(utf8)]),
            format("~s~nRecord, table and chart in ~w~n", [Table, Dir]) ),
          E,
          ( print_message(error, E), halt(2) )).

cli_options(Argv, Options) :-
    cli(Argv, Options0),
    findall(P, member(player(P), Options0), Players),
    exclude([O]>>(O = player(_)), Options0, Options1),
    Options = [players(Players)|Options1].

cli([], []).
cli([Flag, Value|Rest], [Option|Options]) :-
    atom_concat('--', Name, Flag),
    !,
    cli_option(Name, Value, Option),
    cli(Rest, Options).
cli([Arg|_], _) :-
    domain_error(tournament_argument, Arg).

cli_option(game, V, game(G)) :- !, atom_string(G, V).
cli_option('game-options', V, game_options(O)) :- !, term_string(O, V).
cli_option(engine, V, player(engine(Name, Options))) :- !,
    (   sub_atom(V, B, _, A, :)
    ->  sub_atom(V, 0, B, _, Name),
        sub_atom(V, _, A, 0, OptionsText),
        atomic_list_concat(Parts, ',', OptionsText),
        maplist(key_value_option, Parts, Options)
    ;   Name = V, Options = []
    ).
cli_option(program, V, player(program(Name, ['/bin/sh', '-c', Command]))) :- !,
    (   sub_atom(V, B, _, A, =)
    ->  sub_atom(V, 0, B, _, Name),
        sub_atom(V, _, A, 0, Command)
    ;   domain_error(name_equals_command, V)
    ).
cli_option(bridge, V, player(bridge(Name, Dialect, Command))) :- !,
    (   sub_atom(V, B, _, A, :),
        sub_atom(V, 0, B, _, Dialect),
        sub_atom(V, _, A, 0, Rest),
        sub_atom(Rest, C, _, D, =)
    ->  sub_atom(Rest, 0, C, _, Name),
        sub_atom(Rest, _, D, 0, Command)
    ;   domain_error(dialect_colon_name_equals_command, V)
    ).
cli_option(course, V, player(course(Name, File, Pred))) :- !,
    (   sub_atom(V, B, _, A, =),
        sub_atom(V, 0, B, _, Name),
        sub_atom(V, _, A, 0, Rest),
        aggregate_all(max(C0), sub_atom(Rest, C0, _, _, :), C),
        sub_atom(Rest, C, 1, D, :), D > 0
    ->  sub_atom(Rest, 0, C, _, File),
        sub_atom(Rest, _, D, 0, PredText),
        term_to_atom(Pred, PredText)
    ;   domain_error(name_equals_file_colon_predicate, V)
    ).
cli_option(format, V, format(F)) :- !, atom_string(F, V).
cli_option(rounds, V, rounds(N)) :- !, atom_number(V, N).
cli_option(seed, V, seed(N)) :- !, atom_number(V, N).
cli_option(plies, V, openings(random(N))) :- !, atom_number(V, N).
cli_option(openings, V, openings(file(F))) :- !, atom_string(F, V).
cli_option(tc, V, tc(C)) :- !,
    (   atomic_list_concat([S, I], '+', V)
    ->  atom_number(S, Sec), atom_number(I, Inc), C = clock(Sec, Inc)
    ;   atom_number(V, Sec), C = move(Sec)
    ).
cli_option(margin, V, margin(N)) :- !, atom_number(V, N).
cli_option(concurrency, V, concurrency(N)) :- !, atom_number(V, N).
cli_option(memory, V, memory(N)) :- !, atom_number(V, N).
cli_option(out, V, out(D)) :- !, atom_string(D, V).
cli_option(sprt, V, sprt(E0, E1, A, B)) :- !,
    atomic_list_concat(Parts, ',', V),
    maplist(key_value_option, Parts, Os),
    option_or(elo0(E0), Os, 0), option_or(elo1(E1), Os, 10),
    option_or(alpha(A), Os, 0.05), option_or(beta(B), Os, 0.05).
cli_option(Name, V, Option) :-         % --backend slurm --partition P ...
    atomic_list_concat(Parts, '-', Name),
    atomic_list_concat(Parts, '_', Key),
    memberchk(Key, [backend, partition, account, time_limit, array_size, shared_dir,
                    poll_interval, retries]),
    !,
    (   memberchk(Key, [backend, partition, account, shared_dir]) -> atom_string(A, V)
    ;   atom_number(V, A)
    ),
    Option =.. [Key, A].
cli_option(Name, _, _) :-
    domain_error(tournament_flag, Name).

key_value_option(Part, Option) :-
    (   atomic_list_concat([K, V0], '=', Part)
    ->  ( atom_number(V0, V) -> true ; V = V0 ),
        Option =.. [K, V]
    ;   domain_error(key_equals_value, Part)
    ).
