:- module(uttt_game, []).
/** <module> Ultimate Tic-Tac-Toe in Tabula's uniform game API
*/

:- use_module(library(option)).
:- use_module(game, []).
:- use_module(uttt).
:- use_module(uttt_foreign, [uttt_valid_moves/2]).
:- use_module(uttt_tools).

:- multifile
    tabula_game:game_hook/2, tabula_game:new_hook/3, tabula_game:moves_hook/3,
    tabula_game:move_hook/4, tabula_game:status_hook/3, tabula_game:engine_hook/4,
    tabula_game:display_hook/2, tabula_game:parse_move_hook/4, tabula_game:perft_hook/4.

tabula_game:game_hook(uttt, 'Ultimate Tic-Tac-Toe').

tabula_game:new_hook(uttt, _Options, State) :-
    initialState(State).

tabula_game:moves_hook(uttt, State, Moves) :-
    uttt_valid_moves(State, Moves).

tabula_game:move_hook(uttt, State, Move, State2) :-
    makeMove(State, Move, State2).

tabula_game:status_hook(uttt, State, Status) :-
    uttt_result(State, Result),
    (   Result == ''
    ->  getNextPlayer(State, Player), Status = to_move(Player)
    ;   Result == r
    ->  Status = draw
    ;   Status = won(Result)
    ).

% level(greedy) plays the course's greedy/2; otherwise the engine's search.
tabula_game:engine_hook(uttt, State, Options, Move) :-
    (   option(level(greedy), Options)
    ->  greedy(State, Move)
    ;   uttt_engine_move(State, Options, Move)
    ).

tabula_game:display_hook(uttt, State) :-
    uttt_print(State).

% "c", "nw c", "nw,c" or "(nw, c)".
tabula_game:parse_move_hook(uttt, State, Text, Move) :-
    split_string(Text, " ,()", " ,()", Parts0),
    exclude(==(""), Parts0, Parts),
    maplist([P, A]>>atom_string(A, P), Parts, Atoms),
    (   Atoms = [Pos] -> Move = Pos
    ;   Atoms = [UPos, Pos] -> Move = (UPos, Pos)
    ),
    validMove(State, Move).

tabula_game:perft_hook(uttt, State, Depth, Leaves) :-
    uttt_perft(State, Depth, Leaves).
