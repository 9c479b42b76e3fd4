/*  4Mation (Porto coursework, 2021/22) backed by the Tabula engine.

    Copy this file into the course folder in place of the original
    4mation.pl, then:

        ?- consult('4mation.pl').
        ?- play.

    It provides the report's predicates on the report's terms
    (gameState(Board, turn(Player-Colour), L-C)): initial_state/2,
    display_game/1, move/3, next_player/3, valid_moves/2, game_over/2,
    value/3, choose_move/3 and play/0. See docs/fourmation.md.

    Tabula must be installed as a pack, or swipl started with
    -p library=<tabula>/prolog -p foreign=<build>/foreign.
*/

:- use_module(library(tabula/fourmation)).
