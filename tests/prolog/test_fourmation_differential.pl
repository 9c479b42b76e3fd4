:- module(test_fourmation_differential, []).
/** <module> 4Mation: the engine against the independent pure-Prolog reference

Every position of random games of every board size (drawn from a seed that
changes every run, printed; TABULA_TEST_SEED replays it), hand-made boards
that play cannot reach, perft, the report's greedy weights, and whole games
between the course's levels, each move checked by the reference.
*/

:- use_module(library(plunit)).
:- use_module(test_support).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(tabula/fourmation)).
:- use_module(library(tabula/fourmation_foreign)).
:- use_module(library(tabula/fourmation_tools)).
:- use_module('../reference/fourmation_ref').

% Fewer games on the big boards, where the reference is slowest; ten
% times as many with `scripts/test --thorough`.
games_per_size(N, G) :-
    (   N =< 7 -> scaled(4, 2, G)
    ;   scaled(2, 1, G)
    ).

% Seeds of Count random games, drawn from Suite's seed (which changes every
% run, printed; TABULA_TEST_SEED replays it).
game_seeds(Suite, Count, Seeds) :-
    test_seed(fourmation_differential(Suite), Seed),
    set_random(seed(Seed)),
    length(Seeds, Count),
    maplist([S]>>random_between(1, 1000000000, S), Seeds).

% Engine and reference agree on a position: legal moves, result, and the
% state after each legal move (turn passed); every other cell is refused by both.
agree(GS) :-
    ref_valid_moves(GS, RefMoves),
    valid_moves(GS, Moves),
    assertion(Moves == RefMoves),
    ref_winner(GS, RefW),
    fourmation_winner_(GS, W),
    assertion(W == RefW),
    (   RefW == none
    ->  assertion(\+ game_over(GS, _))
    ;   game_over(GS, W2), assertion(W2 == RefW)
    ),
    forall(member(M, RefMoves),
           ( ref_apply(GS, M, Ref2),
             move(GS, M, G1), pass_turn(G1, G2),
             assertion(G2 == Ref2) )),
    findall(M, move(GS, M, _), Enumerated),
    assertion(Enumerated == RefMoves),
    GS = gameState(Board, _, _),
    length(Board, N), Max is N - 1,
    forall(( between(0, Max, L), between(0, Max, C), \+ memberchk(L-C, RefMoves) ),
           ( assertion(\+ move(GS, L-C, _)),
             assertion(\+ ref_apply(GS, L-C, _)) )).

% Plays the reference's random game and checks every position on the way.
check_random_game(N, Seed) :-
    ref_random_game(N, Seed, Moves, RefWinner),
    ref_initial(N, GS0),
    foldl([M, G0, G]>>( agree(G0), ref_apply(G0, M, G) ), Moves, GS0, End),
    agree(End),
    game_over(End, W),
    assertion(W == RefWinner).

:- begin_tests(fourmation_differential).

test(random_games, [forall(between(3, 12, N))]) :-
    games_per_size(N, G),
    game_seeds(random_games(N), G, Seeds),
    forall(member(Seed, Seeds), check_random_game(N, Seed)).

test(engine_random_games_are_legal, [forall(member(N, [4, 7, 8, 12]))]) :-
    % The engine's own random games replayed by the reference.
    games_per_size(N, Few),
    G is Few * 4,
    game_seeds(engine_random_games(N), G, Seeds),
    forall(member(Seed, Seeds),
           ( fourmation_random_game(N, Seed, Moves, W),
             ref_initial(N, GS0),
             foldl([M, G0, G1]>>ref_apply(G0, M, G1), Moves, GS0, End),
             ref_winner(End, RW),
             assertion(W == RW) )).

test(perft, [forall(member(N-D, [3-5, 4-4, 5-3, 6-3, 7-3, 9-2, 12-2]))]) :-
    % At the start and at positions along random games.
    ref_random_game(N, 7, Moves, _),
    ref_initial(N, GS0),
    length(Moves, Len),
    Steps is min(Len, 8),
    length(Prefix, Steps), append(Prefix, _, Moves),
    foldl([M, G0, G]>>( ref_perft(G0, D, R), fourmation_perft(G0, D, F),
                        assertion(F == R), ref_apply(G0, M, G) ),
          Prefix, GS0, _).

