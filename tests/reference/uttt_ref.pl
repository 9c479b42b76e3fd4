:- module(uttt_ref,
          [ ref_initial/1,
            ref_build/3,
            ref_boards/2,
            ref_board/3,
            ref_uboard/2,
            ref_next_player/2,
            ref_available_boards/2,
            ref_board_result/2,
            ref_game_result/2,
            ref_valid_moves/2,
            ref_make_move/3,
            ref_perft/3,
            ref_dummy_first/2,
            ref_dummy_last/2,
            ref_move_priority/4,
            ref_best_individual_moves/3,
            ref_narrow_greedy/2,
            ref_best_moves/2,
            ref_move_category/3,
            ref_greedy/2
          ]).

/** <module> Ultimate Tic-Tac-Toe: plain Prolog reference

A deliberately simple implementation of the Ultimate Tic-Tac-Toe rules
(see specs/uttt.md).  It is the oracle the C++ engine is compared against
and the speed baseline of plain Prolog, so clarity wins over speed
everywhere.

Representation: ref(Boards, PrevPos).

  - Boards is a list of 9 small boards, each a list of 9 cells, both in
    position order nw, n, ne, w, c, e, sw, s, se.
  - A cell is the atom x, the integer 0 or the empty atom ''.
  - PrevPos is the cell position of the last move (it names the board the
    next player is sent to), or `none` before the first move.

The U-board is derived, never stored: its cell k is the result of small
board k (x, 0, r for a draw, '' while the board is still open).

Moves use the contract's notation: a bare position when exactly one board
is available, a pair (UPos, Pos) when several are.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(error)).

                 /*******************************
                 *      POSITIONS AND CELLS     *
                 *******************************/

%   The fixed position order; board order and cell order are the same.
positions([nw, n, ne, w, c, e, sw, s, se]).

%   Position -> list index.  A table (not nth0/3 on positions/1) so that
%   the lookup is deterministic through first-argument indexing.
pos_index(nw, 0).
pos_index(n,  1).
pos_index(ne, 2).
pos_index(w,  3).
pos_index(c,  4).
pos_index(e,  5).
pos_index(sw, 6).
pos_index(s,  7).
pos_index(se, 8).

is_position(P) :-
    atom(P),
    pos_index(P, _).

corner(nw).
corner(ne).
corner(sw).
corner(se).

is_corner(P) :-
    atom(P),
    corner(P).

other(x, 0).
other(0, x).

%   Cell of a 9-cell list (small board or U-board) at a position.
cell(Board, Pos, Cell) :-
    pos_index(Pos, I),
    nth0(I, Board, Cell).

%   Board with the cell at Pos replaced by Value.
set_cell(Board, Pos, Value, NewBoard) :-
    pos_index(Pos, I),
    nth0(I, Board, _, Rest),
    nth0(I, NewBoard, Value, Rest).

%   Free ('' ) cells, in position order.
free_cells(Board, Free) :-
    positions(Ps),
    findall(P, (member(P, Ps), cell(Board, P, C), C == ''), Free).

%   Number of cells holding exactly Value.
count_cells([], _, 0).
count_cells([C|Cs], Value, N) :-
    count_cells(Cs, Value, N0),
    (   C == Value
    ->  N is N0 + 1
    ;   N = N0
    ).

%   The eight lines of a 3x3 board: 3 rows, 3 columns, 2 diagonals.
board_lines([A,B,C,D,E,F,G,H,I],
            [[A,B,C], [D,E,F], [G,H,I],
             [A,D,G], [B,E,H], [C,F,I],
             [A,E,I], [C,E,G]]).

%   Player holds a whole line.  Cells are ground, so unification with
%   [P,P,P] is an exact test; r and '' never equal a player.
has_line(Player, Board) :-
    board_lines(Board, Lines),
    memberchk([Player, Player, Player], Lines).

%   Free cells where Player's mark would complete a line, position order.
winning_cells(Player, Board, Cells) :-
    free_cells(Board, Free),
    findall(P,
            ( member(P, Free),
              set_cell(Board, P, Player, After),
              has_line(Player, After)
            ),
            Cells).

%   Player is one move away from winning Board.
can_win_next(Player, Board) :-
    winning_cells(Player, Board, Cells),
    Cells \== [].

empty_board(['', '', '', '', '', '', '', '', '']).

                 /*******************************
                 *        STATE AND ACCESS      *
                 *******************************/

