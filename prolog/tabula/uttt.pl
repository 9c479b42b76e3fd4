:- module(uttt,
          [ initialState/1,            % -State
            buildState/3,              % +Boards, +PreviousPos, -State
            getBoards/2,               % +State, -Boards
            getBoard/3,                % +State, ?UPos, -Board
            getUBoard/2,               % +State, -UBoard
            getPos/4,                  % +State, ?UPos, ?Pos, -Cell
            getPos/3,                  % +Board, ?Pos, -Cell
            getNextPlayer/2,           % +State, -Player
            getNextAvailableBoards/2,  % +State, -UPositions
            getAvailableBoards/2,      % +State, -UPositions (older name)
            getBoardResult/2,          % +Board, -Result
            validMove/2,               % +State, ?Move
            makeMove/3,                % +State, ?Move, -NewState
            dummy_first/2,             % +State, -Move
            dummy_last/2,              % +State, -Move
            movePriority/4,            % +Player, +Board, ?Move, -Priority
            bestIndividualMoves/3,     % +Player, +Board, -Moves
            narrowGreedy/2,            % +State, -Move
            bestMoves/2,               % +State, -Moves
            greedy/2                   % +State, -Move
          ]).
/** <module> Ultimate Tic-Tac-Toe, the course's predicates

The predicates of both stages of the Bucharest course's UTTT homework (2022),
with the course's names, argument orders and terms, computed by Tabula's C++
engine. Positions, for boards and cells alike, are `nw, n, ne, w, c, e, sw,
s, se`; cells hold `x`, the integer `0` or `''`; the U-board may also hold
`r` (a drawn board). A move is a bare position when exactly one board is
available and a pair `(UPos, Pos)` when several are.

This module exports exactly the course's predicates (and the older name
getAvailableBoards/2), so it can be loaded into `user` next to the course's
own helper files. Printing, perft, random games and the engine's search are
in library(tabula/uttt_tools).

States are ground terms `uttt(...)` of integers: they print with write/1 and
read back with term_string/2. A malformed state raises
`type_error(uttt_state, S)`.
*/

:- use_module(uttt_foreign).

positions([nw, n, ne, w, c, e, sw, s, se]).

%!  initialState(-State) is det.
%
%   State is the empty game: `x` to move, every board available.
initialState(State) :-
    uttt_initial_(State).

%!  buildState(+Boards, +PreviousPos, -State) is det.
%
%   State has the nine small boards Boards (lists of nine cells, in position
%   order) and PreviousPos as the cell of the last move, which sends the
%   player to move to that board (or anywhere if it is finished). The player
%   to move is found by counting marks. Raises `type_error(uttt_boards, B)`
%   on malformed boards and `domain_error(uttt_position, P)` on a bad
%   position.
buildState(Boards, PreviousPos, State) :-
    uttt_build_(Boards, PreviousPos, State).

%!  getBoards(+State, -Boards) is det.
%
%   Boards are the nine small boards, each a list of nine cells.
getBoards(State, Boards) :-
    positions(Ps),
    maplist(uttt_board_(State), Ps, Boards).

%!  getBoard(+State, +UPos, -Board) is det.
%!  getBoard(+State, -UPos, -Board) is multi.
%
%   Board is the small board at UPos (enumerated when unbound).
getBoard(State, UPos, Board) :-
    (   var(UPos)
    ->  positions(Ps), member(UPos, Ps)
    ;   true
    ),
    uttt_board_(State, UPos, Board).

%!  getUBoard(+State, -UBoard) is det.
%
%   UBoard has the result of each small board: `x`, `0`, `r` or `''`.
getUBoard(State, UBoard) :-
    uttt_uboard_(State, UBoard).

%!  getPos(+State, ?UPos, ?Pos, -Cell) is nondet.
%
%   Cell is the content of cell Pos of board UPos. Deterministic when both
%   positions are given; enumerates them in position order otherwise.
getPos(State, UPos, Pos, Cell) :-
    getBoard(State, UPos, Board),
    getPos(Board, Pos, Cell).

%!  getPos(+Board, ?Pos, -Cell) is nondet.
%
%   Cell is the content of cell Pos of a nine-cell Board (a small board or
%   the U-board). Deterministic when Pos is given.
getPos(Board, Pos, Cell) :-
    must_be_board(Board),
    positions(Ps),
    (   var(Pos)
    ->  nth0(I, Ps, Pos)
    ;   nth0(I, Ps, Pos)
    ->  true
    ;   domain_error(uttt_position, Pos)
    ),
    nth0(I, Board, Cell).

