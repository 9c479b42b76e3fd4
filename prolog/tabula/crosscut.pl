:- module(crosscut,
          [ initial_state/2,          % +Size, -State
            display_game/1,           % +State
            move/3,                   % +State, +Move, -NewState
            next_turn/2,              % +State, -NewState
            valid_moves/3,            % +State, +Player, -Moves
            valid_moves/2,            % +State, -Moves
            game_over/2,              % +State, -Winner
            value/4,                  % +State, +Move, +Player, -Value
            value/3,                  % +State, +Player, -Value
            choose_move/4,            % +State, +Player, +Level, -Move
            choose_move/3,            % +State, +Level, -Move
            play/0
          ]).
/** <module> CrossCut with the predicates of the Porto PFL report

CrossCut is a game by Mark Steere (2023); its name and rules are his. This
module offers the predicates of a Porto PFL 2022/23 student report over the
report's own terms, with the official rules (see below) and a C++ engine
behind them.

## Terms

  * State: `state(Turn, RedType, BlueType, Board, Height, Length)`.
    `Turn` counts from 1; odd turns are Red's (`'R'`), even turns Blue's
    (`'B'`). The types say who plays each side: 1 a human, T >= 2 the
    computer at level T-1 (so the report's 2 "easy" is level 1 and its 3
    "hard" is level 2; 4 is our search). initial_state/2 leaves them
    unbound, as the report's does, for the menus to bind; no predicate here
    reads them. `Board` is a list of `Height`
    rows, *top row first*, of `Length` cells each: `x` (empty), `'R'`, `'B'`.
  * Move: `move(Number, Letter)`: `Number` is the row counted from the
    *bottom* (1..Height), `Letter` the column index (1..Length). On screen
    columns are the letters a, b, ... and rows are numbered bottom-up, so
    the square shown as `b3` is `move(3, 2)`.
  * Player: `'R'` or `'B'`.

States print with print/1 or writeq/1 and read back unchanged; write/1
drops the quotes of `'R'` and `'B'` (the report's cells), so it does not.

A term that is not a state raises `type_error(crosscut_state, State)`, a
state with values out of range (sizes, `Turn`, a board that is not `Height`
x `Length`) `domain_error(crosscut_state, State)`; a player
other than `'R'`/`'B'` raises `domain_error(crosscut_player, P)`; an
illegal move makes move/3 fail.

## Turns

As in the report, move/3 does not touch `Turn`: the game loop calls
next_turn/2 afterwards, which adds 1, or 2 when the next player has no legal
placement while the mover has one (the official skipped turn: the same
player moves again). `Turn` therefore counts turns, skipped ones included.

## Differences from the report

  * Flips are decided *all or nothing* (the official rule): all flanked
    runs of the four directions are imagined flipped together; they all flip
    iff the longest friendly segment created is strictly longer than the
    longest enemy segment cut, otherwise none does. The report decides
    direction by direction (and retries runs one by one).
  * A perimeter placement is legal whenever it flips, corners included
    (the report never allows corners). In play a corner can never flank,
    since its neighbours are empty perimeter squares, so the difference only
    shows on boards given with discs on the perimeter.
  * Board sizes from 5 to 10 in each direction (the report stops at 9).
  * Winning needs a segment of Length-2 in a row or Height-2 in a column of
    one colour, after the flips; game_over/2 checks both colours. The rules
    give a double win to the mover, but a move never adds an opponent disc,
    so this cannot happen in play; on a board given with both segments,
    game_over/2 names the player of `Turn`.
  * When neither player has a legal placement the game is a draw, and
    game_over/2 gives `draw` (the report has no draw).
  * move/3 and valid_moves/3 refuse to play on once the game is over (no
    moves; move/3 fails).
  * value/4 follows the report's scale and, as the report's level-2 bot
    calls it, takes the state after the move; our reading of its formulas
    is in value/4.
  * choose_move/4 levels 3 and up are our alpha-beta search.
  * play/0 is Tabula's own terminal menu (library(tabula/play)), the same
    for every game, not the report's.
  * Extra arities of the course's standard API: valid_moves/2, value/3 and
    choose_move/3 take the player from `Turn`; initial_state/2 also takes
    an integer N for an N x N board.
*/

