:- module(futlog,
          [ cantidad_casilleros/2,    % ?Ancho, ?Alto
            estado_inicial/1,         % ?E
            posicion_pelota/2,        % +E, ?P
            mover/3,                  % +E, ?LP, ?E2
            prefijo_movimiento/2,     % +E, +LP
            gol/2,                    % +E, ?N
            turno/2,                  % +E, ?N
            nombre/1,                 % ?Nombre
            niveles_minimax/1,        % ?N
            hacer_jugada/3            % +E, ?LP, ?E2
          ]).
/** <module> Futlog (paper soccer): the course's predicates

The predicates of the course's modules `juego` and `inteligencia`, backed by
the C++ engine. A state is a ground term

    futlog(p(X,Y), Turn, W0, W1, W2, W3, W4, W5)

(the ball, the player to move, and six integers holding the edges marked
during play), so it survives write/1 followed by term_string/2.

The engine's time per move is the Prolog flag `futlog_time_limit` (seconds,
default 1.0; values above 39 are clamped to 39 so that an answer always
arrives inside the page's 40 s):

    ?- set_prolog_flag(futlog_time_limit, 2.5).
*/

:- use_module(library(error)).
:- use_module(library(tabula/futlog_foreign)).
:- use_module(library(tabula/futlog_tools), [futlog_time_budget/1]).

:- create_prolog_flag(futlog_time_limit, 1.0, [type(term), keep(true)]).

%!  cantidad_casilleros(?Ancho, ?Alto) is semidet.
%
%   The field is 8 cells wide and 10 high.
cantidad_casilleros(8, 10).

%!  estado_inicial(?E) is semidet.
%
%   E is the initial state: ball on p(0,0), player 1 to move.
estado_inicial(E) :-
    futlog_initial_(E).

%!  posicion_pelota(+E, ?P) is semidet.
%
%   P is the ball's position p(X,Y).
posicion_pelota(E, P) :-
    futlog_ball_(E, P0),
    P = P0.

%!  turno(+E, ?N) is semidet.
%
%   N (1 or 2) is the player to move.
turno(E, N) :-
    futlog_turn_(E, N0),
    N = N0.

%!  gol(+E, ?N) is semidet.
%
%   The ball is in a goal that counts for player N: Y = 6 for player 1,
%   Y = -6 for player 2, whoever kicked it. Fails when there is no goal.
gol(E, N) :-
    futlog_goal_(E, N0),
    N = N0.

%!  mover(+E, ?LP, ?E2) is nondet.
%
%   LP is a legal whole move in E (the positions the ball visits after its
%   start, in order) and E2 the state after it, with the turn passed. With
%   LP a proper list this is a deterministic check (false for anything
%   that is not a legal move); otherwise every legal move is enumerated
%   lazily. Fails exactly when the player to move has no legal move (or a
%   goal has been scored).
mover(E, LP, E2) :-
    is_list(LP),
    !,
    futlog_move_check_(E, LP, E2).
mover(E, LP, E2) :-
    futlog_move_gen_(E, LP, E2).

%!  prefijo_movimiento(+E, +LP) is semidet.
%
%   LP is a non-empty list of positions that is legal so far and does not
%   yet complete a move. False for a complete move and for any other term.
prefijo_movimiento(E, LP) :-
    futlog_prefix_(E, LP).

%!  nombre(?Nombre) is semidet.
%
%   Nombre is the engine's name, a string.
nombre("Tabula Futlog").

%!  niveles_minimax(?N) is semidet.
%
%   N is the depth cap, in plies, of the engine's best-first search tree:
%   no line is expanded beyond it (a position there keeps its evaluation).
%   The time limit (flag `futlog_time_limit`) usually stops the search
%   first.
niveles_minimax(24).

%!  hacer_jugada(+E, ?LP, ?E2) is semidet.
%
%   The engine chooses the move LP for the player to move in E, within the
%   time of flag `futlog_time_limit`; E2 is the state after it. Fails when
%   there is no legal move. Thread-safe: each call searches with its own
%   tables.
hacer_jugada(E, LP, E2) :-
    futlog_time_budget(Seconds),
    niveles_minimax(Depth),
    Millis is max(1, round(Seconds * 1000)),
    futlog_search_(E, Millis, Depth, 0, LP0, E20, _Info),
    LP = LP0,
    E2 = E20.

