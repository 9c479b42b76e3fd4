% 4Mation with a planted fault: game_over/2 names the loser as the winner
% (base.pl otherwise).
planted(game_over/2).
:- include(base).

game_over(S, Winner) :-
    (   four(S, X) -> piece(P, X), other(P, Winner)
    ;   S = st(_, _, [_, _]), \+ legal(S, _, _) -> Winner = draw
    ).