must_be_board(Board) :-
    (   is_list(Board), length(Board, 9)
    ->  true
    ;   var(Board)
    ->  instantiation_error(Board)
    ;   type_error(uttt_board, Board)
    ).

%!  getNextPlayer(+State, -Player) is det.
%
%   Player (`x` or `0`) moves next.
getNextPlayer(State, Player) :-
    uttt_next_player_(State, Player).

%!  getNextAvailableBoards(+State, -UPositions) is det.
%
%   UPositions are the boards the next move may use, in position order;
%   `[]` when the game is over.
getNextAvailableBoards(State, UPositions) :-
    uttt_available_(State, UPositions).

%!  getAvailableBoards(+State, -UPositions) is det.
%
%   The older revision's name of getNextAvailableBoards/2.
getAvailableBoards(State, UPositions) :-
    uttt_available_(State, UPositions).

%!  getBoardResult(+Board, -Result) is det.
%
%   Result of nine cells: `x` or `0` for a line, `r` when no cell is free,
%   `''` while the board is open. Works on the U-board too, where `r` cells
%   count for nobody.
getBoardResult(Board, Result) :-
    uttt_board_result_(Board, Result).

%!  validMove(+State, +Move) is semidet.
%!  validMove(+State, -Move) is nondet.
%
%   Move is valid in State. With Move unbound (or partial), enumerates the
%   valid moves in position order (boards, then cells). Fails on anything
%   that is not a valid move, in the notation the state requires.
validMove(State, Move) :-
    uttt_valid_move_(State, Move).

%!  makeMove(+State, +Move, -NewState) is semidet.
%!  makeMove(+State, -Move, -NewState) is nondet.
%
%   NewState follows State after Move. Fails on an invalid move; enumerates
%   the valid moves when Move is unbound.
makeMove(State, Move, NewState) :-
    uttt_make_move_(State, Move, NewState).

%!  dummy_first(+State, -Move) is semidet.
%
%   Move is the first valid move in position order; fails when the game is
%   over.
dummy_first(State, Move) :-
    uttt_valid_moves_(State, [Move|_]).

%!  dummy_last(+State, -Move) is semidet.
%
%   Move is the last valid move in position order.
dummy_last(State, Move) :-
    uttt_valid_moves_(State, Moves),
    last(Moves, Move).

%!  movePriority(+Player, +Board, +Move, -Priority) is semidet.
%!  movePriority(+Player, +Board, -Move, -Priority) is nondet.
%
%   Priority (0-6, lower is better) of Player playing cell Move of Board:
%   0 wins the board; 1 blocks an opponent's win; 2 a corner of an empty
%   board; 3 with no mark of Player on the board, a corner when the
%   opponent holds the centre, else the centre; 4 leaves a win one move
%   away; 5 another corner; 6 anything else. Board is a small board or a
%   U-board, whose `r` cells (drawn boards) are neither free nor anyone's
%   mark. Fails for a cell that is not free; enumerates the free cells
%   when Move is unbound.
movePriority(Player, Board, Move, Priority) :-
    (   var(Move)
    ->  positions(Ps), member(Move, Ps)
    ;   true
    ),
    uttt_move_priority_(Player, Board, Move, Priority).

%!  bestIndividualMoves(+Player, +Board, -Moves) is det.
%
%   Moves are the free cells of Board (a small board or a U-board) by
%   priority for Player; equal priorities keep position order.
bestIndividualMoves(Player, Board, Moves) :-
    uttt_best_individual_moves_(Player, Board, Moves).

%!  narrowGreedy(+State, -Move) is semidet.
%
%   With one board available, its best individual move; with several, the
%   best board by the same priorities on the U-board, then its best move.
%   Fails when the game is over.
narrowGreedy(State, Move) :-
    uttt_narrow_greedy_(State, Move).

%!  bestMoves(+State, -Moves) is det.
%
%   Moves are all valid moves, sorted stably by the course's ten UTTT-level
%   categories as the course assigns them (docs/uttt.md), after an a-priori
%   order by bestIndividualMoves/3 (boards by their order on the U-board
%   when several are available); inside category 4 more marks of the mover
%   on the board the opponent is sent to come first. `[]` once the game is
%   over.
bestMoves(State, Moves) :-
    uttt_best_moves_(State, Moves).

%!  greedy(+State, -Move) is semidet.
%
%   Move is the first of bestMoves/2; fails when the game is over.
greedy(State, Move) :-
    uttt_greedy_(State, Move).
