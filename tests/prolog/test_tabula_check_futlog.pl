:- module(test_tabula_check_futlog, []).
/*  The conformance checker on Futlog programs (folders with juego.pl and
    inteligencia.pl): a plain course solution written from the rules and
    our own drop-in, copied as a course folder, agree on every predicate;
    each program of tests/prolog/data/check/futlog/ with a planted fault
    is found to have it, on its predicate only, with a counterexample
    that replays and is as short as the fault allows.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(test_support).
:- use_module(library(tabula/check)).
:- use_module(library(tabula/check_core)).
:- use_module(library(tabula/check_report)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_tools)).

check(Program, Positions, Report) :-
    swipl_executable(Exe),
    test_seed(check_futlog, Seed),
    tabula_check(futlog, Program, Report,
                 [ quiet(true), seed(Seed), positions(Positions), budget(3600),
                   executable(Exe), time(3), inferences(20000000), shrink_time(20) ]).

% One check of each planted program, shared by the tests that look at it.
planted_report(Name, Report) :-
    (   planted_report_(Name, R)
    ->  true
    ;   program(Name, Dir),
        check(Dir, 60, R),
        assertz(planted_report_(Name, R))
    ),
    Report = R.

:- dynamic planted_report_/2.

program(Name, Dir) :-
    atom_concat('tests/prolog/data/check/futlog/', Name, Rel),
    source_file_path(Rel, Dir).

% Our drop-in as a course folder holds it, thinking briefly (the flag its
% documentation offers).
dropin_course(Dir) :-
    scratch_folder(futlog_check_dropin, Dir),
    forall(member(F, ['juego.pl', 'inteligencia.pl']),
           ( atom_concat('examples/dropin/futlog/', F, Rel),
             source_file_path(Rel, File),
             copy_into(File, Dir) )),
    directory_file_path(Dir, 'inteligencia.pl', AI),
    setup_call_cleanup(open(AI, append, Out),
                       format(Out, "~n:- set_prolog_flag(futlog_time_limit, 0.05).~n", []),
                       close(Out)).

% The planted faults: the predicate that must be faulty, the kind of
% fault it must show (a loop: out of inferences, or of time on a busy
% machine), and whether its shortest counterexample is at the start.
planted(missing_bounce, mover/3, [failed], later).
planted(stuck_rule, mover/3, [missing], later).
planted(duplicate_move, mover/3, [duplicate], start).
planted(wrong_turn, mover/3, [wrong_answer], later).
planted(own_goal, gol/2, [wrong_answer], later).
planted(goal_loop, gol/2, [inference_limit, timeout], start).
planted(prefix_complete, prefijo_movimiento/2, [succeeded], start).
planted(illegal_play, hacer_jugada/3, [illegal_move], later).

agrees_everywhere(Report) :-
    Report = report(futlog, Info, Preds),
    assertion(memberchk(status(checked), Info)),
    check_report_faults(Report, Faults),
    (   Faults == [] -> true ; check_print_report(user_error, Report) ),
    assertion(Faults == []),
    forall(member(pred(PI, Status, _, _), Preds),
           assertion(PI-Status \= _-faulty)),
    check_report_status(Report, 0).

:- begin_tests(tabula_check_futlog).

test(plain_solution_agrees_on_every_predicate) :-
    program(base, Dir),
    check(Dir, 80, Report),
    agrees_everywhere(Report),
    Report = report(_, _, Preds),
    assertion(\+ memberchk(pred(_, undefined, _, _), Preds)),
    % every predicate was called, the hard cases among the positions
    assertion(\+ memberchk(pred(_, unreached, _, _), Preds)).

test(dropin_agrees_on_every_predicate) :-
    (   thorough -> N = 10000 ; scaled(150, 30, N) ),
    dropin_course(Dir),
    check(Dir, N, Report),
    agrees_everywhere(Report),
    Report = report(_, _, Preds),
    assertion(\+ memberchk(pred(_, undefined, _, _), Preds)).

test(planted_fault_found_on_its_predicate_only, [forall(planted(Name, PI, Kinds, _))]) :-
    planted_report(Name, Report),
    check_report_faults(Report, Faults),
    pairs_keys(Faults, PIs0),
    sort(PIs0, PIs),
    (   PIs == [PI], member(Kind, Kinds), memberchk(PI-Kind, Faults)
    ->  true
    ;   check_print_report(user_error, Report)
    ),
    assertion(PIs == [PI]),
    assertion(( member(Kind, Kinds), memberchk(PI-Kind, Faults) )),
    check_report_status(Report, 1),
    % every counterexample replays: its moves are legal from the start
    Report = report(_, _, Preds),
    forall(( member(pred(_, _, _, Fs), Preds), member(fault(_, _, example(pos(H, S), _, _)), Fs) ),
           assertion(check_replay(futlog, H, S))).

test(planted_fault_shrinks_to_the_start, [forall(planted(Name, PI, Kinds, start))]) :-
    planted_report(Name, Report),
    assertion(( member(Kind, Kinds), example_of(Report, PI, Kind, pos([], _), _, _) )).

test(own_goal_counterexample_is_an_own_goal) :-
    planted_report(own_goal, Report),
    example_of(Report, gol/2, wrong_answer, pos(H, S), Case, _),
    Case = case(_, _, _, one(N), _),
    assertion(futlog:gol(S, N)),
    % the goal is the kicker's own: the owner is the player to move next
    assertion(futlog:turno(S, N)),
    length(H, L),
    assertion(L >= 2).

test(wrong_turn_counterexample_is_a_bounce) :-
    planted_report(wrong_turn, Report),
    example_of(Report, mover/3, wrong_answer, _, case(_, (mover(_, LP, _), _), _, _, _), _),
    length(LP, L),
    assertion(L >= 2).

test(illegal_play_counterexample_is_illegal_there) :-
    planted_report(illegal_play, Report),
    example_of(Report, hacer_jugada/3, illegal_move, pos(_, S), _, fault(_, answer(LP-_))),
    assertion(\+ futlog:mover(S, LP, _)),
    assertion(futlog:mover(S, _, _)).

test(report_shows_the_board_and_the_course_calls) :-
    planted_report(wrong_turn, Report),
    example_of(Report, mover/3, wrong_answer, Pos, Case, Verdict),
    check_fault_text(futlog, example(Pos, Case, Verdict), Text),
    assertion(sub_string(Text, _, _, _, "?- estado_inicial(S0),")),
    assertion(sub_string(Text, _, _, _, "mover(S0, [")),
    assertion(sub_string(Text, _, _, _, "turno(E2,N)")),
    assertion(sub_string(Text, _, _, _, "a   b   c")).

test(inteligencia_is_optional) :-
    program(own_goal, Dir),
    directory_file_path(Dir, 'inteligencia.pl', AI),
    assertion(\+ exists_file(AI)),
    planted_report(own_goal, Report),
    Report = report(_, Info, Preds),
    assertion(memberchk(loads([use_module(juego)-_]), Info)),
    forall(member(PI, [nombre/1, niveles_minimax/1, hacer_jugada/3]),
           assertion(memberchk(pred(PI, undefined, 0, []), Preds))).

test(program_is_a_folder_or_its_juego_pl) :-
    program(base, Dir),
    directory_file_path(Dir, 'juego.pl', File),
    check(File, 5, Report),
    Report = report(_, Info, _),
    assertion(memberchk(loads([use_module(juego)-_, use_module(inteligencia)-_]), Info)),
    assertion(memberchk(status(checked), Info)).

test(missing_program, [error(existence_error(file, _))]) :-
    scratch_folder(futlog_check_empty, Dir),
    check(Dir, 5, _).

% Positions that random games seldom show are checked every time: each
% example replays and shows its hard case.
test(examples_replay_and_show_their_case) :-
    check_core:profile(futlog, M),
    forall(M:example(Name, H),
           ( check_replay(futlog, H, S),
             M:check_tags(pos(H, S), Tags),
             forall(example_tag(Name, Tag), assertion(memberchk(Tag, Tags))) )).

% The enumeration rule: all the move paths up to the cap, the first one
% only above it.
test(enumeration_bounded_by_the_cap) :-
    check_core:profile(futlog, M),
    M:example(thousands_of_moves, H),
    check_replay(futlog, H, S),
    futlog_move_counts(S, Paths, _),
    assertion(Paths > 10000),
    M:check_cases(mover/3, pos(H, S), E, [mover/3], Cases),
    assertion(\+ member(case(_, mover(E, _, _), _, bag(_), _), Cases)),
    assertion(memberchk(case(_, mover(E, _, _), _, member(_), _), Cases)),
    check_replay(futlog, [], S0),
    M:check_cases(mover/3, pos([], S0), E0, [mover/3], Cases0),
    assertion(memberchk(case(_, mover(E0, _, _), _, bag(_), _), Cases0)).

test(command_line_exit_status) :-
    program(base, Base),
    program(prefix_complete, Faulty),
    scratch_folder(futlog_check_cli, Dir),
    forall(member(Program-Expected, [Base-0, Faulty-1]),
           ( run_swipl(Dir, ['-g', 'use_module(library(tabula/check))', '-g', tabula_check_main, '-t', halt,
                             '--', futlog, Program, '--positions', '15', '--seed', '7'],
                       Status, Out, _),
             assertion(Status-Program == Expected-Program),
             assertion(sub_string(Out, _, _, _, "Summary:")) )).

:- end_tests(tabula_check_futlog).

example_tag(stuck_in_corner, stuck).
example_tag(stuck_in_corner, corner).
example_tag(own_goal, own_goal).
example_tag(many_moves, many_moves).
example_tag(thousands_of_moves, many_moves).

example_of(Report, PI, Kind, Pos, Case, Verdict) :-
    Report = report(_, _, Preds),
    memberchk(pred(PI, _, _, Faults), Preds),
    memberchk(fault(Kind, _, example(Pos, Case, Verdict)), Faults).
