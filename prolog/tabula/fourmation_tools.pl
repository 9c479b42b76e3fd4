:- module(fourmation_tools,
          [ fourmation_initial/2,        % +Size, -GameState
            fourmation_print/1,          % +GameState
            fourmation_print/2,          % +Stream, +GameState
            fourmation_parse_move/2,     % +Text, -Move
            fourmation_random_game/4,    % +Size, +Seed, -Moves, -Winner
            fourmation_perft/3,          % +GameState, +Depth, -Leaves
            fourmation_engine_move/3,    % +GameState, +Options, -Move
            fourmation_solve/3,          % +GameState, +Seconds, -Result
            fourmation_level_budget/2,   % +Level, -Seconds
            fourmation_choose_move/4,    % +GameState, +Level, -Move, -Reason
            fourmation_bot_message/2,    % +Reason, -Message
            fourmation_threats/3         % +GameState, +Colour, -Cells
          ]).
/** <module> 4Mation extras: printing, move parsing, random games, the engine

These work on the report's `gameState(Board, turn(Player-Colour), L-C)`
terms, like library(tabula/fourmation).
*/

:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(dcg/basics)).
:- use_module(library(tabula/fourmation_foreign)).
:- use_module(library(tabula/engine_options)).

%!  fourmation_initial(+Size, -GameState) is det.
%
%   GameState is the whole initial state: the empty Size x Size board
%   (3..12), white played by `human` to move, no previous move.
fourmation_initial(Size, GameState) :-
    fourmation_initial_(Size, GameState).

%!  fourmation_print(+GameState) is det.
%!  fourmation_print(+Stream, +GameState) is det.
%
%   Prints the board with line numbers on the left and column numbers on
%   top (both 0-based, as moves are written `L-C`). `W` and `B` are the
%   cubes, the last cube is shown in parentheses and the cells the next
%   cube may go on are marked with a dot. Below the board: whose turn it
%   is, or the result.
fourmation_print(GS) :-
    fourmation_print(current_output, GS).
fourmation_print(Out, GS) :-
    fourmation_valid_moves_(GS, Legal),
    fourmation_winner_(GS, Winner),
    GS = gameState(Board, turn(Player-Colour), Last),
    length(Board, N),
    Max is N - 1,
    nl(Out),
    print_columns(Out, Max),
    print_rule(Out, N),
    forall(nth0(L, Board, Row),
           ( format(Out, "~t~d~2| |", [L]),
             forall(nth0(C, Row, Cell),
                    ( cell_text(Cell, L-C, Last, Legal, Text),
                      format(Out, "~w|", [Text]) )),
             format(Out, " ~d~n", [L]),
             print_rule(Out, N) )),
    print_columns(Out, Max),
    (   Winner == none
    ->  format(Out, "~w (~w) to move", [Colour, Player]),
        (   Last = (-1)-(-1)
        ->  format(Out, "; first cube: any cell.~n", [])
        ;   format(Out, "; last cube at ~w.~n", [Last])
        )
    ;   Winner == draw
    ->  format(Out, "Game over: draw (no free cell next to the last cube).~n", [])
    ;   format(Out, "Game over: ~w wins.~n", [Winner])
    ).

print_columns(Out, Max) :-
    format(Out, "    ", []),
    forall(between(0, Max, C),
           (   C < 10
           ->  format(Out, " ~d  ", [C])
           ;   format(Out, "~d  ", [C])
           )),
    nl(Out).

print_rule(Out, N) :-
    format(Out, "   +", []),
    forall(between(1, N, _), format(Out, "---+", [])),
    nl(Out).

cell_text(Cell, Pos, Last, Legal, Text) :-
    cell_letter(Cell, Letter),
    (   Pos == Last
    ->  format(atom(Text), "(~w)", [Letter])
    ;   Cell == empty, memberchk(Pos, Legal)
    ->  Text = ' . '
    ;   format(atom(Text), " ~w ", [Letter])
    ).

cell_letter(empty, ' ').
cell_letter(white, 'W').
cell_letter(black, 'B').

%!  fourmation_parse_move(+Text, -Move) is semidet.
%
%   Move is the `L-C` a human typed as Text (string, atom or code list):
%   two non-negative integers separated by spaces, a comma or a dash,
%   e.g. `"2 3"`, `"2-3"`, `"2,3"`. Fails on anything else; legality is
%   not checked.
fourmation_parse_move(Text, L-C) :-
    catch(text_to_string(Text, String), _, fail),
    string_codes(String, Codes),
    phrase(move_text(L, C), Codes).

move_text(L, C) -->
    blanks, number_text(L), blanks, separator, blanks, number_text(C), blanks.

separator --> ",", !.
separator --> "-", !.
separator --> [].

number_text(N) -->
    digit(D0), digits(Ds),
    { number_codes(N, [D0|Ds]) }.

