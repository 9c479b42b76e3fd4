/*  mover/3 enumeration through Prolog against the pure-Prolog reference,
    in one run: every path of each position collected with findall/3.

      swipl -p foreign=lib/x86_64-linux -p library=prolog \
            -g main -t halt bench/futlog_moves_bench.pl

    Position sets: all positions of 40 random games (seeded), and three
    hard positions of long games found by bench/futlog_movegen_bench.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_foreign)).
:- use_module(library(tabula/futlog_tools)).
:- use_module('../tests/reference/futlog_ref').

random_game(Seed, States) :-
    futlog_initial_(S0),
    walk(S0, Seed, States).
walk(S, Seed, [S|States]) :-
    (   futlog_random_move_(S, Seed, _, S1)
    ->  Seed1 is (Seed * 1103515245 + 12345) mod 2147483648,
        walk(S1, Seed1, States)
    ;   States = []
    ).

hard(futlog(p(2,4),2,16142176936634654720,14479533392120749531,15483418434455409178,
            576525073075149408,52020643972920,8192)).       % 80,580 paths
hard(futlog(p(2,-2),1,18446362186418528256,150336135341497503,18444050266167596552,
            18215798219002961911,13693212258949361663,38026751)).  % 97,441 paths
hard(futlog(p(0,-1),2,16135597067373813760,9541786205943092538,7005461971889776635,
            2558252997340074504,12249995293327654272,114231)).     % 184,597 paths

ref_of(S, R) :-
    futlog_ball_(S, Ball), futlog_turn_(S, Turn), futlog_played_edges(S, Edges),
    ref_state(Ball, Turn, Edges, R).

cpu(Goal, T) :-
    statistics(cputime, T0), call(Goal), statistics(cputime, T1), T is T1 - T0.

engine_all(States, N) :-
    foldl([S, A0, A]>>(findall(LP, mover(S, LP, _), L), length(L, K), A is A0 + K), States, 0, N).
ref_all(Refs, N) :-
    foldl([R, A0, A]>>(ref_moves(R, L), length(L, K), A is A0 + K), Refs, 0, N).

compare(Name, States) :-
    maplist(ref_of, States, Refs),
    length(States, NS),
    cpu(engine_all(States, N1), T1),
    cpu(ref_all(Refs, N2), T2),
    assertion(N1 == N2),
    Ratio is T2 / max(T1, 1.0e-9),
    format("~w: ~d positions, ~d paths; mover/3 ~3f s (~0f paths/s), reference ~3f s (~0f paths/s); ratio ~1fx~n",
           [Name, NS, N1, T1, N1 / max(T1, 1.0e-9), T2, N2 / max(T2, 1.0e-9), Ratio]).

main :-
    numlist(1, 40, Seeds),
    foldl([Seed, A0, A]>>(random_game(Seed, St), append(A0, St, A)), Seeds, [], Random),
    compare(random_game_positions, Random),
    findall(S, hard(S), Hard),
    compare(hard_positions, Hard).
