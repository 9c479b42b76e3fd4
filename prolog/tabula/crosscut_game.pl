:- module(crosscut_game, []).
/** <module> CrossCut in Tabula's uniform game API

The game's predicates for library(tabula/game). The state is the report's
`state/6` term; moves are `move(Number, Letter)`; the uniform move passes
the turn (move/3 then next_turn/2). Options of tabula_new/3: `size(H, L)`
or `size(N)` (default 7 x 7). Engine options: time/1, depth/1 and nodes/1
bound the search; level(1) and level(2) are the report's random and
greedy players. Squares are written as on screen: column letter, then row
number from the bottom (`b3` is `move(3, 2)`).
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/board_text)).
:- use_module(crosscut).
:- use_module(crosscut_foreign).
:- use_module(crosscut_tools).

:- tabula_register_game(crosscut, 'CrossCut', crosscut_game).

% initial_state/2 leaves the player types unbound, for the report's menus
% to bind; the uniform API's states are ground (both sides human).
game_new(Options, State) :-
    foldl(new_option, Options, size(7, 7), Size),
    initial_state(Size, State),
    State = state(_, 1, 1, _, _, _).

new_option(Option, _, Size) :-
    nonvar(Option),
    (   Option = size(H, L) -> Size = size(H, L)
    ;   Option = size(N) -> Size = N
    ),
    !.
new_option(Option, _, _) :-
    (   var(Option) -> instantiation_error(Option) ; domain_error(crosscut_option, Option) ).

game_moves(State, Moves) :-
    valid_moves(State, Moves).

game_move(State, Move, State2) :-
    (   var(Move)
    ->  valid_moves(State, Moves),
        member(Move, Moves)
    ;   true
    ),
    move(State, Move, State1),
    next_turn(State1, State2).

game_status(State, Status) :-
    game_over(State, Winner),
    (   Winner == x
    ->  crosscut_player(State, Player),
        Status = to_move(Player)
    ;   Winner == draw
    ->  Status = draw
    ;   Status = won(Winner)
    ).

game_engine(engine(1, [depth, nodes], [1, 2])).

game_search(State, limits(Millis, Depth0, Nodes, _Seed, _Threads, _Engine), Move, Info) :-
    (   Depth0 =:= 0 -> Depth = 64 ; Depth = Depth0 ),
    crosscut_player(State, Player),
    crosscut_search_(State, Player, Millis, Depth, Nodes, Move, Info).

game_level_move(State, Level, Move) :-
    choose_move(State, Level, Move).

game_perft(State, Depth, Leaves) :-
    crosscut_perft(State, Depth, Leaves).

% ---- the play surfaces -----------------------------------------------------

game_players(['R'-"Red", 'B'-"Blue"]).

game_format_move(_, Move, Text) :-
    crosscut_move_text(Move, Text).

game_parse_move(State, Text, Move) :-
    crosscut_parse_move(State, Text, Move).

game_move_error(State, Text, Message) :-
    State = state(_, _, _, Board, H, L),
    valid_moves(State, Moves),
    (   Moves == []
    ->  Message = "The game is over."
    ;   crosscut_parse_move(State, Text, _)
    ->  Message = "That is a legal move."
    ;   \+ loose_square(Text, _, _)
    ->  example(Moves, Example),
        format(string(Message), "\"~w\" is not a square: type a column letter and a row number, e.g. ~w.",
               [Text, Example])
    ;   loose_square(Text, N, C),
        crosscut_move_text(move(N, C), Square),
        (   \+ ( between(1, H, N), between(1, L, C) )
        ->  column_letter(L, Last),
            format(string(Message), "~w is off the board: columns a to ~w, rows 1 to ~d.",
                   [Square, Last, H])
        ;   I is H - N, nth0(I, Board, Row), nth1(C, Row, Disc), Disc \== x
        ->  format(string(Message), "~w is taken.", [Square])
        ;   ( N =:= 1 ; N =:= H ; C =:= 1 ; C =:= L )
        ->  format(string(Message),
                   "~w is on the border: a disc there must flip enemy discs, and this one would not.",
                   [Square])
        ;   format(string(Message), "~w is not a legal placement.", [Square])
        )
    ).

% A letter and a number in either order, whatever the board's size.
loose_square(Text, N, C) :-
    string_lower(Text, Lower),
    split_string(Lower, "", " \t", [Trimmed]),
    string_chars(Trimmed, Chars0),
    exclude(==(' '), Chars0, Chars),
    (   Chars = [A|Ds], char_type(A, lower) -> true
    ;   append(Ds, [A], Chars), char_type(A, lower)
    ),
    Ds \== [],
    forall(member(D, Ds), char_type(D, digit(_))),
    number_chars(N, Ds),
    column_letter(C, A).

example(Moves, Text) :-
    length(Moves, Count),
    I is Count // 2,
    nth0(I, Moves, Move),
    crosscut_move_text(Move, Text).

game_example(State, Example) :-
    valid_moves(State, Moves),
    Moves \== [],
    example(Moves, Example).

game_move_help(State, Help) :-
    valid_moves(State, Moves),
    (   Moves == []
    ->  Help = "The game is over."
    ;   example(Moves, Example),
        format(string(Help), "Type a column letter and a row number, e.g. ~w.", [Example])
    ).

game_outcome(State, Text) :-
    game_over(State, Winner),
    (   Winner == draw
    ->  Text = "Draw: neither player can place a disc."
    ;   State = state(_, _, _, Board, H, L),
        game_players(Players),
        memberchk(Winner-Name, Players),
        Across is L - 2,
        (   member(Row, Board), run_of(Row, Winner, Across)
        ->  format(string(Text), "~w wins: a line of ~d discs across the board.", [Name, Across])
        ;   Down is H - 2,
            format(string(Text), "~w wins: a line of ~d discs up the board.", [Name, Down])
        )
    ).

run_of(Row, Disc, N) :-
    length(Run, N),
    maplist(=(Disc), Run),
    append(_, Rest, Row),
    append(Run, _, Rest),
    !.

game_rules([ "Red and Blue take turns placing a disc of their colour; Red starts.",
             "Any empty square inside the border is a legal placement. A square",
             "on the border (the outer ring) is legal only when the disc flips",
             "enemy discs; the border disc is then taken off at once, so the",
             "border is always empty.",
             "Flips: a straight line of enemy discs, across or up and down,",
             "between the new disc and another disc of yours is flanked. All the",
             "flanked lines flip together, but only when the longest line of",
             "your colour this makes is longer than the longest enemy line it",
             "cuts; otherwise nothing flips.",
             "Win: an unbroken line of your discs two shorter than the board,",
             "across or up and down (5 on a 7 x 7 board).",
             "A player who cannot place a disc passes; when neither can, the",
             "game is a draw.",
             "A square is named by its column letter and its row number from",
             "the bottom, as the board's edges show: c3."
           ]).

game_sizes(sizes("7 x 7", Choices)) :-
    findall(Label-[size(N, N)],
            ( between(5, 10, N), format(string(Label), "~d x ~d", [N, N]) ),
            Squares),
    findall(Label-[size(H, L)],
            ( member(H-L, [5-7, 6-8, 7-9, 8-10]),
              format(string(Label), "~d rows x ~d columns", [H, L]) ),
            Oblongs),
    append(Squares, Oblongs, Choices).

game_levels([ 1-"Random placements",
              2-"Greedy: best placement" ]).

game_board(State, Last, Board) :-
    State = state(_, _, _, Rows, H, L),
    valid_moves(State, Moves),
    maplist(maplist(disc_name), Rows, Cells),
    findall(Label, ( between(1, H, I), N is H - I + 1, number_string(N, Label) ), RowLabels),
    findall(Label, ( between(1, L, C), column_letter(C, A), atom_string(A, Label) ), ColLabels),
    maplist(target(H), Moves, Targets),
    (   Last = last(_, move(N, C))
    ->  R is H - N, C0 is C - 1, LastCell = _{row:R, col:C0}
    ;   LastCell = null
    ),
    (   pass_notice(State, Last, Notice) -> true ; Notice = null ),
    winning_cells(State, Win),
    Board = _{kind:grid, rows:H, cols:L, cells:Cells, pieces:disc, border:true,
              row_labels:RowLabels, col_labels:ColLabels,
              targets:Targets, last:LastCell, notice:Notice, win:Win}.

% The cells of the winner's winning lines ([] while nobody has won).
winning_cells(State, Win) :-
    game_over(State, W),
    State = state(_, _, _, Rows, H, L),
    Across is L - 2,
    Down is H - 2,
    findall(_{row:R, col:C},
            ( memberchk(W, ['R', 'B']),
              (   between(0, H, R0), between(0, L, C0), DR = 0, DC = 1, Len = Across
              ;   between(0, H, R0), between(0, L, C0), DR = 1, DC = 0, Len = Down
              ),
              Last is Len - 1,
              forall(between(0, Last, K),
                     ( R1 is R0 + K*DR, C1 is C0 + K*DC,
                       nth0(R1, Rows, Row), nth0(C1, Row, W) )),
              between(0, Last, K),
              R is R0 + K*DR, C is C0 + K*DC ),
            Win0),
    sort(Win0, Win).

disc_name(x, "").
disc_name('R', "red").
disc_name('B', "blue").

target(H, Move, _{row:R, col:C0, move:Text}) :-
    Move = move(N, C),
    R is H - N,
    C0 is C - 1,
    crosscut_move_text(Move, Text).

% After a move the same player moves again when the other had no
% placement.
pass_notice(State, last(Previous, _), Notice) :-
    game_status(State, to_move(Player)),
    crosscut_player(Previous, Player),
    game_players(Players),
    memberchk(Player-Name, Players),
    member(Other-OtherName, Players), Other \== Player,
    !,
    format(string(Notice), "~w cannot place a disc and passes: ~w moves again.",
           [OtherName, Name]).

game_display(State, Last) :-
    State = state(_, _, _, Rows, H, L),
    valid_moves(State, Moves),
    (   Last = last(_, LastMove) -> true ; LastMove = none ),
    findall(Texts,
            ( nth1(I, Rows, Row),
              N is H - I + 1,
              findall(T, ( nth1(C, Row, Disc), disc_cell(Disc, move(N, C), LastMove, Moves, T) ),
                      Texts) ),
            Cells),
    findall(Label, ( between(1, H, I), N is H - I + 1, number_string(N, Label) ), RowLabels),
    findall(Label, ( between(1, L, C), column_letter(C, A), atom_string(A, Label) ), ColLabels),
    nl,
    print_grid(Cells, ColLabels, RowLabels),
    (   pass_notice(State, Last, Notice) -> format("~w~n", [Notice]) ; true ),
    (   game_status(State, to_move(Player))
    ->  game_players(Players),
        memberchk(Player-Name, Players),
        format("~w to move: the squares marked with a dot are legal.~n", [Name])
    ;   game_outcome(State, Text),
        format("~w~n", [Text])
    ).

disc_cell(Disc, Square, Last, Moves, Text) :-
    disc_letter(Disc, Letter),
    (   Square == Last -> cell_text(Letter, last, Text)
    ;   Disc == x, memberchk(Square, Moves) -> cell_text(Letter, target, Text)
    ;   cell_text(Letter, plain, Text)
    ).

disc_letter(x, " ").
disc_letter('R', "R").
disc_letter('B', "B").
