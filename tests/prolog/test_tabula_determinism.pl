:- module(test_tabula_determinism, []).
/*  Determinism: a search bounded by depth or nodes gives the same move,
    score, depth and node count on every call (each call has tables of
    its own; nothing carries over from earlier searches), as do perft and
    the move lists. Repeated in one thread here, in eight at once in
    test_tabula_threads.pl; the long form is scripts/reliability.
*/
:- use_module(library(plunit)).
:- use_module(test_support).
:- use_module('../reliability/workload').

repeats_agree_on(Game) :-
    scaled(6, 3, Rounds),
    test_seed(determinism(Game), Seed),
    heavy(Heavy),
    game_tasks(Game, Seed, [positions(3), heavy(Heavy)], Tasks),
    repeats_agree(Tasks, Rounds, Checked, Mismatches),
    format(user_error, "~N% determinism ~w: ~D answers compared with the first~n", [Game, Checked]),
    assertion(Mismatches == []).

% Under the sanitizers 4Mation's mistake-seeking searches run forty times
% slower: the plain ones stand for them there.
heavy(Heavy) :- ( sanitized -> Heavy = false ; Heavy = true ).

:- begin_tests(tabula_determinism).

test(uttt) :- repeats_agree_on(uttt).
test(futlog) :- repeats_agree_on(futlog).
test(fourmation) :- repeats_agree_on(fourmation).
test(crosscut) :- repeats_agree_on(crosscut).

:- end_tests(tabula_determinism).
