% CrossCut with a planted fault: move/3 accepts a perimeter placement
% that flips but does not flip (base.pl otherwise).
planted(move/3).
:- include(base).

move(S, M, cc(O, Rows, H, W)) :-
    game_over(S, x),
    S = cc(P, Rows0, _, _),
    term_cell(S, M, Y, X),
    place(S, P, Y, X, cc(_, Rows1, H, W)),
    (   border(S, Y, X) -> Rows = Rows0 ; Rows = Rows1 ),   % the flips are lost
    other(P, O).
