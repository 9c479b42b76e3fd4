:- module(test_crosscut_differential, []).
:- use_module(library(plunit)).
:- use_module(test_support).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(tabula/crosscut)).
:- use_module(library(tabula/crosscut_tools)).
:- use_module('../reference/crosscut_ref').

/*  Differential tests against the independent pure-Prolog reference
    (tests/reference/crosscut_ref.pl): every placement on random boards,
    and every step of random games of every size, chosen by either side.
    Nothing is skipped: any disagreement fails the test. The games and
    boards are drawn from a seed that changes every run (printed;
    TABULA_TEST_SEED replays it); `scripts/test --thorough` draws ten
    times as many.
*/

sizes([5-5, 5-6, 6-5, 6-6, 5-10, 10-5, 7-7, 7-9, 8-8, 9-9, 9-6, 10-10]).

games_per_size(N) :- scaled(4, 1, N).

seed(Suite, H, W, I, Seed) :-
    test_seed(crosscut_differential(Suite), Base),
    Seed is Base + H * 1000 + W * 50 + I.

% Compares our state and the reference's after the same moves.
same_state(state(Turn, _, _, Board, H, W), cc(RefBoard, H, W, ToMove, RefWinner)) :-
    assertion(Board == RefBoard),
    game_over(state(Turn, 1, 1, Board, H, W), Winner),
    (   RefWinner == none
    ->  assertion(Winner == x),
        ( Turn mod 2 =:= 1 -> Player = 'R' ; Player = 'B' ),
        assertion(Player == ToMove)
    ;   assertion(Winner == RefWinner)
    ).

% Walks Moves in both, comparing legal moves, boards, winners and movers.
walk([], State, Ref) :-
    same_state(State, Ref),
    valid_moves(State, Ours),
    ref_moves(Ref, Theirs),
    assertion(Ours == Theirs).
walk([Move|Moves], State, Ref) :-
    same_state(State, Ref),
    valid_moves(State, Ours),
    ref_moves(Ref, Theirs),
    assertion(Ours == Theirs),
    assertion(move(State, Move, _)),
    move(State, Move, S1),
    next_turn(S1, S2),
    assertion(ref_apply(Ref, Move, _)),
    ref_apply(Ref, Move, Ref2),
    walk(Moves, S2, Ref2).

:- begin_tests(crosscut_reference).

test(engine_games_agree, forall((sizes(Sizes), member(H-W, Sizes), games_per_size(N),
                                 between(1, N, I)))) :-
    seed(engine_games, H, W, I, Seed),
    crosscut_random_game(size(H, W), Seed, Moves, Winner),
    initial_state(size(H, W), S0),
    ref_initial(H, W, R0),
    walk(Moves, S0, R0),
    crosscut_replay(size(H, W), Moves, _, W2),
    assertion(W2 == Winner).

test(reference_games_agree, forall((sizes(Sizes), member(H-W, Sizes), games_per_size(N),
                                    between(1, N, I)))) :-
    seed(reference_games, H, W, I, Seed),
    ref_random_game(H, W, Seed, Moves, Winner),
    initial_state(size(H, W), S0),
    ref_initial(H, W, R0),
    walk(Moves, S0, R0),
    crosscut_replay(size(H, W), Moves, _, W2),
    assertion(W2 == Winner).

% Random boards (perimeter discs included, so corners can flank): every
% square, both colours, the same placement or the same refusal. Boards
% where the game is already over (where move/3 refuses everything) are
% drawn again, so every board drawn is compared in full.
test(random_boards_every_placement, forall(board_seed(Seed))) :-
    running_board(Seed, 0, H, W, Board),
    forall(( member(Color-Turn, ['R'-1, 'B'-2]), between(1, H, Num), between(1, W, Let) ),
           ( S = state(Turn, 1, 1, Board, H, W),
             (   ref_place(Board, H, W, Color, move(Num, Let), RefBoard)
             ->  Expected = yes(RefBoard)
             ;   Expected = no
             ),
             (   move(S, move(Num, Let), state(_, _, _, Ours, _, _))
             ->  Got = yes(Ours)
             ;   Got = no
             ),
             assertion(Got == Expected)
           )).

board_seed(Seed) :-
    scaled(120, 40, N),
    test_seed(crosscut_differential(random_boards), Base),
    between(1, N, I),
    Seed is Base + I.

running_board(Seed, Try, H, W, Board) :-
    Seed1 is Seed * 1000 + Try,
    set_random(seed(Seed1)),
    random_between(5, 10, H0), random_between(5, 10, W0),
    random_between(1, 8, Density),
    random_board(H0, W0, Density, Board0),
    (   game_over(state(1, 1, 1, Board0, H0, W0), x)
    ->  H = H0, W = W0, Board = Board0
    ;   Try1 is Try + 1,
        running_board(Seed, Try1, H, W, Board)
    ).

% Engine-vs-engine games per level (level 3 with a short budget), every
% move checked by the reference.
test(level_games_checked_by_the_reference,
     forall(member(H-W-RedLevel-BlueLevel, [5-5-1-2, 6-7-2-3, 7-7-3-1, 8-6-3-2, 9-9-2-1, 7-10-3-3]))) :-
    initial_state(size(H, W), S0),
    Seed is H * W, set_random(seed(Seed)),
    level_game(S0, RedLevel-BlueLevel, Moves, Winner),
    ref_initial(H, W, R0),
    walk(Moves, S0, R0),
    crosscut_replay(size(H, W), Moves, _, W2),
    assertion(W2 == Winner),
    assertion(Winner \== x).

level_game(S, Levels, Moves, Winner) :-
    game_over(S, W),
    (   W == x
    ->  S = state(T, _, _, _, _, _),
        ( T mod 2 =:= 1 -> Levels = L-_ ; Levels = _-L ),
        level_move(L, S, M),
        move(S, M, S1),
        next_turn(S1, S2),
        Moves = [M|Ms],
        level_game(S2, Levels, Ms, Winner)
    ;   Moves = [],
        Winner = W
    ).

level_move(3, S, M) :- !, crosscut_engine_move(S, [time(0.02)], M, _).
level_move(L, S, M) :- choose_move(S, L, M).

test(perft, forall(member(H-W-D, [5-5-4, 5-6-3, 6-5-3, 6-6-3, 7-7-2, 10-10-2]))) :-
    ref_initial(H, W, R),
    ref_perft(R, D, Expected),
    initial_state(size(H, W), S),
    crosscut_perft(S, D, Got),
    assertion(Got == Expected).

:- end_tests(crosscut_reference).

random_board(H, W, Density, Board) :-
    length(Board, H),
    maplist(random_row(W, Density), Board).
random_row(W, Density, Row) :-
    length(Row, W),
    maplist(random_cell(Density), Row).
random_cell(Density, Cell) :-
    random_between(0, 9, X),
    (   X >= Density -> Cell = x
    ;   random_member(Cell, ['R', 'B'])
    ).
