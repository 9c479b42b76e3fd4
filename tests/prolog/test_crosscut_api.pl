:- module(test_crosscut_api, []).
:- use_module(library(plunit)).
:- use_module(test_support, [stopped_by_time_limit/2]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(time)).
:- use_module(library(thread)).
:- use_module(library(tabula/crosscut)).
:- use_module(library(tabula/crosscut_tools)).

/*  The course predicates of library(tabula/crosscut) over the report's
    state/6 terms: every mode, the rules' worked examples, invalid input,
    terms that read back unchanged, threads and time limits.
*/

% Board rows from strings ("." empty), top first.
rows_board(Rows, Board) :-
    maplist(row_cells, Rows, Board).
row_cells(Row, Cells) :-
    string_chars(Row, Chars),
    maplist(char_cell, Chars, Cells).
char_cell('.', x).
char_cell('R', 'R').
char_cell('B', 'B').

state_of(Turn, Rows, state(Turn, 1, 1, Board, H, L)) :-
    rows_board(Rows, Board),
    length(Board, H),
    Board = [Row|_],
    length(Row, L).

:- begin_tests(crosscut_initial_state).

test(size, S =@= state(1, _, _, [[x,x,x,x,x,x],[x,x,x,x,x,x],[x,x,x,x,x,x],
                                 [x,x,x,x,x,x],[x,x,x,x,x,x]], 5, 6)) :-
    initial_state(size(5, 6), S).
test(player_types_left_to_the_menus) :-
    % As in the report: the menus bind the types afterwards.
    initial_state(size(5, 5), S),
    S = state(1, RedType, BlueType, _, 5, 5),
    assertion(var(RedType)),
    assertion(var(BlueType)),
    assertion(RedType \== BlueType),
    RedType = 1, BlueType = 3,
    valid_moves(S, 'R', Ms),
    length(Ms, 9).
test(unbound_types_are_carried_along) :-
    initial_state(size(5, 5), S0),
    move(S0, move(3, 2), S1),
    next_turn(S1, S2),
    S0 = state(_, RT, BT, _, _, _),
    S2 = state(2, RT2, BT2, _, _, _),
    assertion(RT2 == RT),
    assertion(BT2 == BT).
test(square, [H-L == 10-10]) :-
    initial_state(10, state(_, _, _, _, H, L)).
test(too_small, error(domain_error(between(5, 10), 4))) :-
    initial_state(size(4, 6), _).
test(too_big, error(domain_error(between(5, 10), 11))) :-
    initial_state(size(6, 11), _).
test(unbound, error(instantiation_error)) :-
    initial_state(_, _).
test(bad_size, error(type_error(crosscut_size, foo))) :-
    initial_state(foo, _).
test(non_integer_side, error(type_error(integer, a))) :-
    initial_state(size(a, 5), _).

:- end_tests(crosscut_initial_state).

% Not a state: a field of the wrong type (the error convention of every
% game: type_error for the form, domain_error for the values).
bad_state_form(S) :-
    length(R5, 5), maplist(=(x), R5), length(B4, 4), maplist(=(R5), B4),
    length(B5, 5), maplist(=(R5), B5),
    member(S, [foo, state(1,1,1,[[x,x,x,x,y]|B4],5,5), state(a,1,1,B5,5,5), state(1,1,1,B5,5,a),
               state(1,1,1,[[x,x,x,x,x,x]|B4],5,5), state(1,1,1,[[x,x,x,x]|B4],5,5),
               state(1,1,1,B5,5,5,5), state(1,1,1,foo,5,5)]).

% State-shaped, with values out of range or parts that disagree.
bad_state_values(S) :-
    length(R5, 5), maplist(=(x), R5), length(B5, 5), maplist(=(R5), B5),
    member(S, [state(1,1,1,[],5,5), state(0,1,1,B5,5,5), state(1,1,1,B5,5,6),
               state(1,1,1,[[x]],1,1), state(1,1,1,B5,11,11), state(9223372036854775807,1,1,B5,5,5),
               state(100000000000000000000000,1,1,B5,5,5)]).

:- begin_tests(crosscut_moves).

test(first_moves_are_interior_in_report_order, Moves == [move(2,2),move(2,3),move(2,4),
                                                        move(3,2),move(3,3),move(3,4),
                                                        move(4,2),move(4,3),move(4,4)]) :-
    initial_state(size(5, 5), S),
    valid_moves(S, Moves).
