/*  Level ladder: our search (level 3, with a given budget per move)
    against the report's level 2 (best value/4, random among ties).

      swipl -p foreign=lib/x86_64-linux -p library=prolog \
            -g main -t halt bench/crosscut_ladder_bench.pl [Seconds [Games [Size]]]

    Defaults: 0.05 s per search move, 100 games, 7 x 7. The search plays
    Red in odd games and Blue in even ones; level 2's ties are broken by
    library(random), seeded per game.
*/
:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(main)).
:- use_module(library(tabula/crosscut)).
:- use_module(library(tabula/crosscut_tools)).

:- initialization(main, main).

main(Argv) :-
    maplist([A, N]>>atom_number(A, N), Argv, Args),
    append(Args, _, [Seconds, Games, Size|_]),
    ( var(Seconds) -> Seconds = 0.05 ; true ),
    ( var(Games) -> Games = 100 ; true ),
    ( var(Size) -> Size = 7 ; true ),
    !,
    get_time(T0),
    findall(R, (between(1, Games, G), ladder_game(G, Seconds, Size, R)), Results),
    get_time(T1),
    aggregate_all(count, member(win, Results), Wins),
    aggregate_all(count, member(loss, Results), Losses),
    aggregate_all(count, member(draw, Results), Draws),
    Pct is 100 * Wins / Games,
    Wall is T1 - T0,
    format("level 3 (~w s/move) vs level 2 on ~dx~d: ~d games, ~d wins, ~d losses, ~d draws: ~1f% wins (~1f s)~n",
           [Seconds, Size, Size, Games, Wins, Losses, Draws, Pct, Wall]).

ladder_game(G, Seconds, Size, Result) :-
    set_random(seed(G)),
    ( G mod 2 =:= 1 -> Search = 'R' ; Search = 'B' ),
    initial_state(Size, S0),
    play_out(S0, Search, Seconds, Winner),
    (   Winner == Search -> Result = win
    ;   Winner == draw -> Result = draw
    ;   Result = loss
    ).

play_out(S, Search, Seconds, Winner) :-
    game_over(S, W),
    (   W == x
    ->  crosscut_player(S, P),
        (   P == Search
        ->  crosscut_engine_move(S, [time(Seconds)], M, _)
        ;   choose_move(S, P, 2, M)
        ),
        move(S, M, S1),
        next_turn(S1, S2),
        play_out(S2, Search, Seconds, Winner)
    ;   Winner = W
    ).
