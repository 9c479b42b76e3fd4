:- module(test_crosscut_dropin, []).
:- use_module(library(plunit)).
:- use_module('test_support').

/*  The drop-in file in a scratch course folder, run by a separate swipl:
    consulting it, a harness that plays with the report's predicates,
    and play/0 at end of input.
*/

course_folder(Dir) :-
    scratch_folder(crosscut_course, Dir),
    source_file_path('examples/dropin/crosscut/proj.pl', Proj),
    copy_into(Proj, Dir),
    write_file(Dir, 'harness.pl', "
:- consult('proj.pl').

% The report's game loop: move/3, game_over/2, next_turn/2, levels 1 and 2.
game(S, W) :-
    game_over(S, W0),
    (   W0 \\== x
    ->  W = W0
    ;   S = state(T, RT, BT, _, _, _),
        ( T mod 2 =:= 1 -> P = 'R', Type = RT ; P = 'B', Type = BT ),
        Level is Type - 1,
        choose_move(S, P, Level, M),
        move(S, M, S1),
        next_turn(S1, S2),
        game(S2, W)
    ).

main :-
    initial_state(size(6, 7), state(T, _, _, B, H, L)),
    game(state(T, 2, 3, B, H, L), W),
    format('winner ~w~n', [W]),
    initial_state(size(5, 5), S5),
    valid_moves(S5, 'R', Ms),
    length(Ms, N),
    format('moves ~w~n', [N]),
    value(S5, move(3, 3), 'R', V),
    format('value ~w~n', [V]).
").

:- begin_tests(crosscut_dropin).

test(harness_plays_a_game) :-
    course_folder(Dir),
    run_swipl(Dir, ['-g', main, '-t', halt, 'harness.pl'], Status, Out, Err),
    assertion(Status == 0),
    assertion(Err == ""),
    assertion(once(sub_string(Out, _, _, _, "winner "))),
    assertion(once(sub_string(Out, _, _, _, "moves 9"))),
    assertion(once(sub_string(Out, _, _, _, "value 2"))).
test(play_at_end_of_input) :-
    course_folder(Dir),
    run_swipl(Dir, ['-g', play, '-t', halt, 'proj.pl'], Status, Out, _),
    assertion(Status == 0),
    assertion(once(sub_string(Out, _, _, _, "Welcome to Crosscut"))),
    assertion(once(sub_string(Out, _, _, _, "Input ended"))).

:- end_tests(crosscut_dropin).
