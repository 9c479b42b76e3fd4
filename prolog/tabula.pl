:- module(tabula,
          [ play/0,
            play/1,                    % +Name
            play_demo/0,
            play_demo/1                % +Options
          ]).
:- reexport(tabula/game).
/** <module> Tabula: board-game engines for SWI-Prolog

Loading this library loads every game whose hooks are installed and offers
the terminal menus of library(tabula/play): play/0 to choose a game and
play it against the engine, against another person, or to watch the
engine play itself; play/1 for one game (e.g. `play(futlog)`); and
play_demo/0, one engine-vs-engine game of each. Each game's course
predicates live in their own modules, e.g. library(tabula/uttt).
*/

:- use_module(tabula/game).
:- reexport(tabula/play, [play/0, play/1, play_demo/0, play_demo/1]).
:- use_module(tabula/play, [tabula_load_games/0]).

:- tabula_load_games.
