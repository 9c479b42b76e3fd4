:- module(test_crosscut_ref, []).
/*  Tests of the pure-Prolog CrossCut reference (tests/reference/crosscut_ref.pl).

    Positions are drawn as pictures: one string per row, top row first,
    `.` empty, `R` red, `B` blue. Moves are move(Number, Letter) with
    Number counted from the bottom, so in a 9-row picture the first string
    is row 9 and the last is row 1.

    Run: swipl --no-packs --on-warning=status --on-error=status \
              -g run_tests -t halt tests/prolog/test_crosscut_ref.pl
*/

:- use_module('../reference/crosscut_ref').
:- use_module(library(plunit)).
:- use_module(test_support).
:- use_module(library(lists)).
:- use_module(library(apply)).

%   pic(+Rows, -Board): Board drawn by Rows.

pic(Rows, Board) :-
    maplist(pic_row, Rows, Board).

pic_row(String, Cells) :-
    string_chars(String, Chars),
    maplist(pic_cell, Chars, Cells).

pic_cell('.', x).
pic_cell('R', 'R').
pic_cell('B', 'B').

%   pic_state(+Rows, +ToMove, -State): a running game on the drawn board.

pic_state(Rows, ToMove, cc(Board, H, W, ToMove, none)) :-
    pic(Rows, Board),
    length(Board, H),
    Board = [Row|_],
    length(Row, W).

%   place(+Rows, +Color, +Move, -After): After is the picture of the board
%   once Color plays Move on the drawn board (fails if illegal).

place(Rows, Color, Move, After) :-
    pic_state(Rows, Color, cc(Board, H, W, _, _)),
    ref_place(Board, H, W, Color, Move, Board2),
    after_pic(Board2, After).

%   after_pic(+Board, -Rows): the picture of Board.

after_pic(Board, Rows) :-
    maplist(board_row_string, Board, Rows).

board_row_string(Cells, String) :-
    maplist(pic_cell, Chars, Cells),
    string_chars(String, Chars).

%   replay(+Moves, +State0, -State): plays Moves in order.

replay([], State, State).
replay([Move|Moves], State0, State) :-
    ref_apply(State0, Move, State1),
    replay(Moves, State1, State).

:- begin_tests(crosscut_ref_setup).

test(initial_5x5) :-
    ref_initial(5, 5, cc(Board, H, W, ToMove, Winner)),
    assertion(H-W-ToMove-Winner == 5-5-'R'-none),
    pic([".....", ".....", ".....", ".....", "....."], Expected),
    assertion(Board == Expected).

test(initial_rectangular) :-
    ref_initial(5, 10, cc(Board, 5, 10, 'R', none)),
    length(Board, 5),
    forall(member(Row, Board), (length(Row, 10), maplist(==(x), Row))).

test(initial_too_small, [error(domain_error(between(5, 10), 4))]) :-
    ref_initial(4, 5, _).

test(initial_not_an_integer, [error(type_error(integer, a))]) :-
    ref_initial(a, 5, _).

test(initial_too_large, [error(domain_error(between(5, 10), 11))]) :-
    ref_initial(5, 11, _).

test(initial_moves_are_the_interior) :-
    ref_initial(5, 5, S),
    ref_moves(S, Moves),
    assertion(Moves == [ move(2,2), move(2,3), move(2,4),
                         move(3,2), move(3,3), move(3,4),
                         move(4,2), move(4,3), move(4,4) ]).

test(winner_of_a_fresh_game) :-
    ref_initial(7, 7, S),
    ref_winner(S, W),
    assertion(W == none).

test(move_numbering_counts_rows_from_the_bottom) :-
    ref_initial(5, 6, S),
    ref_apply(S, move(2, 5), cc(Board, 5, 6, 'B', none)),
    pic([ "......",
          "......",
          "......",
          "....R.",
          "......" ], Expected),
    assertion(Board == Expected).

