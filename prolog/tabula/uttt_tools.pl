:- module(uttt_tools,
          [ printBoards/1,            % +State
            printBoard/1,             % +Board
            uttt_print/1,             % +State
            uttt_result/2,            % +State, -Result
            uttt_play_moves/3,        % +State, +Moves, -State2
            uttt_perft/3,             % +State, +Depth, -Leaves
            uttt_random_game/2,       % -Moves, -Result
            uttt_random_game/4,       % +State, +Seed, -Moves, -Result
            uttt_playouts/4,          % +State, +Count, +Seed, -Stats
            uttt_engine_move/3,       % +State, +Options, -Move
            uttt_engine_new/2,        % +Options, -Engine
            uttt_kept_tree/1,         % -Kept
            uttt_move_category/3      % +State, +Move, -Category
          ]).
/** <module> Ultimate Tic-Tac-Toe: tools beyond the course's predicates

Printing for standalone use (a course folder has its own printBoards/1 and
printBoard/1: do not load this module into `user` there), perft, random
games and the engine's own search (Monte-Carlo tree search).
*/

:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(library(apply)).
:- use_module(uttt).
:- use_module(uttt_foreign).
:- use_module(game, [tabula_engine_move/3, tabula_engine_new/3]).
:- use_module(uttt_game, []).

%!  printBoards(+State) is det.
%
%   Prints the big board, the U-board, the player to move and the boards
%   available to it.
printBoards(State) :-
    uttt_print(State).

%!  uttt_print(+State) is det.
%
%   Same as printBoards/1.
uttt_print(State) :-
    getBoards(State, Boards),
    forall(between(0, 2, BigRow),
           ( forall(between(0, 2, Row), print_big_row(Boards, BigRow, Row)),
             (   BigRow < 2 -> format("-------+-------+-------~n") ; true )
           )),
    getUBoard(State, UBoard),
    format("U-board:~n"),
    printBoard(UBoard),
    uttt_result(State, Result),
    (   Result == ''
    ->  getNextPlayer(State, Player),
        getNextAvailableBoards(State, Available),
        format("Next: ~w, boards ~w~n", [Player, Available])
    ;   Result == r
    ->  format("Game over: draw~n")
    ;   format("Game over: ~w wins~n", [Result])
    ).

print_big_row(Boards, BigRow, Row) :-
    forall(between(0, 2, BigCol),
           ( B is BigRow * 3 + BigCol,
             nth0(B, Boards, Board),
             format(" "),
             forall(between(0, 2, Col),
                    ( I is Row * 3 + Col, nth0(I, Board, Cell),
                      cell_char(Cell, Char), format("~w ", [Char]) )),
             (   BigCol < 2 -> format("|") ; true )
           )),
    nl.

%!  printBoard(+Board) is det.
%
%   Prints nine cells (a small board or the U-board) as a 3x3 grid.
printBoard(Board) :-
    forall(between(0, 2, Row),
           ( forall(between(0, 2, Col),
                    ( I is Row * 3 + Col, nth0(I, Board, Cell),
                      cell_char(Cell, Char), format(" ~w", [Char]) )),
             nl )).

cell_char('', '.') :- !.
cell_char(Cell, Cell).

%!  uttt_result(+State, -Result) is det.
%
%   Result is `x` or `0` when that player has won the game, `r` when no
%   move is left without a winner, `''` while the game goes on.
uttt_result(State, Result) :-
    getUBoard(State, UBoard),
    getBoardResult(UBoard, Result0),
    (   Result0 == '', getNextAvailableBoards(State, [])
    ->  Result = r
    ;   Result = Result0
    ).

%!  uttt_play_moves(+State, ++Moves, -State2) is semidet.
%
%   Plays a list of moves with makeMove/3; fails at the first invalid one.
%   (makeMove/3 itself enumerates a partial move; a list of moves to play
%   must be ground.)
%
%   @error instantiation_error if Moves is a partial list or holds a
%          partial move, type_error(list, Moves) if it is not a list
uttt_play_moves(State, Moves, State2) :-
    must_be(list, Moves),
    (   ground(Moves)
    ->  play_moves(Moves, State, State2)
    ;   instantiation_error(Moves)
    ).

% Indexed on the list, so no choicepoint is left (as a lambda under
% foldl/4 once did in a fuzzer run).
play_moves([], State, State).
play_moves([Move|Moves], State0, State) :-
    makeMove(State0, Move, State1),
    play_moves(Moves, State1, State).

%!  uttt_perft(+State, +Depth, -Leaves) is det.
%
%   Leaves of the legal move tree Depth plies below State (finished games
%   end their branch). Honours signals, e.g. call_with_time_limit/2.
uttt_perft(State, Depth, Leaves) :-
    uttt_perft_(State, Depth, Leaves).

%!  uttt_random_game(-Moves, -Result) is det.
%
%   A uniformly random game from the initial state.
uttt_random_game(Moves, Result) :-
    random_between(0, 0xFFFFFFFF, Seed),
    initialState(S0),
    uttt_random_game(S0, Seed, Moves, Result).

%!  uttt_random_game(+State, +Seed, -Moves, -Result) is det.
%
%   Moves is a uniformly random continuation of State to the end, drawn
%   from Seed (the same seed gives the same game); Result as uttt_result/2.
uttt_random_game(State, Seed, Moves, Result) :-
    uttt_random_moves_(State, Seed, Moves),
    uttt_play_moves(State, Moves, Final),
    uttt_result(Final, Result).

%!  uttt_playouts(+State, +Count, +Seed, -Stats) is det.
%
%   Plays Count random games from State; Stats is `[XWins, OWins, Draws]`.
uttt_playouts(State, Count, Seed, Stats) :-
    uttt_playouts_(State, Count, Seed, Stats).

%!  uttt_engine_new(+Options, -Engine) is det.
%
%   Engine is a handle that keeps the engine's search tree between the
%   moves of one game (tabula_engine_new/3): pass engine(Engine) to
%   uttt_engine_move/3. Options: seed(S), threads(N).
uttt_engine_new(Options, Engine) :-
    tabula_engine_new(uttt, Options, Engine).

%!  uttt_engine_move(+State, +Options, -Move) is semidet.
%
%   Move is the engine's choice (Monte-Carlo tree search): the same as
%   tabula_engine_move/3 on game(uttt, State), whose options it takes
%   (time(Seconds), default 1; nodes(Simulations); seed(Integer), default
%   0; level(L) for the course's players). Fails when the game is over.
uttt_engine_move(State, Options, Move) :-
    tabula_engine_move(game(uttt, State), Options, Move).

%!  uttt_kept_tree(-Kept) is det.
%
%   Kept = kept(Nodes, Reused): the size of the search tree this thread
%   keeps for tabula_engine_move/3 calls without engine(E) (0: none), and
%   the simulations that tree already held when the thread's last such
%   search began (0: it started from scratch). See tabula_engine_move/3
%   and tabula_engine_forget/0.
uttt_kept_tree(Kept) :-
    uttt_thread_kept_(Kept).

%!  uttt_move_category(+State, +Move, -Category) is semidet.
%
%   Category (1-10) of a valid Move among the course's UTTT-level
%   categories used by bestMoves/2 (5 is never given); fails when Move is
%   not valid.
uttt_move_category(State, Move, Category) :-
    uttt_move_category_(State, Move, Category).
