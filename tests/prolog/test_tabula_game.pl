:- module(test_tabula_game, []).
/*  The uniform API over every game whose hooks are installed: the same
    checks for each, so a game that breaks the contract of
    library(tabula/game) fails here.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(tabula)).

% A random game through the uniform API, checking each step.
random_play(Game, Ply, Final) :-
    tabula_status(Game, Status),
    (   Status = to_move(_), Ply < 500
    ->  tabula_moves(Game, Moves),
        assertion(Moves \== []),
        random_member(Move, Moves),
        assertion(tabula_move(Game, Move, _)),
        once(tabula_move(Game, Move, Game2)),
        Ply1 is Ply + 1,
        random_play(Game2, Ply1, Final)
    ;   assertion(memberchk(Status, [won(_), draw])),
        tabula_moves(Game, Moves),
        assertion(Moves == []),
        Final = Game
    ).

:- begin_tests(tabula_game).

test(four_games_are_installed, Names == [crosscut, fourmation, futlog, uttt]) :-
    findall(N, tabula_game(N, _), Names0), msort(Names0, Names).

test(unknown_game, error(domain_error(_, chess))) :-
    tabula_new(chess, [], _).

test(random_games_end_properly) :-
    set_random(seed(11)),
    forall(tabula_game(Name, _),
           forall(between(1, 5, I),
                  ( tabula_new(Name, [], G),
                    (   random_play(G, 0, _)
                    ->  true
                    ;   format(user_error, "random game ~w of ~w failed~n", [I, Name]), fail
                    ) ))).

test(moves_enumerate_as_the_list) :-
    forall(tabula_game(Name, _),
           ( tabula_new(Name, [], G),
             tabula_moves(G, Moves),
             findall(M, tabula_move(G, M, _), Enumerated),
             assertion(msort(Moves, Sorted)), msort(Enumerated, Sorted) )).

test(perft_counts_the_move_lists) :-
    forall(tabula_game(Name, _),
           ( tabula_new(Name, [], G),
             tabula_perft(G, 1, P1), tabula_moves(G, Ms), length(Ms, N1),
             assertion(P1 == N1),
             tabula_perft(G, 2, P2),
             aggregate_all(sum(K), (member(M, Ms), once(tabula_move(G, M, G2)), tabula_moves(G2, L), length(L, K)), N2),
             assertion(P2 == N2) )).

% Only UTTT's engine keeps its search in a handle.
test(engine_handles, Names == [uttt]) :-
    findall(N, ( tabula_game(N, _), tabula_engine_new(N, [], _) ), Names).

test(engine_moves_are_legal) :-
    forall(tabula_game(Name, _),
           ( tabula_new(Name, [], G),
             tabula_engine_move(G, [time(0.1)], M),
             assertion(tabula_move(G, M, _)) )).

test(display_prints_and_states_read_back) :-
    forall(tabula_game(Name, _),
           ( tabula_new(Name, [], G),
             tabula_moves(G, [M|_]), once(tabula_move(G, M, game(_, S))),
             with_output_to(string(Out), tabula_display(game(Name, S))),
             string_length(Out, L), assertion(L > 20),
             state_text(Name, S, Text), term_string(S2, Text),
             assertion(S2 == S) )).

test(parse_move_accepts_what_moves_print) :-
    forall(tabula_game(Name, _),
           ( tabula_new(Name, [], G),
             tabula_moves(G, Moves),
             forall(member(M, Moves),
                    ( move_text(M, Text),
                      assertion(tabula_parse_move(G, Text, M)) )) )).

:- end_tests(tabula_game).

% States print with write/1 and read back, except CrossCut's: the report's
% terms use the atoms 'R' and 'B', which only writeq/1 prints readably.
state_text(crosscut, S, Text) :- !, format(string(Text), "~q", [S]).
state_text(_, S, Text) :- format(string(Text), "~w", [S]).

% A move's printed form is always accepted as typed input.
move_text(M, Text) :-
    format(string(Text), "~w", [M]).
