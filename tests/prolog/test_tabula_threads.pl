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
    scaled(2, 1, Positions),
    test_seed(threads(Game), Seed),
    game_tasks(Game, Seed, [positions(Positions)], Tasks),
    threads_agree(Tasks, 8, 1, Checked, Mismatches),
    format(user_error, "~N% threads ~w: ~D answers of 8 threads compared~n", [Game, Checked]),
    assertion(Mismatches == []).

:- begin_tests(tabula_threads).

test(uttt) :- threads_agree_on(uttt).
test(futlog) :- threads_agree_on(futlog).
test(fourmation) :- threads_agree_on(fourmation).
test(crosscut) :- threads_agree_on(crosscut).

% Every game at once: one thread per game and kind of work.
test(all_games_at_once) :-
    test_seed(threads(all), Seed),
    findall(T, ( member(G, [uttt, futlog, fourmation, crosscut]),
                 game_tasks(G, Seed, [positions(1)], Ts), member(T, Ts) ), Tasks),
    threads_agree(Tasks, 8, 1, _, Mismatches),
    assertion(Mismatches == []).

:- end_tests(tabula_threads).
