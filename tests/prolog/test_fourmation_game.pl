:- module(test_fourmation_game, []).
/** <module> 4Mation through the uniform API of library(tabula/game)
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/fourmation_game)).

:- begin_tests(fourmation_game_api).

test(registered) :-
    tabula_game(fourmation, Title),
    assertion(Title == '4Mation').

test(new_default_size) :-
    tabula_new(fourmation, [], game(fourmation, gameState(B, turn(human-white), (-1)-(-1)))),
    assertion(length(B, 7)).

test(new_size) :-
    tabula_new(fourmation, [size(5)], G),
    tabula_moves(G, Moves),
    assertion(length(Moves, 25)).

test(bad_size, [error(domain_error(fourmation_board_size, 20))]) :-
    tabula_new(fourmation, [size(20)], _).

test(status_and_turn) :-
    tabula_new(fourmation, [size(4)], G0),
    tabula_status(G0, S0),
    assertion(S0 == to_move(white)),
    tabula_move(G0, 1-1, G1),
    tabula_status(G1, S1),
    assertion(S1 == to_move(black)).

test(enumerates_moves) :-
    tabula_new(fourmation, [size(4)], G0),
    tabula_move(G0, 0-0, G1),
    findall(M, tabula_move(G1, M, _), Ms),
    assertion(Ms == [0-1, 1-0, 1-1]).

test(non_moves_fail, [forall(member(M, [hello, 33, 1-a, f(1,2)]))]) :-
    tabula_new(fourmation, [size(4)], G0),
    \+ tabula_move(G0, M, _).

test(typed_move_terms) :-
    tabula_new(fourmation, [size(4)], G0),
    tabula_parse_move(G0, "2-3", M),
    assertion(M == 2-3),
    assertion(\+ tabula_parse_move(G0, "hello", _)).

test(illegal_move, [fail]) :-
    tabula_new(fourmation, [size(4)], G0),
    tabula_move(G0, 0-0, G1),
    tabula_move(G1, 3-3, _).

test(win_status) :-
    tabula_new(fourmation, [size(4)], G0),
    foldl([M, A, B]>>tabula_move(A, M, B), [0-0, 0-1, 1-0, 1-1, 2-0, 2-1, 3-0], G0, G),
    tabula_status(G, S),
    assertion(S == won(white)),
    tabula_moves(G, Moves),
    assertion(Moves == []),
    assertion(\+ tabula_engine_move(G, [time(0.1)], _)).

test(draw_status) :-
    tabula_new(fourmation, [size(3)], G0),
    play_out(G0, G),
    tabula_status(G, S),
    assertion(S == draw).

test(engine_levels, [forall(member(Opts, [[time(0.1)], [level(1)], [level(2)]]))]) :-
    tabula_new(fourmation, [size(6)], G0),
    tabula_move(G0, 2-2, G1),
    tabula_engine_move(G1, Opts, M),
    tabula_moves(G1, Ms),
    assertion(memberchk(M, Ms)).

test(parse) :-
    tabula_new(fourmation, [size(4)], G0),
    tabula_move(G0, 0-0, G1),
    tabula_parse_move(G1, "1 1", M),
    assertion(M == 1-1),
    assertion(\+ tabula_parse_move(G1, "3 3", _)),
    assertion(\+ tabula_parse_move(G1, "hello", _)).

test(perft) :-
    tabula_new(fourmation, [size(4)], G),
    tabula_perft(G, 3, N),
    assertion(N == 408).

test(display) :-
    tabula_new(fourmation, [size(4)], G),
    with_output_to(string(S), tabula_display(G)),
    assertion(sub_string(S, _, _, _, "White to move")).

test(demo_game) :-
    % What play_demo does, for this game only.
    tabula_new(fourmation, [], G0),
    demo(G0, 0, Status),
    assertion(memberchk(Status, [won(white), won(black), draw])).

:- end_tests(fourmation_game_api).

play_out(G0, G) :-
    tabula_status(G0, S),
    (   S = to_move(_)
    ->  tabula_moves(G0, [M|_]),
        tabula_move(G0, M, G1),
        play_out(G1, G)
    ;   G = G0
    ).

demo(G, Ply, Status) :-
    tabula_status(G, S),
    (   S = to_move(_), Ply < 200
    ->  tabula_engine_move(G, [time(0.05)], M),
        tabula_move(G, M, G2),
        !,
        Ply1 is Ply + 1,
        demo(G2, Ply1, Status)
    ;   Status = S
    ).
