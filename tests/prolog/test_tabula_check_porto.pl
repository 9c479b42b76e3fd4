:- module(test_tabula_check_porto, []).
/*  The conformance checker on Porto programs (4Mation, CrossCut), each
    with its own state and move terms: the move shape is inferred right
    for every shape of tests/prolog/data/check/{fourmation,crosscut}/,
    a shape it cannot read is checked through an adapter, each planted
    fault is found on its predicate with a short counterexample that
    replays and nothing else is flagged, and our drop-ins (the report's
    programs with our rule files) agree on every predicate.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(test_support).
:- use_module(library(tabula/check)).
:- use_module(library(tabula/check_core)).
:- use_module(library(tabula/check_report)).
:- use_module(library(tabula/check_porto)).

:- discontiguous planted/3.

check(Game, Program, Positions, Options, Report) :-
    swipl_executable(Exe),
    test_seed(check_porto, Seed),
    merge_options(Options, [ quiet(true), seed(Seed), positions(Positions), budget(3600),
                             executable(Exe), time(5), inferences(20000000), shrink_time(15) ],
                  All),
    tabula_check(Game, Program, Report, All).

data(Game, Name, Path) :-
    format(atom(Rel), 'tests/prolog/data/check/~w/~w', [Game, Name]),
    source_file_path(Rel, Path).

% The context the latest check of Game prepared.
mapping(Game, Map) :-
    check_core:profile(Game, M),
    check_prepared(M, Ctx),
    arg(3, Ctx, Map).

step(Game, Step) :-
    check_core:profile(Game, M),
    check_prepared(M, Ctx),
    arg(4, Ctx, Step).

% Every defined predicate agrees and none is faulty.
agrees(Report) :-
    check_report_faults(Report, Faults),
    (   Faults == [] -> true ; check_print_report(user_error, Report) ),
    assertion(Faults == []),
    Report = report(_, Info, _),
    assertion(memberchk(status(checked), Info)),
    check_report_status(Report, 0).

% The faults are those expected (PI-Kind, or PI alone for any kind), and
% every counterexample replays from the start.
faults_are(Game, Report, Expected) :-
    check_report_faults(Report, Faults),
    findall(PI, member(PI-_, Faults), PIs0),
    sort(PIs0, PIs),
    findall(PI, ( member(E, Expected), ( E = PI-_ -> true ; PI = E ) ), Want0),
    sort(Want0, Want),
    (   PIs == Want,
        forall(member(PI-K, Expected), memberchk(PI-K, Faults))
    ->  true
    ;   check_print_report(user_error, Report)
    ),
    assertion(PIs == Want),
    forall(member(PI-K, Expected), assertion(memberchk(PI-K, Faults))),
    check_report_status(Report, 1),
    Report = report(_, _, Preds),
    forall(( member(pred(_, _, _, Fs), Preds), member(fault(_, _, example(pos(H, S), _, _)), Fs) ),
           assertion(check_replay(Game, H, S))).

% The shortest counterexample of PI, as moves from the start.
counterexample(Report, PI, Moves, Case) :-
    Report = report(_, _, Preds),
    memberchk(pred(PI, faulty, _, [fault(_, _, example(pos(H, _), Case, _))|_]), Preds),
    (   H = [start(_)|Moves] -> true ; Moves = H ).

% No false fault: 60 positions of the drop-ins in every run, 10,000 in
% the long form (scripts/test --thorough).
dropin_positions(N) :-
    (   thorough -> N = 10000 ; N = 60 ).

% The report's program: the stand-ins a drop-in suite writes (its
% stand_in/2 facts, read from its file), with our rule files.
dropin_folder(Game, Suite, RuleFiles, Dir) :-
    atom_concat(porto_check_dropin_, Game, Prefix),
    scratch_folder(Prefix, Dir),
    source_file_path(Suite, SuiteFile),
    setup_call_cleanup(open(SuiteFile, read, In), read_terms(In, Terms), close(In)),
    forall(member(stand_in(Name, Text), Terms), write_file(Dir, Name, Text)),
    forall(member(F, RuleFiles), ( source_file_path(F, P), copy_into(P, Dir) )).

read_terms(In, Terms) :-
    read_term(In, T, [double_quotes(string)]),
    (   T == end_of_file -> Terms = [] ; Terms = [T|Ts], read_terms(In, Ts) ).

                 /*******************************
                 *            4MATION           *
                 *******************************/

