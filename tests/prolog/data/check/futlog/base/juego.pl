:- module(juego,
          [ cantidad_casilleros/2,
            estado_inicial/1,
            posicion_pelota/2,
            mover/3,
            prefijo_movimiento/2,
            gol/2,
            turno/2
          ]).
/*  Futlog, module juego: a plain course solution written from the rules,
    the base of the checker's planted-fault programs.

    Estado: estado(Pelota, Turno, Marcadas), Marcadas the edges a(P,Q)
    (P @< Q) marked by play; the border edges are marked by rule.
*/

cantidad_casilleros(8, 10).

estado_inicial(estado(p(0,0), 1, [])).

posicion_pelota(estado(P, _, _), P).

turno(estado(_, T, _), T).

gol(estado(p(_, Y), _, _), N) :-
    arco(Y, N).

arco(6, 1).
arco(-6, 2).

en_gol(p(_, Y)) :-
    abs(Y) =:= 6.

% ---- geometry ---------------------------------------------------------

en_campo(p(X, Y)) :-
    X >= -4, X =< 4, Y >= -5, Y =< 5.

caja(p(X, Y), arriba) :- X >= -1, X =< 1, Y >= 5, Y =< 6.
caja(p(X, Y), abajo) :- X >= -1, X =< 1, Y >= -6, Y =< -5.

unidos(P, Q) :-
    en_campo(P), en_campo(Q), !.
unidos(P, Q) :-
    caja(P, C), caja(Q, C).

direccion(0, 1).
direccion(1, 1).
direccion(1, 0).
direccion(1, -1).
direccion(0, -1).
direccion(-1, -1).
direccion(-1, 0).
direccion(-1, 1).

% vecino(+P, ?Q): Q a neighbour of P joined by an edge. A given Q is
% checked by arithmetic (anything that is no point is no neighbour).
vecino(p(X, Y), Q) :-
    nonvar(Q), !,
    Q = p(X1, Y1),
    integer(X1), integer(Y1),
    DX is X1 - X, DY is Y1 - Y,
    abs(DX) =< 1, abs(DY) =< 1,
    (DX =\= 0 ; DY =\= 0), !,
    unidos(p(X, Y), Q).
vecino(p(X, Y), p(X1, Y1)) :-
    direccion(DX, DY),
    X1 is X + DX,
    Y1 is Y + DY,
    unidos(p(X, Y), p(X1, Y1)).

arista(P, Q, a(P, Q)) :- P @< Q, !.
arista(P, Q, a(Q, P)).

borde(p(X, _), p(X, _)) :- abs(X) =:= 4, !.
borde(p(X1, Y), p(X2, Y)) :- abs(Y) =:= 5, \+ (abs(X1) =< 1, abs(X2) =< 1), !.
borde(p(X, Y1), p(X, Y2)) :- abs(X) =:= 1, abs(Y1) + abs(Y2) =:= 11, !.
borde(p(_, Y), p(_, Y)) :- abs(Y) =:= 6.

marcada(P, Q, _) :-
    borde(P, Q), !.
marcada(P, Q, Marcadas) :-
    arista(P, Q, A),
    memberchk(A, Marcadas).

visitada(P, Marcadas) :-
    vecino(P, Q),
    marcada(P, Q, Marcadas), !.

libre(P, Marcadas) :-
    vecino(P, Q),
    \+ marcada(P, Q, Marcadas), !.

% ---- moves ------------------------------------------------------------

paso(P, Marcadas, Q, [A|Marcadas]) :-
    vecino(P, Q),
    \+ marcada(P, Q, Marcadas),
    arista(P, Q, A).

% The move ends on a goal, on a vertex not visited before the step, or
% where no edge is left (stuck).
termina(Q, _, _) :- en_gol(Q), !.
termina(Q, Antes, _) :- \+ visitada(Q, Antes), !.
termina(Q, _, Despues) :- \+ libre(Q, Despues).

camino(P, M0, [Q|Resto], M) :-
    paso(P, M0, Q, M1),
    (   termina(Q, M0, M1)
    ->  Resto = [], M = M1
    ;   camino(Q, M1, Resto, M)
    ).

mover(estado(P, T, M0), LP, estado(F, T2, M)) :-
    \+ en_gol(P),
    camino(P, M0, LP, M),
    last(LP, F),
    T2 is 3 - T.

prefijo_movimiento(estado(P, _, M), LP) :-
    \+ en_gol(P),
    LP = [_|_],
    rebota(P, M, LP).

rebota(_, _, []).
rebota(P, M0, [Q|Resto]) :-
    paso(P, M0, Q, M1),
    \+ termina(Q, M0, M1),
    rebota(Q, M1, Resto).
