:- module(crosscut_check, []).
/** <module> The CrossCut course profile of the conformance checker

What library(tabula/check_core) needs to know of the Porto course's
CrossCut (2022/23): a program is its main file (`proj.pl`, or the file
that defines the predicates) consulted into `user`; it has its own state
term and move term, which library(tabula/check_porto) learns by asking
it (or reads from an adapter). Compared: valid_moves/2,3, move/3,
game_over/2, value/3,4, choose_move/3,4, on the course's default 7 x 7
board and a 5 x 7 one (which also tells rows from columns).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/crosscut_game), []).
:- use_module(library(tabula/check_core)).
:- use_module(library(tabula/check_porto)).

:- multifile check_core:profile/2.
check_core:profile(crosscut, crosscut_check).

:- public
    check_program/2, check_predicates/1, check_qualified/2, check_setup/4,
    check_cases/5, check_tags/2, check_examples/1, check_show/2, check_prepare/5, check_starts/1,
    check_player/6, check_player_move/4,
    porto_starts/1, porto_dims/2, porto_cell/3, porto_players/1, porto_mover/2,
    porto_player_terms/1, porto_size_forms/1, porto_inits/1, porto_first_cell/2,
    porto_probe/2, porto_illegal/2, porto_rows_preferred/1, porto_board/2,
    porto_cells/1, porto_steps/1.

check_program(Path, Program) :- porto_program(Path, Program).
check_predicates([ initial_state/2, initial_state/1, valid_moves/3, valid_moves/2, move/3,
                   game_over/2, value/4, value/3, choose_move/4, choose_move/3 ]).
check_qualified(PI, user:PI).
check_prepare(Sb, Program, Defined, Options, Ctx) :-
    porto_prepare(crosscut, Sb, Program, Defined, Options, Ctx).
check_starts(Starts) :- check_porto:porto_starts(crosscut, Starts).
check_setup(Pos, S, Setup, PI) :- porto_setup(crosscut, Pos, S, Setup, PI).
check_cases(PI, Pos, S, Defined, Cases) :- porto_cases(crosscut, PI, Pos, S, Defined, Cases).
check_show(Pos, Text) :- porto_show(crosscut, Pos, Text).
% As a tournament player: choose_move(Level), in the program's terms.
check_player(Player, Pos, S, Defined, Goal, Move) :-
    porto_player(crosscut, Player, Pos, S, Defined, Goal, Move).
check_player_move(_, Pos, Answer, Move) :- porto_player_move(crosscut, Pos, Answer, Move).

                 /*******************************
                 *     WHAT CHECK_PORTO ASKS    *
                 *******************************/

porto_starts([[], [size(5, 7)]]).
porto_dims(state(_, _, _, _, H, W), dims(H, W)).
% Our move(Number, Letter) counts rows from the bottom, both from 1.
porto_cell(move(N, L), dims(H, _), cell(R, C)) :-
    (   integer(N) -> R is H - N, C is L - 1 ; N is H - R, L is C + 1 ).
porto_players(['R', 'B']).
porto_mover(state(T, _, _, _, _, _), P) :- ( T mod 2 =:= 1 -> P = 'R' ; P = 'B' ).
porto_player_terms(['R'-'R', 'B'-'B']).
porto_size_forms([size, n]).
porto_inits([]).
porto_first_cell(_, cell(1, 2)).
% Of readings the rules cannot tell apart (a mirrored board): the
% report's rows from the bottom for 1-based moves, list indices for
% 0-based ones.
porto_rows_preferred([num(1, bottom), num(0, top), num(1, top), num(0, bottom)]).
porto_board(state(_, _, _, B, _, _), B).
porto_cells([x, 'R', 'B']).
porto_steps([ next_turn/2-step(S1, S2, next_turn(S1, S2)),
              next_player/2-step(S1b, S2b, next_player(S1b, S2b)),
              change_turn/2-step(S1c, S2c, change_turn(S1c, S2c)),
              switch_turn/2-step(S1d, S2d, switch_turn(S1d, S2d)) ]).

% Blue fills its row H-2 while Red scatters discs over rows 1 and 2 that
% never flank: Blue wins at its (W-2)th disc; with one colour only (no
% turn switch, or two) that row would be Red's.
porto_probe(dims(H, W), Moves) :-
    I is W - 2,
    B is H - 2,
    findall(cell(R, C), ( member(R, [1, 2]), between(1, I, C), C mod 2 =:= 1 ), Reds0),
    length(Reds, I),
    append(Reds, _, Reds0),
    findall(cell(B, C), between(1, I, C), Blues),
    foldl([Rd, Bl, [Rd, Bl|T], T]>>true, Reds, Blues, Cells, []),
    maplist([Cell, M]>>porto_cell(M, dims(H, W), Cell), Cells, Moves).

