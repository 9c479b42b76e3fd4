% Planted fault: narrowGreedy/2 recurses without end (and without last
% call optimisation) when several boards are available.
planted(narrowGreedy/2).
:- include(base).
narrowGreedy(S, M) :- uttt:getNextAvailableBoards(S, [_, _|_]), !, deeper(0, M).
narrowGreedy(S, M) :- uttt:narrowGreedy(S, M).
deeper(N, M) :- N1 is N + 1, length(L, 200), deeper(N1, M), L = [M|_].