test(valid_moves_partial_list, [X, N] == [move(2,3), 8]) :-
    initial_state(size(5, 5), S),
    valid_moves(S, 'R', [move(2,2)|T]),
    T = [X|_],
    length(T, N).
test(valid_moves_wrong_list, fail) :-
    initial_state(size(5, 5), S),
    valid_moves(S, 'R', [move(1,1)|_]).
test(move_checks_a_given_result) :-
    initial_state(size(5, 5), S0),
    move(S0, move(3, 2), S1),
    move(S0, move(3, 2), S1),
    \+ move(S0, move(3, 3), S1).
test(valid_moves_3_for_either_player, [BM == RM]) :-
    initial_state(size(6, 5), S),
    valid_moves(S, 'R', RM),
    valid_moves(S, 'B', BM).
test(move_leaves_turn_next_turn_advances,
     [S2 == state(2, 1, 1, [[x,x,x,x,x],[x,x,x,x,x],[x,'R',x,x,x],[x,x,x,x,x],[x,x,x,x,x]], 5, 5)]) :-
    initial_state(size(5, 5), S0),
    S0 = state(_, 1, 1, _, _, _),
    move(S0, move(3, 2), S1),
    S1 = state(1, _, _, _, _, _),
    next_turn(S1, S2).
test(row_counted_from_the_bottom, [Board == [[x,x,x,x,x],[x,x,x,'R',x],[x,x,x,x,x],[x,x,x,x,x],[x,x,x,x,x]]]) :-
    initial_state(size(5, 5), S0),
    move(S0, move(4, 4), state(_, _, _, Board, _, _)).
test(occupied_fails, fail) :-
    state_of(1, [".....", ".R...", ".....", ".....", "....."], S),
    move(S, move(4, 2), _).
test(off_board_fails, fail) :-
    initial_state(size(5, 5), S),
    move(S, move(6, 2), _).
test(perimeter_without_flip_fails, fail) :-
    initial_state(size(5, 5), S),
    move(S, move(1, 3), _).
test(five_against_four_flips, [Row == [x,'R','R','R','R','R',x,x,x]]) :-
    state_of(1, [".........", ".........", "....B....", "....B....", ".RR.BR...",
                 "....B....", ".........", ".........", "........."], S),
    move(S, move(5, 4), state(_, _, _, Board, _, _)),
    nth1(5, Board, Row).
test(five_against_five_does_not_flip, [Row == [x,'R','R','R','B','R',x,x,x]]) :-
    state_of(1, [".........", "....B....", "....B....", "....B....", ".RR.BR...",
                 "....B....", ".........", ".........", "........."], S),
    move(S, move(5, 4), state(_, _, _, Board, _, _)),
    nth1(5, Board, Row).
test(all_or_nothing, [R4-R5 == [x,x,x,'R','B','B','B',x,x]-[x,'R','R','R','R','R',x,x,x]]) :-
    state_of(1, [".........", ".........", "...R.....", "...BBBB..", ".RR.BR...",
                 ".........", ".........", ".........", "........."], S),
    move(S, move(5, 4), state(_, _, _, Board, _, _)),
    nth1(4, Board, R4), nth1(5, Board, R5).
test(perimeter_flip_removes_the_disc, [Board == [[x,x,x,x,x,x,x],[x,x,x,'R',x,x,x],[x,x,x,'R',x,x,x],
                                                 [x,x,x,x,x,x,x],[x,x,x,x,x,x,x],[x,x,x,x,x,x,x],
                                                 [x,x,x,x,x,x,x]]]) :-
    state_of(1, [".......", "...B...", "...R...", ".......", ".......", ".......", "......."], S),
    valid_moves(S, Moves),
    memberchk(move(7, 4), Moves),
    move(S, move(7, 4), state(_, _, _, Board, _, _)).
test(blue_moves_on_even_turns, [Row == [x,'B','B','B',x]]) :-
    state_of(2, [".....", ".....", ".BR..", ".....", "....."], S),
    move(S, move(3, 4), state(_, _, _, Board, _, _)),
    nth1(3, Board, Row).
