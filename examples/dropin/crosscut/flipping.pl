/*  CrossCut (Porto PFL, 2022/23): flipping.pl on the Tabula engine.

    One of the rule files that replace the report's; see README.md. The
    flips follow the official all-or-nothing rule: every flanked run (a
    row or column of enemy discs between the placed disc and a friendly
    one, in the four directions) flips if the longest friendly segment the
    flips create is strictly longer than the longest enemy segment they
    cut; otherwise none does. A perimeter placement is legal only if it
    flips, and its disc is removed right after.

    Defines for the rest of the program:

        flips(+State, +Player, +Move, -Flipped)

    CrossCut is a game by Mark Steere; its name and rules are his.
*/

:- use_module(library(tabula/crosscut_tools), [crosscut_place/4]).

%!  flips(+State, +Player, +Move, -Flipped) is semidet.
%
%   Flipped are the squares, as move(Number, Letter), of the discs that
%   Player's placement at Move turns over, rows from the top of the board
%   first; `[]` when it flips nothing. Fails when the placement is
%   illegal.
flips(State, Player, Move, Flipped) :-
    crosscut_place(State, Player, Move, After),
    State = state(_, _, _, Board0, H, _),
    After = state(_, _, _, Board1, _, _),
    findall(move(N, C),
            ( nth1(I, Board0, Row0), nth1(I, Board1, Row1),
              nth1(C, Row0, Cell0), nth1(C, Row1, Cell1),
              Cell0 \== x, Cell0 \== Cell1,
              N is H - I + 1
            ),
            Flipped).