%!  ref_initial(-State) is det.
%
%   The start of the game: nine empty boards, no previous move.

ref_initial(ref(Boards, none)) :-
    empty_board(E),
    Boards = [E, E, E, E, E, E, E, E, E].

%!  ref_build(+Boards, +PrevPos, -State) is det.
%
%   State from 9 boards of 9 cells and the cell position of the last move
%   (`none` for "no move yet").  Raises a type or domain error on malformed
%   input rather than building a state the other predicates cannot read.

ref_build(Boards, PrevPos, ref(Boards, PrevPos)) :-
    must_be(list, Boards),
    length(Boards, NB),
    (   NB =:= 9
    ->  true
    ;   domain_error(nine_boards, Boards)
    ),
    maplist(check_board, Boards),
    (   ( PrevPos == none ; is_position(PrevPos) )
    ->  true
    ;   domain_error(uttt_position_or_none, PrevPos)
    ).

check_board(Board) :-
    (   is_list(Board),
        length(Board, 9),
        maplist(is_cell, Board)
    ->  true
    ;   domain_error(uttt_board, Board)
    ).

is_cell(C) :- C == x, !.
is_cell(C) :- C == 0, !.
is_cell(C) :- C == ''.

%!  ref_boards(+State, -Boards) is det.
%
%   The 9 small boards, in position order.

ref_boards(ref(Boards, _), Boards).

%!  ref_board(+State, +UPos, -Board) is semidet.
%
%   The small board at U-board position UPos; fails if UPos is not a
%   position.

ref_board(ref(Boards, _), UPos, Board) :-
    is_position(UPos),
    cell(Boards, UPos, Board).

%!  ref_uboard(+State, -UBoard) is det.
%
%   The U-board: the result of each small board (x, 0, r or '').

ref_uboard(ref(Boards, _), UBoard) :-
    maplist(ref_board_result, Boards, UBoard).

%!  ref_next_player(+State, -Player) is det.
%
%   x moves first, so x is next exactly when both players have the same
%   number of marks on the small boards.

ref_next_player(ref(Boards, _), Player) :-
    append(Boards, Cells),
    count_cells(Cells, x, NX),
    count_cells(Cells, 0, NO),
    (   NX =:= NO
    ->  Player = x
    ;   Player = 0
    ).

%!  ref_board_result(+Cells, -Result) is det.
%
%   Result of any 9-cell list: x or 0 for three in a row, r when no ''
%   cell is left and nobody has a line, '' while the game on it goes on.
%   On the U-board r cells belong to nobody and are not free, so a U-board
%   of x, 0 and r cells only is a draw.  (If both players had a line, which
%   no real game produces, x is reported.)

ref_board_result(Cells, Result) :-
    (   has_line(x, Cells)
    ->  Result = x
    ;   has_line(0, Cells)
    ->  Result = 0
    ;   memberchk('', Cells)
    ->  Result = ''
    ;   Result = r
    ).

%!  ref_game_result(+State, -Result) is det.
%
%   x or 0 when that player has three won boards in a row, r when every
%   board is finished and nobody won (so no move is left), '' otherwise.
%   While some board is open it has a free cell, so some move exists:
%   "no move left" is exactly "no '' cell on the U-board".

ref_game_result(State, Result) :-
    ref_uboard(State, UBoard),
    ref_board_result(UBoard, Result).

%   Board at UPos is finished (won or drawn).
board_finished(State, UPos) :-
    ref_uboard(State, UBoard),
    cell(UBoard, UPos, R),
    R \== ''.

%!  ref_available_boards(+State, -UPositions) is det.
%
%   Boards the next player may play in, in position order:
%     - none when the game is over;
%     - every open board at the start (PrevPos = none);
%     - the board named by the last move's cell if it is still open;
%     - otherwise every open board.

ref_available_boards(State, Available) :-
    State = ref(_, PrevPos),
    ref_uboard(State, UBoard),
    findall(U, ( positions(Ps), member(U, Ps), cell(UBoard, U, R), R == '' ),
            Open),
    (   ref_board_result(UBoard, GR), GR \== ''
    ->  Available = []
    ;   PrevPos \== none,
        memberchk(PrevPos, Open)
    ->  Available = [PrevPos]
    ;   Available = Open
    ).

                 /*******************************
                 *             MOVES            *
                 *******************************/

%!  ref_valid_moves(+State, -Moves) is det.
%
%   Every valid move, boards in position order and cells in position order
%   within a board.  Bare positions when exactly one board is available,
%   (UPos, Pos) pairs when several are, [] when the game is over.