planted(fourmation, 'missed_diagonal.pl', [game_over/2-failed]).
planted(fourmation, 'wrong_adjacency.pl', [valid_moves/2]).
planted(fourmation, 'duplicate.pl', [valid_moves/2-duplicate]).
planted(fourmation, 'occupied.pl', [move/3-succeeded]).
planted(fourmation, 'wrong_winner.pl', [game_over/2-wrong_answer]).
planted(fourmation, 'choose_illegal.pl', [choose_move/3-illegal_move]).

:- begin_tests(tabula_check_porto_fourmation).

test(shapes_inferred_and_agree, [forall(member(File-Map, [ 'base.pl'-map(list, rc, num(1, top), num(1)),
                                                          'col_row.pl'-map(minus, cr, num(0, top), num(0)) ]))]) :-
    data(fourmation, File, Program),
    check(fourmation, Program, 40, [], Report),
    agrees(Report),
    mapping(fourmation, Got),
    assertion(Got == Map).

test(sicstus_libraries_load) :-
    data(fourmation, 'col_row.pl', Program),
    check(fourmation, Program, 5, [], Report),
    Report = report(_, Info, _),
    memberchk(loads(Loads), Info),
    assertion(memberchk(consult('col_row.pl')-loaded(answers([_], _), 0, 0), Loads)).

test(saved_regression_tests_fail_until_fixed) :-
    data(fourmation, 'occupied.pl', Program),
    scratch_folder(porto_check_saved, Dir),
    directory_file_path(Dir, 'regressions.pl', File),
    check(fourmation, Program, 20, [save_tests(File)], _),
    run_swipl(Dir, ['-g', 'consult(regressions)', '-g', run_tests, '-t', halt], Status, Out, Err),
    assertion(Status \== 0),
    string_concat(Out, Err, All),
    assertion(sub_string(All, _, _, _, "move/3 succeeded")).

test(col_row_turn_switch_is_its_next_player) :-
    data(fourmation, 'col_row.pl', Program),
    check(fourmation, Program, 10, [], _),
    step(fourmation, Step),
    assertion(Step = step(_, _, next_player(_, _))),
    % what a tournament needs: the program's state after our moves
    check_core:profile(fourmation, M),
    check_prepared(M, Ctx),
    assertion(porto_context_property(Ctx, turn_switch(step(_, _, next_player(_, _))))),
    porto_replay_goal(Ctx, dims(7, 7), [0-1, 1-1], S, Goal),
    assertion(Goal = (initial_state(7, _), move(_, 1-0, _), next_player(_, _),
                      move(_, 1-1, _), next_player(_, S))).

test(unreadable_shape_needs_the_adapter) :-
    data(fourmation, 'index.pl', Program),
    check(fourmation, Program, 10, [], Report),
    check_report_status(Report, 2),
    data(fourmation, 'index_adapter.pl', Adapter),
    check(fourmation, Program, 40, [adapter(Adapter)], Report2),
    agrees(Report2),
    mapping(fourmation, Map),
    assertion(Map = table(_)).

test(planted_faults_found_on_their_predicate, [forall(planted(fourmation, File, Expected))]) :-
    data(fourmation, File, Program),
    check(fourmation, Program, 60, [], Report),
    faults_are(fourmation, Report, Expected).