test(bad_move_term, error(type_error(crosscut_move, foo))) :-
    initial_state(size(5, 5), S),
    move(S, foo, _).
test(unbound_move, error(instantiation_error)) :-
    initial_state(size(5, 5), S),
    move(S, _, _).
test(non_integer_move, error(type_error(integer, a))) :-
    initial_state(size(5, 5), S),
    move(S, move(a, 2), _).
test(bad_player, error(domain_error(crosscut_player, 'X'))) :-
    initial_state(size(5, 5), S),
    valid_moves(S, 'X', _).
test(unbound_player, error(instantiation_error)) :-
    initial_state(size(5, 5), S),
    valid_moves(S, _, _).
test(malformed_states, [forall(bad_state_form(S)), error(type_error(crosscut_state, _))]) :-
    valid_moves(S, 'R', _).
test(out_of_range_states, [forall(bad_state_values(S)), error(domain_error(crosscut_state, _))]) :-
    valid_moves(S, 'R', _).
test(partial_board, error(instantiation_error)) :-
    length(R5, 5), maplist(=(x), R5),
    valid_moves(state(1,1,1,[R5,R5,R5,R5,R5|_],5,5), 'R', _).
test(unbound_state, error(instantiation_error)) :-
    valid_moves(_, 'R', _).
test(no_moves_once_won, Moves == []) :-
    state_of(3, [".....", ".RRR.", ".....", ".B...", "....."], S),
    valid_moves(S, Moves).
test(no_move_once_won, fail) :-
    state_of(3, [".....", ".RRR.", ".....", ".B...", "....."], S),
    move(S, move(2, 2), _).

:- end_tests(crosscut_moves).

:- begin_tests(crosscut_game_over).

test(running, W == x) :-
    initial_state(size(5, 5), S),
    game_over(S, W).
test(row_win, W == 'R') :-
    state_of(2, [".....", ".RRR.", ".....", ".B...", "....."], S),
    game_over(S, W).
test(column_win, W == 'B') :-
    state_of(3, ["......", ".B....", ".B....", ".B....", ".B.R..", "......"], S),
    game_over(S, W).
test(short_column_is_no_win, W == x) :-
    state_of(3, ["......", ".B....", ".B....", ".B....", ".R.R..", "......", "......"], S),
    game_over(S, W).
test(win_by_a_flip, W == 'R') :-
    state_of(1, [".....", ".....", ".RB..", ".....", "....."], S),
    move(S, move(3, 4), S1),
    game_over(S1, W).
test(draw_when_nobody_can_place, W == draw) :-
    state_of(1, ["RBRBR", "BRBRB", "RBRBR", "BRBRB", "RBRBR"], S),
    game_over(S, W).
test(check, W == 'B') :-
    state_of(3, ["......", ".B....", ".B....", ".B....", ".B.R..", "......"], S),
    game_over(S, 'B'), W = 'B'.

:- end_tests(crosscut_game_over).

:- begin_tests(crosscut_skips).

test(skipped_turn, [T2-P == 3-'R']) :-
    state_of(1, [".......", ".BR.RB.", ".RBRBR.", ".RRBRR.", ".RBRBR.", ".BRRRB.", "......."], S),
    move(S, move(6, 4), S1),
    game_over(S1, x),
    valid_moves(S1, 'B', []),
    next_turn(S1, S2),
    S2 = state(T2, _, _, _, _, _),
    valid_moves(S2, Ms), Ms \== [],
    ( T2 mod 2 =:= 1 -> P = 'R' ; P = 'B' ).
test(no_skip_normally, T == 2) :-
    initial_state(size(5, 5), S),
    next_turn(S, state(T, _, _, _, _, _)).

:- end_tests(crosscut_skips).

:- begin_tests(crosscut_value).

% value/4 takes the state after the move, as the report's level-2 bot
% calls it: move(S0, M, S), value(S, M, Player, V).
after(Turn, Rows, Move, After) :-
    state_of(Turn, Rows, S0),
    move(S0, Move, After).

test(winning_move, V == -100) :-
    after(1, [".....", ".RR..", ".....", ".B...", "....."], move(4, 4), S),
    value(S, move(4, 4), 'R', V).
test(exposed_move, V == 100) :-
    after(1, [".......", ".......", ".B...B.", ".......", ".......", ".......", "......."],
          move(5, 3), S),
    value(S, move(5, 3), 'R', V).