ref_valid_moves(State, Moves) :-
    ref_available_boards(State, Available),
    (   Available = [U]
    ->  ref_board(State, U, Board),
        free_cells(Board, Moves)
    ;   findall((U, P),
                ( member(U, Available),
                  ref_board(State, U, Board),
                  free_cells(Board, Free),
                  member(P, Free)
                ),
                Moves)
    ).

%!  ref_make_move(+State, +Move, -NewState) is semidet.
%
%   Play Move for the next player.  Fails if the game is over, if Move uses
%   the wrong notation (a pair with one available board, a bare position
%   with several), names a board that is not available or a cell that is
%   not free, or is not a move term at all.

ref_make_move(State, Move, NewState) :-
    move_target(State, Move, UPos, Pos),
    ref_next_player(State, Player),
    put_mark(State, UPos, Pos, Player, NewState).

%   Board and cell a move refers to, checking notation and legality.
move_target(State, Move, UPos, Pos) :-
    nonvar(Move),
    ref_available_boards(State, Available),
    (   Available = [UPos]
    ->  is_position(Move),
        Pos = Move
    ;   Available = [_, _|_],
        Move = (UPos, Pos),
        is_position(UPos),
        is_position(Pos),
        memberchk(UPos, Available)
    ),
    ref_board(State, UPos, Board),
    cell(Board, Pos, Cell),
    Cell == ''.

%   Mark cell Pos of board UPos; Pos becomes the previous position.
put_mark(ref(Boards, _), UPos, Pos, Mark, ref(NewBoards, Pos)) :-
    cell(Boards, UPos, Board),
    set_cell(Board, Pos, Mark, NewBoard),
    set_cell(Boards, UPos, NewBoard, NewBoards).

%!  ref_perft(+State, +Depth, -Leaves) is det.
%
%   Number of move sequences of exactly Depth moves from State (games that
%   end earlier contribute nothing).  At depth 1 the moves are counted
%   rather than played, which is the same number.

ref_perft(_, 0, Leaves) :-
    !,
    Leaves = 1.
ref_perft(State, 1, Leaves) :-
    !,
    ref_valid_moves(State, Moves),
    length(Moves, Leaves).
ref_perft(State, Depth, Leaves) :-
    Depth > 1,
    D1 is Depth - 1,
    ref_valid_moves(State, Moves),
    foldl(perft_add(State, D1), Moves, 0, Leaves).

perft_add(State, Depth, Move, N0, N) :-
    ref_make_move(State, Move, Next),
    ref_perft(Next, Depth, N1),
    N is N0 + N1.

%!  ref_dummy_first(+State, -Move) is semidet.
%
%   First valid move in position order; fails when the game is over.

ref_dummy_first(State, Move) :-
    ref_valid_moves(State, [Move|_]).

%!  ref_dummy_last(+State, -Move) is semidet.
%
%   Last valid move in position order; fails when the game is over.

ref_dummy_last(State, Move) :-
    ref_valid_moves(State, Moves),
    last(Moves, Move).

                 /*******************************
                 *   STAGE 2: ONE SMALL BOARD   *
                 *******************************/

%!  ref_move_priority(+Player, +Board, +Pos, -Priority) is semidet.
%
%   Priority (lower is better) of Player marking the free cell Pos of
%   Board, a small board or the U-board.  The smallest applicable value of
%   the list below wins.  Fails if Pos is not a free cell.
%
%     0  the move wins the board;
%     1  the opponent would win the board by playing Pos (we block him);
%     2  the board is empty and Pos is a corner;
%     3  Player has no mark on the board and: the opponent holds the centre
%        and Pos is a corner, or the opponent does not hold the centre and
%        Pos is the centre;
%     4  after the move Player can win the board with one more move;
%     5  Pos is a corner;
%     6  anything else.

ref_move_priority(Player, Board, Pos, Priority) :-
    other(Player, Opponent),
    is_position(Pos),
    cell(Board, Pos, Cell),
    Cell == '',
    set_cell(Board, Pos, Player, After),
    findall(P,
            priority_applies(P, Player, Opponent, Board, Pos, After),
            Ps),
    min_list(Ps, Priority).

priority_applies(0, Player, _, _, _, After) :-
    has_line(Player, After).
priority_applies(1, _, Opponent, Board, Pos, _) :-
    set_cell(Board, Pos, Opponent, Blocked),
    has_line(Opponent, Blocked).
