:- module(uttt_game, []).
/** <module> Ultimate Tic-Tac-Toe in Tabula's uniform game API

The game's predicates for library(tabula/game). Moves are the course's:
a bare position when one board is available, `(UPos, Pos)` otherwise.
Engine options: time/1, nodes/1 (simulations), seed/1 and level/1, the
course's own players `dummy_first`, `dummy_last`, `narrowGreedy` and
`greedy`. People write a move as the board, then the cell: `sw ne` is cell
ne of board sw (the course's `(sw, ne)`, or `ne` when sw is the only board
available); a cell alone is enough when one board is available.
*/

:- use_module(library(error)).
:- use_module(library(option)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/board_text)).
:- use_module(uttt).
:- use_module(uttt_foreign).
:- use_module(uttt_tools).

:- tabula_register_game(uttt, 'Ultimate Tic-Tac-Toe', uttt_game).

game_new(Options, State) :-
    (   Options = [Option|_]
    ->  domain_error(uttt_option, Option)
    ;   initialState(State)
    ).

game_moves(State, Moves) :-
    uttt_valid_moves_(State, Moves).

game_move(State, Move, State2) :-
    makeMove(State, Move, State2).

game_status(State, Status) :-
    uttt_result(State, Result),
    (   Result == ''
    ->  getNextPlayer(State, Player), Status = to_move(Player)
    ;   Result == r
    ->  Status = draw
    ;   Status = won(Result)
    ).

game_engine(engine(1, [nodes, seed, threads, engine], [dummy_first, dummy_last, narrowGreedy, greedy])).

% A search bounded by time alone, with no seed and no handle, is what a
% player calls move after move: it starts from the tree this thread kept
% (tabula_engine_move/3). A seed or a simulation bound asks for a
% reproducible search: from scratch.
game_search(State, limits(Millis, _Depth, Nodes, Seed, Threads, Engine), Move, Info) :-
    (   Engine \== none
    ->  uttt_engine_search_(Engine, State, Millis, Nodes, Move, Info)
    ;   Nodes =:= 0, Seed =:= 0
    ->  uttt_thread_search_(State, Millis, Threads, Move, Info)
    ;   uttt_search_(State, Millis, Nodes, Seed, Threads, Move, Info)
    ).

game_forget :-
    uttt_thread_forget_.

% An engine handle keeps its search tree from one move of a game to the
% next. Options: seed(S), threads(N).
game_new_engine(Options, Engine) :-
    must_be(list, Options),
    option(seed(Seed), Options, 0),
    option(threads(Threads), Options, 1),
    must_be(integer, Seed),
    must_be(between(1, 64), Threads),
    uttt_engine_new_(Seed, Threads, Engine).

game_level_move(State, dummy_first, Move) :- dummy_first(State, Move).
game_level_move(State, dummy_last, Move) :- dummy_last(State, Move).
game_level_move(State, narrowGreedy, Move) :- narrowGreedy(State, Move).
game_level_move(State, greedy, Move) :- greedy(State, Move).

% "c", "nw c", "nw,c" or "(nw, c)": the board may be left out when only
% one is available.
game_parse_move(State, Text, Move) :-
    words(Text, Atoms),
    getNextAvailableBoards(State, Available),
    (   Atoms = [Pos]
    ->  Available = [_],
        Move = Pos
    ;   Atoms = [UPos, Pos]
    ->  (   Available == [UPos] -> Move = Pos ; Move = (UPos, Pos) )
    ),
    validMove(State, Move).

words(Text, Atoms) :-
    split_string(Text, " ,()/-", " ,()/-", Parts0),
    exclude(==(""), Parts0, Parts),
    maplist(lower_atom, Parts, Atoms).

lower_atom(Text, Atom) :-
    string_lower(Text, Lower),
    atom_string(Atom, Lower).

game_perft(State, Depth, Leaves) :-
    uttt_perft_(State, Depth, Leaves).

% ---- the play surfaces -----------------------------------------------------

positions([nw, n, ne, w, c, e, sw, s, se]).

% I (0-8) is the index of position P.
pos_index(P, I) :-
    positions(Ps),
    once(nth0(I, Ps, P)).

game_players([x-"X", 0-"O"]).

% Always "board cell", e.g. "sw ne".
game_format_move(State, Move, Text) :-
    move_cell(State, Move, UPos, Pos),
    format(string(Text), "~w ~w", [UPos, Pos]).

move_cell(State, Move, UPos, Pos) :-
    (   Move = (UPos, Pos)
    ->  true
    ;   getNextAvailableBoards(State, [UPos]),
        Pos = Move
    ).