:- use_module(library(lists)).
:- use_module(library(aggregate), [aggregate_all/3]).  % loaded now, not autoloaded inside a timed call
:- use_module(library(random)).
:- use_module(library(error)).
:- use_module(crosscut_foreign).
:- use_module(crosscut_notation).
:- reexport(play, [play/0]).

                 /*******************************
                 *          STATE               *
                 *******************************/

%!  initial_state(+Size, -State) is det.
%
%   State is `state(1, RedType, BlueType, Board, Height, Length)`: the
%   empty board of Size with Red to move and, as in the report, both
%   player types left unbound for the menus to bind (1 human, T >= 2 the
%   computer at level T-1). Size is `size(Height, Length)` or an integer N
%   for an N x N board, with sizes from 5 to 10 (else a type error for a
%   non-integer, a domain_error(between(5, 10), N) for one out of range).
initial_state(Size, state(1, _RedType, _BlueType, Board, H, L)) :-
    must_be(nonvar, Size),
    (   Size = size(H, L)
    ->  true
    ;   integer(Size)
    ->  H = Size, L = Size
    ;   type_error(crosscut_size, Size)
    ),
    board_side(H),
    board_side(L),
    length(Row, L),
    maplist(=(x), Row),
    length(Board, H),
    maplist(=(Row), Board).

board_side(N) :-
    must_be(integer, N),
    (   between(5, 10, N)
    ->  true
    ;   domain_error(between(5, 10), N)
    ).

%!  move(+State, +Move, -NewState) is semidet.
%
%   NewState follows the player of `Turn` placing a disc at Move, with the
%   official flips (a perimeter disc is removed right after flipping).
%   `Turn` is unchanged: see next_turn/2. Fails if Move is illegal or the
%   game is over.
move(State, Move, NewState) :-
    crosscut_player(State, Player),
    crosscut_place_(State, Player, Move, NewState).

%!  next_turn(+State, -NewState) is det.
%
%   NewState is State with `Turn` advanced: by 1, or by 2 when the next
%   player has no legal placement and the current one has (a skipped turn).
next_turn(State, NewState) :-
    crosscut_next_turn_(State, NewState).

%!  valid_moves(+State, +Player, -Moves) is det.
%
%   Moves are Player's legal placements, rows from the bottom then columns;
%   `[]` once the game is over.
valid_moves(State, Player, Moves) :-
    crosscut_valid_moves_(State, Player, Moves).

%!  valid_moves(+State, -Moves) is det.
%
%   Moves are the legal placements of the player of `Turn`.
valid_moves(State, Moves) :-
    crosscut_player(State, Player),
    valid_moves(State, Player, Moves).

%!  game_over(+State, -Winner) is det.
%
%   Winner is `'R'` or `'B'` when that colour has a segment of Length-2 in
%   a row or Height-2 in a column, `draw` when neither player has a legal
%   placement, and `x` while the game goes on. Should both colours have a
%   segment (impossible in play), the player of `Turn` is the winner.
game_over(State, Winner) :-
    crosscut_winner_(State, Winner0),
    Winner = Winner0.

                 /*******************************
                 *          VALUES              *
                 *******************************/

