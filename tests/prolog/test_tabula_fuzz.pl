:- module(test_tabula_fuzz, []).
/*  Bad input: every exported predicate of every module of the library,
    called with real values and junk (tests/reliability/fuzz.pl says how),
    never crashes, hangs, leaves a choicepoint where its documentation
    says det or semidet, raises anything but ISO errors, or names an
    internal predicate in an error's context. The long form, a million
    calls per game, is scripts/reliability. That every export documents
    its modes and determinism is checked by test_tabula_docs.pl, from the
    same reading of the comments (tests/reliability/exports.pl).
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(test_support).
:- use_module('../reliability/fuzz').
:- use_module(library(tabula)).
:- use_module(library(tabula/uttt)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_tools)).
:- use_module(library(tabula/fourmation), []).
:- use_module(library(tabula/crosscut), []).
:- use_module(library(tabula/crosscut_tools)).
:- use_module(library(tabula/board_text), []).

fuzz_game(Game) :-
    scaled(2500, 600, Calls),
    test_seed(fuzz(Game), Seed),
    fuzz(Game, [calls(Calls), seed(Seed)], Report),
    Report = report(_, _, Counts, Findings, Seconds),
    format(user_error, "~N% fuzz ~w: ~D calls in ~1f s: ~w~n", [Game, Calls, Seconds, Counts]),
    (   Findings == []
    ->  true
    ;   fuzz_print_report(Report),
        fail
    ).

% A predicate of this module that breaks its documented determinism, for
% the fuzzer's own check.
leaves_a_choicepoint(X) :- member(X, [1, 2]).

target(Name/Arity, Det, target(test_tabula_fuzz, Name/Arity, [mode(Args, Det)], 1)) :-
    length(Args, Arity),
    maplist(=((?)-'Arg'), Args).

:- begin_tests(tabula_fuzz).

test(the_fuzzer_sees_what_it_must) :-
    target(leaves_a_choicepoint/1, det, T1),
    classify_call(T1, test_tabula_fuzz:leaves_a_choicepoint(_), [unbound], 5, O1),
    assertion(O1 == finding(choicepoint)),
    target(throw/1, det, T2),
    classify_call(T2, throw(oops), [valid], 5, O2),
    assertion(O2 = finding(non_iso_exception(oops))),
    classify_call(T2, throw(error(type_error(a, b), context(uttt_foreign:uttt_make_move_/3, _))), [junk], 5, O3),
    assertion(O3 = finding(internal_context(_))),
    classify_call(T2, throw(error(type_error(a, b), context(uttt:makeMove/3, _))), [junk], 5, O4),
    assertion(O4 == error(type_error)),
    classify_call(T2, throw(error(oops, _)), [junk], 5, O5),
    assertion(O5 = finding(non_iso_error(oops))),
    target(sleep/1, det, T3),
    classify_call(T3, sleep(10), [valid], 0.1, O6),
    assertion(O6 == finding(hang)),
    target(fail/0, det, T4),
    classify_call(T4, fail, [], 5, O7),
    assertion(O7 == finding(det_failed)).

% A partly bound move matches both documented modes of validMove/2, the
% semidet check and the nondet enumeration: it is held to the looser.
test(partial_arguments_take_the_loosest_mode) :-
    fuzz_targets(uttt, Targets),
    memberchk(target(uttt, validMove/2, Modes, W), Targets),
    initialState(S),
    reliability_fuzz:matching_det(Modes, validMove(S, (n, _)), D1),
    assertion(D1 == nondet),
    reliability_fuzz:matching_det(Modes, validMove(S, (n, n)), D2),
    assertion(D2 == semidet),
    classify_call(target(uttt, validMove/2, Modes, W), uttt:validMove(S, (n, _)), [valid, valid], 5, O),
    assertion(O == success),
    memberchk(target(uttt, getNextPlayer/2, Modes2, _), Targets),
    reliability_fuzz:matching_det(Modes2, getNextPlayer(S, f(_)), D3),
    assertion(D3 == det).

% Games fuzzed in parallel threads undo each other's registrations: one
% that another thread removed first is not an error of the fuzzer's step.
test(parallel_registry_restores) :-
    reliability_fuzz:snapshot(Snapshot),
    concurrent_forall(between(1, 8, T),
                      forall(between(1, 300, I),
                             ( format(atom(Name), 'fuzz_junk_~d_~d', [T, I]),
                               tabula_game:tabula_register_game(Name, x, x),
                               reliability_fuzz:restore(Snapshot) )),
                      [threads(4)]),
    reliability_fuzz:snapshot(After),
    assertion(After == Snapshot).

test(uttt) :- fuzz_game(uttt).
test(futlog) :- fuzz_game(futlog).
test(fourmation) :- fuzz_game(fourmation).
test(crosscut) :- fuzz_game(crosscut).

:- end_tests(tabula_fuzz).

% What the fuzzer found, each fixed where it was.
:- begin_tests(fuzz_findings).

% Errors name the predicate the user called, not the foreign one.
test(error_contexts_name_the_public_predicate) :-
    catch(makeMove(foo, _, _), error(_, C1), true),
    assertion(C1 = context(uttt:makeMove/3, _)),
    catch(mover(junk, _, _), error(_, C2), true),
    assertion(C2 = context(futlog:mover/3, _)),
    catch(fourmation:move(gameState(x, y, z), 1-1, _), error(_, C3), true),
    assertion(C3 = context(fourmation:move/3, _)),
    catch(crosscut:valid_moves(state(1, 1, 1, x, 5, 5), 'R', _), error(_, C4), true),
    assertion(C4 = context(crosscut:valid_moves/3, _)).

% A cyclic list of edges looped for ever, deaf to signals.
test(cyclic_edge_list, error(type_error(list, _))) :-
    L = [e(p(0,0), p(0,1))|L],
    futlog_state(p(0,0), 1, L, _).

test(cyclic_lists_everywhere) :-
    C = [x|C],
    catch(getBoardResult(C, _), E1, true),
    assertion(E1 = error(type_error(uttt_board, _), _)),
    B = [[x, x, x, x, x, x, x, x, x]|B],
    catch(buildState(B, c, _), E2, true),
    assertion(E2 = error(type_error(uttt_boards, _), _)),
    P = [p(0, 1)|P],
    estado_inicial(S),
    assertion(\+ mover(S, P, _)),
    assertion(\+ prefijo_movimiento(S, P)).

% The number of plies went unchecked into a helper.
test(random_state_plies, error(type_error(_, a))) :-
    futlog_random_state(1, a, _).

% format/2 raised its own, non-ISO, error on a junk move.
test(move_text_of_junk, error(type_error(crosscut_move, move(1.5, 3)))) :-
    crosscut_move_text(move(1.5, 3), _).

% A legal-looking text that is no move of the state made the uniform
% API's parser raise instead of failing.
test(parse_move_fails_on_junk_text, fail) :-
    tabula_new(crosscut, [], G),
    tabula_parse_move(G, "c1", _).

% Lower-casing a text with code points string_lower/2 refuses (lone
% surrogates) left an error pending in SWI-Prolog, which it reported on
% the terminal; squares are parsed without it, and long texts are no
% square.
test(parse_square_of_odd_text) :-
    tabula_new(crosscut, [], game(_, S)),
    numlist(55290, 55300, Codes),
    catch(\+ crosscut_parse_square(S, Codes, _), error(representation_error(_), _), true),
    numlist(1, 100000, Long),
    catch(\+ crosscut_parse_square(S, Long, _), error(representation_error(_), _), true).

% Player 2 putting the ball in the top goal (an own goal) left the result
% undescribed: tabula_outcome/2 failed, and with it the display and the
% web page's view.
test(own_goal_outcome) :-
    futlog_state(p(0, 6), 1, [e(p(0,0), p(0,1)), e(p(0,1), p(0,2))], S),
    tabula_outcome(game(futlog, S), Text),
    assertion(sub_string(Text, _, _, _, "own goal")).

% A bound letter that is no letter raised instead of failing.
test(column_letter_of_a_word, fail) :-
    tabula_board_text:column_letter(2, draw).

test(format_move_of_junk, error(type_error(fourmation_move, 5-(1r3)))) :-
    tabula_new(fourmation, [], G),
    tabula_format_move(G, 5-(1r3), _).

% Cyclic or partial lists of labels or steps looped for ever.
test(print_grid_cyclic_labels, error(type_error(list, _))) :-
    L = [a|L],
    with_output_to(string(_), tabula_board_text:print_grid([[" x "]], L, ["1"])).

test(format_move_of_a_cyclic_path, error(type_error(list, _))) :-
    tabula_new(futlog, [], G),
    P = [p(0, 1)|P],
    tabula_format_move(G, P, _).

test(display_steps_partial_prefix, error(instantiation_error)) :-
    tabula_new(futlog, [], G),
    with_output_to(string(_), tabula_display_steps(G, [a|_])).

% A whole float is not an integer, though SWI-Prolog 9.0.4's C interface
% converts one: refused in states, seeds and bounds.
test(floats_are_not_integers) :-
    Empty = [empty, empty, empty, empty],
    catch(tabula_display(game(fourmation, gameState([Empty, Empty, Empty, Empty], turn(human-white), 2 - -0.0))),
          error(E1, _), true),
    assertion(E1 = type_error(fourmation_state, _)),
    initialState(S),
    catch(uttt_tools:uttt_random_game(S, 1.0, _, _), error(E2, _), true),
    assertion(E2 == type_error(integer, 1.0)),
    catch(tabula_perft(game(uttt, S), 2.0, _), error(E3, _), true),
    assertion(E3 = type_error(integer, 2.0)).

% Joining is not interruptible, so a text that would be huge is refused.
test(huge_joined_text_refused, error(resource_error(text_length))) :-
    numlist(1, 100000, Numbers),
    length(Codes, 100000),
    maplist(=(0'a), Codes),
    string_codes(Separator, Codes),
    tabula_board_text:join_texts(Numbers, Separator, _).

test(play_moves_needs_a_list, error(instantiation_error)) :-
    initialState(S),
    uttt_tools:uttt_play_moves(S, [sw|_], _).
test(play_moves_needs_a_proper_list, error(type_error(list, [sw|foo]))) :-
    initialState(S),
    uttt_tools:uttt_play_moves(S, [sw|foo], _).

% Partial lists of moves enumerated list lengths, leaving a choicepoint.
test(replay_needs_a_list, error(instantiation_error)) :-
    crosscut_replay(9, [move(2, 3)|_], _, _).

% A partial move enumerated, as makeMove/3 does, leaving a choicepoint
% where the documentation says semidet.
test(play_moves_needs_ground_moves, error(instantiation_error)) :-
    initialState(S),
    uttt_tools:uttt_play_moves(S, [(nw, _), ne], _).

% A partial or missing row was completed by length/2, leaving a
% choicepoint; ragged rows drew a broken grid.
test(print_grid_partial_row, error(instantiation_error)) :-
    with_output_to(string(_), tabula_board_text:print_grid([[a|_], [" x "]], ["a"], ["1", "2"])).
test(print_grid_ragged_rows, error(domain_error(rows_of_one_width, _))) :-
    with_output_to(string(_),
                   tabula_board_text:print_grid([[], [" x ", " x ", " x "], [" x ", " x ", " x "]], ["ab"], [a, b, c])).
test(print_grid_rows_of_one_width) :-
    with_output_to(string(Text), tabula_board_text:print_grid([[" x ", " o "], [" . ", "   "]], [a, b], ["1", "2"])),
    assertion(sub_string(Text, _, _, _, "1 | x | o | 1")).

:- end_tests(fuzz_findings).