game_move_error(State, Text, Message) :-
    getNextAvailableBoards(State, Available),
    positions(Ps),
    words(Text, Atoms),
    (   Available == []
    ->  Message = "The game is over."
    ;   game_parse_move(State, Text, _)
    ->  Message = "That is a legal move."
    ;   \+ ( Atoms = [_|_], length(Atoms, N), N =< 2, forall(member(A, Atoms), memberchk(A, Ps)) )
    ->  game_move_help(State, Help),
        format(string(Message), "\"~w\" is not a move. ~w", [Text, Help])
    ;   Atoms = [Pos]
    ->  (   Available = [UPos]
        ->  taken(UPos, Pos, Message)
        ;   example(State, Example),
            format(string(Message),
                   "~w alone is not enough: several boards are open, so type the board, then the cell, e.g. ~w.",
                   [Pos, Example])
        )
    ;   Atoms = [UPos, Pos],
        (   memberchk(UPos, Available)
        ->  taken(UPos, Pos, Message)
        ;   Available = [Forced]
        ->  format(string(Message), "You must play in board ~w.", [Forced])
        ;   getUBoard(State, UBoard),
            getPos(UBoard, UPos, Result),
            (   Result == r
            ->  format(string(Message), "Board ~w is full: play in an open board.", [UPos])
            ;   game_players(Players),
                memberchk(Result-Name, Players),
                format(string(Message), "Board ~w is won by ~w: play in an open board.", [UPos, Name])
            )
        )
    ).

taken(UPos, Pos, Message) :-
    format(string(Message), "Cell ~w of board ~w is taken.", [Pos, UPos]).

% A legal move for the examples: the centre cell of a board if one is
% free, else the middle move of the list.
example(State, Text) :-
    uttt_valid_moves_(State, Moves),
    (   member(Move, Moves), move_cell(State, Move, _, c)
    ->  true
    ;   length(Moves, N),
        I is N // 2,
        nth0(I, Moves, Move)
    ),
    game_format_move(State, Move, Text).

game_example(State, Example) :-
    getNextAvailableBoards(State, [_|_]),
    example(State, Example).

game_move_help(State, Help) :-
    getNextAvailableBoards(State, Available),
    (   Available == []
    ->  Help = "The game is over."
    ;   Available = [UPos]
    ->  example(State, Example),
        split_string(Example, " ", "", [_, Cell]),
        format(string(Help), "Type a cell of board ~w, e.g. ~w (or the board and the cell: ~w).",
               [UPos, Cell, Example])
    ;   example(State, Example),
        format(string(Help), "Type a board, then a cell, e.g. ~w.", [Example])
    ).

game_outcome(State, Text) :-
    uttt_result(State, Result),
    (   Result == r
    ->  Text = "Draw: no move is left and nobody has three boards in a row."
    ;   game_players(Players),
        memberchk(Result-Name, Players),
        format(string(Text), "~w wins: three boards in a row.", [Name])
    ).

game_rules([ "Nine small tic-tac-toe boards make one big board. X and O take",
             "turns putting their mark in an empty cell; X starts.",
             "The cell you play sends your opponent to the board in the same",
             "place: play cell ne of any board, and O must play in board ne.",
             "When that board is finished (won or full), O may play in any",
             "open board. Three in a row on a small board wins that board;",
             "three boards in a row on the big board win the game. A game",
             "where no move is left without that is a draw.",
             "Boards and cells are named by compass points: nw n ne / w c e /",
             "sw s se. A move is the board, then the cell: sw ne is cell ne",
             "of board sw. When only one board is open, the cell alone will do."
           ]).

game_sizes([]).

game_levels([ dummy_first-"First legal move",
              dummy_last-"Last legal move",
              narrowGreedy-"Greedy, one board",
              greedy-"Greedy, all boards" ]).

game_board(State, Last, Board) :-
    getBoards(State, Boards),
    maplist(maplist(mark_name), Boards, Cells),
    getUBoard(State, UBoard),
    maplist(result_name, UBoard, Results),
    getNextAvailableBoards(State, Available),
    positions(Ps),
    findall(I, ( member(U, Available), pos_index(U, I) ), Playable),
    uttt_valid_moves_(State, Moves),
    maplist(target(State, Ps), Moves, Targets),
    (   Last = last(Previous, Move)
    ->  move_cell(Previous, Move, LU, LP),
        pos_index(LU, LB), pos_index(LP, LC),
        LastCell = _{board:LB, cell:LC}
    ;   LastCell = null
    ),
    maplist(atom_string, Ps, Names),
    findall(I, ( uttt_result(State, W), W \== '', W \== r,
                 member([A, B, C], [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]]),
                 nth0(A, UBoard, W), nth0(B, UBoard, W), nth0(C, UBoard, W),
                 member(I, [A, B, C]) ), Win0),
    sort(Win0, Win),
    Board = _{kind:uttt, names:Names, cells:Cells, results:Results,
              playable:Playable, targets:Targets, last:LastCell, win:Win}.

mark_name('', "").
mark_name(x, "x").
mark_name(0, "o").

