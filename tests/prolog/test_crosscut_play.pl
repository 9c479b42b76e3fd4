:- module(test_crosscut_play, []).
:- use_module(library(plunit)).
:- use_module(test_support).
:- use_module(library(lists)).
:- use_module(library(tabula/crosscut)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/crosscut_game)).
:- use_module(library(tabula/play), [play/1]).

/*  CrossCut in Tabula's menus (library(tabula/play)) driven by scripted
    input (bad input answered, end of file), and the uniform game API's
    hooks.
*/

contains(Output, Text) :-
    once(sub_string(Output, _, _, _, Text)).

:- begin_tests(crosscut_play).

% play/0 is Tabula's menu module; play(crosscut) goes straight to CrossCut.
run(Input, Output) :-
    open_string(Input, In),
    current_input(Old),
    setup_call_cleanup(set_input(In),
                       with_output_to(string(Output), play(crosscut)),
                       ( set_input(Old), close(In) )).

test(two_players_with_bad_input) :-
    run("2\n1\nzz\na1\nb2\nb2\nb4\nc2\nc4\nd2\n0\n", Out),
    assertion(contains(Out, "\"zz\" is not a square: type a column letter and a row number")),
    assertion(contains(Out, "a1 is on the border: a disc there must flip enemy discs")),
    assertion(contains(Out, "b2 is taken.")),
    assertion(contains(Out, " 2 |   | R | R |(R)|   | 2")),
    assertion(contains(Out, "     a   b   c   d   e")),
    assertion(contains(Out, "Red wins: a line of 3 discs across the board.")),
    assertion(\+ contains(Out, "Red's Turn")).
test(end_of_file_in_the_menus) :-
    run("2\n", Out),
    assertion(contains(Out, "End of input: bye.")).
test(end_of_file_in_the_game) :-
    run("2\n2\nc3\n", Out),
    assertion(contains(Out, "Blue, your move")),
    assertion(contains(Out, "End of input: bye.")).
test(computers_play_to_the_end) :-
    run("3\n1\n2\n2\n0\n", Out),
    assertion(( contains(Out, " wins: ") ; contains(Out, "Draw: ") )),
    assertion(contains(Out, "Blue plays ")).
test(search_against_human_input, [condition(\+ sanitized)]) :-
    run("1\n1\n3\n1\nc3\n", Out),
    assertion(contains(Out, "Blue is thinking...")),
    assertion(contains(Out, "Blue plays ")),
    assertion(contains(Out, "End of input: bye.")).
test(quit_is_understood) :-
    run("2\n1\nq\n0\n", Out),
    assertion(contains(Out, "Game abandoned.")).
test(rules_state_the_win_and_the_border) :-
    run("4\n0\n", Out),
    assertion(contains(Out, "Win: an unbroken line")),
    assertion(contains(Out, "on the border (the outer ring) is legal only when the disc flips")).

:- end_tests(crosscut_play).

:- begin_tests(crosscut_uniform_api).

test(registered, T == 'CrossCut') :-
    tabula_game(crosscut, T).
test(new_default_size, [H-L == 7-7]) :-
    tabula_new(crosscut, [], game(crosscut, state(1, _, _, _, H, L))).
test(new_sizes, [Sizes == [5-9, 6-6]]) :-
    tabula_new(crosscut, [size(5, 9)], game(_, state(_, _, _, _, H1, L1))),
    tabula_new(crosscut, [size(6)], game(_, state(_, _, _, _, H2, L2))),
    Sizes = [H1-L1, H2-L2].
test(status_and_moves, [St-N == to_move('R')-9]) :-
    tabula_new(crosscut, [size(5, 5)], G),
    tabula_status(G, St),
    tabula_moves(G, Ms),
    length(Ms, N).
test(move_passes_the_turn, St == to_move('B')) :-
    tabula_new(crosscut, [size(5, 5)], G),
    tabula_move(G, move(3, 3), G2),
    tabula_status(G2, St).
test(move_enumerates, [N == 9]) :-
    tabula_new(crosscut, [size(5, 5)], G),
    aggregate_all(count, tabula_move(G, _, _), N).
test(illegal_move_fails, fail) :-
    tabula_new(crosscut, [size(5, 5)], G),
    tabula_move(G, move(1, 1), _).
test(parse, M == move(2, 3)) :-
    tabula_new(crosscut, [size(5, 5)], G),
    tabula_parse_move(G, "c2", M).
test(perft, N == 516) :-
    tabula_new(crosscut, [size(5, 5)], G),
    tabula_perft(G, 3, N).
test(display) :-
    tabula_new(crosscut, [size(5, 5)], G),
    with_output_to(string(Out), tabula_display(G)),
    assertion(contains(Out, "     a   b   c   d   e")),
    assertion(contains(Out, "Red to move")).
test(demo_game_to_the_end, true(Status \= to_move(_))) :-
    tabula_new(crosscut, [size(6, 7)], G),
    demo(G, 0, Status).
test(levels_through_the_uniform_api, forall(member(L, [1, 2]))) :-
    tabula_new(crosscut, [size(5, 5)], G),
    tabula_engine_move(G, [level(L)], M),
    tabula_moves(G, Ms),
    memberchk(M, Ms).
test(won_and_draw_statuses, [Ss == [won('R'), draw]]) :-
    Won = state(2, 1, 1, [[x,x,x,x,x],[x,'R','R','R',x],[x,x,x,x,x],[x,'B',x,x,x],[x,x,x,x,x]], 5, 5),
    Draw = state(1, 1, 1, [['R','B','R','B','R'],['B','R','B','R','B'],['R','B','R','B','R'],
                           ['B','R','B','R','B'],['R','B','R','B','R']], 5, 5),
    tabula_status(game(crosscut, Won), S1),
    tabula_status(game(crosscut, Draw), S2),
    Ss = [S1, S2].

:- end_tests(crosscut_uniform_api).

demo(G, Ply, Status) :-
    tabula_status(G, St),
    (   St = to_move(_), Ply < 200
    ->  tabula_engine_move(G, [time(0.02)], M),
        tabula_move(G, M, G2),
        !,
        Ply1 is Ply + 1,
        demo(G2, Ply1, Status)
    ;   Status = St
    ).
