:- module(inteligencia,
          [ nombre/1,
            niveles_minimax/1,
            hacer_jugada/3
          ]).
/*  Futlog, module inteligencia: one level of look-ahead over the first
    moves found, the one that takes the ball nearest the rival's goal.
*/
:- use_module(juego).

nombre("Grupo 00").

niveles_minimax(1).

hacer_jugada(E, LP, E2) :-
    turno(E, T),
    findall(V-(L-S), ( limit(300, mover(E, L, S)), valor(T, S, V) ), Jugadas),
    Jugadas \== [],
    keysort(Jugadas, Ordenadas),
    last(Ordenadas, _-(LP-E2)).

% Nearer the goal it attacks is better; inside it is best.
valor(T, S, V) :-
    posicion_pelota(S, p(_, Y)),
    (   T =:= 1 -> V = Y ; V is -Y ).