test(choose_move_out_of_time_is_its_fault_only) :-
    data(fourmation, 'choose_forever.pl', Program),
    check(fourmation, Program, 10, [time(1), inferences(5000000)], Report),
    check_report_faults(Report, Faults),
    assertion(Faults \== []),
    forall(member(PI-Kind, Faults),
           assertion(( PI == choose_move/3, memberchk(Kind, [timeout, inference_limit]) ))).

test(counterexamples_are_short) :-
    forall(member(File-PI-Max, [ 'duplicate.pl'-(valid_moves/2)-0, 'occupied.pl'-(move/3)-1,
                                 'choose_illegal.pl'-(choose_move/3)-1,
                                 'wrong_winner.pl'-(game_over/2)-7 ]),
           ( data(fourmation, File, Program),
             check(fourmation, Program, 40, [], Report),
             counterexample(Report, PI, Moves, _),
             length(Moves, L),
             Short is min(L, Max),
             assertion(File-L == File-Short) )).

test(missed_diagonal_counterexample_is_the_antidiagonal) :-
    data(fourmation, 'missed_diagonal.pl', Program),
    check(fourmation, Program, 30, [], Report),
    counterexample(Report, game_over/2, Moves, case(_, _, _, one(Winner), _)),
    length(Moves, 7),
    last(Moves, L-C),
    assertion(Winner == white),
    check_replay(fourmation, Moves, S),
    S = gameState(B, _, _),
    assertion(( member(K, [1, 2, 3]), L1 is L - K, C1 is C + K, nth0(L1, B, Row), nth0(C1, Row, white) )).

test(dropin_agrees_on_every_predicate) :-
    dropin_folder(fourmation, 'tests/prolog/test_fourmation_dropin.pl',
                  ['examples/dropin/fourmation/game.pl'], Dir),
    directory_file_path(Dir, '4mation.pl', Program),
    dropin_positions(N),
    check(fourmation, Program, N, [], Report),
    agrees(Report),
    mapping(fourmation, Map),
    assertion(Map == map(minus, rc, num(0, top), num(0))),
    step(fourmation, Step),
    assertion(Step = step(_, _, (_, _, next_player(_, _, _)))).

test(command_line_with_adapter) :-
    data(fourmation, 'index.pl', Program),
    data(fourmation, 'index_adapter.pl', Adapter),
    scratch_folder(porto_check_cli, Dir),
    run_swipl(Dir, ['-g', 'use_module(library(tabula/check))', '-g', tabula_check_main, '-t', halt,
                    '--', fourmation, Program, '--positions', '10', '--adapter', Adapter],
              Status, Out, _),
    assertion(Status == 0),
    assertion(sub_string(Out, _, _, _, "Summary:")).

:- end_tests(tabula_check_porto_fourmation).

                 /*******************************
                 *           CROSSCUT           *
                 *******************************/

planted(crosscut, 'no_perimeter_flip.pl', [move/3]).
planted(crosscut, 'axis_by_axis.pl', [move/3]).
planted(crosscut, 'wrong_winner.pl', [game_over/2-wrong_answer]).

:- begin_tests(tabula_check_porto_crosscut).

test(row_col_inferred_and_both_arities_agree) :-
    data(crosscut, 'row_col.pl', Program),
    check(crosscut, Program, 40, [], Report),
    agrees(Report),
    mapping(crosscut, Map),
    assertion(Map == map(list, rc, num(0, top), num(0))),
    Report = report(_, _, Preds),
    forall(member(PI, [valid_moves/2, valid_moves/3, choose_move/3, choose_move/4]),
           assertion(memberchk(pred(PI, agreed, _, _), Preds))).

