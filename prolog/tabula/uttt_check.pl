:- module(uttt_check, []).
/** <module> The UTTT course profile of the conformance checker

What library(tabula/check_core) needs to know of the Bucharest course
(2022, both stages): a program is the student's `uttt.pl`, consulted into
`user` next to the course's helper files (`files.pl`, `utils.pl`; ours,
written from the course's contract, are copied in when the folder has
none). A position reaches the program through its own `buildState/3`
(the course's tests build their positions the same way), or
`initialState/1` at the start. Every predicate of both stages is
compared with library(tabula/uttt), in the modes the course uses.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(ordsets)).
:- use_module(library(tabula/uttt), []).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/uttt_game), []).

:- multifile check_core:profile/2.
check_core:profile(uttt, uttt_check).

positions([nw, n, ne, w, c, e, sw, s, se]).

:- public
    check_program/2, check_predicates/1, check_qualified/2, check_setup/4,
    check_cases/5, check_tags/2, check_examples/1, check_show/2,
    check_player/6, check_player_move/4.

check_program(Path, program(Folder, [consult(Base)], Supply)) :-
    must_be(atomic, Path),
    (   exists_directory(Path)
    ->  directory_file_path(Path, 'uttt.pl', File)
    ;   File = Path
    ),
    (   exists_file(File)
    ->  true
    ;   existence_error(file, File)
    ),
    file_directory_name(File, Folder),
    file_base_name(File, Base),
    module_property(uttt_check, file(Self)),
    file_directory_name(Self, Lib),
    directory_file_path(Lib, 'check_course/uttt', Course),
    findall(F, ( member(N, ['files.pl', 'utils.pl']), directory_file_path(Course, N, F) ), Supply).

check_predicates([ initialState/1, buildState/3, getBoards/2, getBoard/3, getUBoard/2,
                   getPos/4, getPos/3, getNextPlayer/2, getNextAvailableBoards/2,
                   getAvailableBoards/2, getBoardResult/2, validMove/2, makeMove/3,
                   dummy_first/2, dummy_last/2, movePriority/4, bestIndividualMoves/3,
                   narrowGreedy/2, bestMoves/2, greedy/2 ]).

check_qualified(PI, user:PI).

% The program's state for a position: built from the boards and the last
% move's cell (which decides the board to play in), or the initial state.
check_setup(pos([], _), S, initialState(S), initialState/1) :- !.
check_setup(pos(History, State), S, buildState(Boards, Prev, S), buildState/3) :-
    uttt:getBoards(State, Boards),
    last_cell(History, Prev).

last_cell(example(_, Prev), Prev) :- !.
last_cell(History, Prev) :-
    last(History, Move),
    (   Move = (_, Prev) -> true ; Prev = Move ).

check_examples([pos(example(statement, w), S)]) :-
    uttt:buildState([[0, '', x, x, '', x, '', '', x],
                     [x, '', '', 0, '', 0, '', 0, ''],
                     [0, '', 0, '', '', '', '', '', x],
                     [0, '', '', '', '', '', '', '', ''],
                     [x, x, x, '', '', '', '', '', 0],
                     [0, x, '', '', '', '', '', '', ''],
                     ['', '', '', '', '', '', '', '', 0],
                     ['', x, '', '', 0, '', '', x, ''],
                     ['', 0, '', '', 0, '', x, 0, x]], w, S).

check_tags(pos(History, State), Tags) :-
    uttt:getNextAvailableBoards(State, Av),
    uttt:getUBoard(State, U),
    findall(T, tag(History, State, Av, U, T), Tags).

tag(_, _, [_], _, forced_board).
tag(_, _, [_, _|_], _, free_choice).
tag(_, _, Av, U, free_after_finished_board) :- Av = [_, _|_], U \== ['', '', '', '', '', '', '', '', ''].
tag(_, _, _, U, won_small_board) :- once(( memberchk(x, U) ; memberchk(0, U) )).
tag(_, _, _, U, drawn_small_board) :- memberchk(r, U).
tag(_, State, [], _, Tag) :-
    uttt:getUBoard(State, U),
    uttt:getBoardResult(U, R),
    (   R == r -> Tag = game_drawn ; R == '' -> Tag = game_over_no_move ; Tag = game_won ).
tag(_, State, [], _, game_ends_with_full_big_board) :-
    uttt:getUBoard(State, U),
    \+ memberchk('', U).
tag(_, State, Av, _, last_move_of_game) :-
    Av \== [],
    once(( uttt:validMove(State, M),
           uttt:makeMove(State, M, S2),
           uttt:getNextAvailableBoards(S2, []) )).
tag(History, _, _, _, start) :- History == [].

                 /*******************************
                 *            CASES             *
                 *******************************/

