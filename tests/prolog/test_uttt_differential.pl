:- module(test_uttt_differential, []).
/*  Differential test: the engine against the independent pure-Prolog
    reference, position by position, over random games drawn from a seed
    that changes every run (printed; TABULA_TEST_SEED replays it), so that
    runs add up; `scripts/test --thorough` plays ten times as many.
*/
:- use_module(library(plunit)).
:- use_module(test_support).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module(library(tabula/uttt)).
:- use_module(library(tabula/uttt_tools)).
:- use_module('../reference/uttt_ref').

% Random games from Suite's seed: Count seeds, each a game.
game_seeds(Suite, Count, Seeds) :-
    test_seed(uttt_differential(Suite), Seed),
    set_random(seed(Seed)),
    length(Seeds, Count),
    maplist([S]>>random_between(1, 1000000000, S), Seeds).

% Both sides agree on everything observable in State / RefState.
agree(State, Ref) :-
    getBoards(State, Bs), ref_boards(Ref, Bs),
    getUBoard(State, U), ref_uboard(Ref, U),
    getNextAvailableBoards(State, A), ref_available_boards(Ref, A),
    findall(M, validMove(State, M), Ms), ref_valid_moves(Ref, Ms),
    uttt_result(State, R), ref_game_result(Ref, R),
    (   A == [] -> true ; getNextPlayer(State, P), ref_next_player(Ref, P) ).

% Stage 2 on the same position.
agree_stage2(State, Ref) :-
    bestMoves(State, B), ref_best_moves(Ref, B),
    (   B == []
    ->  true
    ;   greedy(State, G), ref_greedy(Ref, G),
        narrowGreedy(State, NG), ref_narrow_greedy(Ref, NG),
        getNextPlayer(State, P),
        getNextAvailableBoards(State, [Board|_]),
        getBoard(State, Board, Cells),
        bestIndividualMoves(P, Cells, BI), ref_best_individual_moves(P, Cells, BI),
        forall(member(Pos, BI),
               ( movePriority(P, Cells, Pos, Pr), ref_move_priority(P, Cells, Pos, Pr) ))
    ).

% Replays Moves on both sides, checking every position (stage 2 every
% Stride plies, 0 for never).
replay(Seed, Stride) :-
    initialState(S0), ref_initial(R0),
    uttt_random_game(S0, Seed, Moves, _),
    replay(Moves, S0, R0, 0, Stride).

replay([], S, R, _, _) :-
    assertion(agree(S, R)).
replay([M|Ms], S, R, Ply, Stride) :-
    assertion(agree(S, R)),
    (   Stride > 0, Ply mod Stride =:= 0 -> assertion(agree_stage2(S, R)) ; true ),
    makeMove(S, M, S1),
    ref_make_move(R, M, R1),
    Ply1 is Ply + 1,
    replay(Ms, S1, R1, Ply1, Stride).

:- begin_tests(uttt_vs_reference).

test(random_games_stage1) :-
    scaled(400, 100, N),
    game_seeds(stage1, N, Seeds),
    forall(member(Seed, Seeds), replay(Seed, 0)).

test(random_games_stage2) :-
    scaled(40, 10, N),
    game_seeds(stage2, N, Seeds),
    forall(member(Seed, Seeds), replay(Seed, 3)).

test(random_positions_categories) :-
    % Every valid move's category, engine against reference, every fourth
    % position of 60 random games; these positions give every category
    % but 5 (which neither ever gives).
    findall(C,
            ( between(7001, 7060, Seed),
              initialState(S0), ref_initial(R0),
              uttt_random_game(S0, Seed, Moves, _),
              nth0(I, Moves, _), I mod 4 =:= 0,
              length(Prefix, I), append(Prefix, _, Moves),
              uttt_play_moves(S0, Prefix, S),
              foldl([M, A, B]>>ref_make_move(A, M, B), Prefix, R0, R),
              validMove(S, Move),
              uttt_move_category(S, Move, C),
              ( ref_move_category(R, Move, RC) -> true ; RC = none ),
              assertion(RC == C)
            ),
            Cs),
    sort(Cs, Seen),
    assertion(Seen == [1, 2, 3, 4, 6, 7, 8, 9, 10]).

test(built_states_agree) :-
    % buildState from any reached position, with every previous cell.
    scaled(30, 10, N),
    game_seeds(built_states, N, Seeds),
    forall(member(Seed, Seeds),
           ( initialState(S0), uttt_random_game(S0, Seed, Moves, _),
             length(Moves, L), K is L // 2, length(P, K), append(P, _, Moves),
             uttt_play_moves(S0, P, S), getBoards(S, Bs),
             forall(member(Prev, [nw, n, ne, w, c, e, sw, s, se]),
                    ( buildState(Bs, Prev, B), ref_build(Bs, Prev, R),
                      assertion(agree(B, R)), assertion(agree_stage2(B, R)) )) )).

test(perft_depth_3_agrees, N == M) :-
    initialState(S), ref_initial(R),
    uttt_perft(S, 3, N), ref_perft(R, 3, M).

:- end_tests(uttt_vs_reference).