test(default_formula, V == 4) :-
    initial_state(size(7, 7), S0),
    move(S0, move(4, 4), S),
    value(S, move(4, 4), 'R', V).
test(longer_segment_is_better, V == 2) :-
    after(1, [".......", ".......", ".......", ".RR....", ".......", ".......", "......."],
          move(4, 4), S),
    value(S, move(4, 4), 'R', V).
test(exposing_the_joined_segment, V == 100) :-
    % The new disc cannot be flipped, but Blue at b3 would flip b4, an
    % older disc of the row the move extends (4 created against 3 cut).
    after(1, [".......", ".B.....", ".B.....", ".RR....", ".......", ".......", "......."],
          move(4, 4), S),
    value(S, move(4, 4), 'R', V).
test(perimeter_placement, V == 3) :-
    % Red on the top edge flips Blue's d6 against its d5; the edge disc is
    % gone, and the value is measured from the flipped disc.
    after(1, [".......", "...B...", "...R...", ".......", ".......", ".......", "......."],
          move(7, 4), S),
    S = state(_, _, _, [Top|_], _, _),
    assertion(\+ memberchk('R', Top)),
    value(S, move(7, 4), 'R', V).
test(before_the_move_fails, fail) :-
    % The state before the move: no disc of Red on d4 yet.
    initial_state(size(7, 7), S),
    value(S, move(4, 4), 'R', _).
test(illegal_placement_fails, fail) :-
    initial_state(size(7, 7), S),
    value(S, move(1, 1), 'R', _).
test(other_player_fails, fail) :-
    initial_state(size(7, 7), S0),
    move(S0, move(4, 4), S),
    value(S, move(4, 4), 'B', _).
test(off_board_fails, fail) :-
    initial_state(size(7, 7), S0),
    move(S0, move(4, 4), S),
    value(S, move(9, 4), 'R', _).
test(bad_player, error(domain_error(crosscut_player, 'G'))) :-
    initial_state(size(7, 7), S0),
    move(S0, move(4, 4), S),
    value(S, move(4, 4), 'G', _).
test(bad_move, error(type_error(crosscut_move, d4))) :-
    initial_state(size(7, 7), S),
    value(S, d4, 'R', _).
test(report_bot_values_after_the_move) :-
    % Level 2 picks among the legal moves of best value/4 on the state
    % after each; here the winning one.
    state_of(1, [".....", ".RR..", ".....", ".B...", "....."], S),
    choose_move(S, 'R', 2, M),
    assertion(M == move(4, 4)).
test(state_value, [Vs == [-100, 100, 0]]) :-
    state_of(2, [".....", ".RRR.", ".....", ".B...", "....."], Won),
    state_of(1, ["RBRBR", "BRBRB", "RBRBR", "BRBRB", "RBRBR"], Draw),
    value(Won, 'R', V1), value(Won, 'B', V2), value(Draw, 'R', V3),
    Vs = [V1, V2, V3].
test(state_value_prefers_longer_segments) :-
    state_of(3, [".......", ".RRR...", ".......", "...B...", ".......", ".......", "......."], S),
    value(S, 'R', VR), value(S, 'B', VB),
    VR < VB.

:- end_tests(crosscut_value).

:- begin_tests(crosscut_choose_move).

test(levels_give_legal_moves, forall(member(Level, [1, 2, 3]))) :-
    state_of(1, [".......", "...B...", "...R...", ".......", ".....B.", ".......", "......."], S),
    valid_moves(S, Moves),
    choose_move(S, Level, M),
    memberchk(M, Moves).
test(level2_takes_the_win, M == move(4, 4)) :-
    state_of(1, [".....", ".RR..", ".....", ".B...", "....."], S),
    choose_move(S, 'R', 2, M).
test(level3_takes_the_win, M == move(6, 5)) :-
    state_of(1, [".......", ".RRR.R.", ".B.....", ".B.....", ".B.....", ".......", "......."], S),
    choose_move(S, 3, M).
test(level3_blocks, M == move(6, 5)) :-
    state_of(1, [".......", ".BBB.B.", ".......", "..R....", "...R...", ".......", "......."], S),
    choose_move(S, 3, M).
