/*  CrossCut (Porto PFL, 2022/23): valid_moves.pl on the Tabula engine.

    One of the rule files that replace the report's; see README.md.

    Defines for the rest of the program:

        valid_moves(+State, +Player, -Moves)    Player's legal placements,
                                                rows from the bottom, then
                                                columns; [] once the game is over
        validate_move(+State, +Player, +Move)   Move is one of them

    CrossCut is a game by Mark Steere; its name and rules are his.
*/

:- use_module(library(tabula/crosscut), [valid_moves/3]).

%!  validate_move(+State, +Player, +Move) is semidet.
%
%   Move is a legal placement of Player in State: any empty interior
%   square, or a perimeter square where the placement flips.
validate_move(State, Player, Move) :-
    valid_moves(State, Player, Moves),
    memberchk(Move, Moves).
