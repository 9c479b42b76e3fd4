:- module(fourmation_check, []).
/** <module> The 4Mation course profile of the conformance checker

What library(tabula/check_core) needs to know of the Porto course's
4Mation (2021/22): a program is its main file (`4mation.pl`, or the file
that defines the predicates) consulted into `user`; it has its own state
term and move term, which library(tabula/check_porto) learns by asking
it (or reads from an adapter). Compared: valid_moves/2, move/3,
game_over/2, value/3, choose_move/3, on boards of the course's default
size.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/fourmation_game), []).
:- use_module(library(tabula/check_porto)).

:- multifile check_core:profile/2.
check_core:profile(fourmation, fourmation_check).

:- public
    check_program/2, check_predicates/1, check_qualified/2, check_setup/4,
    check_cases/5, check_tags/2, check_examples/1, check_show/2, check_prepare/5, check_starts/1,
    check_player/6, check_player_move/4,
    porto_starts/1, porto_dims/2, porto_cell/3, porto_players/1, porto_mover/2,
    porto_player_terms/1, porto_size_forms/1, porto_inits/1, porto_first_cell/2,
    porto_probe/2, porto_illegal/2, porto_rows_preferred/1, porto_board/2,
    porto_cells/1, porto_steps/1.

check_program(Path, Program) :- porto_program(Path, Program).
check_predicates([ initial_state/2, initial_state/1, valid_moves/2, move/3, game_over/2,
                   value/3, choose_move/3 ]).
check_qualified(PI, user:PI).
check_prepare(Sb, Program, Defined, Options, Ctx) :-
    porto_prepare(fourmation, Sb, Program, Defined, Options, Ctx).
check_starts(Starts) :- check_porto:porto_starts(fourmation, Starts).
check_setup(Pos, S, Setup, PI) :- porto_setup(fourmation, Pos, S, Setup, PI).
check_cases(PI, Pos, S, Defined, Cases) :- porto_cases(fourmation, PI, Pos, S, Defined, Cases).
check_show(Pos, Text) :- porto_show(fourmation, Pos, Text).
% As a tournament player: choose_move(Level), in the program's terms.
check_player(Player, Pos, S, Defined, Goal, Move) :-
    porto_player(fourmation, Player, Pos, S, Defined, Goal, Move).
check_player_move(_, Pos, Answer, Move) :- porto_player_move(fourmation, Pos, Answer, Move).

                 /*******************************
                 *     WHAT CHECK_PORTO ASKS    *
                 *******************************/

porto_starts([[]]).
porto_dims(gameState(B, _, _), dims(N, N)) :- length(B, N).
porto_cell(L-C, _, cell(L, C)).
porto_players([white, black]).
porto_mover(gameState(_, turn(_-C), _), C).
porto_player_terms([white-white, black-black]).
porto_size_forms([n]).
% The report's initial_state/2 gives the board alone; its game loop
% makes the state.
porto_inits([init(n, N, S, ( initial_state(N, B), is_list(B),
                             S = gameState(B, turn(human-white), (-1)-(-1)) ))]).
porto_first_cell(_, cell(0, 1)).
porto_rows_preferred([num(0, top), num(1, top), num(1, bottom), num(0, bottom)]).
porto_board(gameState(B, _, _), B).
porto_cells([empty, white, black]).
% The report's switching step takes the other side's whole turn term.
porto_steps([ next_player/3-step(S1, S2, ( S1 = gameState(_, turn(P-C), _),
                                           ( C == white -> O = black ; O = white ),
                                           next_player(S1, turn(P-O), S2) )),
              next_player/2-step(S1b, S2b, next_player(S1b, S2b)),
              next_turn/2-step(S1c, S2c, next_turn(S1c, S2c)),
              change_turn/2-step(S1d, S2d, change_turn(S1d, S2d)),
              switch_turn/2-step(S1e, S2e, switch_turn(S1e, S2e)) ]).

% Black makes four in row 1 at the eighth cube; with one colour only
% (no turn switch, or two), white would have it.
porto_probe(_, [0-0, 1-0, 0-1, 1-1, 0-2, 1-2, 2-3, 1-3]).