% The board the position-dependent calls look at: one of the nine, chosen
% by the length of the history, so that every board is seen.
focus(pos(History, _), UPos) :-
    (   is_list(History) -> length(History, L) ; L = 4 ),
    positions(Ps),
    I is L mod 9,
    nth0(I, Ps, UPos).

mover(State, P) :-
    uttt:getNextPlayer(State, P).

check_cases(initialState/1, pos(History, _), _, Defined, Cases) :-
    (   History == [], memberchk(getBoards/2, Defined)
    ->  uttt:initialState(S0),
        uttt:getBoards(S0, B),
        Cases = [case(initial, (initialState(S1), getBoards(S1, X)), X, one(B), ['S'=S1, 'Boards'=X])]
    ;   Cases = []
    ).
check_cases(buildState/3, pos(History, State), _, Defined, Cases) :-
    (   History \== [], memberchk(getBoards/2, Defined)
    ->  uttt:getBoards(State, B),
        last_cell(History, Prev),
        Cases = [case(build, (buildState(B, Prev, S1), getBoards(S1, X)), X, one(B), ['S'=S1, 'Boards'=X])]
    ;   Cases = []
    ).
check_cases(getBoards/2, pos(_, State), S, _, [case(boards, getBoards(S, X), X, one(B), ['Boards'=X])]) :-
    uttt:getBoards(State, B).
