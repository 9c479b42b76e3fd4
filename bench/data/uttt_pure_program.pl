% A complete UTTT course program (both stages) in plain Prolog, as a
% student hands it in: every course predicate on the pure-Prolog
% reference rules (tests/reference/uttt_ref.pl), none on the engine.
% bench/check_bench.pl checks it to time the checker on plain Prolog.
:- use_module(uttt_ref).          % copied beside it by the bench

initialState(S) :- ref_initial(S).
buildState(Boards, Prev, S) :- ref_build(Boards, Prev, S).
getBoards(S, Boards) :- ref_boards(S, Boards).
getBoard(S, U, Board) :- ref_board(S, U, Board).
getUBoard(S, U) :- ref_uboard(S, U).
getPos(S, U, P, Cell) :- ref_board(S, U, Board), getPos(Board, P, Cell).
getPos(Board, P, Cell) :-
    nth0(I, [nw, n, ne, w, c, e, sw, s, se], P),
    nth0(I, Board, Cell).
getNextPlayer(S, P) :- ref_next_player(S, P).
getNextAvailableBoards(S, Bs) :- ref_available_boards(S, Bs).
getBoardResult(Board, R) :- ref_board_result(Board, R).
validMove(S, M) :- ref_valid_moves(S, Ms), member(M, Ms).
makeMove(S, M, S2) :- ref_make_move(S, M, S2).
dummy_first(S, M) :- ref_dummy_first(S, M).
dummy_last(S, M) :- ref_dummy_last(S, M).
movePriority(P, B, C, Pr) :- ref_move_priority(P, B, C, Pr).
bestIndividualMoves(P, B, Ms) :- ref_best_individual_moves(P, B, Ms).
narrowGreedy(S, M) :- ref_narrow_greedy(S, M).
bestMoves(S, Ms) :- ref_best_moves(S, Ms).
greedy(S, M) :- ref_greedy(S, M).