%!  value(+State, +Move, +Player, -Value) is semidet.
%
%   Value of Player's placement at Move on the report's scale (lower is
%   better), measured on State, the state *after* that placement, as the
%   report's level-2 bot calls it: `move(S0, Move, State), value(State,
%   Move, Player, Value)`. Fails when State cannot follow a placement of
%   Player at Move (an interior square without Player's disc, a perimeter
%   square that is not empty or has no disc of Player next to it, a square
%   off the board). Our reading of the report:
%
%     * -100 when Player has a winning segment;
%     * 100 when the opponent has a legal placement that would flip one of
%       the discs the move placed or flipped, read from State as Player's
%       discs in line with Move: the placed disc and the runs of Player's
%       discs that start next to Move in the four directions (every
%       flipped disc is among them; the report: "lets the opponent flip a
%       segment of the player");
%     * otherwise the smallest of these, measured through the placed disc
%       (for a perimeter placement, whose disc is gone: the disc of those
%       runs on the longest segment), with I the interior length of the
%       line (Height-2 for its column, Length-2 for its row):
%         - default: min over the column and the row of
%           I - (Player's segment there) + (longest opponent segment there);
%         - a segment two or more longer than every enemy segment touching
%           those discs (it cannot be cut):
%           min over the column and the row of I - (Player's segment);
%         - a block (the disc right at the end of an enemy segment in its
%           row or column): I - (length of that enemy segment).
value(State, Move, Player, Value) :-
    crosscut_value_(State, Move, Player, Value).

%!  value(+State, +Player, -Value) is det.
%
%   Value of State for Player on the same scale (lower is better): -100
%   when Player has won, 100 when the opponent has, 0 for a draw, and
%   otherwise minus the engine's static evaluation scaled into -99..99.
value(State, Player, Value) :-
    must_be(oneof(['R', 'B']), Player),
    crosscut_winner_(State, Winner),
    (   Winner == Player
    ->  Value = -100
    ;   Winner == draw
    ->  Value = 0
    ;   Winner \== x
    ->  Value = 100
    ;   crosscut_evaluate_(State, Player, Score),
        Value is max(-99, min(99, -(Score // 10)))
    ).

                 /*******************************
                 *          COMPUTER            *
                 *******************************/

%!  choose_move(+State, +Player, +Level, -Move) is semidet.
%
%   Move is the computer's choice for Player; fails when Player has no
%   legal placement. Level 1 picks a random legal move; level 2, the
%   report's bot, plays each legal move and picks a random one among those
%   of best (lowest) value/4 on the state after it; level 3 and up run the
%   alpha-beta search for 1 s (level 3), 3 s (level 4) or 10 s (level 5
%   and up).
choose_move(State, Player, Level, Move) :-
    must_be(positive_integer, Level),
    valid_moves(State, Player, Moves),
    Moves \== [],
    choose_level(Level, State, Player, Moves, Move).

choose_level(1, _, _, Moves, Move) :-
    !,
    random_member(Move, Moves).
choose_level(2, State, Player, Moves, Move) :-
    !,
    findall(V-M,
            ( member(M, Moves),
              crosscut_place_(State, Player, M, After),
              value(After, M, Player, V)
            ),
            Valued),
    aggregate_all(min(V), member(V-_, Valued), Best),
    findall(M, member(Best-M, Valued), BestMoves),
    random_member(Move, BestMoves).
choose_level(Level, State, Player, _, Move) :-
    level_millis(Level, Millis),
    crosscut_search_(State, Player, Millis, 64, 0, Move, _).

level_millis(3, 1000) :- !.
level_millis(4, 3000) :- !.
level_millis(_, 10000).

%!  choose_move(+State, +Level, -Move) is semidet.
%
%   choose_move/4 for the player of `Turn`.
choose_move(State, Level, Move) :-
    crosscut_player(State, Player),
    choose_move(State, Player, Level, Move).

                 /*******************************
                 *          DISPLAY             *
                 *******************************/

%!  display_game(+State) is det.
%
%   Prints the turn, whose turn it is and the board: rows numbered from the
%   bottom, columns lettered from a.
display_game(State) :-
    crosscut_player(State, Player),
    State = state(Turn, _, _, Board, _, L),
    crosscut_winner_(State, _),              % validates the whole state
    player_name(Player, Name),
    format("~n-----> Turn Number ~d~n~n-----> ~w's Turn~n~n", [Turn, Name]),
    length(Board, H),
    forall(nth1(I, Board, Row),
           ( Number is H - I + 1,
             format("~t~d~2| |", [Number]),
             forall(member(C, Row), (cell_char(C, Ch), format(" ~w |", [Ch]))),
             nl )),
    format(" + |"),
    forall(between(1, L, Col), (letter(Col, A), format(" ~w |", [A]))),
    nl, nl.

cell_char(x, ' ').
cell_char('R', 'R').
cell_char('B', 'B').

player_name('R', 'Red').
player_name('B', 'Blue').

letter(Col, Letter) :-
    Code is 0'a + Col - 1,
    char_code(Letter, Code).

%!  play is det.
%
%   Tabula's terminal menus (library(tabula/play)): choose a game, CrossCut
%   among them, and play it against the computer, against another person
%   or watch the computer play itself.