test(game_over_fails, fail) :-
    state_of(2, [".....", ".RRR.", ".....", ".B...", "....."], S),
    choose_move(S, 1, _).
test(bad_level, error(type_error(positive_integer, 0))) :-
    initial_state(size(5, 5), S),
    choose_move(S, 0, _).
test(search_info, true(Depth >= 1)) :-
    initial_state(size(7, 7), S),
    crosscut_engine_move(S, [time(30), nodes(5000)], _, search(_, Depth, Nodes, _, _)),
    Nodes > 0.
test(perft_time_limit) :-
    initial_state(size(10, 10), S),
    stopped_by_time_limit(0.2, crosscut_perft(S, 8, _)).
test(time_limit) :-
    initial_state(size(10, 10), S),
    stopped_by_time_limit(0.2, crosscut_engine_move(S, [time(30)], _, _)).

:- end_tests(crosscut_choose_move).

:- begin_tests(crosscut_terms).

random_state(Seed, S) :-
    Size is 5 + Seed mod 6, Size2 is 5 + (Seed // 6) mod 6,
    crosscut_random_game(size(Size, Size2), Seed, Moves, _),
    length(Moves, N), K is Seed mod (N + 1),
    length(Prefix, K), append(Prefix, _, Moves),
    crosscut_replay(size(Size, Size2), Prefix, S, _).

% The report's cells 'R' and 'B' need quotes: write/1 would print them as
% variables, so states round-trip through writeq/1 and print/1.
test(write_read_round_trip, forall(between(1, 200, Seed))) :-
    random_state(Seed, S),
    format(string(Text), "~p", [S]),
    term_string(S2, Text),
    assertion(S2 == S),
    with_output_to(string(Q), writeq(S)),
    term_string(S3, Q),
    assertion(S3 == S).
test(replay_matches_the_engines_games, forall(between(1, 30, Seed))) :-
    crosscut_random_game(size(7, 6), Seed, Moves, Winner),
    crosscut_replay(size(7, 6), Moves, _, W2),
    assertion(W2 == Winner).
test(api_random_game_ends, true(W \== x)) :-
    crosscut_api_random_game(size(6, 6), Moves, W),
    Moves \== [].
test(perft, N == 3172) :-
    initial_state(size(5, 5), S),
    crosscut_perft(S, 4, N).
test(parse_moves, Ms == [move(3,2), move(3,2), move(3,2), move(3,2)]) :-
    initial_state(size(5, 5), S),
    maplist(crosscut_parse_move(S), ["b3", "B3", " 3b ", "b 3"], Ms).
test(parse_rejects, forall(member(T, ["a3", "z9", "", "33", "bb", "b6", "move(3,2)"]))) :-
    initial_state(size(5, 5), S),
    \+ crosscut_parse_move(S, T, _).
test(move_text, T == "c4") :-
    crosscut_move_text(move(4, 3), T).

:- end_tests(crosscut_terms).

:- begin_tests(crosscut_threads).

test(concurrent_games, true) :-
    N = 40,
    numlist(1, N, Seeds),
    concurrent_forall(member(Seed, Seeds),
                      ( crosscut_random_game(size(8, 8), Seed, Moves, W),
                        crosscut_replay(size(8, 8), Moves, _, W2),
                        W2 == W ),
                      [threads(4)]).
test(concurrent_searches, true) :-
    concurrent_forall(between(1, 4, I),
                      ( Size is 5 + I,
                        initial_state(Size, S),
                        crosscut_engine_move(S, [time(0.1)], M, _),
                        valid_moves(S, Ms), memberchk(M, Ms) ),
                      [threads(4)]).

:- end_tests(crosscut_threads).

:- begin_tests(crosscut_display).

test(board_with_letters_and_numbers_from_the_bottom) :-
    state_of(2, [".....", ".R...", ".....", "...B.", "....."], S),
    with_output_to(string(Out), display_game(S)),
    forall(member(Text, ["Turn Number 2", "Blue's Turn", " 4 |   | R |",
                         " 2 |   |   |   | B |", " + | a | b | c | d | e |"]),
           assertion(once(sub_string(Out, _, _, _, Text)))).
test(display_rejects_bad_states, error(type_error(crosscut_state, _))) :-
    with_output_to(string(_), display_game(state(1, 1, 1, foo, 5, 5))).

:- end_tests(crosscut_display).
