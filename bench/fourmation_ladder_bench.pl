/*  4Mation level ladder: the engine (level 3's search, with a given
    per-move budget) against level 2 (the report's bot done right).

      swipl -p foreign=lib/x86_64-linux -p library=prolog \
            -g "ladder(7, 100, 0.1)" -t halt bench/fourmation_ladder_bench.pl

    ladder(+Size, +Games, +Seconds): Games games on a Size x Size board
    (Seconds may also be depth(D): searches of D plies, no time limit),
    the engine white in the even games and black in the odd ones, each
    game seeded with set_random(seed(Game)) for level 2's random choices.
    Prints wins, draws and losses of the engine.
*/

:- use_module(library(random)).
:- use_module(library(lists)).
:- use_module(library(tabula/fourmation)).
:- use_module(library(tabula/fourmation_foreign)).
:- use_module(library(tabula/fourmation_tools)).

ladder(Size, Games, Seconds) :-
    get_time(T0),
    findall(R, ( between(1, Games, G),
                 ladder_game(Size, G, Seconds, R) ), Rs),
    get_time(T1),
    aggregate_all(count, member(win, Rs), W),
    aggregate_all(count, member(draw, Rs), D),
    aggregate_all(count, member(loss, Rs), L),
    Pct is 100 * W / Games,
    Wall is T1 - T0,
    (   Seconds = depth(Depth)
    ->  format(atom(Budget), "~w plies/move", [Depth])
    ;   format(atom(Budget), "~w s/move", [Seconds])
    ),
    format("~wx~w, ~w games, engine ~w vs level 2: ~w wins, ~w draws, ~w losses (~1f% wins), ~0f s~n",
           [Size, Size, Games, Budget, W, D, L, Pct, Wall]).

ladder_game(Size, G, Seconds, Result) :-
    set_random(seed(G)),
    (   G mod 2 =:= 0 -> Engine = white ; Engine = black ),
    fourmation_initial(Size, GS),
    game(GS, Engine, Seconds, Winner),
    (   Winner == Engine -> Result = win
    ;   Winner == draw -> Result = draw
    ;   Result = loss
    ),
    format(user_error, "game ~w: engine ~w, ~w~n", [G, Engine, Result]).

game(GS, Engine, Seconds, Winner) :-
    (   game_over(GS, W)
    ->  Winner = W
    ;   GS = gameState(_, turn(_-Colour), _),
        (   Colour == Engine
        ->  engine_move(Seconds, GS, M)
        ;   choose_move(GS, 2, M)
        ),
        move(GS, M, GS1),
        pass_turn(GS1, GS2),
        game(GS2, Engine, Seconds, Winner)
    ).

% A budget in seconds, or depth(D): a fixed depth without time limit.
engine_move(depth(D), GS, M) :-
    !,
    fourmation_engine_move(GS, [time(0), depth(D)], M).
engine_move(Seconds, GS, M) :-
    fourmation_engine_move(GS, [time(Seconds)], M).

% The report's loop hands the turn to the other colour, same player.
pass_turn(GS1, GS2) :-
    GS1 = gameState(_, turn(P-C), _),
    ( C == white -> O = black ; O = white ),
    next_player(GS1, turn(P-O), GS2).
