% 4Mation with a planted fault: game_over/2 misses the anti-diagonal
% (base.pl otherwise).
planted(four/2).
:- include(base).

four(S, X) :-
    size(S, N),
    between(1, N, R), between(1, N, C),
    at(S, R, C, X), X \== '.',
    member(DR-DC, [0-1, 1-0, 1-1]),
    forall(between(1, 3, K), ( R1 is R + K * DR, C1 is C + K * DC, at(S, R1, C1, X) )).
