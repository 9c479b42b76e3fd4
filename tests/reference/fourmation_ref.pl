/*  Pure-Prolog reference implementation of 4Mation.

    Written straight from the rules, favouring clarity over speed, so that
    it can serve as an oracle for differential tests of faster engines and
    as the plain-Prolog speed baseline.  No foreign code, no global state,
    no assert.

    Rules (square board, 3 =< N =< 12):
      - white moves first, players alternate placing one cube of their colour
        on an empty cell;
      - the first cube may go anywhere; every later cube must go on an empty
        cell 8-adjacent to the last cube placed, by either player;
      - four or more cubes of one colour in a row (horizontal, vertical or
        either diagonal) win;
      - if there is no four and the player to move has no legal cell, the
        game is a draw;
      - no move is possible once the game is over.

    State: gameState(Board, turn(Player-Color), PrevMove)
      Board     list of N rows, each a list of N atoms empty/white/black;
      Player    opaque (e.g. human); carried along untouched;
      Color     colour to move;
      PrevMove  L-C (0-based line and column) of the last cube, or
                (-1)-(-1) before the first move.
*/

:- module(fourmation_ref,
          [ ref_initial/2,           % +N, -GameState
            ref_valid_moves/2,       % +GameState, -Moves
            ref_apply/3,             % +GameState, +Move, -GameState2
            ref_winner/2,            % +GameState, -Winner
            ref_perft/3,             % +GameState, +Depth, -Leaves
            ref_random_game/4,       % +N, +Seed, -Moves, -Winner
            ref_line_value/4         % +GameState, +Move, +Color, -Value
          ]).

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(error)).

                 /*******************************
                 *            STATE             *
                 *******************************/

%!  ref_initial(+N, -GameState) is det.
%
%   Empty N x N board, white (played by `human`) to move, no previous
%   move.  N must be an integer in 3..12.

ref_initial(N, gameState(Board, turn(human-white), (-1)-(-1))) :-
    must_be(between(3, 12), N),
    length(Row, N),
    maplist(=(empty), Row),
    length(Board, N),
    maplist(=(Row), Board).

%!  other(?Color, ?Other) is semidet.

other(white, black).
other(black, white).

%!  cell(+Board, +L, +C, -Value) is semidet.
%
%   Value is the content of cell L-C.  Fails when L-C is off the board,
%   which lets line walks stop at the edge without extra tests.

cell(Board, L, C, Value) :-
    integer(L), integer(C),
    L >= 0, C >= 0,
    nth0(L, Board, Row),
    nth0(C, Row, Value).

%!  set_cell(+Board, +L, +C, +Value, -Board2) is det.
%
%   Board2 is Board with cell L-C replaced by Value.  L-C must be on the
%   board.

set_cell(Board, L, C, Value, Board2) :-
    nth0(L, Board, Row, RestRows),
    nth0(C, Row, _, RestCells),
    nth0(C, Row2, Value, RestCells),
    nth0(L, Board2, Row2, RestRows).

%!  board_size(+Board, -N) is det.

board_size(Board, N) :-
    length(Board, N).

                 /*******************************
                 *             MOVES            *
                 *******************************/

%!  ref_valid_moves(+GameState, -Moves) is det.
%
%   Moves is the sorted list of legal L-C for the colour to move: every
%   empty cell before the first move, else the empty cells among the 8
%   neighbours of the previous move.  Empty once someone has four in a
%   row, because no move is allowed after the end.

ref_valid_moves(gameState(Board, _Turn, _Prev), []) :-
    has_four(Board, _),
    !.
ref_valid_moves(gameState(Board, _Turn, Prev), Moves) :-
    findall(L-C, candidate(Board, Prev, L, C), Moves0),
    sort(Moves0, Moves).

%!  candidate(+Board, +PrevMove, -L, -C) is nondet.
%
%   L-C is an empty cell the next cube may go on (ignoring whether the
%   game is already won).

candidate(Board, (-1)-(-1), L, C) :-
    !,
    board_cell(Board, L, C, empty).
candidate(Board, PL-PC, L, C) :-
    neighbour_offset(DL, DC),
    L is PL + DL,
    C is PC + DC,
    cell(Board, L, C, empty).

%!  board_cell(+Board, -L, -C, -Value) is nondet.
%
%   Enumerates all cells of the board in row-major order.

board_cell(Board, L, C, Value) :-
    nth0(L, Board, Row),
    nth0(C, Row, Value).

%!  neighbour_offset(-DL, -DC) is multi.
%
%   The 8 king-step offsets.

neighbour_offset(DL, DC) :-
    member(DL, [-1, 0, 1]),
    member(DC, [-1, 0, 1]),
    (DL, DC) \== (0, 0).

%!  ref_apply(+GameState, +Move, -GameState2) is semidet.
%
%   Places the cube of the colour to move on Move = L-C, records Move as
%   the previous move and gives the turn to the other colour (the Player
%   term is copied as is).  Fails if Move is not legal: off the board,
%   occupied, not adjacent to the previous move, or the game is over.

ref_apply(GS, Move, gameState(Board2, turn(Player-Other), Move)) :-
    must_be(ground, Move),
    GS = gameState(Board, turn(Player-Color), _Prev),
    ref_valid_moves(GS, Moves),
    memberchk(Move, Moves),
    Move = L-C,
    set_cell(Board, L, C, Color, Board2),
    other(Color, Other).

                 /*******************************
                 *           GAME END           *
                 *******************************/

%!  ref_winner(+GameState, -Winner) is det.
%
%   Winner is `white` or `black` if that colour has four in a row,
%   `draw` if nobody has and the colour to move has no legal cell, and
%   `none` while the game goes on.  A winning move that also leaves the
%   opponent stuck is a win: the four is tested first.  (In legal play
%   only one colour can ever have a four; white is reported first for
%   hand-made boards with both.)