:- end_tests(crosscut_ref_setup).

:- begin_tests(crosscut_ref_illegal).

test(occupied_by_own_disc, [fail]) :-
    place([".....", ".....", "..R..", ".....", "....."], 'R', move(3,3), _).

test(occupied_by_enemy_disc, [fail]) :-
    place([".....", ".....", "..B..", ".....", "....."], 'R', move(3,3), _).

test(off_board, [forall(member(Move, [move(0,3), move(6,3), move(3,0),
                                      move(3,6), move(-1,2)]))]) :-
    pic_state([".....", ".....", ".....", ".....", "....."], 'R',
              cc(Board, H, W, _, _)),
    \+ ref_place(Board, H, W, 'R', Move, _).

test(not_integer_coordinates, [fail]) :-
    ref_initial(5, 5, S),
    ref_apply(S, move(a, 3), _).

test(unknown_colour, [fail]) :-
    ref_initial(5, 5, cc(Board, H, W, _, _)),
    ref_place(Board, H, W, x, move(3,3), _).

test(apply_rejects_occupied, [fail]) :-
    ref_initial(5, 5, S0),
    ref_apply(S0, move(3,3), S1),
    ref_apply(S1, move(3,3), _).

test(empty_perimeter_without_flip, [forall(member(Move, [move(1,3), move(5,3),
                                                        move(3,1), move(3,5)]))]) :-
    ref_initial(5, 5, S),
    \+ ref_apply(S, Move, _).

:- end_tests(crosscut_ref_illegal).

:- begin_tests(crosscut_ref_flips).

% Rule 5 on the official sheet's first situation: Red's placement at b5
% flips two blue discs and creates a red segment of 5; the longest blue
% segment cut is the vertical one of 4 through c5. 5 > 4: the flip stands.
test(creates_five_cuts_four) :-
    place([ ".........",
            "..B......",
            "..B......",
            "..B......",
            "..BBRR...",
            ".........",
            ".........",
            ".........",
            "........." ], 'R', move(5,2), After),
    assertion(After == [ ".........",
                         "..B......",
                         "..B......",
                         "..B......",
                         ".RRRRR...",
                         ".........",
                         ".........",
                         ".........",
                         "........." ]).

% Same, but the blue column is 5 long: 5 is not longer than 5, so nothing
% flips; the interior disc stays.
test(creates_five_cuts_five_nothing_flips) :-
    place([ ".........",
            "..B......",
            "..B......",
            "..B......",
            "..BBRR...",
            "..B......",
            ".........",
            ".........",
            "........." ], 'R', move(5,2), After),
    assertion(After == [ ".........",
                         "..B......",
                         "..B......",
                         "..B......",
                         ".RBBRR...",
                         "..B......",
                         ".........",
                         ".........",
                         "........." ]).

% Horizontally the placement would create 5 and cut 2, but the downward
% flank flips a disc of a blue row of 6. All or nothing: 5 > 6 fails,
% so the good horizontal flip is blocked as well.
test(bad_direction_blocks_good_one) :-
    place([ ".........",
            ".........",
            ".........",
            ".........",
            "..BBRR...",
            ".BBBBBB..",
            ".R.......",
            ".........",
            "........." ], 'R', move(5,2), After),
    assertion(After == [ ".........",
                         ".........",
                         ".........",
                         ".........",
                         ".RBBRR...",
                         ".BBBBBB..",
                         ".R.......",
                         ".........",
                         "........." ]).

% Without the downward flank the horizontal flip alone goes through.
test(good_direction_alone_flips) :-
    place([ ".........",
            ".........",
            ".........",
            ".........",
            "..BBRR...",
            ".BBBBBB..",
            ".........",
            ".........",
            "........." ], 'R', move(5,2), After),
    assertion(After == [ ".........",
                         ".........",
                         ".........",
                         ".........",
                         ".RRRRR...",
                         ".BBBBBB..",
                         ".........",
                         ".........",
                         "........." ]).

