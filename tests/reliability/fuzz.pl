:- module(reliability_fuzz,
          [ fuzz_targets/2,           % ?Game, -Targets
            fuzz_excluded/2,          % ?PI, ?Reason
            fuzz/3,                   % +Game, +Options, -Report
            fuzz_print_report/1,      % +Report
            classify_call/5,          % +Target, +Goal, +Tags, +Watchdog, -Outcome
            iso_error/1,              % @Formal
            public_context/1          % @Context
          ]).
/** <module> Calling every public predicate with junk

The fuzzer finds every predicate exported by the modules of
`prolog/tabula/` (module_property/2), reads its documented modes (the
PlDoc `%!` lines of the file that defines it: argument names, modes and
determinism, read by exports.pl, as the documentation test reads them),
and calls it again and again with arguments drawn from its
documented kinds: real values (states of random games, their legal
moves, players, sizes, options) and junk (unbound, wrong types, cyclic
terms, bigints, floats, strings for atoms, partial and improper lists,
deep nesting, real states with one field corrupted, random mutations of
real values).

Every outcome is classified:

  - success, with the choicepoint left or not, or failure;
  - an ISO error term error(Formal, Context), Formal one of the ISO kinds;
  - a time-out of the watchdog, which only predicates that run for as
    long as they are asked (searches, perft, menus) may reach.

Findings are everything else: a non-ISO exception, a hang, a choicepoint
left by a det or semidet call, a det call with valid arguments that fails,
an error whose context names an internal predicate (a foreign one, or one
a module does not export), and a crash (the process dies: the seed
replays it).

The argument kinds come from the names of the documented arguments
(kind_of_name/3); predicates whose arguments need a kind of their own are
listed in arg_kind_override/3.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(pairs)).
:- use_module(library(time)).
:- use_module(library(tabula)).
:- use_module(library(tabula/games)).
:- use_module(positions).
:- use_module(exports).       % loads every module of the library

                 /*******************************
                 *           TARGETS            *
                 *******************************/

%!  fuzz_excluded(?PI, ?Reason) is nondet.
%
%   Exported predicates the fuzzer does not call, and why.
fuzz_excluded(tabula_web:tabula_serve/0, "starts an HTTP server on port 8080: the HTTP suite drives the server").
fuzz_excluded(tabula_web:tabula_serve/1, "starts an HTTP server: the HTTP suite drives the server").
fuzz_excluded(tabula_web:tabula_serve/2, "starts an HTTP server: the HTTP suite drives the server").
fuzz_excluded(tabula_web:tabula_serve_forever/1, "serves until the process is signalled").
fuzz_excluded(tabula_web:tabula_stop/1, "stops an HTTP server: the HTTP suite drives the server").
fuzz_excluded(tabula_tournament:tournament_run/2, "runs a tournament of child processes: the tournament suite drives it").
fuzz_excluded(tabula_tournament:tabula_tournament_main/0, "the command line: runs a tournament and halts").
fuzz_excluded(tabula_tournament_engine:tournament_engine_main/0, "a player program: serves its standard input until it ends").
fuzz_excluded(tabula_tournament_course:tournament_course_main/0, "a player program: consults a file and serves its standard input").
fuzz_excluded(tabula_tournament_referee:referee_game/3, "starts the players' processes: the tournament suite drives it").
fuzz_excluded(tabula_tournament_player:player_start/4, "starts a process: the tournament suite drives it").
fuzz_excluded(tabula_tournament_player:player_send/2, "writes to a player's process: the tournament suite drives it").
fuzz_excluded(tabula_tournament_player:player_answer/3, "reads a player's process: the tournament suite drives it").
fuzz_excluded(tabula_tournament_player:player_pending/2, "reads a player's process: the tournament suite drives it").
fuzz_excluded(tabula_tournament_player:player_stop/2, "signals a process: the tournament suite drives it").
fuzz_excluded(tabula_tournament_record:record_open/3, "creates and rewrites files: the tournament suite drives it").
fuzz_excluded(tabula_tournament_record:record_append/2, "writes files: the tournament suite drives it").
fuzz_excluded(tabula_check:tabula_check/2, "starts a sandboxed swipl on a program: the check suites drive it").
fuzz_excluded(tabula_check:tabula_check/4, "starts a sandboxed swipl on a program: the check suites drive it").
fuzz_excluded(tabula_check:tabula_check_main/0, "reads the command line and halts").
fuzz_excluded(tabula_check:tabula_conforms/3, "starts a sandboxed swipl on a program: the check suites drive it").
fuzz_excluded(tabula_check:tabula_check_predicate/4, "starts a sandboxed swipl on a program: the check suites drive it").
fuzz_excluded(check_core:check_run/4, "starts a sandboxed swipl on a program: the check suites drive it").
fuzz_excluded(check_report:check_save_tests/3, "writes a file wherever it is told: the check suites drive it").
fuzz_excluded(check_batch:check_batch/3, "starts a swipl per program of a folder: the check suites drive it").
fuzz_excluded(check_batch:check_batch/4, "starts a swipl per program of a folder: the check suites drive it").
fuzz_excluded(tabula_sandbox:sandbox_start/3, "starts a child swipl: the sandbox suite drives it").
fuzz_excluded(check_core:check_open/4, "starts a sandboxed swipl on a program: the tournament suite drives it").
fuzz_excluded(check_core:check_play/5, "asks a sandboxed program for a move: the tournament suite drives it").
fuzz_excluded(check_core:check_close/1, "stops a sandbox: the tournament suite drives it").
fuzz_excluded(tabula_tournament_bridge:tournament_bridge_main/0, "a player program: serves its standard input until it ends").
fuzz_excluded(tabula_tournament_jobs:tournament_jobs_play/4, "runs a tournament's games as jobs: the jobs suites drive it").
fuzz_excluded(tabula_tournament_jobs:tabula_tournament_game_main/0, "the command line of one game: plays it and halts").
fuzz_excluded(tabula_jobs:jobs_run/2, "runs commands: the jobs suite drives it").
fuzz_excluded(jobs_slurm:backend_run/3, "submits jobs to Slurm: the cluster tests drive it").
fuzz_excluded(tabula_sandbox_child:sandbox_serve/0, "serves requests from standard input: the sandbox suite drives it").

