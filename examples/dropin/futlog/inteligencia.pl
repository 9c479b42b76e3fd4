:- module(inteligencia,
          [ nombre/1,                 % ?Nombre
            niveles_minimax/1,        % ?MaxNiveles
            hacer_jugada/3            % +E, ?LP, ?E2
          ]).
/** <module> Futlog: the course's module inteligencia, backed by the Tabula engine

Copy this file into the course's `prolog/` folder (next to the servers)
once the Tabula pack is installed. The engine thinks for the number of
seconds in the flag `futlog_time_limit` (default 1.0, at most 39), e.g.

    :- set_prolog_flag(futlog_time_limit, 2.5).
*/

:- reexport(library(tabula/futlog),
            [ nombre/1,
              niveles_minimax/1,
              hacer_jugada/3
            ]).
