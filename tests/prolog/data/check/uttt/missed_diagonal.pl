% Planted fault: getBoardResult/2 does not see the diagonal nw-c-se.
planted(getBoardResult/2).
:- include(base).
getBoardResult(B, R) :-
    uttt:getBoardResult(B, R0),
    (   R0 \== '', R0 \== r, diagonal_only(B, R0)
    ->  (   memberchk('', B) -> R = '' ; R = r )
    ;   R = R0
    ).
diagonal_only([A1, A2, A3, A4, A5, A6, A7, A8, A9], P) :-
    A1 == P, A5 == P, A9 == P,
    \+ ( member([X, Y, Z], [[A1,A2,A3],[A4,A5,A6],[A7,A8,A9],[A1,A4,A7],[A2,A5,A8],[A3,A6,A9],[A3,A5,A7]]),
         X == P, Y == P, Z == P ).