% The vertical flank alone (create 3, cut 4) would be refused ...
test(weak_direction_alone_refused) :-
    place([ ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".BBBB....",
            ".R.......",
            ".........",
            "........." ], 'R', move(5,2), After),
    assertion(After == [ ".........",
                         ".........",
                         ".........",
                         ".........",
                         ".R.......",
                         ".BBBB....",
                         ".R.......",
                         ".........",
                         "........." ]).

% ... but together with a horizontal flank creating 6 the longest created
% segment (6) beats the longest cut (4), so both directions flip.
test(strong_direction_carries_weak_one) :-
    place([ ".........",
            ".........",
            ".........",
            ".........",
            "..BBRRR..",
            ".BBBB....",
            ".R.......",
            ".........",
            "........." ], 'R', move(5,2), After),
    assertion(After == [ ".........",
                         ".........",
                         ".........",
                         ".........",
                         ".RRRRRR..",
                         ".RBBB....",
                         ".R.......",
                         ".........",
                         "........." ]).

test(four_directions_flip_together) :-
    place([ ".........",
            ".........",
            "....R....",
            "....B....",
            "..RB.BR..",
            "....B....",
            "....R....",
            ".........",
            "........." ], 'R', move(5,5), After),
    assertion(After == [ ".........",
                         ".........",
                         "....R....",
                         "....R....",
                         "..RRRRR..",
                         "....R....",
                         "....R....",
                         ".........",
                         "........." ]).

test(run_of_several_enemy_discs_flips) :-
    place([ ".......",
            ".......",
            ".......",
            ".BRRR..",
            ".......",
            ".......",
            "......." ], 'B', move(4,6), After),
    assertion(After == [ ".......",
                         ".......",
                         ".......",
                         ".BBBBB.",
                         ".......",
                         ".......",
                         "......." ]).

% The run must be unbroken and end on a friendly disc.
test(no_flank_across_a_gap) :-
    place([ ".......",
            ".......",
            ".......",
            "..R.RB.",
            ".......",
            ".......",
            "......." ], 'B', move(4,2), After),
    assertion(After == [ ".......",
                         ".......",
                         ".......",
                         ".BR.RB.",
                         ".......",
                         ".......",
                         "......." ]).

test(no_flank_without_friendly_end) :-
    place([ ".......",
            ".......",
            ".......",
            "..RR...",
            ".......",
            ".......",
            "......." ], 'B', move(4,5), After),
    assertion(After == [ ".......",
                         ".......",
                         ".......",
                         "..RRB..",
                         ".......",
                         ".......",
                         "......." ]).

% The created segments include the placed disc's own perpendicular run:
% horizontally 3 against a cut blue column of 3 would fail, but the placed
% disc completes a red column of 4.
test(created_counts_placed_disc_cross_run) :-
    place([ ".........",
            "..R......",
            "..R......",
            "..R......",
            "...BR....",
            "...B.....",
            "...B.....",
            ".........",
            "........." ], 'R', move(5,3), After),
    assertion(After == [ ".........",
                         "..R......",
                         "..R......",
                         "..R......",
                         "..RRR....",
                         "...B.....",
                         "...B.....",
                         ".........",
                         "........." ]).

test(created_three_cut_three_nothing_flips) :-
    place([ ".........",
            ".........",
            ".........",
            ".........",
            "...BR....",
            "...B.....",
            "...B.....",
            ".........",
            "........." ], 'R', move(5,3), After),
    assertion(After == [ ".........",
                         ".........",
                         ".........",
                         ".........",
                         "..RBR....",
                         "...B.....",
                         "...B.....",
                         ".........",
                         "........." ]).

