:- module(fourmation_game, []).
/** <module> 4Mation in Tabula's uniform game API

The game's predicates for library(tabula/game). The state is the report's
`gameState(Board, turn(Player-Colour), L-C)` term; here the turn passes with
every move. Options of tabula_new/3: `size(N)`, 3 =< N =< 12, default 7.
Engine options: time/1, depth/1 and nodes/1 bound the search; level(1) and
level(2) are the report's random and greedy players. Moves are written
"L C", line and column from 0 (`2 3` is `2-3`).
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/board_text)).
:- use_module(library(tabula/fourmation_foreign)).
:- use_module(library(tabula/fourmation_tools)).
:- use_module(library(tabula/fourmation)).

:- tabula_register_game(fourmation, '4Mation', fourmation_game).

game_new(Options, State) :-
    foldl(new_option, Options, 7, N),
    fourmation_initial_(N, State).

new_option(Option, _, N) :-
    nonvar(Option),
    Option = size(N),
    !.
new_option(Option, _, _) :-
    (   var(Option) -> instantiation_error(Option) ; domain_error(fourmation_option, Option) ).

game_moves(State, Moves) :-
    fourmation_valid_moves_(State, Moves).

game_move(State, Move, State2) :-
    (   var(Move)
    ->  fourmation_valid_moves_(State, Moves),
        member(Move, Moves)
    ;   Move = L-C, integer(L), integer(C)     % anything else is no move: fail
    ),
    fourmation_play_(State, Move, true, State2).

game_status(State, Status) :-
    fourmation_winner_(State, W),
    (   W == none
    ->  State = gameState(_, turn(_-Colour), _),
        Status = to_move(Colour)
    ;   W == draw
    ->  Status = draw
    ;   Status = won(W)
    ).

game_engine(engine(1, [depth, nodes], [1, 2])).

game_search(State, limits(Millis, Depth, Nodes, _Seed, _Threads, _Engine), Move, Info) :-
    fourmation_search_(State, Millis, Depth, Nodes, true, Move, Info).

game_level_move(State, Level, Move) :-
    choose_move(State, Level, Move).

game_perft(State, Depth, Leaves) :-
    fourmation_perft_(State, Depth, Leaves).

% ---- the play surfaces -----------------------------------------------------

game_players([white-"White", black-"Black"]).

% "L C": line and column, from 0, as the board's edges number them.
game_format_move(_, Move, Text) :-
    (   Move = L-C, integer(L), integer(C)
    ->  format(string(Text), "~d ~d", [L, C])
    ;   must_be(nonvar, Move),
        type_error(fourmation_move, Move)
    ).

game_parse_move(State, Text, Move) :-
    fourmation_parse_move(Text, Move),
    fourmation_valid_moves_(State, Moves),
    memberchk(Move, Moves).

game_move_error(State, Text, Message) :-
    State = gameState(Board, _, Last),
    length(Board, N),
    Max is N - 1,
    fourmation_valid_moves_(State, Moves),
    (   Moves == []
    ->  Message = "The game is over."
    ;   fourmation_parse_move(Text, Move), memberchk(Move, Moves)
    ->  Message = "That is a legal move."
    ;   \+ fourmation_parse_move(Text, _)
    ->  example(Moves, Example),
        format(string(Message), "\"~w\" is not a cell: type a line and a column, e.g. ~w.",
               [Text, Example])
    ;   fourmation_parse_move(Text, L-C),
        format(string(Cell), "~d ~d", [L, C]),
        (   ( L > Max ; C > Max )
        ->  format(string(Message), "~w is off the board: lines and columns go from 0 to ~d.",
                   [Cell, Max])
        ;   nth0(L, Board, Row), nth0(C, Row, Cube), Cube \== empty
        ->  format(string(Message), "~w is taken.", [Cell])
        ;   Last = LL-LC,
            format(string(Message), "~w is not next to the last cube, ~d ~d.", [Cell, LL, LC])
        )
    ).

example(Moves, Text) :-
    length(Moves, N),
    I is N // 2,
    nth0(I, Moves, L-C),
    format(string(Text), "~d ~d", [L, C]).

game_example(State, Example) :-
    fourmation_valid_moves_(State, Moves),
    Moves \== [],
    example(Moves, Example).

game_move_help(State, Help) :-
    fourmation_valid_moves_(State, Moves),
    (   Moves == []
    ->  Help = "The game is over."
    ;   example(Moves, Example),
        format(string(Help), "Type a line and a column, e.g. ~w.", [Example])
    ).

game_outcome(State, Text) :-
    fourmation_winner_(State, W),
    (   W == draw
    ->  State = gameState(_, turn(_-Stuck), _),
        game_players(Players),
        memberchk(Stuck-Name, Players),
        format(string(Text), "Draw: ~w has no free cell next to the last cube.", [Name])
    ;   game_players(Players),
        memberchk(W-Name, Players),
        format(string(Text), "~w wins: four in a row.", [Name])
    ).

game_rules([ "Two players, White and Black, take turns placing a cube of their",
             "colour on an empty cell; White starts. The first cube may go",
             "anywhere; every later cube must go on an empty cell touching the",
             "last cube placed (by either player), also diagonally.",
             "Four or more cubes of one colour in a row (across, down or",
             "diagonally) win. A player who has no free cell next to the last",
             "cube ends the game in a draw.",
             "A cell is named by its line and its column, both counted from 0",
             "as the board's edges show: 2 3 is line 2, column 3."
           ]).

game_sizes(sizes("7 x 7", Choices)) :-
    findall(Label-[size(N)],
            ( between(3, 12, N),
              (   N =:= 3
              ->  Label = "3 x 3 (nobody can win)"
              ;   format(string(Label), "~d x ~d", [N, N])
              ) ),
            Choices).

game_levels([ 1-"Random cells",
              2-"Greedy, blocks fours" ]).

game_board(State, _Last, Board) :-
    State = gameState(Rows, _, LL-LC),
    length(Rows, N),
    fourmation_valid_moves_(State, Moves),
    maplist(maplist(cube_name), Rows, Cells),
    Max is N - 1,
    numlist(0, Max, Numbers),
    maplist(number_string, Numbers, Labels),
    maplist(target, Moves, Targets),
    (   LL >= 0 -> LastCell = _{row:LL, col:LC} ; LastCell = null ),
    winning_cells(State, Win),
    Board = _{kind:grid, rows:N, cols:N, cells:Cells, pieces:cube,
              row_labels:Labels, col_labels:Labels,
              targets:Targets, last:LastCell, win:Win}.

% The cells of every four in a row of the winner ([] while nobody has won).
winning_cells(State, Win) :-
    fourmation_winner_(State, W),
    State = gameState(Rows, _, _),
    length(Rows, N),
    findall(_{row:R, col:C},
            ( memberchk(W, [white, black]),
              member(DR-DC, [0-1, 1-0, 1-1, 1-(-1)]),
              between(0, N, R0), between(0, N, C0),
              forall(between(0, 3, K),
                     ( R1 is R0 + K*DR, C1 is C0 + K*DC,
                       nth0(R1, Rows, Row), nth0(C1, Row, W) )),
              between(0, 3, K),
              R is R0 + K*DR, C is C0 + K*DC ),
            Win0),
    sort(Win0, Win).

cube_name(empty, "").
cube_name(white, "white").
cube_name(black, "black").

target(L-C, _{row:L, col:C, move:Text}) :-
    format(string(Text), "~d ~d", [L, C]).

game_display(State, _Last) :-
    State = gameState(Rows, _, Last),
    length(Rows, N),
    fourmation_valid_moves_(State, Moves),
    findall(Texts,
            ( nth0(L, Rows, Row),
              findall(T, ( nth0(C, Row, Cube), cube_cell(Cube, L-C, Last, Moves, T) ), Texts) ),
            Cells),
    Max is N - 1,
    numlist(0, Max, Numbers),
    maplist(number_string, Numbers, Labels),
    nl,
    print_grid(Cells, Labels, Labels),
    status_line(State).

cube_cell(Cube, Cell, Last, Moves, Text) :-
    cube_letter(Cube, Letter),
    (   Cell == Last -> cell_text(Letter, last, Text)
    ;   Cube == empty, memberchk(Cell, Moves) -> cell_text(Letter, target, Text)
    ;   cell_text(Letter, plain, Text)
    ).

cube_letter(empty, " ").
cube_letter(white, "W").
cube_letter(black, "B").

status_line(State) :-
    game_status(State, Status),
    (   Status = to_move(Colour)
    ->  game_players(Players),
        memberchk(Colour-Name, Players),
        State = gameState(_, _, Last),
        (   Last = (-1)-(-1)
        ->  format("~w to move: the first cube may go on any cell.~n", [Name])
        ;   Last = L-C,
            format("~w to move, next to the last cube (~d ~d): the cells marked with a dot.~n",
                   [Name, L, C])
        )
    ;   game_outcome(State, Text),
        format("~w~n", [Text])
    ).