% Boards and cells come in position order: the cases are built along
% them (no findall/3, which would copy the state's variable apart).
check_cases(getBoard/3, pos(_, State), S, _, Cases) :-
    positions(Ps),
    uttt:getBoards(State, Boards),
    board_cases(Ps, Boards, S, Cases).
check_cases(getUBoard/2, pos(_, State), S, _, [case(uboard, getUBoard(S, X), X, one(U), ['UBoard'=X])]) :-
    uttt:getUBoard(State, U).
check_cases(getPos/4, Position, S, _, Cases) :-
    Position = pos(_, State),
    focus(Position, U),
    positions(Ps),
    uttt:getBoard(State, U, Board),
    cell4_cases(Ps, Board, S, U, Cases).
check_cases(getPos/3, Position, _, _, Cases) :-
    Position = pos(_, State),
    focus(Position, U),
    uttt:getBoard(State, U, Board),
    uttt:getUBoard(State, UBoard),
    positions(Ps),
    cell3_cases(Ps, Board, Board, Cases, Cases1),
    cell3_cases(Ps, UBoard, UBoard, Cases1, []).
check_cases(getNextPlayer/2, pos(_, State), S, _, [case(player, getNextPlayer(S, X), X, one(P), ['Player'=X])]) :-
    mover(State, P).
check_cases(getNextAvailableBoards/2, pos(_, State), S, _,
            [case(boards, getNextAvailableBoards(S, X), X, one(Av), ['Boards'=X])]) :-
    uttt:getNextAvailableBoards(State, Av).
check_cases(getAvailableBoards/2, pos(_, State), S, _,
            [case(boards, getAvailableBoards(S, X), X, one(Av), ['Boards'=X])]) :-
    uttt:getNextAvailableBoards(State, Av).
check_cases(getBoardResult/2, pos(_, State), _, _, Cases) :-
    uttt:getBoards(State, Boards),
    uttt:getUBoard(State, UBoard),
    findall(case(B, getBoardResult(B, X), X, one(R), ['Result'=X]),
            ( member(B, [UBoard|Boards]), uttt:getBoardResult(B, R) ), Cases0),
    sort(Cases0, Cases).
check_cases(validMove/2, pos(_, State), S, _, Cases) :-
    uttt:uttt_valid_moves_(State, Legal),
    illegal_moves(State, Illegal),
    findall(S-case(M, validMove(S, M), x, one(x), []), member(M, Legal), Yes0),
    findall(S-case(M, validMove(S, M), x, none, []), member(M, Illegal), No0),
    shared(S, Yes0, Yes),
    shared(S, No0, No),
    Enum = case(all, validMove(S, X), X, bag(Legal), ['Move'=X]),
    append([Yes, No, [Enum]], Cases).
check_cases(makeMove/3, pos(_, State), S, Defined, Cases) :-
    uttt:uttt_valid_moves_(State, Legal),
    spread(12, Legal, Some),
    (   memberchk(getNextAvailableBoards/2, Defined) -> Next = true ; Next = false ),
    findall(S-Case, ( member(M, Some), make_move_case(Next, State, S, M, Case) ), Yes0),
    shared(S, Yes0, Yes),
    illegal_moves(State, Illegal0),
    spread(4, Illegal0, Illegal),
    findall(S-case(M, makeMove(S, M, _), x, none, []), member(M, Illegal), No0),
    shared(S, No0, No),
    append(Yes, No, Cases).

check_cases(dummy_first/2, pos(_, State), S, _, [case(first, dummy_first(S, X), X, E, ['Move'=X])]) :-
    (   uttt:dummy_first(State, M) -> E = one(M) ; E = none ).
check_cases(dummy_last/2, pos(_, State), S, _, [case(last, dummy_last(S, X), X, E, ['Move'=X])]) :-
    (   uttt:dummy_last(State, M) -> E = one(M) ; E = none ).
check_cases(movePriority/4, Position, _, _, Cases) :-
    Position = pos(_, State),
    focus(Position, U),
    uttt:getBoard(State, U, Board),
    uttt:getUBoard(State, UBoard),
    mover(State, P),
    positions(Ps),
    findall(case(B-C, movePriority(P, B, C, X), X, E, ['Priority'=X]),
            ( member(B, [Board, UBoard]), member(C, Ps),
              (   uttt:movePriority(P, B, C, Pr) -> E = one(Pr) ; E = none ) ),
            Cases0),
    sort(Cases0, Cases).
check_cases(bestIndividualMoves/3, Position, _, _, Cases) :-
    Position = pos(_, State),
    focus(Position, U),
    uttt:getBoard(State, U, Board),
    uttt:getUBoard(State, UBoard),
    findall(case(B-P, bestIndividualMoves(P, B, X), X, one(Ms), ['Moves'=X]),
            ( member(B, [Board, UBoard]), member(P, [x, 0]),
              uttt:bestIndividualMoves(P, B, Ms) ),
            Cases0),
    sort(Cases0, Cases).
check_cases(narrowGreedy/2, pos(_, State), S, _, [case(move, narrowGreedy(S, X), X, E, ['Move'=X])]) :-
    (   uttt:narrowGreedy(State, M) -> E = one(M) ; E = none ).
check_cases(bestMoves/2, pos(_, State), S, _, [case(moves, bestMoves(S, X), X, one(Ms), ['Moves'=X])]) :-
    uttt:bestMoves(State, Ms).
check_cases(greedy/2, pos(_, State), S, _, [case(move, greedy(S, X), X, E, ['Move'=X])]) :-
    (   uttt:greedy(State, M) -> E = one(M) ; E = none ).

% A legal move, seen through the program's getBoards/2 (and
% getNextAvailableBoards/2 when it has one) on the state it makes.
make_move_case(true, State, S, M,
               case(M, (makeMove(S, M, S2), getBoards(S2, B), getNextAvailableBoards(S2, A)),
                    B-A, one(Be-Ae), ['S2'=S2, 'Boards'=B, 'Next'=A])) :-
    uttt:makeMove(State, M, After),
    uttt:getBoards(After, Be),
    uttt:getNextAvailableBoards(After, Ae).
