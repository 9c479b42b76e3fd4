:- module(test_uttt_categories, []).
/*  bestMoves/2 and greedy/2 as the course assigns the ten categories
    (specs/uttt.md, "bestMoves: how the categories are assigned"), on the
    statement's worked example and on positions built by hand for every
    category and every tie-break. The engine (library(tabula/uttt)) and the
    pure-Prolog reference (tests/reference/uttt_ref.pl) must both give the
    expected answers. The categories of each position are worked out in
    the comments; tests/cpp/uttt_priorities_test.cpp checks the same
    positions on the C++ core.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/uttt)).
:- use_module(library(tabula/uttt_tools)).
:- use_module('../reference/uttt_ref').
:- include('data/uttt_examples.pl').

% Nine boards in position order, each a string of nine cells: x, o (the
% player 0) or '.'.
boards(Texts, Boards) :-
    maplist(board, Texts, Boards).
board(Text, Cells) :-
    string_chars(Text, Chars),
    maplist(cell, Chars, Cells).
cell(x, x).
cell(o, 0).
cell('.', '').

% position(?Name, -Texts, -PreviousCell, -APrioriMovesWithCategories, -BestMoves)
%
% The categories are listed in the a-priori order (bestIndividualMoves/3
% inside a board), which bestMoves/2 sorts stably.

% x to move in board c (empty); the cell played names the target T.
%   nw x.x......  x wins T at n, 0 has no mark              -> 6 (not 2)
%   n  xx..o....  x wins T at ne, 0 has one mark            -> 6 (not 3)
%   ne empty                                                -> 2
%   w  x...o....  one 0 mark, nobody wins in one            -> 3
%   c  after the move x's centre only                       -> 2
%   e  x...o...x  one 0 mark, two x marks, nobody wins      -> 3
%   sw oxo......  two 0 marks, nobody wins, one x mark      -> 4
%   s  oxo.x..o.  three 0 marks, nobody wins, two x marks   -> 4
%   se oo.......  0 wins at ne, which sends x to board ne:
%                 open, and x cannot win it in one          -> 8
% Category 2: ne before c although c holds the move's own mark; 3: w
% before e although e holds more x marks; 4: s (two x marks) before sw
% (one), against the a-priori order.
position(overlaps,
         ["x.x......", "xx..o....", ".........", "x...o....", ".........",
          "x...o...x", "oxo......", "oxo.x..o.", "oo......."], c,
         [nw-6, ne-2, sw-4, se-8, c-2, n-6, w-3, e-3, s-4],
         [ne, c, w, e, s, sw, nw, n, se]).
% x to move in board c (empty).
%   nw oo.o.....  0 wins at ne (sends x to ne, which x wins in one: good)
%                 and at sw (sends x to sw, open, no x win: bad) -> 7
%   n  xx.oo....  both can win T; 0's only win, at e, sends x to board e,
%                 open and no x win                          -> 8 (not 6)
%   ne xx.o.....  x wins at ne, one 0 mark                   -> 6
%   w  ox....o..  0 wins only at w, T's own cell: x is sent to T, which 0
%                 has just won                               -> 7
%   c  after the move x's centre only                        -> 2
%   e  x........  no 0 mark, one x mark                      -> 2
%   sw o...x....  one 0 mark                                 -> 3
%   s  o...o....  0 wins at se, which sends x to se, finished -> 7
%   se xxx.xx.o.  won by x                                   -> 9
position(replies,
         ["oo.o.....", "xx.oo....", "xx.o.....", "ox....o..", ".........",
          "x........", "o...x....", "o...o....", "xxx.xx.o."], c,
         [nw-7, ne-6, sw-3, se-9, c-2, n-8, w-7, e-2, s-7],
         [c, e, sw, ne, nw, w, s, n, se]).
% x has won nw and n, 0 has won sw and s; x to move in board ne
% (x.x.o....).
%   n   completes ne and the line nw-n-ne                   -> 1
%   w   T empty, 0 cannot win anything                      -> 2
%   e   one 0 mark                                          -> 3
%   sw  T won by 0: 0 chooses, and wins se and the game     -> 10 (not 9)
%   s   likewise                                            -> 10
%   se  0 wins se (at nw) and the game; that reply would send
%       x to a finished board                               -> 10 (not 7)
position(game,
         ["xxxoo....", "xxxoo....", "x.x.o....", ".........", "x....x...",
          "o........", "ooo.xx...", "ooo.xx...", ".oo......"], ne,
         [n-1, w-2, e-3, sw-10, s-10, se-10],
         [n, w, e, sw, s, se]).
% x to move in board c (x.......x); n is drawn, ne won by 0.
%   c   wins board c itself: T is finished                  -> 9
%   n   T drawn                                             -> 9
%   ne  T won by 0                                          -> 9
%   w   ox...o...: two 0 marks, nobody wins in one          -> 4
%   e   empty                                               -> 2
%   sw  one 0 mark                                          -> 3
%   s   xx.......: x wins it in one                         -> 6
position(finished_targets,
         [".........", "xoxxoooxx", "oooox.xo.", "ox...o...", "x.......x",
          ".........", "....o....", "xx.......", "........."], c,
         [c-9, n-9, ne-9, w-4, e-2, sw-3, s-6],
         [e, sw, w, s, c, n, ne]).
% Every board but c is won, with no line of boards; x fills c's last cell
% without a line: c is drawn and so is the game -> 9.
position(drawn_game,
         ["xxxoo....", "oooxx....", "xxxoo....", "xxxoo....", "xoxo.xoxo",
          "oooxx....", "oooxx....", "xxxoo....", "oooxx...."], c,
         [c-9],
         [c]).
% x to move in board c (ox.....o.): playing its centre sends 0 to c
% itself, where the move counts as one of x's marks.
%   ne  empty                                               -> 2
%   sw  one 0 mark                                          -> 3
%   se  x.x......: x wins it in one                         -> 6
%   w   oxo......: two 0 marks, one x mark                  -> 4
%   c   two 0 marks, x's n and the move                     -> 4, before w
%   e   oo.......: 0 wins at ne, sending x to ne (open, no
%       x win)                                              -> 8
position(own_board,
         ["x........", "x........", ".........", "oxo......", "ox.....o.",
          "oo.......", "o........", "x........", "x.x......"], c,
         [ne-2, sw-3, se-6, w-4, c-4, e-8],
         [ne, sw, c, w, se, e]).

% nw is drawn and the last move was in its cell: 0 chooses among eight
% empty boards, ordered as on the U-board, where the drawn cell is neither
% free nor anyone's mark: c, ne, sw, se, n, w, e, s (no corner priority 2,
% since the U-board is not empty). Moves into cell nw send x to the drawn
% board (9), every other one to an open board without an x mark (2).
free_choice_boards(["xoxxoooxx", ".........", ".........", ".........", ".........",
                    ".........", ".........", ".........", "........."]).
free_choice_best(Moves) :-
    Boards = [c, ne, sw, se, n, w, e, s],
    findall((B, P), ( member(B, Boards), member(P, [ne, sw, se, c, n, w, e, s]) ), Open),
    findall((B, nw), member(B, Boards), Drawn),
    append(Open, Drawn, Moves).

state(Name, S, R) :-
    position(Name, Texts, Prev, _, _),
    boards(Texts, Bs),
    buildState(Bs, Prev, S),
    ref_build(Bs, Prev, R).

:- begin_tests(uttt_categories).

test(statement_example_categories,
     Cs == [c-9, ne-8, sw-3, se-9, n-7, w-3, e-3, s-3]) :-
    uttt_statement_boards(Bs),
    buildState(Bs, w, S),
    getBoard(S, w, W),
    bestIndividualMoves(x, W, Order),
    findall(M-C, ( member(M, Order), uttt_move_category(S, M, C) ), Cs),
    ref_build(Bs, w, R),
    findall(M-C, ( member(M, Order), ref_move_category(R, M, C) ), Cs).

test(statement_example_best_moves, B-G-RB-RG == Expected-sw-Expected-sw) :-
    Expected = [sw, w, e, s, n, ne, c, se],
    uttt_statement_boards(Bs),
    buildState(Bs, w, S), bestMoves(S, B), greedy(S, G),
    ref_build(Bs, w, R), ref_best_moves(R, RB), ref_greedy(R, RG).

test(a_priori_order, [forall(position(Name, _, _, Keyed, _))]) :-
    state(Name, S, R),
    pairs_keys(Keyed, APriori),
    getNextAvailableBoards(S, [Board]),
    getNextPlayer(S, P),
    getBoard(S, Board, Cells),
    bestIndividualMoves(P, Cells, Order),
    assertion(Order == APriori),
    ref_board(R, Board, Cells),
    ref_best_individual_moves(P, Cells, RefOrder),
    assertion(RefOrder == APriori).

test(categories, [forall(position(Name, _, _, Keyed, _))]) :-
    state(Name, S, R),
    findall(M-C, ( member(M-_, Keyed), uttt_move_category(S, M, C) ), Engine),
    assertion(Engine == Keyed),
    findall(M-C, ( member(M-_, Keyed), ref_move_category(R, M, C) ), Ref),
    assertion(Ref == Keyed).

test(best_moves, [forall(position(Name, _, _, _, Best))]) :-
    state(Name, S, R),
    bestMoves(S, B),
    assertion(B == Best),
    ref_best_moves(R, RB),
    assertion(RB == Best),
    Best = [First|_],
    greedy(S, G), assertion(G == First),
    ref_greedy(R, RG), assertion(RG == First).

test(category_five_is_never_given, [forall(position(Name, _, _, Keyed, _))]) :-
    state(Name, S, _),
    forall(member(M-_, Keyed), ( uttt_move_category(S, M, C), C =\= 5 )).

test(free_choice_board_order) :-
    free_choice_boards(Texts),
    boards(Texts, Bs),
    buildState(Bs, nw, S), ref_build(Bs, nw, R),
    getNextPlayer(S, P), assertion(P == 0),
    getUBoard(S, U),
    assertion(U == [r, '', '', '', '', '', '', '', '']),
    bestIndividualMoves(0, U, Boards),
    assertion(Boards == [c, ne, sw, se, n, w, e, s]),
    free_choice_best(Best),
    bestMoves(S, B), assertion(B == Best),
    ref_best_moves(R, RB), assertion(RB == Best),
    greedy(S, G), assertion(G == (c, ne)),
    ref_greedy(R, RG), assertion(RG == (c, ne)),
    narrowGreedy(S, NG), assertion(NG == (c, nw)),
    ref_narrow_greedy(R, RNG), assertion(RNG == (c, nw)).

test(free_choice_categories) :-
    free_choice_boards(Texts),
    boards(Texts, Bs),
    buildState(Bs, nw, S), ref_build(Bs, nw, R),
    forall(validMove(S, M),
           ( M = (_, Cell),
             ( Cell == nw -> Expected = 9 ; Expected = 2 ),
             uttt_move_category(S, M, C), assertion(C == Expected),
             ref_move_category(R, M, RC), assertion(RC == Expected) )).

test(game_over_has_no_moves) :-
    position(drawn_game, Texts, Prev, _, _),
    boards(Texts, Bs),
    buildState(Bs, Prev, S),
    makeMove(S, c, S1),
    getNextAvailableBoards(S1, A), assertion(A == []),
    getUBoard(S1, U), getBoardResult(U, Res), assertion(Res == r),
    bestMoves(S1, B), assertion(B == []),
    \+ greedy(S1, _).

test(invalid_move_has_no_category, fail) :-
    state(overlaps, S, _),
    uttt_move_category(S, (c, nw), _).

test(invalid_move_has_no_reference_category, fail) :-
    state(overlaps, _, R),
    ref_move_category(R, (c, nw), _).

:- end_tests(uttt_categories).

:- begin_tests(uttt_priorities_on_u_boards).

% The statement orders boards by applying the priorities to the U-board,
% whose r cells (drawn boards) are neither free nor anyone's mark.

test(best_individual_moves_with_r, Ms == [se, w, sw, s]) :-
    bestIndividualMoves(0, [x, r, 0, '', x, 0, '', '', ''], Ms).
test(reference_agrees_with_r, Ms == [se, w, sw, s]) :-
    ref_best_individual_moves(0, [x, r, 0, '', x, 0, '', '', ''], Ms).
test(r_is_not_free, fail) :-
    movePriority(x, [r, '', '', '', '', '', '', '', ''], nw, _).
test(r_is_nobody_s_mark,
     Ps == [n-6, ne-5, w-6, c-3, e-6, sw-5, s-6, se-5]) :-
    % Not empty (no corner gets 2), no mark of x (the centre gets 3), and
    % not the opponent's centre.
    findall(M-P, movePriority(x, [r, '', '', '', '', '', '', '', ''], M, P), Ps).
test(r_blocks_a_line, P == 6) :-
    % x holds nw and n, and the drawn ne blocks that line: playing e sets
    % up no win (were r free, nw-n-ne would make it 4).
    movePriority(x, [x, x, r, '', 0, '', '', '', 0], e, P).
test(u_board_priorities_agree_with_reference,
     [forall(member(U, [ [r, '', '', '', '', '', '', '', ''],
                         [x, r, 0, '', x, 0, '', '', ''],
                         [x, x, r, '', 0, '', '', '', 0],
                         [r, r, r, r, '', r, r, r, r],
                         [0, r, '', '', '', '', x, r, ''] ]))]) :-
    forall(member(P, [x, 0]),
           ( bestIndividualMoves(P, U, Ms), ref_best_individual_moves(P, U, Ms),
             forall(member(M, Ms),
                    ( movePriority(P, U, M, Pr), ref_move_priority(P, U, M, Pr) )) )).
test(malformed_u_board, error(type_error(uttt_board, [r, q, '', '', '', '', '', '', '']))) :-
    movePriority(x, [r, q, '', '', '', '', '', '', ''], c, _).
test(malformed_u_board_best, error(type_error(uttt_board, [r, '']))) :-
    bestIndividualMoves(x, [r, ''], _).

:- end_tests(uttt_priorities_on_u_boards).