test(line_values, [forall(member(N, [4, 6, 9, 12]))]) :-
    ref_random_game(N, 11, Moves, _),
    ref_initial(N, GS0),
    foldl([M, G0, G]>>ref_apply(G0, M, G), Moves, GS0, End),
    Max is N - 1,
    forall(( between(0, Max, L), between(0, Max, C), member(Col, [white, black]) ),
           ( ref_line_value(End, L-C, Col, R),
             fourmation_line_value_(End, L-C, Col, V),
             assertion(V == R) )).

test(report_value_is_line_value) :-
    ref_random_game(7, 5, Moves, _),
    ref_initial(7, GS0),
    foldl([M, G0, G]>>ref_apply(G0, M, G), Moves, GS0, End),
    End = gameState(_, turn(_-Col), _),
    forall(( between(0, 6, L), between(0, 6, C) ),
           ( ref_line_value(End, L-C, Col, R), value(End, L-C, V), assertion(V == R) )).

test(hand_made_boards) :-
    % Random fillings, which play cannot always reach (both colours may have
    % four, the previous move may be any cell, even an empty one).
    scaled(300, 100, K),
    game_seeds(hand_made_boards, K, Seeds),
    forall(member(I, Seeds),
           ( set_random(seed(I)),
             random_between(3, 12, N),
             random_between(0, 100, Density),
             length(Board, N),
             maplist(random_row(N, Density), Board),
             random_member(Col, [white, black]),
             (   maybe(0.2)
             ->  Prev = (-1)-(-1)
             ;   Max is N - 1, random_between(0, Max, PL), random_between(0, Max, PC),
                 Prev = PL-PC
             ),
             agree(gameState(Board, turn(human-Col), Prev)) )).

:- end_tests(fourmation_differential).

random_row(N, Density, Row) :-
    length(Row, N),
    maplist(random_cell(Density), Row).
random_cell(Density, Cell) :-
    random_between(1, 100, X),
    (   X > Density
    ->  Cell = empty
    ;   random_member(Cell, [white, black])
    ).

% Whole games between levels; every move is checked by the reference.
level_game(N, WhiteLevel, BlackLevel, Seed, Winner) :-
    set_random(seed(Seed)),
    ref_initial(N, GS0),
    level_loop(GS0, WhiteLevel, BlackLevel, Winner).

level_loop(GS, WL, BL, Winner) :-
    ref_winner(GS, W),
    (   W \== none
    ->  Winner = W,
        assertion(\+ choose_move(GS, 1, _))
    ;   GS = gameState(_, turn(_-Col), _),
        (   Col == white -> Level = WL ; Level = BL ),
        level_move(GS, Level, M),
        ref_valid_moves(GS, Legal),
        assertion(memberchk(M, Legal)),
        ref_apply(GS, M, GS2),
        move(GS, M, G1), pass_turn(G1, G2),
        assertion(G2 == GS2),
        level_loop(GS2, WL, BL, Winner)
    ).

% The engine limited to 6 plies instead of level 3's second: quick, and
% the same on a loaded machine.
level_move(GS, 3, M) :- !, fourmation_engine_move(GS, [depth(6)], M).
level_move(GS, L, M) :- choose_move(GS, L, M).

:- begin_tests(fourmation_levels).

test(all_pairs, [forall(( member(WL, [1, 2, 3]), member(BL, [1, 2, 3]) ))]) :-
    ( sanitized -> Sizes = [5] ; Sizes = [4, 6, 7] ),
    forall(member(N, Sizes),
           ( level_game(N, WL, BL, N, W),
             assertion(memberchk(W, [white, black, draw])) )).

test(level3_beats_level1) :-
    % Never a loss; a stuck draw can happen, so most, not all, are wins.
    ( sanitized -> G = 2 ; G = 6 ),
    findall(R, ( between(1, G, Seed),
                 (   Seed mod 2 =:= 0
                 ->  level_game(7, 3, 1, Seed, W), result_for(white, W, R)
                 ;   level_game(7, 1, 3, Seed, W), result_for(black, W, R)
                 ) ), Rs),
    assertion(\+ memberchk(loss, Rs)),
    aggregate_all(count, member(win, Rs), Wins),
    assertion(Wins * 3 >= G * 2).

:- end_tests(fourmation_levels).

result_for(Colour, Colour, win) :- !.
result_for(_, draw, draw) :- !.
result_for(_, _, loss).

% The report's loop hands the turn to the other colour, same player.
pass_turn(GS1, GS2) :-
    GS1 = gameState(_, turn(P-C), _),
    ( C == white -> O = black ; O = white ),
    next_player(GS1, turn(P-O), GS2).
