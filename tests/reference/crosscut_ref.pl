/*  CrossCut, pure-Prolog reference implementation.

    CrossCut is a game by Mark Steere (2023); its name and rules are his.
    This file restates the official rules in plain Prolog so that faster
    implementations can be checked against it move by move, and so that it
    can serve as the pure-Prolog speed baseline.
*/

:- module(crosscut_ref,
          [ ref_initial/3,              % +H, +W, -State
            ref_place/6,                % +Board, +H, +W, +Color, +Move, -Board2
            ref_moves/2,                % +State, -Moves
            ref_apply/3,                % +State, +Move, -State2
            ref_winner/2,               % +State, -Winner
            ref_perft/3,                % +State, +Depth, -Leaves
            ref_random_game/5           % +H, +W, +Seed, -Moves, -Winner
          ]).

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(error)).

/** <module> CrossCut reference (official all-or-nothing flip rule)

Clarity first: every rule is written out once, directly, with no caching
or incremental bookkeeping.

## Representation

  * Board: a list of H rows, *top row first*; each row is a list of W
    cells, each `x` (empty), `'R'` (Red) or `'B'` (Blue).
  * Move: `move(Number, Letter)`; `Number` is the row counted from the
    *bottom* (1..H), `Letter` the column index (1..W). Internally a square
    is `Row-Col` with `Row` counted from the top, so `Row is H-Number+1`.
  * State: `cc(Board, H, W, ToMove, Winner)`.
    `ToMove` is `'R'` or `'B'` (Red moves first). `Winner` is `none` while
    the game runs, `'R'` or `'B'` once a colour has won, or `draw` when
    neither player has a legal placement. The winner is a field because
    the rules give a simultaneous double win to the mover, which the board
    alone cannot tell. Once the game is over `ToMove` is the mover's
    opponent and has no meaning.

## Rules as implemented

  1. Any H x W board with 5 =< H, W =< 10; Red moves first.
  2. An empty interior square is always a legal placement.
  3. A perimeter (edge or corner) square is legal only if the placement
     flips; the perimeter disc is then removed at once, so the perimeter is
     empty at the end of every turn.
  4. Flanked: an unbroken horizontal or vertical run of enemy discs between
     the placed disc and another friendly disc.
  5. All or nothing: all flanked runs of the four directions are imagined
     flipped together. They all flip iff the longest friendly segment
     created is strictly longer than the longest enemy segment cut;
     otherwise none flips (an interior disc still stays).
     Created: each maximal horizontal or vertical friendly run, measured
     after the flips, that contains a flipped disc or the placed disc when
     it is interior (a perimeter disc never counts).
     Cut: each maximal horizontal or vertical enemy run, measured before
     the move, that contains a disc that would flip.
  6. Win: a segment of one colour of length W-2 horizontally or H-2
     vertically (at least: longer runs exist only on hand-drawn boards
     with perimeter discs). Both colours are checked after each move; if
     both have one, the mover wins.
  7. A player with no legal placement is skipped; if neither player has
     one the game is a draw.

In play the perimeter is empty between turns. Hand-drawn boards with
perimeter discs are accepted and follow the same rules literally.

## Differences from the Porto 2022/23 student report

  * The report tests forbidden flips axis by axis; here all flanked runs
    are decided together (one bad direction blocks every direction, and a
    long segment in one direction lets a short one flip too).
  * The report forbids corner placements outright; here a corner follows
    the general perimeter rule. Its two neighbours are perimeter squares,
    empty between turns, so a corner can never flank and is never legal in
    play; the outcome is the same.
  * Board sizes up to 10 x 10 (the report stops at 9).
  * Skips and draws are explicit in the state (`ToMove`, `Winner`); no
    winner yet is `none` rather than the report's `x`.
*/

                 /*******************************
                 *          STATE               *
                 *******************************/

%!  ref_initial(+H:integer, +W:integer, -State) is det.
%
%   State is the empty H x W board with Red to move. Raises a type error
%   unless H and W are integers, a domain error unless 5 =< H, W =< 10.

ref_initial(H, W, cc(Board, H, W, 'R', none)) :-
    board_side(H),
    board_side(W),
    length(Board, H),
    maplist(empty_row(W), Board).

board_side(N) :-
    must_be(integer, N),
    (   N >= 5, N =< 10
    ->  true
    ;   domain_error(between(5, 10), N)
    ).

empty_row(W, Row) :-
    length(Row, W),
    maplist(=(x), Row).

%!  ref_winner(+State, -Winner) is det.
%
%   Winner is `'R'`, `'B'`, `draw`, or `none` while the game goes on.

ref_winner(cc(_, _, _, _, Winner), Winner).

                 /*******************************
                 *          PLACEMENT           *
                 *******************************/

%!  ref_place(+Board, +H:integer, +W:integer, +Color, +Move, -Board2) is semidet.
%
%   Board2 is Board after Color (`'R'` or `'B'`) places a disc at Move,
%   flips included. Fails if Move is off the board, the square is occupied,
%   or the square is on the perimeter and the placement does not flip.
%   Does not look at winners or turn order.

