% Planted fault: bestMoves/2 kills its own process when x is to move in
% one board only.
planted(bestMoves/2).
:- include(base).
bestMoves(S, Ms) :-
    uttt:getNextPlayer(S, x), uttt:getNextAvailableBoards(S, [_]), !,
    current_prolog_flag(pid, Pid), process_kill(Pid, 9), Ms = [].
bestMoves(S, Ms) :- uttt:bestMoves(S, Ms).