result_name('', "").
result_name(x, "x").
result_name(0, "o").
result_name(r, "draw").

target(State, _Ps, Move, _{board:B, cell:C, move:Text}) :-
    move_cell(State, Move, U, P),
    pos_index(U, B), pos_index(P, C),
    game_format_move(State, Move, Text).

% Three rows of three framed boards; the board's name in its frame, "=" for
% the boards open to the next move, a dot on the legal cells and the last
% move in parentheses; a key of the cell names on the right.
game_display(State, Last) :-
    getBoards(State, Boards),
    getUBoard(State, UBoard),
    getNextAvailableBoards(State, Available),
    uttt_valid_moves_(State, Moves),
    findall(U-P, ( member(M, Moves), move_cell(State, M, U, P) ), Targets),
    (   Last = last(Previous, Move) -> move_cell(Previous, Move, LU, LP), LastCell = LU-LP
    ;   LastCell = none
    ),
    positions(Ps),
    Key = ["", "   cells of a board:", "      nw  n  ne", "      w   c  e", "      sw  s  se"],
    nl,
    forall(between(0, 2, BigRow),
           ( findall(U, ( between(0, 2, BC), I is BigRow*3 + BC, nth0(I, Ps, U) ), Us),
             big_row_lines(Us, Boards, UBoard, Available, Targets, LastCell, Lines),
             (   BigRow =:= 0 -> Right = Key ; Right = [] ),
             print_lines(Lines, Right) )),
    status_line(State, Available).

big_row_lines(Us, Boards, UBoard, Available, Targets, LastCell, [Top|Rest]) :-
    maplist(frame_top(UBoard, Available), Us, Tops),
    join_texts(Tops, " ", Top0),
    string_concat("   ", Top0, Top),
    findall(Line,
            ( between(0, 2, Row),
              maplist(board_row(Boards, Row, Targets, LastCell), Us, Parts),
              join_texts(Parts, " ", Line0),
              string_concat("   ", Line0, Line) ),
            Rows),
    maplist(frame_bottom(Available), Us, Bottoms),
    join_texts(Bottoms, " ", Bottom0),
    string_concat("   ", Bottom0, Bottom),
    append(Rows, [Bottom], Rest).

frame_top(UBoard, Available, U, Text) :-
    pos_index(U, I),
    nth0(I, UBoard, Result),
    (   Result == '' -> format(string(Label), " ~w ", [U])
    ;   Result == r -> format(string(Label), " ~w:full ", [U])
    ;   result_name(Result, R), string_upper(R, RU), format(string(Label), " ~w:~w ", [U, RU])
    ),
    (   memberchk(U, Available) -> Fill = "=" ; Fill = "-" ),
    string_length(Label, N),
    Left is (11 - N) // 2,
    Right is 11 - N - Left,
    length(LL, Left), maplist(=(Fill), LL), atomic_list_concat(LL, LeftText),
    length(RL, Right), maplist(=(Fill), RL), atomic_list_concat(RL, RightText),
    format(string(Text), "+~w~w~w+", [LeftText, Label, RightText]).

frame_bottom(Available, U, Text) :-
    (   memberchk(U, Available) -> Fill = "=" ; Fill = "-" ),
    length(L, 11), maplist(=(Fill), L), atomic_list_concat(L, Line),
    format(string(Text), "+~w+", [Line]).

board_row(Boards, Row, Targets, LastCell, U, Text) :-
    positions(Ps),
    pos_index(U, I),
    nth0(I, Boards, Cells),
    findall(T,
            ( between(0, 2, Col),
              J is Row*3 + Col,
              nth0(J, Ps, P),
              nth0(J, Cells, Mark),
              mark_letter(Mark, Letter),
              (   LastCell == U-P -> cell_text(Letter, last, T)
              ;   memberchk(U-P, Targets) -> cell_text(Letter, target, T)
              ;   cell_text(Letter, plain, T)
              ) ),
            Ts),
    join_texts(Ts, "", Inside),
    format(string(Text), "| ~w |", [Inside]).

mark_letter('', " ").
mark_letter(x, "X").
mark_letter(0, "O").

print_lines([], _).
print_lines([L|Ls], Right) :-
    (   Right = [R|Rs] -> true ; R = "", Rs = [] ),
    format("~w~w~n", [L, R]),
    print_lines(Ls, Rs).

status_line(State, Available) :-
    uttt_result(State, Result),
    (   Result == ''
    ->  getNextPlayer(State, Player),
        game_players(Players),
        memberchk(Player-Name, Players),
        (   Available = [U]
        ->  format("~w to move in board ~w (framed with =).~n", [Name, U])
        ;   format("~w to move in any board framed with =.~n", [Name])
        )
    ;   game_outcome(State, Text),
        format("~w~n", [Text])
    ).