ref_place(Board, H, W, Color, move(Number, Letter), Board2) :-
    opponent(Color, Enemy),
    integer(Number), integer(Letter),
    Number >= 1, Number =< H,
    Letter >= 1, Letter =< W,
    Row is H - Number + 1,
    Col = Letter,
    cell(Board, Row, Col, x),
    flanked(Board, H, W, Row-Col, Color, Enemy, Flips),
    (   perimeter(H, W, Row-Col)
    ->  Flips \== [],                   % a perimeter placement must flip
        Counted = Flips                 % and its disc is removed at once
    ;   Counted = [Row-Col|Flips]
    ),
    set_cells(Counted, Color, Board, Flipped),
    (   Flips \== [],
        longest_segment(Flipped, H, W, Counted, Color, Created),
        longest_segment(Board, H, W, Flips, Enemy, Cut),
        Created > Cut
    ->  Board2 = Flipped
    ;   \+ perimeter(H, W, Row-Col),    % no flip: only an interior disc stays
        set_cells([Row-Col], Color, Board, Board2)
    ).

%!  flanked(+Board, +H, +W, +Square, +Color, +Enemy, -Flips) is det.
%
%   Flips are the enemy squares flanked from Square in the four directions.

flanked(Board, H, W, Square, Color, Enemy, Flips) :-
    foldl(flanked_in(Board, H, W, Square, Color, Enemy),
          [0-1, 0-(-1), 1-0, (-1)-0], [], Flips).

flanked_in(Board, H, W, R-C, Color, Enemy, DR-DC, Flips0, Flips) :-
    R1 is R + DR,
    C1 is C + DC,
    enemy_run(Board, H, W, R1-C1, DR-DC, Enemy, Run, End),
    (   Run \== [],
        on_board(H, W, End),
        cell_at(Board, End, Color)
    ->  append(Flips0, Run, Flips)
    ;   Flips = Flips0
    ).

%   enemy_run(+Board, +H, +W, +Square, +Dir, +Enemy, -Run, -End)
%   Run is the unbroken run of Enemy discs starting at Square in direction
%   Dir; End is the first square after it (possibly off the board).

enemy_run(Board, H, W, R-C, DR-DC, Enemy, Run, End) :-
    (   on_board(H, W, R-C),
        cell(Board, R, C, Enemy)
    ->  Run = [R-C|Run1],
        R1 is R + DR,
        C1 is C + DC,
        enemy_run(Board, H, W, R1-C1, DR-DC, Enemy, Run1, End)
    ;   Run = [],
        End = R-C
    ).

%!  longest_segment(+Board, +H, +W, +Squares, +Color, -Max) is det.
%
%   Max is the length of the longest maximal horizontal or vertical run
%   of Color through any of Squares (each of which holds Color).

longest_segment(Board, H, W, Squares, Color, Max) :-
    foldl(longest_through(Board, H, W, Color), Squares, 0, Max).

longest_through(Board, H, W, Color, Square, Max0, Max) :-
    run_length(Board, H, W, Square, 0-1, Color, Horizontal),
    run_length(Board, H, W, Square, 1-0, Color, Vertical),
    Max is max(Max0, max(Horizontal, Vertical)).

%   run_length(+Board, +H, +W, +Square, +Axis, +Color, -N)
%   N is the length of the run of Color through Square along Axis.

run_length(Board, H, W, Square, DR-DC, Color, N) :-
    NDR is -DR,
    NDC is -DC,
    count_from(Board, H, W, Square, DR-DC, Color, Forward),
    count_from(Board, H, W, Square, NDR-NDC, Color, Backward),
    N is 1 + Forward + Backward.

count_from(Board, H, W, R-C, DR-DC, Color, N) :-
    R1 is R + DR,
    C1 is C + DC,
    (   on_board(H, W, R1-C1),
        cell(Board, R1, C1, Color)
    ->  count_from(Board, H, W, R1-C1, DR-DC, Color, N1),
        N is N1 + 1
    ;   N = 0
    ).

                 /*******************************
                 *          GAME FLOW           *
                 *******************************/

%!  ref_moves(+State, -Moves:list) is det.
%
%   Moves are the legal moves of the player to move, in standard order
%   (by row number from the bottom, then column); `[]` once the game is over.

ref_moves(cc(Board, H, W, ToMove, Winner), Moves) :-
    (   Winner == none
    ->  findall(move(N, L),
                ( between(1, H, N),
                  between(1, W, L),
                  ref_place(Board, H, W, ToMove, move(N, L), _)
                ),
                Found),
        sort(Found, Moves)
    ;   Moves = []
    ).

