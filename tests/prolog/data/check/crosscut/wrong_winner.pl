% CrossCut with a planted fault: game_over/2 names the loser as the
% winner (base.pl otherwise).
planted(game_over/2).
:- include(base).

game_over(S, Winner) :-
    (   wins(S, 'R') -> Winner = 'B'
    ;   wins(S, 'B') -> Winner = 'R'
    ;   Winner = x
    ).