priority_applies(2, _, _, Board, Pos, _) :-
    empty_board(Board),
    corner(Pos).
priority_applies(3, Player, Opponent, Board, Pos, _) :-
    \+ memberchk(Player, Board),
    cell(Board, c, Centre),
    (   Centre == Opponent
    ->  corner(Pos)
    ;   Pos == c
    ).
priority_applies(4, Player, _, _, _, After) :-
    can_win_next(Player, After).
priority_applies(5, _, _, _, Pos, _) :-
    corner(Pos).
priority_applies(6, _, _, _, _, _).

%!  ref_best_individual_moves(+Player, +Board, -Positions) is det.
%
%   The free cells of Board ordered by ref_move_priority/4; equal
%   priorities keep position order (keysort/2 is stable).

ref_best_individual_moves(Player, Board, Positions) :-
    free_cells(Board, Free),
    findall(Pr-P,
            ( member(P, Free),
              ref_move_priority(Player, Board, P, Pr)
            ),
            Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Positions).

%!  ref_narrow_greedy(+State, -Move) is semidet.
%
%   One available board: its best individual move.  Several: the best
%   board, choosing among the available ones by the same priorities applied
%   to the U-board as if it were a small board, then its best individual
%   move.  Fails when the game is over.

ref_narrow_greedy(State, Move) :-
    ref_available_boards(State, Available),
    ref_next_player(State, Player),
    (   Available = [U]
    ->  ref_board(State, U, Board),
        ref_best_individual_moves(Player, Board, [Move|_])
    ;   Available = [_, _|_],
        ordered_boards(State, Player, Available, [U|_]),
        ref_board(State, U, Board),
        ref_best_individual_moves(Player, Board, [P|_]),
        Move = (U, P)
    ).

%   Available boards in U-board priority order.  Only open boards are free
%   on the U-board; the filter keeps the result within Available anyway.
ordered_boards(State, Player, Available, Ordered) :-
    ref_uboard(State, UBoard),
    ref_best_individual_moves(Player, UBoard, ByPriority),
    findall(U, ( member(U, ByPriority), memberchk(U, Available) ), Ordered).

                 /*******************************
                 *    STAGE 2: THE WHOLE GAME   *
                 *******************************/

%!  ref_best_moves(+State, -Moves) is det.
%
%   All valid moves, best first, by the ten categories of the statement as
%   the course reads them (see move_category/4).  The a-priori order, which
%   a stable sort keeps among equals, is ref_best_individual_moves/3 inside
%   a board and, with several boards, the boards in the order
%   ref_best_individual_moves/3 gives on the U-board.  [] when the game is
%   over.
%
%   The statement's worked example (x to move, only board w available,
%   a-priori order [c, ne, sw, se, n, w, e, s]) gives
%   [sw, w, e, s, n, ne, c, se]:
%     - c:  board c is already won by x (free choice for 0)  -> category 9
%     - ne: 0 wins board ne by its n (nw-n-ne), not a game win, and that
%           sends x to board n, open and with no x win in one; it is 0's
%           only winning reply                               -> category 8
%     - sw: 0 has one mark on board sw (its se), nobody wins
%           it in one move                                   -> category 3
%     - se: board se is already won by 0                     -> category 9
%     - n:  0 wins board n by its c (w-c-e), which is not a game win, and
%           that sends x to board c, already won by x        -> category 7
%     - w, e, s: one 0 mark each, nobody wins in one move    -> category 3
%   The four moves of category 3 keep their a-priori order (sw is a
%   corner, priority 5, ahead of the edges w, e, s), and c comes before se
%   (c has the centre priority 3).

ref_best_moves(State, Moves) :-
    ref_available_boards(State, Available),
    (   Available == []
    ->  Moves = []
    ;   ref_next_player(State, Player),
        a_priori_moves(State, Player, Available, Ordered),
        findall(Key-M,
                ( member(M, Ordered),
                  move_key(State, Player, M, Key)
                ),
                Keyed),
        keysort(Keyed, Sorted),
        pairs_values(Sorted, Moves)
    ).

a_priori_moves(State, Player, [U], Moves) :-
    !,
    ref_board(State, U, Board),
    ref_best_individual_moves(Player, Board, Moves).
a_priori_moves(State, Player, Available, Moves) :-
    ordered_boards(State, Player, Available, Boards),
    findall((U, P),
            ( member(U, Boards),
              ref_board(State, U, Board),
              ref_best_individual_moves(Player, Board, Ps),
              member(P, Ps)
            ),
            Moves).