% ... and the perpendicular runs of flipped discs: the flipped disc joins
% a red column of 3 above it (4 > 3).
test(created_counts_flipped_disc_cross_run) :-
    place([ ".........",
            "...R.....",
            "...R.....",
            "...R.....",
            "...BR....",
            "...B.....",
            "...B.....",
            ".........",
            "........." ], 'R', move(5,3), After),
    assertion(After == [ ".........",
                         "...R.....",
                         "...R.....",
                         "...R.....",
                         "..RRR....",
                         "...B.....",
                         "...B.....",
                         ".........",
                         "........." ]).

:- end_tests(crosscut_ref_flips).

:- begin_tests(crosscut_ref_perimeter).

% A perimeter placement that flips: the blue disc flips and the red edge
% disc is removed at once.
test(edge_flip_then_disc_removed) :-
    place([ ".......",
            "..B....",
            "..R....",
            ".......",
            ".......",
            ".......",
            "......." ], 'R', move(7,3), After),
    assertion(After == [ ".......",
                         "..R....",
                         "..R....",
                         ".......",
                         ".......",
                         ".......",
                         "......." ]).

test(edge_without_flank_is_illegal, [fail]) :-
    place([ ".......",
            "..B....",
            "..R....",
            ".......",
            ".......",
            ".......",
            "......." ], 'R', move(7,4), _).

test(edge_next_to_own_disc_is_illegal, [fail]) :-
    place([ ".......",
            "..B....",
            "..R....",
            ".......",
            ".......",
            ".......",
            "......." ], 'B', move(7,3), _).

% The flank exists but the flip is refused (created 2, cut 2), so the
% perimeter placement does not flip and is illegal. Were the edge disc
% counted, it would create 3 and flip: a perimeter disc never counts.
test(edge_refused_flip_is_illegal, [fail]) :-
    place([ ".......",
            "..BB...",
            "..R....",
            ".......",
            ".......",
            ".......",
            "......." ], 'R', move(7,3), _).

test(edge_flip_when_created_longer) :-
    place([ ".......",
            "..BB...",
            "..R....",
            "..R....",
            ".......",
            ".......",
            "......." ], 'R', move(7,3), After),
    assertion(After == [ ".......",
                         "..RB...",
                         "..R....",
                         "..R....",
                         ".......",
                         ".......",
                         "......." ]).

% One flank from each of the four edges; corners never flank because their
% neighbours are perimeter squares, empty between turns.
test(edges_in_move_list_corners_never) :-
    pic_state([ ".......",
                "..B....",
                "..R.RB.",
                ".BR....",
                "...R...",
                "...B...",
                "......." ], 'R', S),
    ref_moves(S, Moves),
    Edges = [move(1,4), move(4,1), move(5,7), move(7,3)],
    assertion(subtract(Edges, Moves, [])),
    assertion(\+ ( member(move(N,L), Moves),
                   member(N, [1,7]), member(L, [1,7]) )),
    % nothing else on the perimeter
    assertion(forall(( member(move(N,L), Moves),
                       ( memberchk(N, [1,7]) ; memberchk(L, [1,7]) ) ),
                     memberchk(move(N,L), Edges))).

test(each_edge_flip_clears_the_edge, [forall(member(Move, [move(1,4), move(4,1),
                                                          move(5,7), move(7,3)]))]) :-
    pic_state([ ".......",
                "..B....",
                "..R.RB.",
                ".BR....",
                "...R...",
                "...B...",
                "......." ], 'R', S),
    ref_apply(S, Move, cc(Board, _, _, 'B', none)),
    Board = [Top|_],
    last(Board, Bottom),
    maplist(==(x), Top),
    maplist(==(x), Bottom),
    forall(member(Row, Board), (Row = [x|_], last(Row, x))).

test(corner_is_illegal, [forall(member(Move, [move(1,1), move(1,5),
                                             move(5,1), move(5,5)]))]) :-
    pic_state([ ".....",
                ".BRB.",
                ".RBR.",
                ".BRB.",
                "....." ], 'R', cc(Board, H, W, _, _)),
    \+ ref_place(Board, H, W, 'R', Move, _),
    \+ ref_place(Board, H, W, 'B', Move, _).