test(letters_inferred_and_agree) :-
    data(crosscut, 'base.pl', Program),
    dropin_positions(N),
    check(crosscut, Program, N, [], Report),
    agrees(Report),
    mapping(crosscut, Map),
    assertion(Map == map(minus, cr, num(1, bottom), letter(lower))),
    % both boards checked: the course's 7 x 7 and an oblong 5 x 7
    check_core:profile(crosscut, M),
    check_prepared(M, Ctx),
    arg(9, Ctx, Starts),
    assertion(Starts == [[], [size(5, 7)]]),
    % as a tournament player: its choose_move/4, its answer read back
    check_replay(crosscut, [start([size(5, 7)])], S0),
    porto_player(crosscut, choose_move(2), pos([start([size(5, 7)])], S0), S, [choose_move/4], Goal, T),
    assertion(Goal == choose_move(S, 'R', 2, T)),
    porto_player_move(crosscut, pos([start([size(5, 7)])], S0), b-1, Move),
    assertion(Move == move(1, 2)).

test(planted_faults_found_on_their_predicate, [forall(planted(crosscut, File, Expected))]) :-
    data(crosscut, File, Program),
    check(crosscut, Program, 60, [], Report),
    faults_are(crosscut, Report, Expected).

test(missing_perimeter_flip_counterexample_ends_on_the_perimeter) :-
    data(crosscut, 'no_perimeter_flip.pl', Program),
    check(crosscut, Program, 60, [], Report),
    Report = report(_, _, Preds),
    memberchk(pred(move/3, faulty, _, Faults), Preds),
    member(fault(wrong_answer, _, example(pos(_, State), case(T, _, _, _, _), _)), Faults),
    !,
    State = state(_, _, _, _, H, W),
    mapping(crosscut, Map),
    porto_to_ours(crosscut, Map, dims(H, W), T, move(N, L)),
    assertion(once(( N =:= 1 ; N =:= H ; L =:= 1 ; L =:= W ))).

test(dropin_agrees_on_every_predicate) :-
    findall(F, ( member(N, ['move.pl', 'flipping.pl', 'valid_moves.pl', 'win.pl', 'input.pl']),
                 atom_concat('examples/dropin/crosscut/', N, F) ), Rules),
    dropin_folder(crosscut, 'tests/prolog/test_crosscut_dropin.pl', Rules, Dir),
    directory_file_path(Dir, 'proj.pl', Program),
    dropin_positions(N),
    check(crosscut, Program, N, [], Report),
    agrees(Report),
    mapping(crosscut, Map),
    assertion(Map == map(f(move), rc, num(1, bottom), num(1))),
    step(crosscut, Step),
    assertion(Step = step(_, _, next_turn(_, _))).

:- end_tests(tabula_check_porto_crosscut).

                 /*******************************
                 *           MAPPINGS           *
                 *******************************/

:- begin_tests(tabula_check_porto_mappings).

test(round_trip_every_shape) :-
    porto_candidate_mappings(crosscut, Maps),
    forall(( member(map(_, O, R, C), Maps), member(W, [minus, list, comma, f(m)]) ),
           ( Map = map(W, O, R, C),
             forall(( between(1, 5, N), between(1, 7, L) ),
                    ( porto_from_ours(crosscut, Map, dims(5, 7), move(N, L), T),
                      assertion(porto_to_ours(crosscut, Map, dims(5, 7), T, move(N, L))) )) )).

test(infer_from_a_list_of_moves) :-
    findall(L-C, ( between(0, 3, L), between(0, 3, C) ), Ours),
    findall(m(C1, R1), ( between(1, 4, R1), between(1, 4, C1) ), Theirs),
    porto_infer_mapping(fourmation, [seen(dims(4, 4), Ours, Theirs)], Map),
    assertion(Map = map(f(m), _, num(1, _), num(1))).

test(no_shape_no_mapping, [fail]) :-
    findall(L-C, ( between(0, 3, L), between(0, 3, C) ), Ours),
    numlist(1, 16, Theirs),
    porto_infer_mapping(fourmation, [seen(dims(4, 4), Ours, Theirs)], _).

:- end_tests(tabula_check_porto_mappings).