%!  fourmation_random_game(+Size, +Seed, -Moves, -Winner) is det.
%
%   Plays uniformly random legal moves from the empty Size x Size board
%   with the engine's own generator seeded by Seed. Moves lists the moves
%   in playing order, Winner is `white`, `black` or `draw`.
fourmation_random_game(Size, Seed, Moves, Winner) :-
    fourmation_initial_(Size, GS),
    fourmation_random_playout_(GS, Seed, Moves, Winner).

%!  fourmation_perft(+GameState, +Depth, -Leaves) is det.
%
%   Leaves of the legal move tree Depth plies deep (a finished game is a
%   leaf where it ends).
fourmation_perft(GS, Depth, Leaves) :-
    fourmation_perft_(GS, Depth, Leaves).

%!  fourmation_threats(+GameState, +Colour, -Cells) is det.
%
%   Cells are the empty cells (`L-C`, row-major) where a Colour cube would
%   complete four in a row, wherever the next cube may go.
fourmation_threats(GS, Colour, Cells) :-
    fourmation_threats_(GS, Colour, Cells).

%!  fourmation_engine_move(+GameState, +Options, -Move) is semidet.
%
%   Move is the choice of the engine's search for the colour to move;
%   fails when the game is over. Options: those of tabula_engine_move/3
%   (time(Seconds), default 1; depth(Plies); nodes(N)), and
%     - seek_mistakes(Bool): when no forced win is found, prefer among
%       the near-best moves the one after which most of the opponent's
%       sensible replies lose (default `true`; `false` is plain minimax)
%     - info(-Info): unified with `search(Score, Depth, Nodes, Millis,
%       Proven)`, Proven one of `win`, `loss`, `draw`, `unknown`.
fourmation_engine_move(GS, Options, Move) :-
    must_be(list, Options),
    partition(own_option, Options, Own, Common),
    option(seek_mistakes(Seek), Own, true),
    must_be(boolean, Seek),
    fourmation_engine(Spec),
    engine_choice(Common, Spec, limits(Millis, Depth, Nodes, _, _, _)),
    fourmation_search_(GS, Millis, Depth, Nodes, Seek, Move, Info),
    (   option(info(I), Own)
    ->  I = Info
    ;   true
    ).

own_option(Option) :-
    nonvar(Option),
    ( Option = seek_mistakes(_) ; Option = info(_) ).

% The search's options for engine_choice/3: one second by default, depth/1
% and nodes/1.
fourmation_engine(engine(1, [depth, nodes], [])).

%!  fourmation_solve(+GameState, +Seconds, -Result) is det.
%
%   Result is `win(Move)`, `loss(Move)` or `draw(Move)` for the colour to
%   move when the search proves it within Seconds, `unknown(Move)` when it
%   does not, and `over` when the game has ended.
fourmation_solve(GS, Seconds, Result) :-
    Ms is round(Seconds * 1000),
    (   fourmation_search_(GS, Ms, 0, 0, false, Move, search(_, _, _, _, Solved))
    ->  Result =.. [Solved, Move]
    ;   Result = over
    ).

%!  fourmation_level_budget(+Level, -Seconds) is det.
%
%   The search time of the engine levels of choose_move/3: level 3 one
%   second, level 4 three seconds, level 5 and above ten seconds.
fourmation_level_budget(Level, Seconds) :-
    must_be(positive_integer, Level),
    (   Level =< 3 -> Seconds = 1
    ;   Level =:= 4 -> Seconds = 3
    ;   Seconds = 10
    ).

%!  fourmation_choose_move(+GameState, +Level, -Move, -Reason) is semidet.
%
%   Move is the computer's choice at Level for the colour to move, and
%   Reason says how it was found; fails when the game is over. Level is a
%   positive integer:
%
%     - 1: a random legal cell (Reason `random`);
%     - 2: the report's bot done right: complete four when possible
%       (`win`); else keep to cells after which the opponent cannot
%       complete four (standing on his cell blocks it) and among them play
%       a forced win found within 5 plies (`forced_win`), else the best
%       greedy weight, ties at random (`block` when the opponent had a
%       four to make, else `greedy`);
%     - 3 and more: the engine's search for fourmation_level_budget/2
%       seconds (`search`).
fourmation_choose_move(GS, Level, Move, Reason) :-
    must_be(positive_integer, Level),
    (   Level =< 2
    ->  random_between(0, 0x3fffffffffffffff, Seed),
        fourmation_bot_(GS, Level, Seed, Move, Reason)
    ;   fourmation_level_budget(Level, Seconds),
        fourmation_engine_move(GS, [time(Seconds)], Move),
        Reason = search
    ).

%!  fourmation_bot_message(+Reason, -Message) is det.
%
%   The report's message after a computer move found for Reason (see
%   fourmation_choose_move/4); `""` where the report prints none.
fourmation_bot_message(block, "Too easy m8.") :- !.
fourmation_bot_message(win, "Careful. Ive got everything under control.") :- !.
fourmation_bot_message(forced_win, "Careful. Ive got everything under control.") :- !.
fourmation_bot_message(greedy, "Im tired of thinking. Ill just go with the most obvious one.") :- !.
fourmation_bot_message(_, "").
