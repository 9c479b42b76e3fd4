/*  hacer_jugada/3 latency over self-play games at the default budget
    (flag futlog_time_limit, 1.0 s unless Seconds says otherwise).

      swipl -p foreign=lib/x86_64-linux -p library=prolog \
            -g "main(Games, Seconds)" -t halt bench/futlog_latency_bench.pl

    Each game starts with two random moves (seeded) so games differ.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_foreign)).
:- use_module(library(tabula/futlog_tools)).

main(Games, Seconds) :-
    set_prolog_flag(futlog_time_limit, Seconds),
    numlist(1, Games, Ns),
    foldl(game, Ns, [], Times),
    msort(Times, Sorted),
    length(Sorted, N),
    pct(Sorted, N, 0.5, Median), pct(Sorted, N, 0.99, P99), last(Sorted, Max),
    sum_list(Sorted, Sum), Mean is Sum / N,
    format("~d self-play games at ~w s: ~d engine moves; latency median ~3f s, mean ~3f s, p99 ~3f s, max ~3f s~n",
           [Games, Seconds, N, Median, Mean, P99, Max]).

game(Seed, T0, T) :-
    futlog_random_state(Seed, 2, S),
    play(S, 0, T0, T, Result),
    format("game ~d: ~w~n", [Seed, Result]), flush_output.

play(S, Ply, T0, T, Result) :-
    futlog_status_(S, St),
    (   St = won(_) -> Result = St-Ply, T = T0
    ;   Ply >= 400 -> Result = too_long, T = T0
    ;   get_time(A), hacer_jugada(S, LP, S2), get_time(B),
        mover(S, LP, S3), S3 == S2,
        D is B - A,
        Ply1 is Ply + 1,
        play(S2, Ply1, [D|T0], T, Result)
    ).

pct(Sorted, N, Q, V) :-
    I is min(N - 1, floor(Q * (N - 1))),
    nth0(I, Sorted, V).
