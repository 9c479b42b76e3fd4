% 4Mation with a planted fault: valid_moves/2 lists its first move twice
% (base.pl otherwise).
planted(valid_moves/2).
:- include(base).

valid_moves(S, Moves) :-
    (   game_over(S, _) -> Moves = [] ; findall([R, C], legal(S, R, C), Ms), Ms = [F|_], Moves = [F|Ms] ).