% Cells move/3 must refuse: taken ones, empty ones away from the last
% cube (those next to the cube before it first), and two off the board.
porto_illegal(pos(History, State), Cells) :-
    State = gameState(B, _, Last),
    length(B, N),
    findall(cell(R, C), ( nth0(R, B, Row), nth0(C, Row, V), V \== empty ), Taken),
    (   Last = LR-LC, LR >= 0
    ->  findall(cell(R, C), ( nth0(R, B, Row), nth0(C, Row, empty), \+ near(R-C, LR-LC) ), Far0),
        (   append(_, [P-Q, _], History)
        ->  partition([cell(R, C)]>>near(R-C, P-Q), Far0, NearPrev, Far)
        ;   NearPrev = [], Far = Far0
        )
    ;   NearPrev = [], Far = []
    ),
    spread(3, Taken, T), spread(2, NearPrev, NP), spread(2, Far, F),
    N1 is N - 1,
    append([T, NP, F, [cell(-1, 0), cell(N, N1)]], Cells).

near(R-C, P-Q) :- abs(R - P) =< 1, abs(C - Q) =< 1, R-C \== P-Q.

spread(N, List, Some) :-
    length(List, L),
    (   L =< N
    ->  Some = List
    ;   Step is L / N,
        findall(X, ( between(0, N, I), I < N, J is floor(I * Step), nth0(J, List, X) ), Some)
    ).

% Games that end each way the rules know, played out from the start (so
% their faults shrink like any other): a four in each direction, the
% stuck draw, and a four that leaves the other side stuck.
check_examples(Positions) :-
    findall(pos(H, S),
            ( example_game(H), check_core:check_replay(fourmation, H, S) ),
            Positions).

example_game([3-0, 2-0, 3-1, 2-1, 3-2, 2-2, 3-3]).
example_game([0-3, 0-2, 1-3, 1-2, 2-3, 2-2, 3-3]).
example_game([0-0, 0-1, 1-1, 1-2, 2-2, 2-3, 3-3]).
example_game([0-6, 0-5, 1-5, 1-4, 2-4, 2-3, 3-3]).
example_game([1-1, 0-1, 1-0, 0-0]).
example_game([0-3, 1-2, 0-2, 1-1, 0-1, 1-0, 0-0]).

                 /*******************************
                 *             TAGS             *
                 *******************************/

check_tags(pos(History, State), Tags) :-
    findall(T, tag(History, State, T), Tags).

tag(H, _, start) :- H == [].
tag(_, gameState(B, _, L-C), edge) :-
    length(B, N), N1 is N - 1,
    once(( L =:= 0 ; C =:= 0 ; L =:= N1 ; C =:= N1 )).
tag(_, State, Tag) :-
    tabula_status(game(fourmation, State), won(_)),
    State = gameState(B, _, L-C),
    member(Tag-(DR-DC), [won_horizontal-(0-1), won_vertical-(1-0),
                         won_diagonal-(1-1), won_antidiagonal-(1-(-1))]),
    line_length(B, L, C, DR, DC, Len),
    Len >= 4.
tag(_, State, stuck_draw) :-
    tabula_status(game(fourmation, State), draw).
tag(_, State, win_and_stuck) :-
    tabula_status(game(fourmation, State), won(_)),
    State = gameState(B, _, L-C),
    \+ ( cell(B, R, Q, empty), near(R-Q, L-C) ).

cell(B, R, C, V) :- nth0(R, B, Row), nth0(C, Row, V).

% Cubes of the last cube's colour in a row through it, along (DR, DC).
line_length(B, L, C, DR, DC, Len) :-
    cell(B, L, C, V),
    run(B, L, C, DR, DC, V, A),
    NDR is -DR, NDC is -DC,
    run(B, L, C, NDR, NDC, V, Z),
    Len is A + Z + 1.

run(B, L, C, DR, DC, V, N) :-
    L1 is L + DR, C1 is C + DC,
    (   cell(B, L1, C1, V) -> run(B, L1, C1, DR, DC, V, N0), N is N0 + 1 ; N = 0 ).
