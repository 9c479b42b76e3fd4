/*  CrossCut (Porto PFL, 2022/23): win.pl on the Tabula engine.

    One of the rule files that replace the report's; see README.md.

    Defines for the rest of the program:

        game_over(+State, -Winner)   'R' or 'B' for a segment of Length-2
                                     in a row or Height-2 in a column,
                                     draw when neither player can place,
                                     x while the game goes on

    CrossCut is a game by Mark Steere; its name and rules are his.
*/

:- use_module(library(tabula/crosscut), [game_over/2]).
