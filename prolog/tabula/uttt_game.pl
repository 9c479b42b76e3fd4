:- module(uttt_game, []).
/** <module> Ultimate Tic-Tac-Toe in Tabula's uniform game API

The game's predicates for library(tabula/game). Moves are the course's:
a bare position when one board is available, `(UPos, Pos)` otherwise.
Engine options: time/1, nodes/1 (simulations), seed/1 and level/1, the
course's own players `dummy_first`, `dummy_last`, `narrowGreedy` and
`greedy`.
*/

:- use_module(library(error)).
:- use_module(library(tabula/game)).
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

game_engine(engine(1, [nodes, seed], [dummy_first, dummy_last, narrowGreedy, greedy])).

game_search(State, limits(Millis, _Depth, Nodes, Seed), Move, Info) :-
    uttt_search_(State, Millis, Nodes, Seed, Move, Info).

game_level_move(State, dummy_first, Move) :- dummy_first(State, Move).
game_level_move(State, dummy_last, Move) :- dummy_last(State, Move).
game_level_move(State, narrowGreedy, Move) :- narrowGreedy(State, Move).
game_level_move(State, greedy, Move) :- greedy(State, Move).

game_display(State) :-
    uttt_print(State).

% "c", "nw c", "nw,c" or "(nw, c)".
game_parse_move(State, Text, Move) :-
    split_string(Text, " ,()", " ,()", Parts0),
    exclude(==(""), Parts0, Parts),
    maplist([P, A]>>atom_string(A, P), Parts, Atoms),
    (   Atoms = [Pos] -> Move = Pos
    ;   Atoms = [UPos, Pos] -> Move = (UPos, Pos)
    ),
    validMove(State, Move).

game_perft(State, Depth, Leaves) :-
    uttt_perft_(State, Depth, Leaves).