%!  ref_apply(+State, +Move, -State2) is semidet.
%
%   State2 follows State after the player to move plays Move. Fails if the
%   game is over or Move is illegal. Then: a winning segment ends the game
%   (the mover's first); otherwise the opponent moves next if they have a
%   legal placement, else the mover again; if neither has one, a draw.

ref_apply(cc(Board, H, W, Mover, none), Move, cc(Board2, H, W, Next, Winner)) :-
    ref_place(Board, H, W, Mover, Move, Board2),
    opponent(Mover, Other),
    (   has_segment(Board2, H, W, Mover)
    ->  Next = Other, Winner = Mover
    ;   has_segment(Board2, H, W, Other)
    ->  Next = Other, Winner = Other
    ;   has_placement(Board2, H, W, Other)
    ->  Next = Other, Winner = none
    ;   has_placement(Board2, H, W, Mover)
    ->  Next = Mover, Winner = none     % the opponent's turn is skipped
    ;   Next = Other, Winner = draw
    ).

%   has_placement(+Board, +H, +W, +Color) is semidet.

has_placement(Board, H, W, Color) :-
    once(( between(1, H, N),
           between(1, W, L),
           ref_place(Board, H, W, Color, move(N, L), _)
         )).

%   has_segment(+Board, +H, +W, +Color) is semidet.
%   True if Color has a winning segment: W-2 in a row or H-2 in a column.

has_segment(Board, H, W, Color) :-
    RowLength is W - 2,
    ColumnLength is H - 2,
    (   contains_run(Board, Color, RowLength)
    ->  true
    ;   transpose_rows(Board, Columns),
        contains_run(Columns, Color, ColumnLength)
    ).

%   contains_run(+Lines, +Color, +N) is semidet.
%   Some line holds N consecutive Color discs.

contains_run(Lines, Color, N) :-
    length(Run, N),
    maplist(=(Color), Run),
    once(( member(Line, Lines),
           append(_, Tail, Line),
           append(Run, _, Tail)
         )).

transpose_rows([], []).
transpose_rows([Row|Rows], Columns) :-
    transpose_rows_(Row, [Row|Rows], Columns).

transpose_rows_([], _, []).
transpose_rows_([_|Rest], Rows, [Column|Columns]) :-
    maplist(list_first_rest, Rows, Column, Rows1),
    transpose_rows_(Rest, Rows1, Columns).

list_first_rest([X|Xs], X, Xs).

                 /*******************************
                 *          DRIVERS             *
                 *******************************/

%!  ref_perft(+State, +Depth:nonneg, -Leaves:nonneg) is det.
%
%   Leaves is the number of move sequences of exactly Depth moves from
%   State. A finished game before Depth contributes 0; Depth 0 gives 1.

ref_perft(State, Depth, Leaves) :-
    (   Depth =:= 0
    ->  Leaves = 1
    ;   ref_moves(State, Moves),
        Depth1 is Depth - 1,
        foldl(perft_child(State, Depth1), Moves, 0, Leaves)
    ).

perft_child(State, Depth, Move, Leaves0, Leaves) :-
    ref_apply(State, Move, State1),
    ref_perft(State1, Depth, N),
    Leaves is Leaves0 + N.

%!  ref_random_game(+H, +W, +Seed, -Moves:list, -Winner) is det.
%
%   Plays uniformly random legal moves from the empty H x W board after
%   `set_random(seed(Seed))` until the game ends. Moves is the sequence
%   played, Winner is `'R'`, `'B'` or `draw`.

ref_random_game(H, W, Seed, Moves, Winner) :-
    set_random(seed(Seed)),
    ref_initial(H, W, State),
    random_playout(State, Moves, Winner).

random_playout(State, Moves, Winner) :-
    ref_winner(State, Winner0),
    (   Winner0 == none
    ->  ref_moves(State, Legal),
        random_member(Move, Legal),
        ref_apply(State, Move, State1),
        Moves = [Move|Moves1],
        random_playout(State1, Moves1, Winner)
    ;   Moves = [],
        Winner = Winner0
    ).

                 /*******************************
                 *          SQUARES             *
                 *******************************/

opponent('R', 'B').
opponent('B', 'R').

on_board(H, W, R-C) :-
    R >= 1, R =< H,
    C >= 1, C =< W.

perimeter(H, W, R-C) :-
    (   R =:= 1 -> true
    ;   R =:= H -> true
    ;   C =:= 1 -> true
    ;   C =:= W
    ).

%   cell(+Board, +Row, +Col, ?Value): Row counted from the top.

cell(Board, R, C, Value) :-
    nth1(R, Board, Cells),
    nth1(C, Cells, Value0),
    Value = Value0.

cell_at(Board, R-C, Value) :-
    cell(Board, R, C, Value).

%   set_cells(+Squares, +Value, +Board0, -Board)

set_cells(Squares, Value, Board0, Board) :-
    foldl(set_cell(Value), Squares, Board0, Board).

set_cell(Value, R-C, Board0, Board) :-
    nth1(R, Board0, Cells0, OtherRows),
    nth1(C, Cells0, _, OtherCells),
    nth1(C, Cells, Value, OtherCells),
    nth1(R, Board, Cells, OtherRows).
