:- module(test_tabula_memory, []).
/*  Memory: moves, searches and nondeterministic calls cut after their
    first answer, over and over, leave the resident set flat after a
    warm-up batch; a thread keeps nothing of a search once it returns.
    Under the sanitizers freed memory waits in ASan's quarantine, so the
    RSS says nothing there: these run in the release build. The long form
    (a million calls) is scripts/reliability.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(test_support).
:- use_module('../reliability/memory').
:- use_module('../reliability/positions', [first_moves/3]).
:- use_module(library(tabula/game), [tabula_engine_forget/0, tabula_new/3, tabula_search/4]).

% 100,000 calls: a leak of 8 bytes a call, as SWI-Prolog's PL_put_uint64()
% had for Futlog's states, shows as 800 KB.
flat(Game) :-
    test_seed(memory(Game), Seed),
    memory_workloads(Game, Seed, Workloads),
    forall(member(W, Workloads),
           ( W = workload(Label, _),
             calls(Label, Calls),
             memory_run(W, Calls, 4, Series),
             memory_growth(Series, Growth),
             format(user_error, "~N% memory ~w ~w: ~D calls, RSS ~w KB, growth ~w KB~n",
                    [Game, Label, Calls, Series, Growth]),
             assertion(Growth < 512) )).

calls(searches, 60) :- !.
calls(_, 100000).

:- begin_tests(tabula_memory, [condition(\+ sanitized)]).

test(uttt) :- flat(uttt).
test(futlog) :- flat(futlog).
test(fourmation) :- flat(fourmation).
test(crosscut) :- flat(crosscut).

% Eight threads that searched once and are still alive hold no table:
% 4Mation's 24 MiB one once stayed with every thread that had searched.
test(threads_keep_no_tables) :-
    forall(member(Game, [uttt, futlog, fourmation, crosscut]),
           ( thread_cache_kb(8, Game, KB),
             format(user_error, "~N% memory ~w: ~1f KB kept by a thread after a search~n", [Game, KB]),
             assertion(KB < 2048) )).

% UTTT's plain time-bounded calls keep a tree per thread (tabula_engine_move/3),
% about 5 MB after a fifth of a second. Rounds of four threads that search
% and call tabula_engine_forget/0 leave less than 2 MB a thread over three
% rounds (after two that warm the C library's arenas up). Threads that end
% free theirs from a thread-exit handler, into an arena glibc keeps for the
% next thread and trims unevenly (+-2 MB a round under glibc, 0 under
% tcmalloc): there three rounds must leave less than 12 MB a thread, where
% trees not given back would leave three trees, 15 MB.
% A position past the opening book, which answers without a tree.
off_book(G) :-
    tabula_new(uttt, [], G0),
    first_moves(6, G0, G),
    tabula_search(G, [time(0.01)], _, search(_, _, Nodes, _, _)),
    assertion(Nodes > 0).

test(kept_tree_given_back) :-
    kept_rounds(true, Ended, EndedLeft),
    kept_rounds(tabula_engine_forget, Forgot, ForgotLeft),
    format(user_error, "~N% memory uttt: kept trees, KB a thread a round (kept-left): ended ~w, forgotten ~w~n",
           [Ended, Forgot]),
    assertion(EndedLeft < 12288),
    assertion(ForgotLeft < 2048).

kept_rounds(After, Rounds, Left) :-
    off_book(G),
    forall(between(1, 2, _), thread_cache_kb(4, G, [time(0.2)], After, _, _)),
    findall(K-L, ( between(1, 3, _),
                   thread_cache_kb(4, G, [time(0.2)], After, K0, L0),
                   K is round(K0), L is round(L0) ), Rounds),
    aggregate_all(sum(L), member(_-L, Rounds), Left).

:- end_tests(tabula_memory).
