/*  4Mation: random playouts through the Prolog API against the pure-Prolog
    reference, in one run.

      swipl -p foreign=lib/x86_64-linux -p library=prolog \
            -g bench -t halt bench/fourmation_playouts_bench.pl

    For each size: games/s of
      - ref:   the reference's random game loop (tests/reference/fourmation_ref.pl):
               ref_valid_moves/2, random_member/2, ref_apply/3 to the end, as
               ref_random_game/4 does but without its set_random/1 per game
               (about 0.2 ms each, which would flatter the ratios);
      - steps: the drop-in predicates, one call per step: valid_moves/2,
               random_member/2, move/3, next_player/3, game_over/2;
      - call:  fourmation_random_game/4, a whole game per call.
    Each is run three times for about `Seconds` (default 2) of CPU time
    and the best rate kept; the Prolog generator is seeded once per run.
*/

:- use_module(library(random)).
:- use_module(library(lists)).
:- use_module(library(tabula/fourmation)).
:- use_module(library(tabula/fourmation_foreign)).
:- use_module(library(tabula/fourmation_tools)).
:- use_module('../tests/reference/fourmation_ref').

bench :-
    bench(2).
bench(Seconds) :-
    format("size  ref games/s  steps games/s  call games/s  steps/ref  call/ref~n"),
    forall(member(N, [4, 7, 8]),
           ( best_rate(ref_game(N), Seconds, Ref),
             best_rate(step_game(N), Seconds, Steps),
             best_rate(call_game(N), Seconds, Call),
             R1 is Steps / Ref, R2 is Call / Ref,
             format("~w~t~6|~0f~t~19|~0f~t~34|~0f~t~48|~1fx~t~59|~1fx~n",
                    [N, Ref, Steps, Call, R1, R2]) )).

% The best of three rates: the machine is shared, the best run is the
% least disturbed one.
best_rate(Goal, Seconds, Rate) :-
    findall(R, ( between(1, 3, _), rate(Goal, Seconds, R) ), Rs),
    max_list(Rs, Rate).

% Games per CPU second of Goal(Seed), run in batches until Seconds pass.
rate(Goal, Seconds, Rate) :-
    set_random(seed(42)),
    garbage_collect,
    statistics(cputime, T0),
    rate_loop(Goal, T0, Seconds, 0, Games),
    statistics(cputime, T1),
    Rate is Games / (T1 - T0).

rate_loop(Goal, T0, Seconds, Games0, Games) :-
    forall(between(1, 20, I), ( Seed is Games0 + I, call(Goal, Seed) )),
    Games1 is Games0 + 20,
    statistics(cputime, T),
    (   T - T0 >= Seconds
    ->  Games = Games1
    ;   rate_loop(Goal, T0, Seconds, Games1, Games)
    ).

ref_game(N, _Seed) :-
    ref_initial(N, GS),
    ref_loop(GS).
ref_loop(GS) :-
    ref_valid_moves(GS, Moves),
    (   Moves == []
    ->  ref_winner(GS, _)
    ;   random_member(M, Moves),
        ref_apply(GS, M, GS2),
        ref_loop(GS2)
    ).

step_game(N, _Seed) :-
    fourmation_initial(N, GS),
    step_loop(GS).
step_loop(GS) :-
    (   game_over(GS, _)
    ->  true
    ;   valid_moves(GS, Moves),
        random_member(M, Moves),
        move(GS, M, GS1),
        pass_turn(GS1, GS2),
        step_loop(GS2)
    ).

call_game(N, Seed) :-
    fourmation_random_game(N, Seed, _, _).

% The report's loop hands the turn to the other colour, same player.
pass_turn(GS1, GS2) :-
    GS1 = gameState(_, turn(P-C), _),
    ( C == white -> O = black ; O = white ),
    next_player(GS1, turn(P-O), GS2).