ref_winner(gameState(Board, _, _), Winner) :-
    has_four(Board, Color),
    !,
    Winner = Color.
ref_winner(GS, Winner) :-
    ref_valid_moves(GS, Moves),
    (   Moves == []
    ->  Winner = draw
    ;   Winner = none
    ).

%!  has_four(+Board, ?Color) is semidet.
%
%   Color (white or black) has at least four cubes in a row somewhere.
%   A longer line contains a four, so checking runs of exactly four is
%   enough.

has_four(Board, Color) :-
    member(Color, [white, black]),
    board_cell(Board, L, C, Color),
    line_direction(DL, DC),
    run_of(Board, L, C, DL, DC, Color, 3),
    !.

%!  line_direction(-DL, -DC) is multi.
%
%   One direction per line: horizontal, vertical, main diagonal and
%   anti-diagonal.  Every run is found from its first cell.

line_direction(0, 1).
line_direction(1, 0).
line_direction(1, 1).
line_direction(1, -1).

%!  run_of(+Board, +L, +C, +DL, +DC, +Color, +K) is semidet.
%
%   The K cells after L-C in direction DL-DC are all Color.

run_of(_, _, _, _, _, _, 0) :-
    !.
run_of(Board, L, C, DL, DC, Color, K) :-
    L1 is L + DL,
    C1 is C + DC,
    cell(Board, L1, C1, Color),
    K1 is K - 1,
    run_of(Board, L1, C1, DL, DC, Color, K1).

                 /*******************************
                 *            PERFT             *
                 *******************************/

%!  ref_perft(+GameState, +Depth, -Leaves) is det.
%
%   Leaves is the number of leaves of the move tree from GameState cut
%   at Depth plies.  A finished game (win or draw) has no moves, so it
%   is a leaf where it occurs and counts 1 even if it is less than Depth
%   plies deep.  Depth 0 gives 1.

ref_perft(_, 0, Leaves) :-
    !,
    Leaves = 1.
ref_perft(GS, Depth, Leaves) :-
    must_be(positive_integer, Depth),
    ref_valid_moves(GS, Moves),
    (   Moves == []
    ->  Leaves = 1
    ;   D1 is Depth - 1,
        foldl(perft_child(GS, D1), Moves, 0, Leaves)
    ).

perft_child(GS, Depth, Move, Acc0, Acc) :-
    ref_apply(GS, Move, GS2),
    ref_perft(GS2, Depth, N),
    Acc is Acc0 + N.

                 /*******************************
                 *         RANDOM GAMES         *
                 *******************************/

%!  ref_random_game(+N, +Seed, -Moves, -Winner) is det.
%
%   Plays a whole game on an N x N board from the empty position, each
%   move drawn with random_member/2 from the sorted legal moves, after
%   set_random(seed(Seed)).  Moves is the list of moves in playing order
%   and Winner the final ref_winner/2 result (never `none`).

ref_random_game(N, Seed, Moves, Winner) :-
    set_random(seed(Seed)),
    ref_initial(N, GS),
    random_playout(GS, Moves, Winner).

random_playout(GS, Moves, Winner) :-
    ref_valid_moves(GS, Legal),
    (   Legal == []
    ->  Moves = [],
        ref_winner(GS, Winner)
    ;   random_member(Move, Legal),
        ref_apply(GS, Move, GS2),
        Moves = [Move|Rest],
        random_playout(GS2, Rest, Winner)
    ).

                 /*******************************
                 *          LINE VALUE          *
                 *******************************/

%!  ref_line_value(+GameState, +Move, +Color, -Value) is det.
%
%   The greedy weight of placing Color on Move = L-C.  From the cell,
%   walk outwards in each of the 8 directions adding 2 per Color cube
%   and 1 per empty cell, stopping at an opponent cube or the edge.  A
%   line is two opposite directions summed (the cell itself does not
%   count); Value is the maximum over the four lines.
%
%   This is the reading that reproduces the report's example exactly
%   (black to place, 4x4):
%
%       empty black white black
%       empty black   X   black      X = 1-2: horizontal 3 + 2 = 5
%       empty empty empty black
%       empty white empty   Y        Y = 3-3: vertical   6 + 0 = 6
%
%   Summing all eight directions (15 for X) or taking the best single
%   direction (3 for X) does not give 5; neither does white.  Only
%   Board and Move are used from GameState; Move need not be legal.

ref_line_value(gameState(Board, _, _), L-C, Color, Value) :-
    must_be(oneof([white, black]), Color),
    findall(V,
            ( line_direction(DL, DC),
              NL is -DL, NC is -DC,
              ray_value(Board, L, C, DL, DC, Color, V1),
              ray_value(Board, L, C, NL, NC, Color, V2),
              V is V1 + V2
            ),
            Values),
    max_list(Values, Value).

%!  ray_value(+Board, +L, +C, +DL, +DC, +Color, -Value) is det.
%
%   Weight of the cells after L-C in direction DL-DC: 2 per Color cube,
%   1 per empty cell, up to (not including) an opponent cube or the edge.

ray_value(Board, L, C, DL, DC, Color, Value) :-
    L1 is L + DL,
    C1 is C + DC,
    (   cell(Board, L1, C1, Cell),
        cell_weight(Cell, Color, W)
    ->  ray_value(Board, L1, C1, DL, DC, Color, Rest),
        Value is W + Rest
    ;   Value = 0
    ).

cell_weight(empty, _, 1).
cell_weight(Color, Color, 2).