%!  fuzz_targets(?Game, -Targets) is det.
%
%   Targets are target(Module, Name/Arity, Modes, Weight) for every
%   exported predicate of the modules of Game (their names start with
%   the game's) and of the modules every game shares (`common`). Modes
%   are mode(Args, Det), Args a list of Mode-ArgName.
fuzz_targets(Game, Targets) :-
    findall(T, target(Game, T), Targets0),
    sort(Targets0, Targets).

target(Game, target(M, N/A, Modes, Weight)) :-
    library_module(M, _),
    module_game(M, Game),
    module_property(M, exports(Exports)),
    member(N/A, Exports),
    \+ fuzz_excluded(M:N/A, _),
    export_modes(M, N/A, Modes),
    weight(M:N/A, Weight).

module_game(M, Game) :-
    (   tabula_game_name(G), atom_concat(G, _, M)
    ->  Game = G
    ;   Game = common
    ).

% Menus and whole demo games run until their input ends or a watchdog
% stops them: called now and then only.
weight(_:play/0, 0.02) :- !.
weight(_:play/1, 0.02) :- !.
weight(_:play_demo/0, 0.005) :- !.
weight(_:play_demo/1, 0.02) :- !.
weight(tabula_game:tabula_menu/1, 0.02) :- !.
weight(_, 1).

                 /*******************************
                 *            KINDS             *
                 *******************************/

%!  kind_of_name(+Game, +ArgName, -Kind) is semidet.
%
%   The kind of a documented argument, from its name.
kind_of_name(_, Name, state) :- memberchk(Name, ['State', 'E', 'GameState', 'GS', 'S']), !.
kind_of_name(_, Name, state) :- memberchk(Name, ['State2', 'E2', 'NewState', 'NewGameState', 'GameState2']), !.
kind_of_name(_, Name, game) :- memberchk(Name, ['Game', 'Game2']), !.
kind_of_name(_, Name, move) :- memberchk(Name, ['Move', 'LP', 'Path']), !.
kind_of_name(_, Name, moves) :- memberchk(Name, ['Moves', 'Paths']), !.
kind_of_name(_, 'Player', player) :- !.
kind_of_name(_, 'Colour', colour) :- !.
kind_of_name(_, Name, board) :- memberchk(Name, ['Board', 'UBoard']), !.
kind_of_name(_, 'Boards', boards) :- !.
kind_of_name(_, Name, position) :- memberchk(Name, ['UPos', 'Pos', 'PreviousPos']), !.
kind_of_name(_, Name, depth) :- memberchk(Name, ['Depth']), !.
kind_of_name(_, Name, small_count) :- memberchk(Name, ['MaxDepth', 'Count', 'MaxPlies']), !.
kind_of_name(_, Name, nodes) :- memberchk(Name, ['MaxNodes', 'Simulations']), !.
kind_of_name(_, 'Millis', millis) :- !.
kind_of_name(_, 'Seconds', seconds) :- !.
kind_of_name(_, 'Seed', seed) :- !.
kind_of_name(_, 'Options', engine_options) :- !.
kind_of_name(_, 'Size', size) :- !.
kind_of_name(_, 'Level', level) :- !.
kind_of_name(_, 'Text', text) :- !.
kind_of_name(_, 'Name', game_name) :- !.
kind_of_name(_, Name, atom) :- memberchk(Name, ['Title', 'Module', 'Reason', 'Winner']), !.
kind_of_name(_, 'Edges', edges) :- !.
kind_of_name(_, Name, point) :- memberchk(Name, ['Ball', 'P']), !.
kind_of_name(_, Name, small_count) :- memberchk(Name, ['Ancho', 'Alto']), !.
kind_of_name(_, 'Nombre', text) :- !.
kind_of_name(_, Name, turn) :- memberchk(Name, ['Turn', 'N']), !.
kind_of_name(_, Name, boolean) :- memberchk(Name, ['SeekMistakes', 'PassTurn']), !.
kind_of_name(_, 'Spec', engine_spec) :- !.
kind_of_name(_, 'Stream', stream) :- !.
kind_of_name(_, Name, small_count) :- memberchk(Name, ['H', 'W', 'Column']), !.
kind_of_name(_, 'Last', last) :- !.
kind_of_name(_, 'Prefix', prefix) :- !.
kind_of_name(_, 'Marks', points) :- !.
kind_of_name(_, 'Point', point) :- !.
kind_of_name(_, 'Mark', char_text) :- !.
kind_of_name(_, 'How', cell_how) :- !.
kind_of_name(_, 'Texts', texts) :- !.
kind_of_name(_, 'Separator', text) :- !.
kind_of_name(_, 'Rows', grid_rows) :- !.
kind_of_name(_, Name, texts) :- memberchk(Name, ['ColumnLabels', 'RowLabels']), !.
kind_of_name(_, 'Letter', atom) :- !.

% Arguments whose name says less than the predicate does (Name/Arity, in
% whichever module exports it).
arg_kind_override(tabula_new/3, 2, new_options).
arg_kind_override(crosscut_random_game_/5, 1, side).
arg_kind_override(crosscut_random_game_/5, 2, side).
arg_kind_override(play_demo/1, 1, demo_options).
arg_kind_override(fourmation_engine_move/3, 2, fourmation_engine_options).
arg_kind_override(fourmation:next_player/3, 2, fourmation_turn).
arg_kind_override(fourmation:game_over/2, 2, moves_or_winner).
arg_kind_override(fourmation:value/3, 2, colour_or_move).
arg_kind_override(fourmation:choose_move/3, 2, fourmation_level).
arg_kind_override(crosscut_engine_move/4, 2, search_options).
arg_kind_override(engine_choice/3, 1, spec_options).
arg_kind_override(tabula_menu/1, 1, menu_game).
arg_kind_override(tabula_register_game/3, 1, atom).
arg_kind_override(movePriority/4, 3, position).

arg_kind(M:PI, I, Game, ArgName, Kind) :-
    (   ( arg_kind_override(M:PI, I, Kind0) ; arg_kind_override(PI, I, Kind0) )
    ->  Kind = Kind0
    ;   kind_of_name(Game, ArgName, Kind0)
    ->  Kind = Kind0
    ;   Kind = any
    ).

                 /*******************************
                 *          VALUES              *
                 *******************************/

% The context of one call: the game and a real position of it.
% ctx(Game, State)

%!  valid(+Kind, +Ctx, -Value) is semidet.
%
%   A value of Kind that the predicates document as acceptable, built
%   around the call's position.
valid(state, ctx(_, S), S).
valid(game, ctx(G, S), game(G, S)).
valid(move, ctx(G, S), M) :- legal_move(G, S, M).
valid(moves, ctx(G, S), Ms) :-
    (   chance(0.5)
    ->  random_between(1, 3, N), length(Ms, N), maplist(legal_move(G, S), Ms)
    ;   Ms = []
    ).
valid(player, ctx(G, S), P) :- game_player(G, S, P).
valid(colour, _, C) :- random_member(C, [white, black]).
valid(board, ctx(uttt, S), B) :- !, ( chance(0.7) -> uttt:getBoards(S, Bs), random_member(B, Bs) ; uttt:getUBoard(S, B) ).
valid(board, ctx(_, S), B) :- arg(4, S, B), !.
valid(board, ctx(_, S), B) :- arg(1, S, B).
valid(boards, ctx(uttt, S), Bs) :- uttt:getBoards(S, Bs).
valid(position, _, P) :- random_member(P, [nw, n, ne, w, c, e, sw, s, se]).
valid(depth, _, D) :- random_between(0, 2, D).
valid(small_count, _, N) :- random_between(1, 3, N).
valid(nodes, _, N) :- random_between(1, 100, N).
valid(millis, _, N) :- random_between(1, 2, N).
valid(seconds, _, S) :- random_member(S, [0.001, 0.002, 0.005]).
valid(seed, _, S) :- random_between(0, 1000000, S).
valid(engine_options, ctx(G, _), Os) :- engine_options(G, Os).
valid(spec_options, _, Os) :- engine_options(fourmation, Os).
valid(search_options, _, Os) :- engine_options(futlog, Os).
valid(fourmation_engine_options, ctx(G, _), Os) :-
    engine_options(G, Os0),
    exclude([O]>>(O = level(_)), Os0, Os1),
    (   chance(0.3) -> random_member(B, [true, false]), Os = [seek_mistakes(B)|Os1] ; Os = Os1 ).
valid(demo_options, _, [time(0.001)]).
valid(new_options, ctx(fourmation, _), [size(N)]) :- !, random_between(3, 12, N).
valid(new_options, ctx(crosscut, _), Os) :- !,
    random_between(5, 10, H), random_between(5, 10, L),
    random_member(Os, [[size(H, L)], [size(H)], []]).
valid(new_options, _, []).
valid(size, ctx(fourmation, _), N) :- !, random_between(3, 12, N).
valid(size, ctx(crosscut, _), Size) :- !,
    random_between(5, 10, H), random_between(5, 10, L),
    random_member(Size, [size(H, L), H]).
valid(size, _, N) :- random_between(3, 10, N).
valid(side, _, N) :- random_between(5, 10, N).
valid(level, _, L) :- random_member(L, [1, 2]).
valid(fourmation_level, _, L) :- random_member(L, [1, 2, computer-1, computer-2]).
valid(text, ctx(G, S), T) :- legal_move(G, S, M), move_text(G, M, T).
valid(game_name, ctx(G, _), G) :- G \== common.
valid(menu_game, _, G) :- random_member(G, [fourmation, crosscut]).
valid(atom, _, A) :- random_member(A, [x, draw, white, random, none]).
valid(edges, ctx(futlog, S), Es) :- futlog_tools:futlog_played_edges(S, Es).
valid(point, ctx(futlog, S), P) :- futlog:posicion_pelota(S, P).
valid(turn, _, T) :- random_member(T, [1, 2]).
valid(fourmation_turn, ctx(fourmation, gameState(_, turn(_-C), _)), turn(human-O)) :-
    ( C == white -> O = black ; O = white ).
valid(boolean, _, B) :- random_member(B, [true, false]).
valid(engine_spec, _, engine(1, [depth, nodes], [1, 2])).
valid(stream, _, S) :- null_stream(S).
valid(last, _, none).
valid(prefix, ctx(futlog, S), Prefix) :- !,
    legal_move(futlog, S, Path), append(Prefix, [_|_], Path).
valid(prefix, _, []).
valid(points, ctx(futlog, S), Ps) :- !, ( legal_move(futlog, S, Ps) -> true ; Ps = [] ).
valid(points, _, []).
valid(char_text, _, T) :- random_member(T, ["x", "W", " ", 'R']).
valid(cell_how, _, H) :- random_member(H, [plain, last, target]).
valid(texts, _, Ts) :- random_between(0, 4, N), length(Ts, N), maplist(=("ab"), Ts).
valid(grid_rows, _, Rows) :-
    random_between(1, 3, N), length(Row, N), maplist(=(" x "), Row), length(Rows, N), maplist(=(Row), Rows).
valid(moves_or_winner, Ctx, V) :- ( chance(0.5) -> valid(moves, Ctx, V) ; true ).
valid(colour_or_move, Ctx, V) :- ( chance(0.5) -> valid(colour, Ctx, V) ; legal_move(fourmation, _, V0), V = V0 ).

:- dynamic null_stream_/1.
null_stream(S) :-
    (   null_stream_(S) -> true ; open_null_stream(S), assertz(null_stream_(S)) ).

chance(P) :- random_float < P.

legal_move(futlog, S, M) :-
    nonvar(S),
    random_between(0, 1000000, Seed),
    futlog_foreign:futlog_random_move_(S, Seed, M, _),
    !.
legal_move(G, S, M) :-
    nonvar(S),
    G \== futlog,
    tabula_moves(game(G, S), Ms),
    Ms \== [],
    !,
    random_member(M, Ms).
legal_move(uttt, _, (c, c)).
legal_move(futlog, _, [p(0, 1)]).
legal_move(fourmation, _, 2-3).
legal_move(crosscut, _, move(1, 3)).

game_player(uttt, _, P) :- random_member(P, [x, 0]).
game_player(crosscut, _, P) :- random_member(P, ['R', 'B']).
game_player(futlog, _, P) :- random_member(P, [1, 2]).
game_player(fourmation, _, P) :- random_member(P, [white, black]).

move_text(crosscut, M, T) :- !, crosscut_notation:crosscut_move_text(M, T).
move_text(_, M, T) :- format(string(T), "~w", [M]).

engine_options(G, Os) :-
    findall(O, ( member(O0, [time(0.001), depth(1), nodes(50), seed(7), level(1)]),
                 chance(0.3), engine_option_ok(G, O0), O = O0 ), Os0),
    (   Os0 == [] -> Os = [nodes(20)] ; Os = Os0 ).

engine_option_ok(uttt, O) :- !, \+ O = depth(_), O \= level(_).
engine_option_ok(futlog, O) :- !, \+ O = level(_), \+ O = seed(_).
engine_option_ok(_, seed(_)) :- !, fail.
engine_option_ok(_, _).

%!  junk(-Value) is det.
%
%   A value no predicate documents for its argument, from a fixed pool.
junk(V) :-
    junk_pool(Pool),
    random_member(V0, Pool),
    junk_value(V0, V).

junk_pool([ var, nil, '', a, x, foo, 'R', white, nw, 0, -1, 1, 2, 3, 1000000,
            big(62), big(63), big(64), neg_big(64), big(100), neg_big(100),
            1.5, -0.0, inf, nan, 1r3, "x", "nw", "", "R", `ab`,
            partial, improper, f(_), f(a, b), p(0, 1), e(p(0,0), p(0,1)), move(1, 1), - (1), 1-2,
            (a, b), cyclic, cyclic_list, deep, long_list, long_string, dict,
            game(uttt, foo), game(chess, x), game(_, _), [a, b, c], [[x]], [[]],
            time(_), [time(-1)], [depth(0)], [nodes(a)], [level(9)], [time(1.0e10)], [foo] ]).

junk_value(var, _) :- !.
junk_value(nil, []) :- !.
junk_value(big(N), V) :- !, V is 2^N.
junk_value(neg_big(N), V) :- !, V is -(2^N).
junk_value(inf, V) :- !, V is inf.
junk_value(nan, V) :- !, V is nan.
junk_value(partial, [a|_]) :- !.
junk_value(improper, [a|b]) :- !.
junk_value(cyclic, X) :- !, X = f(X).
junk_value(cyclic_list, L) :- !, L = [a|L].
junk_value(deep, T) :- !, deep_term(T).
junk_value(long_list, L) :- !, long_list(L).
junk_value(long_string, S) :- !, format(string(S), "~*c", [100000, 0'a]).
junk_value(dict, _{a:1}) :- !.
junk_value(V, V).

% The big junk is made once per thread and kept in a global variable,
% which gives it back without copying it.
long_list(L) :-
    (   nb_current(reliability_fuzz_long_list, L) -> true
    ;   numlist(1, 100000, L), nb_setval(reliability_fuzz_long_list, L)
    ).

deep_term(T) :-
    (   nb_current(reliability_fuzz_deep_term, T) -> true
    ;   nest(100000, x, T), nb_setval(reliability_fuzz_deep_term, T)
    ).
nest(0, T, T) :- !.
nest(N, T0, T) :- N1 is N - 1, nest(N1, f(T0), T).

%!  mutate(+Value, -Junk) is det.
%
%   Junk is a real value damaged: one field of its outer term replaced,
%   a random subterm replaced, a list made partial, improper, cyclic or
%   shorter, an atom made a string or the other way round, an integer
%   moved out of range.
mutate(V, J) :-
    (   is_list(V), V \== [], chance(0.3)
    ->  mutate_list(V, J)
    ;   compound(V), chance(0.5)
    ->  compound_name_arity(V, N, A),
        random_between(1, A, I),
        V =.. [N|Args0],
        junk(X),
        nth1(I, Args0, _, Rest),
        nth1(I, Args, X, Rest),
        J =.. [N|Args]
    ;   compound(V)
    ->  junk(X),
        replace_subterm(V, X, J)
    ;   atom(V), chance(0.5)
    ->  atom_string(V, J)
    ;   string(V)
    ->  atom_string(J, V)
    ;   integer(V)
    ->  random_member(D, [1, -1, 1000, -1000]), random_member(J0, [V + D, -V - 1, V + 2^64]), J is J0
    ;   junk(J)
    ).

mutate_list(L, J) :-
    random_between(1, 5, K),
    (   K == 1 -> append(Front, [_], L), append(Front, _, J)          % partial
    ;   K == 2 -> append(Front, [_], L), append(Front, oops, J)       % improper
    ;   K == 3 -> copy_term(L, C), append(C, T, J), T = J             % cyclic
    ;   K == 4 -> L = [_|J]                                            % shorter
    ;   L = [H|_], J = [H|L]                                           % longer
    ).

replace_subterm(T, X, R) :-
    (   compound(T), chance(0.75)
    ->  compound_name_arity(T, N, A),
        random_between(1, A, I),
        T =.. [N|Args0],
        nth1(I, Args0, Sub, Rest),
        replace_subterm(Sub, X, Sub1),
        nth1(I, Args, Sub1, Rest),
        R =.. [N|Args]
    ;   R = X
    ).

                 /*******************************
                 *            CALLS             *
                 *******************************/

%!  make_call(+Target, +Ctx, -Goal, -Tags) is det.
%
%   A call of Target: each argument given by its mode, Tags one of
%   `valid`, `junk` or `unbound` per argument.
make_call(target(M, N/A, Modes, _), ctx(G, S), M:Goal, Tags) :-
    (   chance(0.5),
        valid_call(M:N/A, ctx(G, S), Values)
    ->  length(Tags, A),
        maplist(=(valid), Tags)
    ;   random_member(mode(Args, _), Modes),
        length(Values, A),
        (   A > 0 -> numlist(1, A, Is) ; Is = [] ),
        maplist(make_arg(M:N/A, ctx(G, S)), Is, Args, Values, Tags0),
        % Arguments drawn one by one need not fit each other.
        (   has_valid_call(M:N/A) -> maplist([_, junk]>>true, Tags0, Tags) ; Tags = Tags0 )
    ),
    Goal =.. [N|Values].

has_valid_call(PI) :-
    \+ \+ valid_call(PI, ctx(uttt, _), _).

%   valid_call(+PI, +Ctx, -Arguments) is semidet.
%
%   Whole valid calls of predicates whose arguments depend on each other.
valid_call(tabula_board_text:print_grid/3, _, [Rows, Columns, RowLabels]) :-
    random_between(1, 5, W),
    random_between(1, 5, H),
    length(Row, W), maplist(=(" x "), Row),
    length(Rows, H), maplist(=(Row), Rows),
    length(Columns, W), maplist(=(a), Columns),
    length(RowLabels, H), maplist(=("1"), RowLabels).

make_arg(PI, Ctx, I, Mode-Name, Value, Tag) :-
    Ctx = ctx(Game, _),
    arg_kind(PI, I, Game, Name, Kind),
    (   output_mode(Mode)
    ->  (   chance(0.9) -> Tag = unbound ; junk(Value), Tag = junk )
    ;   Mode == (?), chance(0.4)
    ->  Tag = unbound
    ;   chance(0.6), valid(Kind, Ctx, Value0)
    ->  Value = Value0, Tag = valid
    ;   chance(0.5), valid(Kind, Ctx, V0)
    ->  mutate(V0, Value), Tag = junk
    ;   junk(Value), Tag = junk
    ).

output_mode(-).
output_mode(--).

%!  classify_call(+Target, +Goal, +Tags, +Watchdog, -Outcome) is det.
%
%   Calls Goal (a call of Target, Tags saying which arguments are valid)
%   under a watchdog and classifies what happened: success, failure,
%   error(Formal), interrupted, or finding(Class).
classify_call(Target, Goal, Tags, Watchdog, Outcome) :-
    classify(Target, Goal, Tags, Watchdog, Outcome).

classify(Target, Goal, Tags, Watchdog, Outcome) :-
    Target = target(_, _, Modes, _),
    strip_module(Goal, _, Head),
    matching_det(Modes, Head, Det),
    (   memberchk(Det, [nondet, multi]) -> Max = 3 ; Max = 1 ),
    copy_term(Goal, Again),
    catch(call_with_time_limit(Watchdog, probe(Goal, Max, R)), E, R = exception(E)),
    outcome(R, Target, Det, Tags, Outcome0),
    % A choicepoint must show again on the same call to count: about one
    % det call in 300,000 showed one once, which that call alone did not
    % reproduce (it seems to come with the watchdog's timer).
    (   Outcome0 == finding(choicepoint)
    ->  catch(call_with_time_limit(Watchdog, probe(Again, Max, R2)), E2, R2 = exception(E2)),
        outcome(R2, Target, Det, Tags, Outcome)
    ;   Outcome = Outcome0
    ).

probe(Goal, Max, solutions(Count, First)) :-
    C = c(0, none),
    (   answer(Goal, Det),
        arg(1, C, N0), N is N0 + 1, nb_setarg(1, C, N),
        (   N == 1
        ->  ( Det == true -> nb_setarg(2, C, det) ; nb_setarg(2, C, choicepoint) )
        ;   true
        ),
        ( Det == true ; N >= Max )
    ->  true
    ;   true
    ),
    arg(1, C, Count),
    arg(2, C, First).

% Det is true when Goal left no choicepoint. (Not call_cleanup/2: a
% watchdog signal that lands in its cleanup handler would lose the
% binding.)
answer(Goal, Det) :-
    prolog_current_choice(Before),
    call(Goal),
    prolog_current_choice(After),
    (   Before == After -> Det = true ; Det = false ).

% The determinism the documentation gives this instantiation: the
% loosest of the mode lines that match it (a partly bound argument, such
% as the move `(n,_)`, matches both `+` and `-`: validMove/2 checks a
% ground move and enumerates a partial one), else unknown.
matching_det(Modes, Head, Det) :-
    Head =.. [_|Values],
    findall(D, ( member(mode(Args, D), Modes), maplist(matches, Args, Values) ), Dets),
    (   Dets == []
    ->  Det = unknown
    ;   loosest(Dets, Det)
    ).

loosest(Dets, Det) :-
    (   memberchk(nondet, Dets) -> Det = nondet
    ;   memberchk(semidet, Dets), memberchk(multi, Dets) -> Det = nondet
    ;   memberchk(semidet, Dets) -> Det = semidet
    ;   memberchk(multi, Dets) -> Det = multi
    ;   Dets = [Det|_]
    ).

matches((+)-_, V) :- nonvar(V).
matches((++)-_, V) :- ground(V).
matches((-)-_, V) :- \+ ground(V).
matches((--)-_, V) :- var(V).
matches((?)-_, _).
matches((:)-_, V) :- nonvar(V).
matches((@)-_, _).
matches((!)-_, V) :- nonvar(V).

all_valid(Tags) :- \+ memberchk(junk, Tags).

outcome(solutions(0, _), _, Det, Tags, Outcome) :-
    !,
    (   memberchk(Det, [det, multi]), all_valid(Tags)
    ->  Outcome = finding(det_failed)
    ;   Outcome = failure
    ).
outcome(solutions(_, choicepoint), _, Det, _, Outcome) :-
    memberchk(Det, [det, semidet]),
    !,
    Outcome = finding(choicepoint).
outcome(solutions(_, _), _, _, _, success) :- !.
outcome(exception(time_limit_exceeded), Target, _, _, Outcome) :-
    !,
    (   long_running(Target) -> Outcome = interrupted ; Outcome = finding(hang) ).
outcome(exception(error(Formal, Context)), _, _, Tags, Outcome) :-
    !,
    (   \+ iso_error(Formal)
    ->  Outcome = finding(non_iso_error(Formal))
    ;   \+ public_context(Context)
    ->  Outcome = finding(internal_context(Context))
    ;   all_valid(Tags), \+ resource_formal(Formal)
    ->  Outcome = finding(error_on_valid_input(Formal))
    ;   functor(Formal, F, _),
        Outcome = error(F)
    ).
outcome(exception(E), _, _, _, finding(non_iso_exception(E))).

resource_formal(resource_error(_)).

%!  long_running(+Target) is semidet.
%
%   Predicates that run for as long as they are asked (a time or node
%   budget, a depth, an input stream), so that a watchdog may stop them.
long_running(target(M, N/A, _, _)) :-
    long_running_pi(M:N/A),
    !.

long_running_pi(_:play/0).
long_running_pi(_:play/1).
long_running_pi(_:play_demo/_).
long_running_pi(_:P) :- memberchk(P, [tabula_engine_move/3, tabula_search/4, tabula_perft/3, tabula_moves/2, tabula_menu/1]).
long_running_pi(_:N/_) :- sub_atom(N, _, _, _, search).
long_running_pi(_:N/_) :- sub_atom(N, _, _, _, best_move).   % futlog_best_move/5: a node budget
long_running_pi(_:N/_) :- sub_atom(N, _, _, _, perft).
long_running_pi(_:N/_) :- sub_atom(N, _, _, _, playout).
long_running_pi(_:N/_) :- sub_atom(N, _, _, _, engine).
long_running_pi(_:N/_) :- sub_atom(N, _, _, _, solve).
long_running_pi(_:N/_) :- sub_atom(N, _, _, _, choose_move).
long_running_pi(_:hacer_jugada/3).
long_running_pi(_:futlog_moves/2).          % every path: 416,661 in a dense position
long_running_pi(_:futlog_move_counts/3).
long_running_pi(_:futlog_count_/3).

%!  iso_error(@Formal) is semidet.
%
%   Formal is one of the ISO error kinds.
iso_error(F) :- var(F), !, fail.
iso_error(instantiation_error).
iso_error(uninstantiation_error(_)).
iso_error(type_error(_, _)).
iso_error(domain_error(_, _)).
iso_error(existence_error(_, _)).
iso_error(permission_error(_, _, _)).
iso_error(representation_error(_)).
iso_error(evaluation_error(_)).
iso_error(resource_error(_)).
iso_error(syntax_error(_)).
iso_error(system_error).

%!  public_context(@Context) is semidet.
%
%   The context of an error names no internal predicate of ours: it is
%   unbound, or names a built-in, or a predicate its module exports (a
%   foreign module's predicates are internal).
public_context(C) :- var(C), !.
public_context(context(P, _)) :- !, public_indicator(P).
public_context(_).

public_indicator(P) :- var(P), !.
public_indicator(M:N/A) :-
    !,
    (   ours(M)
    ->  \+ sub_atom(M, _, _, 0, '_foreign'),
        module_property(M, exports(Ex)),
        memberchk(N/A, Ex)
    ;   true
    ).
public_indicator(N/_) :- atom(N), !, \+ sub_atom(N, _, 1, 0, '_').
public_indicator(_).

ours(M) :- library_module(M, _).

                 /*******************************
                 *            RUNS              *
                 *******************************/

%!  fuzz(+Game, +Options, -Report) is det.
%
%   Calls the predicates of Game's modules and of the shared modules
%   (those on game(Game, _)), picked at random, with arguments drawn as
%   the module header says. Options:
%     - calls(N): the number of calls (default 2000)
%     - seed(S): the random seed (default 1)
%     - positions(N): real positions drawn (default 40)
%     - watchdog(Seconds): the time a call may take (default 5; 0.05 for
%       the predicates that run as long as they are asked)
%     - trace(File): append every call to File before making it, so that
%       a crash leaves its call as the file's last line
%     - stall(Seconds): a call that has not returned after this long
%       (default 60) is a hang: the run says which and the process exits
%   Report is report(Game, Calls, Counts, Findings, Seconds): Counts are
%   Outcome-N pairs, Findings finding(Class, PI, Count, Example) (the
%   first example of each class and predicate).
fuzz(Game, Options, Report) :-
    option_value(stall(Stall), Options, 60),
    option_value(seed(Seed), Options, 1),
    flag(reliability_fuzz_runs, Run, Run + 1),
    format(atom(Progress), 'reliability_fuzz_progress_~d', [Run]),
    flag(Progress, _, 0),
    thread_self(Me),
    thread_create(fuzz_worker(Game, Options, Progress, Me), Id, []),
    wait_for_worker(Id, Progress, Stall, -1, Game, Seed, Report),
    thread_join(Id, _).

% A call that never returns (a foreign loop deaf to signals) cannot be
% stopped from here: the run reports it and the process exits.
wait_for_worker(Id, Progress, Stall, Last, Game, Seed, Report) :-
    thread_self(Me),
    (   thread_get_message(Me, fuzz_result(Id, Result), [timeout(Stall)])
    ->  (   Result = report(_, _, _, _, _) -> Report = Result ; throw(Result) )
    ;   flag(Progress, N, N),
        (   N =:= Last
        ->  format(user_error, "~N~w: call ~d (seed ~d) has not returned for ~w s: a hang. \c
                                Replay it with scripts/reliability --only fuzz --seed ~d \c
                                --trace FILE~n", [Game, N, Seed, Stall, Seed]),
            halt(1)
        ;   wait_for_worker(Id, Progress, Stall, N, Game, Seed, Report)
        )
    ).

fuzz_worker(Game, Options, Progress, Parent) :-
    thread_self(Me),
    catch(fuzz_calls(Game, Options, Progress, Result), E, Result = E),
    thread_send_message(Parent, fuzz_result(Me, Result)).

fuzz_calls(Game, Options, Progress, report(Game, Calls, Counts, Findings, Seconds)) :-
    option_value(calls(Calls), Options, 2000),
    option_value(seed(Seed), Options, 1),
    option_value(positions(NP), Options, 40),
    option_value(watchdog(Watch), Options, 5),
    fuzz_targets(Game, Own),
    fuzz_targets(common, Common),
    append(Own, Common, Targets0),
    weighted_targets(Targets0, Targets),
    game_positions(Game, Seed, NP, Games0),
    findall(G, stress_position(Game, _, G), Stress),
    append(Games0, Stress, Games),
    maplist([game(_, S), S]>>true, Games, States),
    set_random(seed(Seed)),
    snapshot(Snapshot),
    retractall(tally(_, _)),
    retractall(found(_, _, _, _)),
    get_time(T0),
    setup_call_cleanup(
        fuzz_setup(Options, Saved),
        forall(between(1, Calls, I),
               (   flag(Progress, _, I),
                   one_call(Game, Targets, States, Watch, Saved, Snapshot, I)
               ->  true
               ;   harness_failed(I)
               )),
        ( fuzz_restore(Saved), restore(Snapshot) )),
    get_time(T1),
    Seconds is T1 - T0,
    findall(C-N, tally(C, N), Counts0),
    msort(Counts0, Counts),
    findall(finding(K, PI, N, E), found(K, PI, N, E), Findings).

:- thread_local tally/2, found/4.

option_value(Opt, Options, Default) :-
    (   memberchk(Opt, Options) -> true ; arg(1, Opt, Default) ).

fuzz_setup(Options, saved(Flag, Trace)) :-
    current_prolog_flag(futlog_time_limit, Flag),
    set_prolog_flag(futlog_time_limit, 0.002),
    (   memberchk(trace(File), Options)
    ->  open(File, append, Trace)
    ;   Trace = none
    ).

fuzz_restore(saved(Flag, Trace)) :-
    set_prolog_flag(futlog_time_limit, Flag),
    (   Trace == none -> true ; close(Trace) ).

% The registry of games, which tabula_register_game/3 changes.
snapshot(Registry) :-
    findall(R, ( R = tabula_game:registered(_, _, _), call(R) ), Registry).
% Only what the call changed is undone: games fuzzed in other threads at
% the same time must never find the registry empty. (The names the fuzzer
% registers are never those of real games.) One thread restores at a
% time, and a registration another thread removed first is already gone.
restore(Registry) :-
    with_mutex(reliability_fuzz_registry, restore_(Registry)).

restore_(Registry) :-
    forall(( tabula_game:registered(N, T, M), \+ memberchk(tabula_game:registered(N, T, M), Registry) ),
           ignore(retract(tabula_game:registered(N, T, M)))),
    forall(( member(R, Registry), \+ call(R) ), assertz(R)).

one_call(Game, Targets, States, Watch, saved(_, Trace), Snapshot, I) :-
    pick_target(Targets, Target),
    random_member(S, States),
    make_call(Target, ctx(Game, S), Goal, Tags),
    nb_setval(fuzz_last_goal, Goal),
    trace_call(Trace, I, Goal),
    (   long_running(Target) -> W = 0.05 ; W = Watch ),
    % The library draws random numbers too (random players, Futlog's
    % random moves), as many as it has time for: the fuzzer's own draws
    % go on from where they were, so that a seed replays a run.
    getrand(Random),
    copy_term(Goal, Called),     % the call as made, for the report
    with_terminal(classify(Target, Goal, Tags, W, Outcome)),
    setrand(Random),
    Target = target(M, PI, _, _),
    (   PI == tabula_register_game/3 -> restore(Snapshot) ; true ),
    (   Outcome = finding(Class)
    ->  count(finding),
        functor(Class, Key, _),
        (   retract(found(Key, M:PI, N0, E))
        ->  N is N0 + 1, assertz(found(Key, M:PI, N, E))
        ;   format(string(Text), "~W", [Class, [quoted(true), max_depth(8), cycles(true)]]),
            format(string(Call), "~W", [Called, [quoted(true), max_depth(10), cycles(true)]]),
            assertz(found(Key, M:PI, 1, example(Text, Call)))
        )
    ;   Outcome = error(F)
    ->  atom_concat('error:', F, C),
        count(C)
    ;   count(Outcome)
    ).

% The fuzzer's own step failed (not the call it made, whose failure is an
% outcome): reported as a finding with the call, and the run goes on.
harness_failed(I) :-
    count(finding),
    (   catch(nb_getval(fuzz_last_goal, Goal), _, fail)
    ->  format(string(Call), "~W", [Goal, [quoted(true), max_depth(10), cycles(true)]])
    ;   Call = "?"
    ),
    format(string(Text), "fuzzer step ~d failed", [I]),
    assertz(found(harness_failed, fuzz:one_call/7, 1, example(Text, Call))).

count(Class) :-
    (   retract(tally(Class, N0)) -> N is N0 + 1 ; N = 1 ),
    assertz(tally(Class, N)).

% Targets with their weights summed: picks(Total, [Upto-Target, ...]).
weighted_targets(Targets, picks(Total, Picks)) :-
    foldl(cumulate, Targets, Picks, 0, Total).

cumulate(T, Upto-T, S0, S) :-
    T = target(_, _, _, W),
    S is S0 + W,
    Upto = S.

pick_target(picks(Total, Picks), Target) :-
    R is random_float * Total,
    pick(Picks, R, Target).

pick([_-T], _, T) :- !.
pick([Upto-T|Picks], R, Target) :-
    (   R < Upto -> Target = T ; pick(Picks, R, Target) ).

trace_call(none, _, _) :- !.
trace_call(Stream, I, Goal) :-
    format(Stream, "~d ~W~n", [I, Goal, [quoted(true), max_depth(12), cycles(true)]]),
    flush_output(Stream).

% Output is thrown away; input (menus) is a few random answers, then end
% of file.
with_terminal(Goal) :-
    random_answers(Text),
    setup_call_cleanup(
        open_string(Text, In),
        with_output_to(string(_), with_input(In, Goal)),
        close(In)).

with_input(In, Goal) :-
    stream_property(Old, alias(user_input)),
    current_input(OldCurrent),
    setup_call_cleanup(
        ( set_stream(In, alias(user_input)), set_input(In) ),
        once(Goal),
        ( set_stream(Old, alias(user_input)), set_input(OldCurrent) )).

random_answers(Text) :-
    random_between(0, 8, N),
    length(Lines, N),
    maplist([L]>>random_member(L, ["0", "1", "2", "3", "4", "5", "9", "quit", "c", "nw c", "b3",
                                   "2 3", "junk", "", "[p(0,1)]", "-1", "99999999999999999999"]),
            Lines),
    atomic_list_concat(Lines, '\n', Text0),
    atom_string(Text0, Text).

%!  fuzz_print_report(+Report) is det.
fuzz_print_report(report(Game, Calls, Counts, Findings, Seconds)) :-
    format("~w: ~D calls in ~1f s~n", [Game, Calls, Seconds]),
    forall(member(C-N, Counts), format("  ~w: ~D~n", [C, N])),
    length(Findings, NF),
    format("  findings: ~d~n", [NF]),
    forall(member(finding(K, PI, N, example(C, G)), Findings),
           format("    ~w ~w (~D calls): ~s~n      call: ~s~n", [K, PI, N, C, G])).
