/*  Strength: the default engine (hacer_jugada/3 at the flag's budget)
    against ref_minimax2/3, the plain depth-2 minimax of the pure-Prolog
    reference, alternating who starts.

      swipl --stack_limit=12g -p foreign=lib/x86_64-linux -p library=prolog \
            -g "main(Games, Seconds, RandomPlies)" -t halt bench/futlog_strength_bench.pl

    (the larger stack is for the reference opponent's outcome enumeration
    on wide positions; lib/x86_64-linux is where the release preset puts
    the libraries).

    Both players are deterministic, so without an opening of their own the
    games repeat: each pair of games (one per colour) starts with the same
    RandomPlies random moves (none ending the game), drawn from a seed per
    pair. main(Games, Seconds) plays no random move, as before.

    Prints one line per game and a summary: wins, losses, game lengths and
    the engine's move times (median, p99, max).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_tools)).
:- use_module(library(tabula/futlog_foreign)).
:- use_module('../tests/reference/futlog_ref').

main(Games, Seconds) :-
    main(Games, Seconds, 0).

main(Games, Seconds, RandomPlies) :-
    set_prolog_flag(futlog_time_limit, Seconds),
    numlist(1, Games, Ns),
    foldl(one_game(RandomPlies), Ns, []-[], Results-Times),
    summary(Games, Seconds, Results, Times).

% Odd games: the engine is player 1; even games: player 2.
one_game(RandomPlies, N, R0-T0, [R|R0]-T) :-
    (   N mod 2 =:= 1 -> Engine = 1 ; Engine = 2 ),
    estado_inicial(E0),
    ref_initial(RS0),
    Pair is (N + 1) // 2,
    set_random(seed(Pair)),
    opening(RandomPlies, E0, RS0, E, RS),
    play(E, RS, Engine, RandomPlies, T0, T, Result, Plies),
    (   Result = won(Engine) -> R = win ; R = loss ),
    format("game ~d: engine is player ~d, ~w after ~d moves (~w)~n",
           [N, Engine, R, Plies, Result]),
    flush_output.

% K random moves that do not end the game, applied to both states.
opening(0, E, RS, E, RS) :- !.
opening(K, E0, RS0, E, RS) :-
    between(1, 50, _),
    futlog_random_move(E0, LP, E1),
    \+ futlog_status_(E1, won(_)),
    !,
    ref_apply(RS0, LP, RS1),
    K1 is K - 1,
    opening(K1, E1, RS1, E, RS).
opening(_, E, RS, E, RS).  % every move tried ended the game: the opening stops

% The engine plays on our state; the reference opponent on its own state;
% each move is applied to both and the two are checked to agree.
play(E, RS, Engine, Ply, T0, T, Result, Plies) :-
    futlog_status_(E, Status),
    (   Status = won(W)
    ->  Result = won(W), Plies = Ply, T = T0
    ;   Ply >= 400
    ->  Result = too_long, Plies = Ply, T = T0
    ;   turno(E, P),
        (   P =:= Engine
        ->  get_time(A), hacer_jugada(E, LP, E2), get_time(B),
            D is B - A, T1 = [D|T0],
            ref_apply(RS, LP, RS2)
        ;   ref_minimax2(RS, LP, RS2),
            mover(E, LP, E2), T1 = T0
        ),
        ref_ball(RS2, Ball), posicion_pelota(E2, Ball),
        Ply1 is Ply + 1,
        play(E2, RS2, Engine, Ply1, T1, T, Result, Plies)
    ).

summary(Games, Seconds, Results, Times) :-
    aggregate_all(count, member(win, Results), Wins),
    Losses is Games - Wins,
    Pct is 100 * Wins / Games,
    msort(Times, Sorted),
    length(Sorted, N),
    percentile(Sorted, N, 0.5, Median),
    percentile(Sorted, N, 0.99, P99),
    last(Sorted, Max),
    format("~nengine (~w s per move) vs ref_minimax2: ~d games, ~d wins, ~d losses (~1f% wins)~n",
           [Seconds, Games, Wins, Losses, Pct]),
    format("engine move times over ~d moves: median ~3f s, p99 ~3f s, max ~3f s~n",
           [N, Median, P99, Max]).

percentile(Sorted, N, Q, V) :-
    I is min(N - 1, floor(Q * (N - 1))),
    nth0(I, Sorted, V).
