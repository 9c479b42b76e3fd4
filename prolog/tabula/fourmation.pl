:- module(fourmation,
          [ initial_state/2,      % +Size, -Board
            display_game/1,       % +GameState
            move/3,               % +GameState, ?Move, -NewGameState (turn kept)
            next_player/3,        % +GameState, +Turn, -NewGameState
            valid_moves/2,        % +GameState, -Moves
            game_over/2,          % +GameState, +Moves | +GameState, -Winner
            value/3,              % +GameState, +Colour, -Value | +GameState, +Move, -Value
            choose_move/3,        % +GameState, +Level, -Move
            play/0
          ]).
/** <module> 4Mation: the Porto course predicates on the report's terms

A drop-in for the 4Mation coursework (Porto, 2021/22): the predicate names,
signatures and terms of the report, backed by the C++ engine, so that the
report's own game loop, menus and board drawing run on these rules
(examples/dropin/fourmation/game.pl).

A game state is the report's term

    gameState(Board, turn(Player-Colour), PreviousMove)

where `Board` is a list of N rows of N atoms `empty`, `white`, `black`
(3 =< N =< 12), `Player` is `human` or `computer-Level`, `Colour` is
`white` or `black`, and `PreviousMove` is the `L-C` (0-based line and
column) of the last cube placed, or `(-1)-(-1)` before the first move.
Moves are `L-C`.

Rules: white moves first; the first cube may go on any cell, every later
cube on an empty cell next (8 neighbours) to the last cube placed, by
either player. Four or more in a row (horizontally, vertically or
diagonally) wins; a player with no legal cell draws, unless the move that
left it stuck made four.

The report's loop: move/3 places the mover's cube and keeps the turn;
valid_moves/2 and game_over/2 (the report's form, with the list of moves)
decide whether the game goes on; next_player/3 hands the turn to the other
side's `turn(Player-Colour)` term.

Where the report's forms and the course's standard forms share a name:

  - initial_state/2 is the report's `initial_state(+Size, -Board)`. The
    course's form, which returns a whole game state, is fourmation_initial/2
    of library(tabula/fourmation_foreign) and tabula_new/3 of the uniform
    API.
  - game_over/2: the report's `game_over(+GameState, +Moves)` when the
    second argument is a list (`[]` or `[_|_]`), which calls score_menu/1
    of the caller's module when that is defined; the course's
    `game_over(+GameState, -Winner)` when it is unbound or an atom.
  - value/3: the course's `value(+GameState, +Colour, -Value)` when the
    second argument is `white` or `black`; the report's greedy weight
    `value(+GameState, +L-C, -Value)` when it is a move.

Malformed states raise `instantiation_error`, `type_error(fourmation_state,
S)` or a `domain_error`; an illegal move makes move/3 fail.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(tabula/fourmation_foreign)).
:- use_module(library(tabula/fourmation_tools)).
:- reexport(library(tabula/play), [play/0]).

:- meta_predicate
    game_over(+, :).

                 /*******************************
                 *         COURSE API           *
                 *******************************/

%!  initial_state(+Size, -Board) is det.
%
%   Board is the empty Size x Size board, a list of Size rows of Size
%   atoms `empty`, as the report's own initial_state/2 returns it. Size is
%   an integer from 3 to 12 (3 is the report's "impossible" mode where
%   nobody can win). The whole initial game state, with white played by
%   `human` to move, is `gameState(Board, turn(human-white), (-1)-(-1))`
%   (fourmation_initial/2).
initial_state(Size, Board) :-
    fourmation_initial_(Size, gameState(Board0, _, _)),
    Board = Board0.

%!  display_game(+GameState) is det.
%
%   Prints the board with 0-based line numbers (left) and column numbers
%   (top), the cubes as `W`/`B`, the last cube in parentheses, the cells
%   the next cube may go on marked with a dot, and whose turn it is.
display_game(GS) :-
    fourmation_print(GS).

%!  move(+GameState, +Move, -NewGameState) is semidet.
%!  move(+GameState, -Move, -NewGameState) is nondet.
%
%   Places a cube of the colour in GameState's `turn(_-Colour)` on Move
%   (`L-C`) if it is legal, and records Move as the previous move. As in
%   the report, NewGameState keeps the same `turn(...)`; next_player/3
%   passes the turn. Fails on an illegal move (off the board, occupied,
%   not next to the last cube, game over). With Move unbound (or partly
%   bound), enumerates the legal moves in row-major order, as the report's
%   bots do with `findall(M, move(GS, M, _), Ms)`. A Move that is not a
%   variable nor `L-C` raises `type_error(fourmation_move, Move)`.
move(GS, Move, GS2) :-
    (   ground(Move)
    ->  fourmation_play_(GS, Move, false, GS2)
    ;   var(Move)
    ->  fourmation_valid_moves_(GS, Moves),
        member(Move, Moves),
        fourmation_play_(GS, Move, false, GS2)
    ;   Move = _-_
    ->  fourmation_valid_moves_(GS, Moves),
        member(Move, Moves),
        fourmation_play_(GS, Move, false, GS2)
    ;   type_error(fourmation_move, Move)
    ).

