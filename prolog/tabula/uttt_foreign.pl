:- module(uttt_foreign,
          [ uttt_initial/1, uttt_build/3, uttt_board/3, uttt_uboard/2,
            uttt_next_player/2, uttt_available/2, uttt_board_result/2,
            uttt_valid_moves/2, uttt_make_move/3,
            uttt_make_move_relation/3, uttt_valid_move_relation/2, uttt_move_priority/4,
            uttt_best_individual_moves/3, uttt_narrow_greedy/2,
            uttt_best_moves/2, uttt_greedy/2, uttt_move_category/3,
            uttt_perft/3, uttt_random_moves/3, uttt_playouts/4,
            uttt_engine_move/5
          ]).
/** <module> The UTTT engine's foreign predicates

Loaded by library(tabula/uttt) and library(tabula/uttt_tools); not meant to
be used directly. States are `uttt(XA, XB, XC, OA, OB, OC, Forced)`: for each
player three integers of 27 bits (three boards of nine cells each, in
position order) and the board the player to move must use (0-8, or -1 for
any unfinished board).
*/

:- use_foreign_library(foreign(tabula_uttt)).
