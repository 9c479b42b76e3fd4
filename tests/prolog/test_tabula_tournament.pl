:- module(test_tabula_tournament, []).
/* Tournaments: the statistics' worked examples, the schedule, the record
   file, the referee against players that misbehave, its time control,
   and a run killed with SIGKILL and started again.

   The time tests assert what the referee controls: budgets and margins
   are seconds wide, so that a loaded machine cannot change the verdict.
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(process)).
:- use_module(library(filesex)).
:- use_module(library(readutil)).
:- use_module(library(tabula/tournament)).
:- use_module(library(tabula/tournament_stats)).
:- use_module(library(tabula/tournament_record)).
:- use_module(library(tabula/tournament_standings)).
:- use_module(library(tabula/tournament_engine)).
:- use_module(test_support).

:- begin_tests(tournament_stats).

test(elo_and_score) :-
    elo_score(400, S), assertion(abs(S - 10 / 11) < 1.0e-12),
    score_elo(0.75, E), assertion(abs(E - 190.848501887865) < 1.0e-9),
    score_elo(1, Inf), assertion(Inf == inf).

% The worked examples of tests/cpp/search_match_stats_test.cpp.
test(llr_worked_examples) :-
    Elo1 is 400 * log10(1.5),
    pentanomial_llr([0, 10, 0, 10, 0], 0, Elo1, P), assertion(abs(P - -1.6) < 1.0e-9),
    trinomial_llr(6-0-4, 0, Elo1, T), assertion(abs(T - 0.1 / 0.48) < 1.0e-9),
    pentanomial_llr([0, 0, 0, 0, 7], 0, Elo1, Z), assertion(Z =:= 0),
    trinomial_llr(0-0-0, 0, Elo1, Z0), assertion(Z0 =:= 0).

test(wald_bounds) :-
    sprt_verdict(0, 0.05, 0.05, V, Lo-Hi),
    assertion(V == continue),
    assertion(abs(Hi - log(19)) < 1.0e-12),
    assertion(abs(Lo + log(19)) < 1.0e-12),
    sprt_verdict(3, 0.05, 0.05, h1, _),
    sprt_verdict(-3, 0.05, 0.05, h0, _).

% 10 wins and 5 losses: 0.5 (1 + erf(5 / sqrt 30)).
test(los) :-
    los(10, 5, L), assertion(abs(L - 0.9016471987705266) < 1.0e-12),
    los(0, 0, H), assertion(H =:= 0.5).

% 6-2-4: score 7/12, variance of the games (6 (5/12)^2 + 2 (1/12)^2 +
% 4 (7/12)^2) / 12 = 0.2014, interval 7/12 -+ 1.96 sqrt(0.2014 / 12).
test(trinomial_interval) :-
    trinomial_elo(6-2-4, elo(S, E, Lo, Hi)),
    assertion(abs(S - 7 / 12) < 1.0e-12),
    score_elo(S, E0), assertion(abs(E - E0) < 1.0e-9),
    SE is sqrt((6 * (5/12)**2 + 2 * (1/12)**2 + 4 * (7/12)**2) / 12 / 12),
    LoS is S - 1.959964 * SE, HiS is S + 1.959964 * SE,
    score_elo(LoS, Lo0), score_elo(HiS, Hi0),
    assertion(abs(Lo - Lo0) < 1.0e-9), assertion(abs(Hi - Hi0) < 1.0e-9).

% One game, or one opening pair, bounds nothing; ten draws are not a
% point: their spread is taken as if a win and a loss had come too,
% 0.5 -+ 1.96 sqrt(0.5 / 12 / 10), about -+ 88 Elo.
test(interval_of_too_few_or_alike_results) :-
    trinomial_elo(1-0-0, elo(S1, E1, Lo1, Hi1)),
    assertion(S1 =:= 1), assertion(E1 == inf),
    assertion(Lo1-Hi1 == '-inf'-inf),
    pentanomial_elo([0, 0, 0, 1, 0], elo(_, E2, Lo2, Hi2)),
    assertion(number(E2)), assertion(Lo2-Hi2 == '-inf'-inf),
    trinomial_elo(0-10-0, elo(S, E, Lo, Hi)),
    assertion(S =:= 0.5), assertion(E =:= 0),
    HiS is 0.5 + 1.959964 * sqrt(0.5 / 12 / 10),
    score_elo(HiS, Hi0),
    assertion(abs(Hi - Hi0) < 1.0e-9), assertion(abs(Lo + Hi0) < 1.0e-9),
    assertion(Hi > 80), assertion(Hi < 95).

% Without a prior, two players' maximum likelihood is the score's Elo:
% 3 points of 4 is 190.85 apart.
test(mle_two_players_is_the_score) :-
    mle_ratings([a, b], [score(a, b, 1), score(b, a, 0), score(a, b, 1), score(a, b, 0)],
                [prior(0)], [rating(a, Ea, _), rating(b, Eb, _)]),
    assertion(abs(Ea - Eb - 190.848501887865) < 1.0e-6),
    assertion(abs(Ea + Eb) < 1.0e-9).

% A cycle is a tie; a chain is ordered; a player who won everything has
% a finite rating with the prior.
test(mle_many_players) :-
    mle_ratings([a, b, c], [score(a, b, 1), score(b, c, 1), score(c, a, 1)], [], Cycle),
    forall(member(rating(_, E, _), Cycle), assertion(abs(E) < 1.0e-6)),
    mle_ratings([a, b, c], [score(a, b, 1), score(b, c, 1), score(a, c, 1), score(b, c, 0.5)],
                [], [rating(a, A, SA), rating(b, B, _), rating(c, C, _)]),
    assertion(A > B), assertion(B > C), assertion(number(SA)), assertion(SA > 0).

test(bad_input, error(type_error(_, _))) :-
    trinomial_elo(junk, _).

:- end_tests(tournament_stats).

:- begin_tests(tournament_schedule).

engines(Specs) :-
    Specs = [engine(a, [depth(1)]), engine(b, [depth(2)]), engine(c, [depth(3)])].

test(round_robin_swaps_sides_of_every_opening) :-
    engines(Specs),
    tournament_schedule([game(fourmation), players(Specs), rounds(2), seed(7)],
                        schedule(_, _, _, Pairings)),
    length(Pairings, 12),
    forall(( member(pairing(I, A, B, O), Pairings), I mod 2 =:= 1 ),
           ( J is I + 1, memberchk(pairing(J, B2, A2, O2), Pairings),
             assertion(A2-B2-O2 == A-B-O), assertion(length(O, 2)) )),
    tournament_schedule([game(fourmation), players(Specs), rounds(2), seed(7)], Again),
    assertion(Again = schedule(_, _, _, Pairings)),
    tournament_schedule([game(fourmation), players(Specs), rounds(2), seed(8)],
                        schedule(_, _, _, Other)),
    assertion(Other \== Pairings).

test(gauntlet) :-
    engines(Specs),
    tournament_schedule([game(uttt), players(Specs), format(gauntlet)],
                        schedule(_, _, _, Pairings)),
    assertion(length(Pairings, 4)),
    forall(member(pairing(_, A, B, _), Pairings),
           assertion(( A = engine(a, _) ; B = engine(a, _) ))).

test(openings_from_a_file) :-
    scratch_folder(tabula_openings, Dir),
    write_file(Dir, 'openings.txt', "# two openings\n3 3; 2 3\n0 0\n"),
    directory_file_path(Dir, 'openings.txt', File),
    engines([A, B|_]),
    tournament_schedule([game(fourmation), players([A, B]), format(match), rounds(3),
                         openings(file(File))], schedule(_, _, _, Pairings)),
    findall(O, member(pairing(_, _, _, O), Pairings), Os),
    assertion(Os == [["3 3", "2 3"], ["3 3", "2 3"], ["0 0"], ["0 0"], ["3 3", "2 3"], ["3 3", "2 3"]]).

test(bad_format, error(domain_error(tournament_format, swiss))) :-
    engines(Specs),
    tournament_schedule([game(uttt), players(Specs), format(swiss)], _).

test(engine_limits) :-
    engine_limits([depth(3)], ["move", "100"], O1), assertion(O1 == [depth(3)]),
    engine_limits([], ["move", "1000"], O2), assertion(O2 == [time(0.5)]),
    engine_limits([seed(1)], ["clock", "20000", "1000"], [time(T)|_]), assertion(abs(T - 1.5) < 1.0e-9).

:- end_tests(tournament_schedule).

:- begin_tests(tournament_record).

% An error of the referee itself (whatever its term holds, unbound parts
% too) ends that game as a draw with the error as text, a record like
% any other: the event goes on.
test(referee_error_is_recorded) :-
    scratch_folder(tabula_record_error, Dir),
    directory_file_path(Dir, 'games.pl', File),
    record_open(File, event(x), []),
    tabula_tournament_referee:referee_error_reason(
        error(instantiation_error, context(foo/1, _)), Reason),
    Reason = referee_error(Text),
    assertion(string(Text)),
    G = game(1, a, b, [], [], [], 0.5, Reason),
    assertion(ground(G)),
    record_append(File, G),
    record_open(File, event(x), Games),
    assertion(Games == [G]).

test(torn_line_and_duplicates) :-
    scratch_folder(tabula_record, Dir),
    directory_file_path(Dir, 'games.pl', File),
    Event = event(x),
    record_open(File, Event, []),
    G1 = game(1, a, b, [], ["0 0"], [3], 1, rules("A wins.")),
    G2 = game(2, b, a, [], [], [], 0.5, rules("Draw.")),
    record_append(File, G1), record_append(File, G1), record_append(File, G2),
    setup_call_cleanup(open(File, append, S), write(S, "game(3, a, b, [], [\"0"), close(S)),
    record_open(File, Event, Games),
    assertion(Games == [G1, G2]),
    read_file_to_string(File, Text, []),
    assertion(\+ sub_string(Text, _, _, _, "game(3")),
    catch(record_open(File, event(y), _), E, true),
    assertion(E = error(permission_error(resume, tournament, _), _)).

test(standings_and_chart) :-
    Records = [ game(1, a, b, [], [], [], 1, r), game(2, b, a, [], [], [], 0.5, r),
                game(3, a, c, [], [], [], 1, r), game(4, c, b, [], [], [], 0, r) ],
    standings([a, b, c], Records, Rows),
    Rows = [row(First, WDL, F, S, _, _, _, _, LOS)|_],
    assertion(First == a), assertion(WDL == 2-1-0),
    assertion(F == 2-0-0), assertion(S == 0-1-0),
    assertion(number(LOS)),
    last(Rows, Last), assertion(arg(9, Last, none)),
    standings_svg(Rows, SVG),
    assertion(sub_string(SVG, 0, _, _, "<svg")),
    assertion(sub_string(SVG, _, _, _, ">a</text>")).

% Two players' games in opening pairs: the interval comes from the pairs
% (pentanomial_elo/2 of A's points per pair), the same as the library's.
test(two_players_in_pairs) :-
    Records = [ game(1, a, b, [], [], [], 1, r), game(2, b, a, [], [], [], 0.5, r),
                game(3, a, b, [], [], [], 0, r), game(4, b, a, [], [], [], 0, r),
                game(5, a, b, [], [], [], 1, r), game(6, b, a, [], [], [], 1, r) ],
    standings([a, b], Records, [row(a, _, _, _, _, E, Lo, Hi, _), row(b, _, _, _, _, NE, _, _, _)]),
    pentanomial_elo([0, 0, 2, 1, 0], elo(_, E0, Lo0, Hi0)),
    assertion(E-Lo-Hi == E0-Lo0-Hi0),
    assertion(NE =:= -E),
    standings([a, b], [game(1, a, b, [], [], [], 1, r), game(3, b, a, [], [], [], 1, r),
                       game(5, a, b, [], [], [], 0.5, r)],
              [_, _]).

:- end_tests(tournament_record).

:- begin_tests(tournament_referee).

misbehave(Mode, program(Mode, [Exe, '--no-packs', File, Mode, '4'])) :-
    swipl_executable(Exe),
    source_file_path('tests/prolog/data/tournament/misbehave.pl', File).

% Every way a player can fail loses its own game, with its reason, and
% every other game of the event ends by the rules.
% Under AddressSanitizer no address-space limit can be set (it reserves
% terabytes), so the memory player is left out there.
test(misbehaving_players_lose_their_games) :-
    (   sanitized
    ->  Modes = [crash, halt, hang, garbage, endless, illegal, double], Limits = []
    ;   Modes = [crash, halt, hang, garbage, endless, illegal, double, memory], Limits = [memory(300)]
    ),
    length(Modes, NBad),
    Expected is 2 * (NBad + 1),
    misbehave(good, Good),
    maplist(misbehave, Modes, Bad),
    source_file_path('examples/tournament/first_legal.sh', Sh),
    scratch_folder(tabula_misbehave, Dir),
    append([ game(fourmation), players([Good, program(sh, [Sh])|Bad]),
             format(gauntlet), openings(random(0)), tc(move(1)), margin(2),
             concurrency(2), progress(false), out(Dir) ], Limits, Settings),
    tournament_run(Settings, Rows),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    assertion(length(Games, Expected)),
    forall(member(Mode-Why, [crash-exit(killed(9)), halt-exit(exit(0)), hang-time,
                             garbage-unreadable("hello, referee"),
                             endless-unreadable("(a line longer than 64 KB)"),
                             illegal-illegal("no such move"),
                             double-double_answer, memory-memory]),
           forall(member(game(_, A, B, _, _, _, S, Reason), Games),
                  (   A == Mode -> assertion(S-Reason == 0-forfeit(first, Why))
                  ;   B == Mode -> assertion(S-Reason == 1-forfeit(second, Why))
                  ;   true ))),
    forall(( member(game(_, A, B, _, _, _, _, Reason), Games), memberchk(sh, [A, B]) ),
           assertion(Reason = rules(_))),
    Rows = [row(Top, W-D-L, _, _, _, _, _, _, _)|_],
    assertion(Top == good), assertion(W + D + L =:= Expected), assertion(W >= 2 * NBad).

% A player that uses its whole time never loses on time; one that sleeps
% past time plus margin always does; every move's time is recorded.
test(time_control) :-
    misbehave(whole, Whole),
    misbehave(late, Late),
    source_file_path('examples/tournament/first_legal.sh', Sh),
    scratch_folder(tabula_time, Dir),
    tournament_run([ game(crosscut), players([program(sh, [Sh]), Whole, Late]),
                     format(gauntlet), openings(random(0)), tc(move(0.5)), margin(2.5),
                     concurrency(2), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    assertion(length(Games, 4)),
    forall(member(game(_, A, B, _, Moves, Millis, _, Reason), Games),
           (   memberchk(whole, [A, B])
           ->  assertion(Reason = rules(_)),
               length(Moves, N), assertion(length(Millis, N)),
               nth1(Side, [A, B], whole),
               findall(Ms, ( nth1(I, Millis, Ms), I mod 2 =:= Side mod 2 ), [_|Own]),
               forall(member(Ms, Own), assertion(Ms >= 495))
           ;   nth1(Side, [A, B], late),
               nth1(Side, [first, second], SideName),
               assertion(Reason == forfeit(SideName, time)),
               last(Millis, Last), assertion(Last >= 2900)
           )).

% On a clock with an increment: the first legal mover plays every game to
% its end by the rules, its time recorded move by move; the player that
% sleeps past its clock and the margin loses on time.
test(game_clock) :-
    misbehave(late, Late),
    source_file_path('examples/tournament/first_legal.sh', Sh),
    scratch_folder(tabula_clock, Dir),
    tournament_run([ game(fourmation), players([program(sh, [Sh]), Late]),
                     format(match), openings(random(1)), tc(clock(2, 0.5)), margin(1),
                     concurrency(2), progress(false), out(Dir) ], Rows),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    assertion(length(Games, 2)),
    forall(member(game(_, A, B, _, Moves, Millis, _, Reason), Games),
           (   nth1(Side, [A, B], late),
               nth1(Side, [first, second], SideName),
               assertion(Reason == forfeit(SideName, time)),
               length(Moves, N), N1 is N + 1, assertion(length(Millis, N1)),
               last(Millis, Last), assertion(Last >= 2900)
           )),
    assertion(Rows = [row(sh, 2-0-0, _, _, _, _, _, _, _)|_]).

% Depth 3 against depth 1 under SPRT: the match stops after a whole
% number of opening pairs, before its last round, with the test's verdict.
test(sprt_match_stops_when_decided) :-
    scratch_folder(tabula_sprt, Dir),
    tournament_run([ game(fourmation), players([engine(d3, [depth(3)]), engine(d1, [depth(1)])]),
                     format(match), rounds(12), openings(random(3)), seed(1), tc(move(30)),
                     sprt(0, 150, 0.1, 0.1), concurrency(2), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    length(Games, N),
    assertion(N mod 2 =:= 0), assertion(N < 24),
    directory_file_path(Dir, 'standings.txt', Table),
    read_file_to_string(Table, Text, []),
    assertion(sub_string(Text, _, _, _, "SPRT d3 against d1")),
    assertion(\+ sub_string(Text, _, _, _, "continue")).

% Engines bounded by depth choose the same move in the same position: from
% the start position every round repeats the first, and the standings say
% how many games differ.
test(repeated_games_are_counted_once) :-
    scratch_folder(tabula_distinct, Dir),
    tournament_run([ game(fourmation), players([engine(d2, [depth(2)]), engine(d1, [depth(1)])]),
                     format(match), rounds(2), openings(random(0)), tc(move(30)),
                     concurrency(2), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'standings.txt', Table),
    read_file_to_string(Table, Text, []),
    assertion(sub_string(Text, _, _, _, "Distinct games: 2 of 4 ")).

% An engine of another build (here the folders of this one, named
% explicitly) plays as any engine; a build folder that holds no Tabula
% cannot start, and its player forfeits.
test(engine_of_another_build) :-
    getenv('TABULA_FOREIGN_DIR', Foreign),
    source_file_path(prolog, Library),
    scratch_folder(tabula_build, Dir),
    scratch_folder(tabula_empty, Empty),
    tournament_run([ game(crosscut),
                     players([ engine(old, [depth(1), library(Library), foreign(Foreign)]),
                               engine(none, [depth(1), library(Empty), foreign(Empty)]) ]),
                     format(match), openings(random(0)), tc(move(30)), startup(60),
                     concurrency(2), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    assertion(length(Games, 2)),
    forall(member(game(_, A, B, _, _, _, _, Reason), Games),
           (   nth1(Side, [A, B], none), nth1(Side, [first, second], SideName),
               assertion(Reason = forfeit(SideName, _)) )).

% A course program plays with its own predicate on its own terms, its
% printing kept off the protocol; one whose predicate raises loses with
% the error recorded.
test(course_program) :-
    source_file_path('tests/prolog/data/tournament/uttt_student/uttt.pl', Student),
    scratch_folder(tabula_course, Dir),
    tournament_run([ game(uttt),
                     players([ course(student, Student, last_move),
                               engine(engine, [time(0.05)]),
                               course(broken, Student, broken) ]),
                     format(gauntlet), openings(random(0)), tc(move(10)), startup(60),
                     concurrency(2), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    assertion(length(Games, 4)),
    forall(member(game(_, A, B, _, _, _, S, Reason), Games),
           (   B == broken -> assertion(S-Reason == 1-forfeit(second, unreadable("error type_error(evaluable,foo/0)")))
           ;   A == broken -> assertion(S-Reason == 0-forfeit(first, unreadable("error type_error(evaluable,foo/0)")))
           ;   assertion(Reason = rules(_))
           )).

% A course program is loaded before it greets the referee: two seconds
% of loading do not count against its first move (at 1 s a move, which
% leaves a loaded machine room for the answer itself).
test(course_loading_is_not_move_time) :-
    source_file_path('tests/prolog/data/tournament/slow_loader/uttt.pl', Slow),
    scratch_folder(tabula_course_slow, Dir),
    tournament_run([ game(uttt),
                     players([ course(slow, Slow, first_move), engine(engine, [nodes(20)]) ]),
                     format(match), rounds(1), openings(random(0)), tc(move(1)), startup(60),
                     concurrency(2), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    assertion(length(Games, 2)),
    forall(member(game(_, _, _, _, _, _, _, Reason), Games),
           assertion(Reason = rules(_))).

% A Porto program with its own state and move terms plays through its
% choose_move/3, its moves read through the mapping the checker infers
% (this one writes [Row, Col], 1-based).
test(course_program_with_its_own_terms) :-
    source_file_path('tests/prolog/data/check/fourmation/base.pl', Program),
    scratch_folder(tabula_course_porto, Dir),
    tournament_run([ game(fourmation),
                     players([ course(group, Program, choose_move(2)),
                               engine(engine, [depth(1)]) ]),
                     format(match), rounds(1), openings(random(1)), tc(move(10)), startup(60),
                     concurrency(2), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    assertion(length(Games, 2)),
    forall(member(game(_, _, _, _, Moves, _, _, Reason), Games),
           ( assertion(Reason = rules(_)), assertion(Moves = [_, _|_]) )).

% --course NAME=PROGRAM:PLAYER: the player is read as a term (a Porto
% program's choose_move(Level)), the program is what precedes the last
% colon.
test(course_command_line) :-
    tabula_tournament:cli_option(course, 'g1=sub/dir/proj.pl:choose_move(2)', P1),
    assertion(P1 == player(course(g1, 'sub/dir/proj.pl', choose_move(2)))),
    tabula_tournament:cli_option(course, 'g2=uttt.pl:greedy', P2),
    assertion(P2 == player(course(g2, 'uttt.pl', greedy))),
    catch(tabula_tournament:cli_option(course, 'g3=uttt.pl', _), E, true),
    assertion(E = error(domain_error(name_equals_file_colon_predicate, _), _)).

% A Futlog course folder (juego.pl and inteligencia.pl) plays through
% its hacer_jugada/3, its states built by its own estado_inicial/1 and
% mover/3: every game ends by the rules, none by a forfeit.
test(course_program_of_another_course) :-
    source_file_path('tests/prolog/data/check/futlog/base', Folder),
    scratch_folder(tabula_course_futlog, Dir),
    tournament_run([ game(futlog),
                     players([ course(group, Folder, hacer_jugada),
                               engine(engine, [nodes(100)]) ]),
                     format(match), rounds(2), openings(random(2)), tc(move(10)), startup(60),
                     concurrency(2), progress(false), out(Dir) ], _),
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    assertion(length(Games, 4)),
    forall(member(game(_, _, _, _, Moves, _, _, Reason), Games),
           ( assertion(Reason = rules(_)), assertion(Moves = [_|_]) )).

:- end_tests(tournament_referee).

:- begin_tests(tournament_resume).

cli_args(Dir, Args) :-
    Args = [ '-g', 'use_module(library(tabula/tournament))', '-g', tabula_tournament_main,
             '-t', halt, '--', '--game', fourmation,
             '--engine', 'd1:depth=1', '--engine', 'd2:depth=2', '--engine', 'd3:depth=3',
             '--rounds', '2', '--seed', '5', '--tc', '30', '--concurrency', '2', '--out', Dir ].

standings_of(Dir, Table) :-
    directory_file_path(Dir, 'games.pl', File),
    record_read(File, Games),
    standings([d1, d2, d3], Games, Rows),
    findall(N-WDL, member(row(N, WDL, _, _, _, _, _, _, _), Rows), Table).

game_lines(File, N) :-
    (   exists_file(File)
    ->  read_file_to_string(File, Text, []),
        aggregate_all(count, sub_string(Text, _, _, _, "\ngame("), N)
    ;   N = 0
    ).

% Killed with SIGKILL after its first games, started again, the runner
% ends with the standings of an uninterrupted run of the same seed.
test(killed_and_resumed) :-
    scratch_folder(tabula_whole, Whole),
    cli_args(Whole, WholeArgs),
    run_swipl(Whole, WholeArgs, 0, _, _),
    scratch_folder(tabula_killed, Killed),
    cli_args(Killed, KilledArgs),
    swipl_executable(Exe),
    search_path_args(PathArgs),
    append([['--no-packs'], PathArgs, KilledArgs], AllArgs),
    process_create(Exe, AllArgs, [stdin(null), stdout(null), stderr(null), process(Pid)]),
    directory_file_path(Killed, 'games.pl', File),
    wait_for_games(File, 2, 1200),
    process_kill(Pid, kill),
    process_wait(Pid, _),
    game_lines(File, Before),
    assertion(Before < 12),
    run_swipl(Killed, KilledArgs, 0, _, _),
    standings_of(Whole, Expected),
    standings_of(Killed, Got),
    assertion(Got == Expected),
    record_read(File, Games),
    assertion(length(Games, 12)).

wait_for_games(File, N, Polls) :-
    game_lines(File, Count),
    (   Count >= N -> true
    ;   Polls =< 0 -> fail
    ;   sleep(0.1), Polls1 is Polls - 1, wait_for_games(File, N, Polls1)
    ).

:- end_tests(tournament_resume).
