% Stand-in for the course's checker: named tests, each under a time limit,
% comparing with == as the course's checker does; vmcheck/0 prints a score.
:- use_module(library(time)).

uttt(enunt, S) :-
    buildState([[0, '', x, x, '', x, '', '', x],
                [x, '', '', 0, '', 0, '', 0, ''],
                [0, '', 0, '', '', '', '', '', x],
                [0, '', '', '', '', '', '', '', ''],
                [x, x, x, '', '', '', '', '', 0],
                [0, x, '', '', '', '', '', '', ''],
                ['', '', '', '', '', '', '', '', 0],
                ['', x, '', '', 0, '', '', x, ''],
                ['', 0, '', '', 0, '', x, 0, x]], w, S).

% x wins board c (nw, ne, sw, then n), sending 0 to board n.
moves(game1, [(c, nw), c, ne, c, sw, c, n]).

check(initial_player) :- initialState(S), getNextPlayer(S, P), P == x.
check(initial_available) :- initialState(S), positions(Ps), getNextAvailableBoards(S, Ps).
check(uboard) :- uttt(enunt, S), getUBoard(S, U), U == [x, '', '', '', x, '', '', '', 0].
check(board_n) :- uttt(enunt, S), getBoard(S, n, B), B == [x, '', '', 0, '', 0, '', 0, ''].
check(next_player) :- uttt(enunt, S), getNextPlayer(S, P), P == x.
check(available) :- uttt(enunt, S), getNextAvailableBoards(S, B), B == [w].
check(available_after_c) :-
    uttt(enunt, S), makeMove(S, c, S1), getNextAvailableBoards(S1, B), B == [n, ne, w, e, sw, s].
check(result_helpers) :-
    uttt(enunt, S), getBoard(S, c, B), player_wins(x, B), \+ player_wins(0, B),
    getBoardResult(B, R), R == x.
check(valid_moves) :- uttt(enunt, S), findall(M, validMove(S, M), Ms), Ms == [n, ne, w, c, e, sw, s, se].
check(invalid_moves) :- uttt(enunt, S), \+ validMove(S, (w, n)), \+ validMove(S, nw), \+ validMove(S, zz).
check(move_list) :-
    initialState(S0), moves(game1, Ms),
    foldl([M, A, B]>>makeMove(A, M, B), Ms, S0, S),
    getUBoard(S, U), U == ['', '', '', '', x, '', '', '', ''],
    getNextAvailableBoards(S, Av), Av == [n].
check(dummy_first) :- uttt(enunt, S), dummy_first(S, M), M == n.
check(dummy_last) :- uttt(enunt, S), dummy_last(S, M), M == se.
check(move_priority) :- uttt(enunt, S), getBoard(S, ne, B), movePriority(0, B, n, P), P == 0.
check(best_individual) :-
    uttt(enunt, S), getBoard(S, w, B), bestIndividualMoves(x, B, Ms), Ms == [c, ne, sw, se, n, w, e, s].
check(sort_helper) :-
    % the course's own sortMoves/2 next to ours
    uttt(enunt, S), getBoard(S, w, B),
    findall(P-M, movePriority(x, B, M, P), Pairs), sortMoves(Pairs, Ms),
    bestIndividualMoves(x, B, Ms).
check(narrow_greedy) :- uttt(enunt, S), narrowGreedy(S, M), M == c.
check(best_moves) :- uttt(enunt, S), bestMoves(S, Ms), Ms == [sw, w, e, s, n, ne, c, se].
check(greedy) :- uttt(enunt, S), greedy(S, M), M == sw.
check(printing) :-
    uttt(enunt, S), with_output_to(string(Out), printBoards(S)), sub_string(Out, _, _, _, "next: x in [w]").

vmcheck :-
    findall(T, clause(check(T), _), Tests),
    foldl(run_check, Tests, 0, Passed),
    length(Tests, N),
    format("score: ~d/~d~n", [Passed, N]),
    (   Passed =:= N -> format("ALL OK~n") ; true ).

run_check(T, P0, P) :-
    (   catch(call_with_time_limit(5, check(T)), E, (print_message(error, E), fail))
    ->  P is P0 + 1
    ;   format("FAILED: ~w~n", [T]), P = P0
    ).