:- end_tests(crosscut_ref_perimeter).

:- begin_tests(crosscut_ref_end).

test(win_by_placement_horizontal) :-
    pic_state([ ".......",
                ".......",
                ".......",
                ".RR.RR.",
                ".......",
                ".......",
                "......." ], 'R', S),
    ref_apply(S, move(4,4), S2),
    assertion(ref_winner(S2, 'R')),
    assertion(ref_moves(S2, [])).

% Rectangular board: vertical wins need H-2, horizontal ones W-2.
test(win_vertical_uses_height) :-
    pic_state([ ".......",
                ".R.....",
                ".R.....",
                ".......",
                "......." ], 'R', S),
    ref_apply(S, move(2,2), S2),
    assertion(ref_winner(S2, 'R')).

test(horizontal_three_is_not_a_win_when_width_is_seven) :-
    pic_state([ ".......",
                ".......",
                ".RR....",
                ".......",
                "......." ], 'R', S),
    ref_apply(S, move(3,4), S2),
    assertion(ref_winner(S2, none)).

test(win_made_by_a_flip) :-
    pic_state([ ".......",
                ".......",
                ".......",
                "..BRRR.",
                ".......",
                ".......",
                "......." ], 'R', S),
    ref_apply(S, move(4,2), cc(Board, _, _, _, Winner)),
    assertion(Winner == 'R'),
    after_pic(Board, After),
    assertion(After == [ ".......",
                         ".......",
                         ".......",
                         ".RRRRR.",
                         ".......",
                         ".......",
                         "......." ]).

test(win_made_by_an_edge_flip) :-
    pic_state([ ".......",
                "..B....",
                "..R....",
                "..R....",
                "..R....",
                "..R....",
                "......." ], 'R', S),
    ref_apply(S, move(7,3), cc(Board, _, _, _, Winner)),
    assertion(Winner == 'R'),
    Board = [Top|_],
    assertion(maplist(==(x), Top)).