%   Sort key k(Category, Tie): Tie orders category 4 by the mover's marks
%   on the target board after the move (more first); it is 0 for every
%   other category, so nothing else breaks ties.
move_key(State, Player, Move, k(Category, Tie)) :-
    ref_make_move(State, Move, After),
    After = ref(_, Target),
    move_category(After, Player, Target, Category),
    (   Category =:= 4
    ->  ref_board(After, Target, TB),
        count_cells(TB, Player, Mine),
        Tie is -Mine
    ;   Tie = 0
    ).

%!  ref_move_category(+State, +Move, -Category) is semidet.
%
%   Category (1..10) of the valid move Move in State, as ref_best_moves/2
%   sorts it; fails when Move is not valid.

ref_move_category(State, Move, Category) :-
    ref_next_player(State, Player),
    ref_make_move(State, Move, After),
    After = ref(_, Target),
    move_category(After, Player, Target, Category).

%!  move_category(+After, +Player, +Target, -Category) is det.
%
%   Category (1 best .. 10 worst) of a move by Player that led to state
%   After and whose cell position Target names the board T the opponent
%   is sent to.  Everything is judged on After, and the first rule that
%   applies gives the category (specs/uttt.md, "bestMoves: how the
%   categories are assigned"):
%
%     1  the move wins the whole game for Player;
%    10  the opponent can win the whole game with his next move: in some
%        board he may play in next (T if it is open, else any open board)
%        he can complete a line, and owning that board completes his line
%        of boards on the U-board (drawn boards belong to nobody);
%     9  T is finished (won or full): the opponent chooses any open board;
%        this includes a move that finishes T itself or ends the game drawn;
%   7/8  the opponent can win T in one move: 7 when at least one of his
%        winning cells W sends Player to a board (the one at W, judged
%        after W) that is finished or that Player can win in one move
%        (W = Target sends him to T, just won: finished), otherwise 8;
%     6  Player can win T in one move;
%  2/3/4 otherwise, by the opponent's marks on T: none, one, two or more.
%
%   So the statement's exclusion under item 4 (boards the opponent wins,
%   boards where Player is one move from winning) holds for items 2 and 3
%   too, "that move" in item 7 is one of the opponent's winning moves,
%   and item 5 is never given.

move_category(After, Player, Target, Category) :-
    other(Player, Opponent),
    ref_board(After, Target, TB),
    ref_board_result(TB, TResult),
    (   ref_game_result(After, Player)
    ->  Category = 1
    ;   opponent_wins_game_next(After, Opponent)
    ->  Category = 10
    ;   TResult \== ''
    ->  Category = 9
    ;   winning_cells(Opponent, TB, Ws),
        Ws \== []
    ->  (   member(W, Ws),
            reply_sends_to_good_board(After, Player, Opponent, Target, W)
        ->  Category = 7
        ;   Category = 8
        )
    ;   can_win_next(Player, TB)
    ->  Category = 6
    ;   count_cells(TB, Opponent, Marks),
        (   Marks =:= 0
        ->  Category = 2
        ;   Marks =:= 1
        ->  Category = 3
        ;   Category = 4
        )
    ).

%   The player to move in After (Opponent) has a board available where he
%   can complete a line, and owning it completes his line of boards.
opponent_wins_game_next(After, Opponent) :-
    ref_available_boards(After, Boards),
    member(B, Boards),
    ref_board(After, B, Board),
    can_win_next(Opponent, Board),
    winning_board_wins_game(After, Opponent, B),
    !.

%   The opponent's winning reply W on board Target sends Player to a board
%   (judged after W) that is finished or that Player can win in one move.
reply_sends_to_good_board(After, Player, Opponent, Target, W) :-
    put_mark(After, Target, W, Opponent, After2),
    ref_board(After2, W, Next),
    (   ref_board_result(Next, R), R \== ''
    ->  true
    ;   can_win_next(Player, Next)
    ).

%   Owning U-cell Target would give Player a line on the U-board.
winning_board_wins_game(State, Player, Target) :-
    ref_uboard(State, UBoard),
    set_cell(UBoard, Target, Player, UAfter),
    has_line(Player, UAfter).

%!  ref_greedy(+State, -Move) is semidet.
%
%   The first move of ref_best_moves/2; fails when the game is over.

ref_greedy(State, Move) :-
    ref_best_moves(State, [Move|_]).
