:- module(juego,
          [ cantidad_casilleros/2,    % ?Ancho, ?Alto
            estado_inicial/1,         % ?E
            posicion_pelota/2,        % +E, ?P
            mover/3,                  % +E, ?LP, ?E2
            prefijo_movimiento/2,     % +E, +LP
            gol/2,                    % +E, ?Njugador
            turno/2                   % +E, ?Njugador
          ]).
/** <module> Futlog: the course's module juego, backed by the Tabula engine

Copy this file into the course's `prolog/` folder (next to the servers)
once the Tabula pack is installed. The predicates are documented in
library(tabula/futlog).
*/

:- reexport(library(tabula/futlog),
            [ cantidad_casilleros/2,
              estado_inicial/1,
              posicion_pelota/2,
              mover/3,
              prefijo_movimiento/2,
              gol/2,
              turno/2
            ]).
