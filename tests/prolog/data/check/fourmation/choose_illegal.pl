% 4Mation with a planted fault: choose_move/3 always answers the top
% left cell (base.pl otherwise).
planted(choose_move/3).
:- include(base).

choose_move(S, _, M) :-
    S = st(_, _, _), M = [1, 1].
