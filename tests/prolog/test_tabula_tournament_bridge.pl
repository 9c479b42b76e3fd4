:- module(test_tabula_tournament_bridge, []).
/* The protocol bridge: programs speaking CodinGame's UTTT protocol and
   the futlog-referee protocol play whole games under the referee,
   against our engine, from the start and from openings; a program that
   answers nonsense, strays from the opening or rejects a move loses its
   games. Budgets are seconds wide: no verdict depends on the machine's
   speed.
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(readutil)).
:- use_module(library(filesex)).
:- use_module(library(tabula/tournament)).
:- use_module(library(tabula/tournament_bridge)).
:- use_module(library(tabula/tournament_record)).
:- use_module(test_support).

:- begin_tests(tournament_bridge).

data(Name, Path) :-
    atom_concat('tests/prolog/data/bridge/', Name, Relative),
    source_file_path(Relative, Path).

% A command running a Prolog script with this build's libraries.
swipl_script(Script, Args, Command) :-
    swipl_executable(Swipl),
    search_path_args(PathArgs),
    data(Script, Path),
    append([[Swipl, '--no-packs', '-q'], PathArgs, [Path], Args], Words),
    maplist([W, Q]>>format(atom(Q), '\'~w\'', [W]), Words, Quoted),
    atomic_list_concat(Quoted, ' ', Command).

run(Game, Players, Plies, Games) :-
    run(Game, Players, Plies, tc(move(5)), Games).

run(Game, Players, Plies, TC, Games) :-
    scratch_folder(tabula_bridge, Dir),
    tournament_run([ game(Game), players(Players), format(gauntlet),
                     openings(random(Plies)), seed(3), TC, margin(0.5),
                     concurrency(2), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games).

% The error output of player Name in every game of the folder Dir.
logs_of(Dir, Name, Games, Text) :-
    findall(T,
            ( member(game(Id, A, B, _, _, _, _, _), Games),
              nth1(I, [A, B], Name),
              nth1(I, [first, second], Side),
              format(atom(Base), 'logs/game-~w-~w.log', [Id, Side]),
              directory_file_path(Dir, Base, File),
              read_file_to_string(File, T, []) ),
            Texts),
    atomic_list_concat(Texts, Text).

rules_only(Games) :-
    forall(member(game(_, _, _, _, _, _, _, Reason), Games),
           assertion(Reason = rules(_))).

test(row_col_conversion) :-
    codingame_row_col("nw nw", 0, 0),
    codingame_row_col("se se", 8, 8),
    codingame_row_col("ne c", R, C), assertion(R-C == 1-7),
    codingame_row_col(T, 5, 3), assertion(T == "c sw"),
    forall(( between(0, 8, Row), between(0, 8, Col) ),
           ( codingame_row_col(Text, Row, Col),
             codingame_row_col(Text, Row1, Col1),
             assertion(Row1-Col1 == Row-Col) )),
    assertion(\+ codingame_row_col(_, 9, 0)),
    assertion(\+ codingame_row_col("x y", _, _)).

test(codingame_from_the_start) :-
    data('first_action.sh', Sh),
    swipl_script('strict_codingame.pl', [], Strict),
    format(atom(First), 'sh \'~w\'', [Sh]),
    run(uttt, [ engine(engine, [nodes(100)]),
                bridge(first, codingame, First),
                bridge(strict, codingame, Strict) ], 0, Games),
    assertion(length(Games, 4)),
    rules_only(Games).

% The opening reaches the program as {opening}; the strict player plays
% it on its turns and checks "-1 -1" and the sorted actions throughout.
test(codingame_from_openings) :-
    swipl_script('strict_codingame.pl', ['{opening}'], Strict),
    run(uttt, [ engine(engine, [nodes(100)]), bridge(strict, codingame, Strict) ],
        4, Games),
    assertion(length(Games, 2)),
    rules_only(Games),
    forall(member(game(_, _, _, Opening, Moves, _, _, _), Games),
           ( assertion(length(Opening, 4)), assertion(Moves \== []) )).

% A program that ignores the opening answers another move inside it: the
% bridge ends, with the reason in the player's log.
test(codingame_astray_from_the_opening) :-
    data('first_action.sh', Sh),
    format(atom(First), 'sh \'~w\'', [Sh]),
    scratch_folder(tabula_bridge, Dir),
    tournament_run([ game(uttt), players([engine(engine, [nodes(100)]), bridge(first, codingame, First)]),
                     format(match), openings(random(4)), seed(3), tc(move(5)), margin(5),
                     concurrency(2), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    forall(member(game(_, A, _, _, _, _, _, Reason), Games),
           (   A == first
           ->  assertion(Reason == forfeit(first, exit(exit(1))))
           ;   assertion(Reason == forfeit(second, exit(exit(1))))
           )),
    logs_of(Dir, first, Games, Log),
    assertion(sub_string(Log, _, _, _, "where")).

test(codingame_garbage_is_unreadable) :-
    run(uttt, [ engine(engine, [nodes(100)]),
                bridge(garbage, codingame, 'while read l; do echo "hello, referee"; done') ],
        0, Games),
    assertion(length(Games, 2)),
    forall(member(game(_, A, _, _, _, _, _, Reason), Games),
           (   A == garbage
           ->  assertion(Reason == forfeit(first, unreadable("hello, referee")))
           ;   assertion(Reason == forfeit(second, unreadable("hello, referee")))
           )).

% A program that never answers loses on time, and the bridge stops it
% when the referee says `quit`.
test(codingame_silent_program_is_stopped) :-
    scratch_folder(tabula_bridge, Dir),
    directory_file_path(Dir, 'pid', PidFile),
    format(atom(Command), 'echo $$ > \'~w\'; exec sleep 600', [PidFile]),
    tournament_run([ game(uttt), players([ engine(engine, [nodes(100)]),
                                           bridge(silent, codingame, Command) ]),
                     format(match), openings(random(0)), tc(move(0.5)), margin(0.5),
                     concurrency(1), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    forall(member(game(_, A, _, _, _, _, _, Reason), Games),
           (   A == silent
           ->  assertion(Reason == forfeit(first, time))
           ;   assertion(Reason == forfeit(second, time))
           )),
    read_file_to_string(PidFile, PidText0, []),
    split_string(PidText0, "", " \n", [PidText]),
    number_string(Pid, PidText),
    format(atom(Proc), '/proc/~d/stat', [Pid]),
    assertion(\+ running(Proc)).

% A process that is there and not a zombie.
running(Proc) :-
    catch(read_file_to_string(Proc, Stat, []), _, fail),
    split_string(Stat, ")", "", Parts),
    last(Parts, After),
    split_string(After, " ", " ", [State|_]),
    State \== "Z".

test(futlog_referee_plays_whole_games) :-
    swipl_script('futlog_first.pl', [], Command),
    run(futlog, [ engine(engine, [depth(1)]), bridge(first, 'futlog-referee', Command) ],
        2, Games),
    assertion(length(Games, 2)),
    rules_only(Games).

% A program's start-up is spent before the handshake, off the clock: one
% that takes 3 s to start still plays at 1 s a move (1.5 s with the margin).
test(futlog_referee_start_up_is_off_the_clock) :-
    swipl_script('futlog_first.pl', [], Command0),
    atom_concat('sleep 3; exec ', Command0, Command),
    run(futlog, [ engine(engine, [depth(1)]), bridge(slow, 'futlog-referee', Command) ],
        2, tc(move(1)), Games),
    assertion(length(Games, 2)),
    rules_only(Games).

% A program that rejects the referee's moves ends its games.
test(futlog_referee_rejecting_a_move_forfeits) :-
    Command = 'while read c r; do case $c in hello) echo "hello no";; new) echo ok;; play) echo "illegal no";; go) echo "move 0,1";; esac; done',
    run(futlog, [ engine(engine, [depth(1)]), bridge(no, 'futlog-referee', Command) ],
        2, Games),
    assertion(length(Games, 2)),
    forall(member(game(_, A, _, _, _, _, _, Reason), Games),
           (   A == no
           ->  assertion(Reason == forfeit(first, exit(exit(1))))
           ;   assertion(Reason == forfeit(second, exit(exit(1))))
           )).

test(bridge_spec_errors) :-
    catch(tournament_schedule([game(uttt), players([bridge(a, smoke, x), engine(b, [])])], _), E, true),
    assertion(E = error(domain_error(bridge_dialect, smoke), _)),
    catch(tournament_schedule([game(uttt), players([bridge(a, codingame, _), engine(b, [])])], _), E2, true),
    assertion(E2 = error(instantiation_error, _)).

test(bridge_flag) :-
    tabula_tournament:cli_options(['--game', uttt, '--bridge', 'codingame:bot=./bot 0.1 {opening}',
                                   '--engine', e], Options),
    memberchk(players([P, _]), Options),
    assertion(P == bridge(bot, codingame, './bot 0.1 {opening}')),
    catch(tabula_tournament:cli_options(['--bridge', 'codingame-bot'], _), E, true),
    assertion(E = error(domain_error(dialect_colon_name_equals_command, _), _)).

:- end_tests(tournament_bridge).
