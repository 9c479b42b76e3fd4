:- module(test_tabula_threads, []).
/*  Threads: eight Prolog threads playing and searching every game at once
    give exactly the answers of one thread (perft, move sets, searches
    bounded by depth or nodes). The long form is scripts/reliability.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(test_support).
:- use_module('../reliability/workload').

threads_agree_on(Game) :-
    scaled(2, 0, Positions),
    test_seed(threads(Game), Seed),
    heavy(Heavy),
    game_tasks(Game, Seed, [positions(Positions), heavy(Heavy)], Tasks),
    threads_agree(Tasks, 8, 1, Checked, Mismatches),
    format(user_error, "~N% threads ~w: ~D answers of 8 threads compared~n", [Game, Checked]),
    assertion(Mismatches == []).

% Under the sanitizers 4Mation's mistake-seeking searches run forty times
% slower: the plain ones stand for them there.
heavy(Heavy) :- ( sanitized -> Heavy = false ; Heavy = true ).

:- begin_tests(tabula_threads).

test(uttt) :- threads_agree_on(uttt).
test(futlog) :- threads_agree_on(futlog).
test(fourmation) :- threads_agree_on(fourmation).
test(crosscut) :- threads_agree_on(crosscut).

% Every game at once: one thread per game and kind of work.
test(all_games_at_once) :-
    test_seed(threads(all), Seed),
    heavy(Heavy),
    scaled(1, 0, Positions),
    findall(T, ( member(G, [uttt, futlog, fourmation, crosscut]),
                 game_tasks(G, Seed, [positions(Positions), heavy(Heavy)], Ts), member(T, Ts) ), Tasks),
    threads_agree(Tasks, 8, 1, _, Mismatches),
    assertion(Mismatches == []).

:- end_tests(tabula_threads).