% Two complete segments at once: the mover wins. Blue's row cannot arise
% in play (flips only ever turn enemy discs into the mover's colour), so
% it is drawn by hand.
test(double_win_goes_to_mover) :-
    pic_state([ ".......",
                ".......",
                ".......",
                ".RR.RR.",
                ".......",
                ".BBBBB.",
                "......." ], 'R', S),
    ref_apply(S, move(4,4), S2),
    assertion(ref_winner(S2, 'R')).

test(both_colours_are_checked) :-
    pic_state([ ".......",
                ".......",
                ".......",
                ".RR.RR.",
                ".......",
                ".BBBBB.",
                "......." ], 'R', S),
    ref_apply(S, move(6,2), S2),
    assertion(ref_winner(S2, 'B')).

test(no_move_after_a_win, [fail]) :-
    pic_state([ ".......",
                ".......",
                ".......",
                ".RR.RR.",
                ".......",
                ".......",
                "......." ], 'R', S),
    ref_apply(S, move(4,4), S2),
    ref_apply(S2, move(2,2), _).

% Red fills the last interior square; Blue then has no placement (every
% edge flank of Blue is refused) while Red still has edge flips, so Blue's
% turn is skipped and Red moves again.
test(skipped_turn) :-
    pic_state([ ".......",
                ".B.RRB.",
                ".RRBRR.",
                ".RBRBR.",
                ".RRBRR.",
                ".BRRRB.",
                "......." ], 'R', S),
    ref_apply(S, move(6,3), S2),
    S2 = cc(Board, H, W, ToMove, Winner),
    assertion(ToMove-Winner == 'R'-none),
    ref_moves(S2, RedMoves),
    assertion(RedMoves == [ move(1,2), move(1,6), move(2,1), move(2,7),
                            move(6,1), move(6,7), move(7,2), move(7,6) ]),
    ref_moves(cc(Board, H, W, 'B', none), BlueMoves),
    assertion(BlueMoves == []).

% Neither player can place after Red's move: a draw. No such position was
% found with an empty perimeter, so the board is filled to the edge by hand.
test(draw_when_neither_can_place) :-
    pic_state([ "RBBRB",
                "BRBBR",
                "BB.RB",
                "RBRBB",
                "RRBRR" ], 'R', S),
    ref_apply(S, move(3,3), S2),
    assertion(ref_winner(S2, draw)),
    assertion(ref_moves(S2, [])),
    assertion(\+ ref_apply(S2, move(3,3), _)).

:- end_tests(crosscut_ref_end).

% deep_enough(+Quick-Sanitized, +Counts, -Depth, -Expected): the counts up
% to depth Quick (Sanitized under the sanitizers), all of them in the
% thorough mode.
deep_enough(Quick-Reduced, Counts, Depth, Expected) :-
    length(Counts, All),
    (   thorough -> Max = All ; sanitized -> Max = Reduced ; Max = Quick ),
    nth1(Depth, Counts, Expected),
    Depth =< Max.

:- begin_tests(crosscut_ref_perft).

% Hand check for depth 3: every pair of first moves leaves 7 interior
% squares (5x5); Red can also flip from an edge when Blue's disc touches
% the edge and Red's disc is right behind it (3 per edge side, 12 in all):
% 72*7 + 12 = 516. Likewise 6x6: 240*14 + 16 = 3376; 5x7: 210*13 + 16 = 2746.

% The deepest counts take the pure-Prolog reference seconds each: they
% run with `scripts/test --thorough`.
test(perft_5x5, [forall(deep_enough(5-4, [9, 72, 516, 3172, 16892], Depth, Expected))]) :-
    ref_initial(5, 5, S),
    ref_perft(S, Depth, Leaves),
    assertion(Leaves == Expected).

test(perft_6x6, [forall(deep_enough(3-3, [16, 240, 3376, 44304], Depth, Expected))]) :-
    ref_initial(6, 6, S),
    ref_perft(S, Depth, Leaves),
    assertion(Leaves == Expected).

test(perft_5x7, [forall(deep_enough(3-3, [15, 210, 2746, 33216], Depth, Expected))]) :-
    ref_initial(5, 7, S),
    ref_perft(S, Depth, Leaves),
    assertion(Leaves == Expected).

test(perft_depth_zero) :-
    ref_initial(8, 8, S),
    ref_perft(S, 0, Leaves),
    assertion(Leaves == 1).

:- end_tests(crosscut_ref_perft).

:- begin_tests(crosscut_ref_random).

test(random_game_is_reproducible) :-
    ref_random_game(9, 9, 42, Moves1, Winner1),
    ref_random_game(9, 9, 42, Moves2, Winner2),
    assertion(Moves1-Winner1 == Moves2-Winner2).

test(random_games_replay_legally,
     [forall(( member(H-W, [5-5, 5-8, 7-6, 9-9, 10-10]),
               between(1, 5, Seed) ))]) :-
    ref_random_game(H, W, Seed, Moves, Winner),
    assertion(memberchk(Winner, ['R', 'B', draw])),
    ref_initial(H, W, S0),
    length(Moves, N),
    N1 is N - 1,
    length(Before, N1),
    append(Before, [_], Moves),
    replay(Before, S0, S1),
    assertion(ref_winner(S1, none)),
    replay(Moves, S0, S2),
    assertion(ref_winner(S2, Winner)),
    S2 = cc(Board, H, W, _, _),
    Board = [Top|_],
    last(Board, Bottom),
    assertion(maplist(==(x), Top)),
    assertion(maplist(==(x), Bottom)).

:- end_tests(crosscut_ref_random).
