:- module(test_tabula_versions, []).
/*  What must read the same on every SWI-Prolog (9.0.4, 9.2.x, 10.x): the
    suites run on each, and these are the points where the versions differ
    underneath.
    - A whole float where an integer is expected is a type error (9.3.4 and
      later reject it in PL_get_int64(), 9.0.4 and 9.2 accept it).
    - Each foreign library says what it was built for, registers its
      predicates only in that series, and a refusal names the fix.
    - Futlog states hold 64-bit words: they round-trip through text, and
      integers from 2^56 up are made without SWI-Prolog 10's leak (the
      memory suite measures that; here, that they are right).
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(tabula)).
:- use_module(library(tabula/foreign)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_tools)).
:- use_module(library(tabula/crosscut_tools)).
:- use_module(test_support, [random_walk/4]).

:- begin_tests(tabula_whole_floats).

test(perft_depth, forall(tabula_game(Name, _))) :-
    tabula_new(Name, [], G),
    catch(tabula_perft(G, 2.0, _), error(Formal, _), true),
    Formal == type_error(integer, 2.0).
test(perft_negative_depth, forall(tabula_game(Name, _))) :-
    tabula_new(Name, [], G),
    catch(tabula_perft(G, -1, _), error(Formal, _), true),
    Formal = domain_error(_, -1).
test(engine_nodes, forall(tabula_game(Name, _))) :-
    tabula_new(Name, [], G),
    catch(tabula_engine_move(G, [nodes(2.0)], _), error(Formal, _), true),
    Formal == type_error(positive_integer, 2.0).
test(seed, error(type_error(integer, 2.0))) :-
    crosscut_random_game(size(7, 7), 2.0, _, _).
test(state_word, error(type_error(futlog_state, S))) :-
    estado_inicial(S0),
    S0 =.. [F, Ball, Turn, W0|Ws],
    W is float(W0),
    S =.. [F, Ball, Turn, W|Ws],
    mover(S, _, _).

:- end_tests(tabula_whole_floats).

:- begin_tests(tabula_foreign_versions).

library_of(Game, Library) :-
    tabula_game(Game, _),
    atom_concat(tabula_, Game, Library).

% Built for this very Prolog (the builds of every version are separate).
test(built_for_this_prolog, forall(library_of(_, Library))) :-
    atom_concat(Library, '_built_for', Flag),
    current_prolog_flag(Flag, Built),
    current_prolog_flag(version, Running),
    Built =:= Running,
    atom_concat(Library, '_installed', Installed),
    current_prolog_flag(Installed, true).
test(refusal_names_the_fix) :-
    message_to_text(error(tabula_foreign_built_for(tabula_uttt, 90004, 100001), _), Text),
    once(sub_string(Text, _, _, _, "tabula_uttt was built for SWI-Prolog 9.0.4, and this is SWI-Prolog 10.0.1")),
    once(sub_string(Text, _, _, _, "pack_rebuild(tabula)")).
test(not_a_library, error(domain_error(tabula_foreign_library, tabula_chess))) :-
    tabula_foreign_library(tabula_chess).
test(not_an_atom, error(type_error(atom, 3))) :-
    tabula_foreign_library(3).
test(unbound, error(instantiation_error)) :-
    tabula_foreign_library(_).

message_to_text(Term, Text) :-
    '$messages':translate_message(Term, Lines, []),
    with_output_to(string(Text), print_message_lines(current_output, '', Lines)).

:- end_tests(tabula_foreign_versions).

:- begin_tests(tabula_big_words).

% A game long enough for the high words of the edge set to fill, written
% with ~w and read back, state by state.
test(futlog_words_round_trip) :-
    tabula_new(futlog, [], G0),
    random_walk(G0, 1, 400, Games),
    findall(S, member(game(_, S), Games), States),
    forall(member(S, States),
           ( format(string(Text), "~w", [S]),
             term_string(S2, Text),
             S2 == S )),
    forall(( member(S, States), \+ gol(S, _), mover(S, _, _) ),
           ( once(mover(S, _, S3)), format(string(T3), "~w", [S3]), term_string(S3b, T3), S3b == S3 )),
    aggregate_all(count, ( member(S, States), S =.. [_, _, _|Ws], member(W, Ws), W >= 1 << 56 ), Big),
    Big > 0.

:- end_tests(tabula_big_words).
