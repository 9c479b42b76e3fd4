/*  UTTT through Prolog against the pure-Prolog reference, in one run:
      makeMove/3 calls per second, random full games per second with
      validMove/2 + makeMove/3, and greedy/2 microseconds per call.
    Each figure is the best of three runs. Run from the checkout after a build:
      swipl -p foreign=lib/x86_64-linux -p library=prolog bench/uttt_prolog_bench.pl
*/
:- use_module(library(tabula/uttt)).
:- use_module(library(tabula/uttt_tools)).
:- use_module('../tests/reference/uttt_ref').
:- use_module(library(random)).
:- initialization(main, main).

% CPU seconds of Goal: the best of three runs, so that a burst of load
% from other processes on a shared machine does not count.
cpu(Goal, T) :-
    findall(T1, (between(1, 3, _), cpu_once(Goal, T1)), Ts),
    min_list(Ts, T).
cpu_once(Goal, T) :-
    garbage_collect,
    statistics(cputime, T0), ( call(Goal) -> true ; true ), statistics(cputime, T1),
    T is T1 - T0.

% Move lists of N random games.
games(N, Games) :-
    initialState(S0),
    findall(Ms, ( between(1, N, Seed), uttt_random_game(S0, Seed, Ms, _) ), Games).

% Plain recursion on both sides, so the loop costs the same for both.
replay_engine(Games) :-
    initialState(S0),
    forall(member(Ms, Games), replay_engine(Ms, S0)).
replay_engine([], _).
replay_engine([M|Ms], S) :- makeMove(S, M, S1), replay_engine(Ms, S1).
replay_reference(Games) :-
    ref_initial(S0),
    forall(member(Ms, Games), replay_reference(Ms, S0)).
replay_reference([], _).
replay_reference([M|Ms], S) :- ref_make_move(S, M, S1), replay_reference(Ms, S1).

random_engine(N) :-
    initialState(S0),
    forall(between(1, N, _), random_game_engine(S0)).
random_game_engine(S) :-
    findall(M, validMove(S, M), Ms),
    (   Ms == [] -> true ; random_member(M, Ms), makeMove(S, M, S1), random_game_engine(S1) ).
random_reference(N) :-
    ref_initial(S0),
    forall(between(1, N, _), random_game_reference(S0)).
random_game_reference(S) :-
    ref_valid_moves(S, Ms),
    (   Ms == [] -> true ; random_member(M, Ms), ref_make_move(S, M, S1), random_game_reference(S1) ).

% Positions in the middle of random games, for greedy/2.
positions(N, States, RefStates) :-
    initialState(S0),
    findall(S-R, ( between(1, N, Seed), uttt_random_game(S0, Seed, Ms, _),
                   length(Ms, L), K is L // 2, length(P, K), append(P, _, Ms),
                   uttt_play_moves(S0, P, S), getBoards(S, Bs), last(P, Last),
                   last_cell(Last, Cell), ref_build(Bs, Cell, R) ), Pairs),
    pairs_keys_values(Pairs, States, RefStates).
last_cell((_, C), C) :- !.
last_cell(C, C).

main :-
    set_random(seed(1)),
    games(200, Games),
    aggregate_all(sum(L), (member(Ms, Games), length(Ms, L)), Calls0),
    Reps = 20, Calls is Calls0 * Reps,
    cpu(forall(between(1, Reps, _), replay_engine(Games)), TE),
    cpu(replay_reference(Games), TR0), TR is TR0 * Reps,
    format("makeMove/3: engine ~0f calls/s, reference ~0f calls/s, ratio ~1fx (~d calls)~n",
           [Calls / TE, Calls / TR, TR / TE, Calls]),
    NE = 2000, NR = 100,
    cpu(random_engine(NE), GE), cpu(random_reference(NR), GR),
    format("random games (validMove/2 + makeMove/3): engine ~0f games/s, reference ~1f games/s, ratio ~1fx~n",
           [NE / GE, NR / GR, (GR / NR) / (GE / NE)]),
    positions(200, States, RefStates),
    length(States, NP), GReps = 50,
    cpu(forall((between(1, GReps, _), member(S, States)), greedy(S, _)), PE),
    cpu(forall(member(R, RefStates), ref_greedy(R, _)), PR),
    UE is PE / (NP * GReps) * 1e6, UR is PR / NP * 1e6,
    format("greedy/2: engine ~2f us/call, reference ~0f us/call, ratio ~0fx (~d positions)~n",
           [UE, UR, UR / UE, NP]).
