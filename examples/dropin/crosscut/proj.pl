/*  CrossCut for the Porto PFL course, on the Tabula engine.

    Copy this file into the course folder (as src/proj.pl), start swipl
    there with Tabula installed (or with `-p library=<tabula>/prolog
    -p foreign=<build>/foreign`), then:

        ?- consult('proj.pl').
        ?- play.

    Every predicate of the report is available over the report's terms:
    initial_state/2, display_game/1, move/3, next_turn/2, valid_moves/3,
    game_over/2, value/4, choose_move/4, play/0, plus valid_moves/2,
    value/3 and choose_move/3. See library(tabula/crosscut) for the
    official rules it follows and how they differ from the report's code.

    CrossCut is a game by Mark Steere; its name and rules are his.
*/

:- use_module(library(tabula/crosscut)).