make_move_case(false, State, S, M,
               case(M, (makeMove(S, M, S2), getBoards(S2, B)), B, one(Be), ['S2'=S2, 'Boards'=B])) :-
    uttt:makeMove(State, M, After),
    uttt:getBoards(After, Be).

board_cases([], [], _, []).
board_cases([U|Us], [B|Bs], S, [case(U, getBoard(S, U, X), X, one(B), ['Board'=X])|Cases]) :-
    board_cases(Us, Bs, S, Cases).

cell4_cases([], [], _, _, []).
cell4_cases([P|Ps], [C|Cs], S, U, [case(U-P, getPos(S, U, P, X), X, one(C), ['Cell'=X])|Cases]) :-
    cell4_cases(Ps, Cs, S, U, Cases).

cell3_cases([], [], _, Cases, Cases).
cell3_cases([P|Ps], [C|Cs], B, [case(B-P, getPos(B, P, X), X, one(C), ['Cell'=X])|Cases], Tail) :-
    cell3_cases(Ps, Cs, B, Cases, Tail).

% Cases made by findall/3 hold copies of the state variable: make them
% the one the setup binds again.
shared(_, [], []).
shared(S, [S-C|Pairs], [C|Cases]) :-
    shared(S, Pairs, Cases).

% Moves the program must refuse: the other notation, taken cells, boards
% not available, and a term that is no move at all.
illegal_moves(State, Illegal) :-
    uttt:getNextAvailableBoards(State, Av),
    uttt:uttt_valid_moves_(State, Legal0),
    sort(Legal0, Legal),
    positions(Ps),
    findall(M,
            ( member(U, Ps), member(P, Ps),
              (   Av = [U] -> M = (U, P)           % pair where one board is open
              ;   Av = [_, _|_], memberchk(U, Av) -> M = P
              ;   M = (U, P)
              ) ),
            Ms0),
    sort(Ms0, Ms1),
    ord_subtract(Ms1, Legal, Ms2),
    exclude(valid_in(State), Ms2, Ms),
    spread(8, Ms, Some),
    append(Some, [zz], Illegal).

valid_in(State, Move) :-
    uttt:validMove(State, Move).

% N elements of List, spread over it, in one pass.
spread(N, List, Some) :-
    length(List, L),
    (   L =< N
    ->  Some = List
    ;   Step is L / N,
        findall(J, ( between(0, N, I), I < N, J is floor(I * Step) ), Js),
        pick(Js, 0, List, Some)
    ).

pick([], _, _, []).
pick([J|Js], K, [X|Xs], Some) :-
    (   J =:= K
    ->  Some = [X|Some1],
        K1 is K + 1,
        pick(Js, K1, Xs, Some1)
    ;   K1 is K + 1,
        pick([J|Js], K1, Xs, Some)
    ).

check_show(pos(History, State), Text) :-
    with_output_to(string(Board), tabula_display(game(uttt, State))),
    (   History == []
    ->  Setup = "initialState(S)"
    ;   uttt:getBoards(State, Boards),
        last_cell(History, Prev),
        format(string(Setup), "buildState(~q, ~q, S)", [Boards, Prev])
    ),
    format(string(Text), "~s~n?- ~s,", [Board, Setup]).

% As a tournament player: Name(State, Move) (greedy/2, narrowGreedy/2, or
% the program's own), its moves the course's terms, as ours are.
check_player(Name, _, S, _, Goal, Move) :-
    atom(Name),
    Goal =.. [Name, S, Move].

check_player_move(_, _, Move, Move).
