/*  CrossCut (Porto PFL, 2022/23): input.pl on the Tabula engine.

    One of the rule files that replace the report's; see README.md.

    Defines for the rest of the program:

        player_move(+State, +Player, -Move)   the move of Player: typed by
                                              a human (type 1) or chosen by
                                              the computer (type T >= 2, at
                                              level T-1)
        human_move(+State, +Player, -Move)    reads a square such as b3
        choose_move(+State, +Player, +Level, -Move)
                                              1 random, 2 the report's bot
                                              (best value/4), 3+ search
        value(+State, +Move, +Player, -Value) the report's value of a move,
                                              on the state AFTER the move

    CrossCut is a game by Mark Steere; its name and rules are his.
*/

:- use_module(library(tabula/crosscut), [choose_move/4, value/4]).
:- use_module(library(tabula/crosscut_tools), [crosscut_parse_move/3, crosscut_move_text/2]).

%!  player_move(+State, +Player, -Move) is det.
%
%   Move is Player's next move: the type of Player in State (RedType or
%   BlueType) says who plays it, 1 a human, T >= 2 the computer at level
%   T-1 (the report's 2 "easy" is level 1, random; its 3 "hard" is level
%   2, the best value/4; 4 and 5 reach Tabula's search, 1 s and 3 s).
player_move(State, Player, Move) :-
    tabula_player_type(State, Player, Type),
    (   var(Type)
    ->  throw(error(instantiation_error, player_move/3))
    ;   integer(Type), Type >= 1
    ->  true
    ;   throw(error(domain_error(crosscut_player_type, Type), player_move/3))
    ),
    (   Type =:= 1
    ->  human_move(State, Player, Move)
    ;   Level is Type - 1,
        choose_move(State, Player, Level, Move),
        tabula_player_name(Player, Name),
        crosscut_move_text(Move, Text),
        format("~w (computer, level ~d) plays ~w~n", [Name, Level, Text])
    ).

tabula_player_type(state(_, RedType, _, _, _, _), 'R', RedType).
tabula_player_type(state(_, _, BlueType, _, _, _), 'B', BlueType).

tabula_player_name('R', 'Red').
tabula_player_name('B', 'Blue').

%!  human_move(+State, +Player, -Move) is det.
%
%   Reads a line from the terminal until it names a legal square for
%   Player, written as on the board: a column letter and a row number
%   (`b3`, `B3`, `3b` or `b 3`). At the end of the input the program
%   stops (halt/0): nobody is left to play.
human_move(State, Player, Move) :-
    tabula_player_name(Player, Name),
    format("~w, your move (e.g. b3): ", [Name]),
    flush_output,
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  nl, write('End of input.'), nl,
        halt
    ;   crosscut_parse_move(State, Line, Move0)
    ->  Move = Move0
    ;   write('Not a valid move here.'), nl,
        human_move(State, Player, Move)
    ).