%!  next_player(+GameState, +Turn, -NewGameState) is det.
%
%   NewGameState is GameState with its `turn(...)` term replaced by Turn,
%   the other side's `turn(Player-Colour)` (`Player` is `human` or
%   `computer-Level`), as the report's loop hands over the turn after
%   move/3. Raises `instantiation_error` when Turn is unbound,
%   `type_error(fourmation_turn, Turn)` when it is not `turn(_-_)`,
%   `domain_error(fourmation_colour, C)` for a colour other than `white`
%   or `black`, and `domain_error(fourmation_next_turn, Turn)` when Turn
%   names the colour that has just moved.
next_player(GS, Turn, GS2) :-
    (   GS = gameState(Board, turn(_-Colour), Last)
    ->  true
    ;   must_be(nonvar, GS),
        type_error(fourmation_state, GS)
    ),
    check_colour(Colour),
    must_be(nonvar, Turn),
    (   Turn = turn(_-Next)
    ->  true
    ;   type_error(fourmation_turn, Turn)
    ),
    check_colour(Next),
    (   other_colour(Colour, Next)
    ->  GS2 = gameState(Board, Turn, Last)
    ;   domain_error(fourmation_next_turn, Turn)
    ).

check_colour(Colour) :-
    (   var(Colour)
    ->  instantiation_error(Colour)
    ;   memberchk(Colour, [white, black])
    ->  true
    ;   domain_error(fourmation_colour, Colour)
    ).

other_colour(white, black).
other_colour(black, white).

%!  valid_moves(+GameState, -Moves) is det.
%
%   Moves are all legal `L-C` for the next cube, in line-then-column
%   order: every empty cell before the first move, else the empty
%   neighbours of the last cube; `[]` once the game is over.
valid_moves(GS, Moves) :-
    fourmation_valid_moves_(GS, Moves).

%!  game_over(+GameState, +Moves) is semidet.
%!  game_over(+GameState, -Winner) is semidet.
%
%   Report form, Moves a list (`[]` or `[_|_]`: the valid moves the
%   report's loop computed for the side about to move): succeeds when a
%   colour has four in a row or Moves is `[]`, and then, as the report's
%   game_over/2 does, calls score_menu(Result) in the caller's module
%   when that module has score_menu/1, with Result `white`, `black` (the
%   colour with four) or `draw`. Fails while the game goes on.
%
%   Course form, the second argument unbound or an atom: the game is over
%   and Winner is `white` or `black` (four or more in a row) or `draw`
%   (the colour to move has no legal cell); fails while the game goes on.
%
%   The two are told apart by the second argument alone: a list is the
%   report's, anything else the course's.
game_over(GS, Module:Second) :-
    nonvar(Second), ( Second == [] ; Second = [_|_] ),
    !,
    fourmation_winner_(GS, W),
    (   W == none
    ->  Second == [],
        Result = draw
    ;   Result = W
    ),
    (   current_predicate(Module:score_menu/1)
    ->  ignore(Module:score_menu(Result))
    ;   true
    ).
game_over(GS, _:Winner) :-
    fourmation_winner_(GS, W),
    W \== none,
    Winner = W.

%!  value(+GameState, +Colour, -Value) is det.
%!  value(+GameState, +Move, -Value) is det.
%
%   Course form: Value is how good GameState is for Colour (`white` or
%   `black`), higher is better: 100000 when Colour has won, -100000 when
%   it has lost, 0 for a draw, else the engine's static evaluation
%   (windows of four free of the opponent, weighted by how full they are,
%   and the cells that would complete four).
%
%   Report form, Move = `L-C` a cell of the board: the report's greedy
%   weight of a cube of the colour to move there. Walking out from the
%   cell along each line, every own cube counts 2 and every empty cell 1
%   until an opponent cube or the edge; the two directions of a line are
%   added and Value is the best of the four lines.
value(GS, Second, Value) :-
    nonvar(Second), Second = L-_, integer(L),
    !,
    GS = gameState(_, turn(_-Colour), _),
    fourmation_line_value_(GS, Second, Colour, Value).
value(GS, Colour, Value) :-
    check_colour(Colour),
    fourmation_winner_(GS, W),
    (   W == none
    ->  fourmation_evaluate_(GS, Colour, Value)
    ;   W == draw
    ->  Value = 0
    ;   W == Colour
    ->  Value = 100000
    ;   Value = -100000
    ).

%!  choose_move(+GameState, +Level, -Move) is semidet.
%
%   Move is the computer's choice for the colour to move; fails when the
%   game is over. Level is a positive integer or `computer-Level`:
%
%     - 1: a random legal cell;
%     - 2: the report's bot done right: complete four if possible, never
%       play next to a cell where the opponent would complete four (taking
%       that cell blocks it), play a forced win found within 5 plies, else
%       the best greedy value/3 weight (ties at random);
%     - 3 and more: the engine's search (alpha-beta with a transposition
%       table and iterative deepening) for 1 s at level 3, 3 s at level 4,
%       10 s from level 5 (fourmation_level_budget/2). Small boards (4x4,
%       5x5) are solved within that time and played perfectly.
choose_move(GS, computer-Level, Move) :-
    !,
    choose_move(GS, Level, Move).
choose_move(GS, Level, Move) :-
    fourmation_choose_move(GS, Level, Move, _).

%!  play is det.
%
%   Tabula's terminal menus (library(tabula/play)): choose a game, 4Mation
%   among them, and play it against the computer, against another person
%   or watch the computer play itself.
