% A planted-fault test program's common part: every predicate of both
% stages delegated to Tabula's engine, but those the including file
% lists in planted/1 and defines itself (the planted fault).
:- use_module(library(tabula/uttt), []).

course(initialState/1). course(buildState/3). course(getBoards/2). course(getBoard/3).
course(getUBoard/2). course(getPos/4). course(getPos/3). course(getNextPlayer/2).
course(getNextAvailableBoards/2). course(getBoardResult/2). course(validMove/2).
course(makeMove/3). course(dummy_first/2). course(dummy_last/2). course(movePriority/4).
course(bestIndividualMoves/3). course(narrowGreedy/2). course(bestMoves/2). course(greedy/2).

delegate :-
    forall(( course(N/A), \+ planted(N/A) ),
           ( functor(H, N, A), H =.. [_|Args], B =.. [N|Args],
             assertz((H :- uttt:B)) )).

:- initialization(delegate).