% Cells move/3 must refuse: taken ones, perimeter ones that flip
% nothing, and two off the board.
porto_illegal(pos(_, State), Cells) :-
    State = state(_, _, _, Board, H, W),
    tabula_moves(game(crosscut, State), Legal),
    findall(cell(R, C), ( nth0(R, Board, Row), nth0(C, Row, V), V \== x ), Taken),
    findall(cell(R, C), ( nth0(R, Board, Row), nth0(C, Row, x), perimeter(H, W, R, C),
                          porto_cell(M, dims(H, W), cell(R, C)), \+ memberchk(M, Legal) ),
            Border),
    spread(3, Taken, T), spread(3, Border, Bd),
    append([T, Bd, [cell(-1, 1), cell(1, W)]], Cells).

perimeter(H, W, R, C) :-
    once(( R =:= 0 ; C =:= 0 ; R =:= H - 1 ; C =:= W - 1 )).

spread(N, List, Some) :-
    length(List, L),
    (   L =< N
    ->  Some = List
    ;   Step is L / N,
        findall(X, ( between(0, N, I), I < N, J is floor(I * Step), nth0(J, List, X) ), Some)
    ).

% A game whose last placement flanks in both axes, where deciding each
% axis on its own flips other discs than all or nothing does.
check_examples(Positions) :-
    findall(pos(H, S),
            ( example_game(H), check_replay(crosscut, H, S) ),
            Positions).

example_game([move(4, 3), move(4, 2), move(6, 5), move(5, 3), move(3, 4), move(2, 4),
              move(6, 3), move(4, 4)]).

                 /*******************************
                 *             TAGS             *
                 *******************************/

check_tags(pos(History, State), Tags) :-
    findall(T, tag(History, State, T), Tags0),
    sort(Tags0, Tags).

tag(H, _, start) :- ( H == [] ; H = [start(_)] ).
tag(H, S, perimeter_flip) :-
    last_placed(H, S, R, C),
    S = state(_, _, _, _, Ht, W),
    perimeter(Ht, W, R, C).
tag(H, S, skipped_turn) :-
    S = state(T, _, _, _, _, _),
    exclude([X]>>(X = start(_)), H, Moves),
    length(Moves, N),
    T =\= N + 1.
tag(_, S, refused_flip) :-
    tabula_status(game(crosscut, S), to_move(P)),
    tabula_moves(game(crosscut, S), Legal),
    S = state(_, _, _, B, H, W),
    member(M, Legal),
    porto_cell(M, dims(H, W), cell(R, C)),
    \+ perimeter(H, W, R, C),
    flanks(B, R, C, P, [0-1, 0-(-1), 1-0, (-1)-0]),
    tabula_move(game(crosscut, S), M, game(_, S2)),
    S2 = state(_, _, _, B2, _, _),
    changed(B, B2, 1),
    !.
tag(_, S, flanks_both_axes) :-
    tabula_status(game(crosscut, S), to_move(P)),
    tabula_moves(game(crosscut, S), Legal),
    S = state(_, _, _, B, H, W),
    member(M, Legal),
    porto_cell(M, dims(H, W), cell(R, C)),
    flanks(B, R, C, P, [0-1, 0-(-1)]),
    flanks(B, R, C, P, [1-0, (-1)-0]),
    !.
tag(H, S, won_by_flip) :-
    tabula_status(game(crosscut, S), won(_)),
    append(Before, [_], H),
    Before \== [],
    \+ Before = [start(_)],
    check_replay(crosscut, Before, S0),
    S0 = state(_, _, _, B0, _, _),
    S = state(_, _, _, B, _, _),
    changed(B0, B, N),
    N > 1.
tag(_, S, Tag) :-
    tabula_status(game(crosscut, S), Status),
    (   Status = won(_) -> Tag = won ; Status == draw -> Tag = draw ).

last_placed(H, state(_, _, _, _, Ht, W), R, C) :-
    last(H, M),
    M = move(_, _),
    porto_cell(M, dims(Ht, W), cell(R, C)).

% A run of enemy discs from (R, C) in one of the directions, closed by
% P's disc.
flanks(B, R, C, P, Dirs) :-
    member(DR-DC, Dirs),
    R1 is R + DR, C1 is C + DC,
    at(B, R1, C1, E), E \== x, E \== P,
    closes(B, R1, C1, DR, DC, E, P),
    !.

closes(B, R, C, DR, DC, E, P) :-
    R1 is R + DR, C1 is C + DC,
    at(B, R1, C1, V),
    (   V == P -> true ; V == E -> closes(B, R1, C1, DR, DC, E, P) ).

at(B, R, C, V) :- R >= 0, C >= 0, nth0(R, B, Row), nth0(C, Row, V).

% How many cells differ between two boards.
changed(B0, B, N) :-
    append(B0, F0), append(B, F),
    foldl([X, Y, A0, A]>>( X == Y -> A = A0 ; A is A0 + 1 ), F0, F, 0, N).
