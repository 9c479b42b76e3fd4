/*  Random playouts: the C++ engine through Prolog against the pure-Prolog
    reference (tests/reference/crosscut_ref.pl), in one run.

      swipl -p foreign=lib/x86_64-linux -p library=prolog \
            -g main -t halt bench/crosscut_playout_bench.pl [Games]

    Three ways to play N random games per size:
      ref     ref_random_game/5 (pure Prolog)
      api     a Prolog loop over the course predicates (game_over/2,
              valid_moves/2, random_member/2, move/3, next_turn/2)
      engine  crosscut_random_game/4: one foreign call per game
*/
:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(main)).
:- use_module(library(tabula/crosscut_tools)).
:- use_module('../tests/reference/crosscut_ref').

:- initialization(main, main).

main(Argv) :-
    (   Argv = [A|_], atom_number(A, N) -> true ; N = 200 ),
    format("| board | games | ref s | api s | engine s | ref/api | ref/engine | moves/game (ref) |~n"),
    format("|---|---|---|---|---|---|---|---|~n"),
    forall(member(S, [5, 7, 9]), bench_size(S, N)).

bench_size(S, N) :-
    garbage_collect,
    cpu(( forall(between(1, N, Seed), ref_random_game(S, S, Seed, _, _)) ), TRef),
    findall(L, (between(1, N, Seed), ref_random_game(S, S, Seed, Ms, _), length(Ms, L)), Ls),
    sum_list(Ls, Total), Avg is Total / N,
    set_random(seed(1)),
    cpu(( forall(between(1, N, _), crosscut_api_random_game(size(S, S), _, _)) ), TApi),
    cpu(( forall(between(1, N, Seed), crosscut_random_game(size(S, S), Seed, _, _)) ), TEng),
    R1 is TRef / TApi, R2 is TRef / TEng,
    format("| ~dx~d | ~d | ~3f | ~4f | ~4f | ~1f | ~1f | ~1f |~n",
           [S, S, N, TRef, TApi, TEng, R1, R2, Avg]).

cpu(Goal, T) :-
    statistics(cputime, T0),
    call(Goal),
    statistics(cputime, T1),
    T is max(1.0e-6, T1 - T0).
