% Planted fault: narrowGreedy/2 recurses without end (and without last
% call optimisation) when several boards are available.
planted(narrowGreedy/2).
:- include(base).
narrowGreedy(S, M) :- uttt:getNextAvailableBoards(S, [_, _|_]), !, deeper(0, M).
narrowGreedy(S, M) :- uttt:narrowGreedy(S, M).
% Frames alone, no garbage: the stack runs out in about half the time
% (1.8 s of CPU at the 256 MB limit) that lists to collect take.
deeper(N, M) :- N1 is N + 1, deeper(N1, M), N1 > 0.
