:- module(futlog_check, []).
/** <module> The Futlog course profile of the conformance checker

What library(tabula/check_core) needs to know of the Montevideo course
(2017): a program is the folder holding the student's `juego.pl` and
`inteligencia.pl` (the latter optional), loaded as the course's servers
load them, `use_module(juego)` and `use_module(inteligencia)` from that
folder. The program's state is its own term: a position reaches it only
through its own predicates, `estado_inicial/1` and then `mover/3` with
each move of the history, and is seen only through them.

A value after a move is the move's: posicion_pelota/2 and turno/2 are
compared exactly at the start, and after moves must give one answer of
the right kind; the ball and turn after a move are mover/3's (and
hacer_jugada/3's) check. So a fault is reported once, on the predicate
that made the state.

Move enumeration: where the rules have at most 500 move paths, mover/3
with LP unbound must give exactly those (duplicates counted); above that
(up to about 71,000) only its first answer is compared (it must be
legal), so that every call stays inside the sandbox's limits.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(aggregate)).
:- use_module(library(tabula/futlog), []).
:- use_module(library(tabula/futlog_tools), [futlog_moves/2, futlog_move_counts/3]).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/futlog_game), []).

:- multifile check_core:profile/2.
check_core:profile(futlog, futlog_check).

:- public
    check_program/2, check_predicates/1, check_qualified/2, check_setup/4,
    check_cases/5, check_tags/2, check_examples/1, check_show/2,
    check_player/6, check_player_move/4.

% Above this many move paths, mover/3 is not asked for all of them.
enumeration_cap(500).

check_program(Path, program(Folder, Loads, [])) :-
    must_be(atomic, Path),
    (   exists_directory(Path)
    ->  directory_file_path(Path, 'juego.pl', File)
    ;   File = Path
    ),
    (   exists_file(File)
    ->  true
    ;   existence_error(file, File)
    ),
    file_directory_name(File, Folder),
    file_base_name(File, Base),
    file_name_extension(Stem, _, Base),
    directory_file_path(Folder, 'inteligencia.pl', AI),
    (   exists_file(AI)
    ->  Loads = [use_module(Stem), use_module(inteligencia)]
    ;   Loads = [use_module(Stem)]
    ).

juego_predicates([ cantidad_casilleros/2, estado_inicial/1, posicion_pelota/2, turno/2,
                   gol/2, mover/3, prefijo_movimiento/2 ]).
inteligencia_predicates([ nombre/1, niveles_minimax/1, hacer_jugada/3 ]).

check_predicates(PIs) :-
    juego_predicates(J),
    inteligencia_predicates(I),
    append(J, I, PIs).

check_qualified(PI, M:PI) :-
    juego_predicates(J),
    (   memberchk(PI, J) -> M = juego ; M = inteligencia ).

% The program's own state: its initial state, then its mover/3 with each
% move of the history, as the course's page drives it.
check_setup(pos([], _), S, estado_inicial(S), estado_inicial/1) :- !.
check_setup(pos(History, _), S, (estado_inicial(S0), Moves), mover/3) :-
    chain(History, S0, S, Moves).

chain([LP], S0, S, mover(S0, LP, S)) :- !.
chain([LP|LPs], S0, S, (mover(S0, LP, S1), Moves)) :-
    chain(LPs, S1, S, Moves).

                 /*******************************
                 *       HARD POSITIONS         *
                 *******************************/

check_tags(pos(History, State), Tags) :-
    moves(State, Count, Paths),
    findall(T, tag(History, State, Count, Paths, T), Tags).

tag(History, _, _, _, start) :- History == [].
tag(_, State, _, _, goal) :- futlog:gol(State, _).
tag(_, State, _, _, own_goal) :-
    futlog:gol(State, N),
    futlog:turno(State, N).          % the kicker is the other player
tag(_, State, 0, _, stuck) :- \+ futlog:gol(State, _).
tag(_, State, _, _, corner) :- ball(State, X, Y), abs(X) =:= 4, abs(Y) =:= 5.
tag(_, State, _, _, goal_mouth) :- ball(State, X, Y), abs(X) =< 1, abs(Y) =:= 5.
tag(_, State, _, _, border) :- ball(State, X, Y), once(( abs(X) =:= 4 ; abs(Y) =:= 5 )).
tag(_, _, Count, _, many_moves) :- enumeration_cap(Cap), Count > Cap.
tag(_, _, _, Paths, bounce) :- longest(Paths, L), L >= 2.
tag(_, _, _, Paths, long_bounce) :- longest(Paths, L), L >= 4.
tag(History, _, _, _, after_long_bounce) :-
    is_list(History), last(History, LP), length(LP, L), L >= 4.

ball(State, X, Y) :-
    futlog:posicion_pelota(State, p(X, Y)).

longest(Paths, L) :-
    aggregate_all(max(N), ( member(P, Paths), length(P, N) ), L).

% The legal move paths, sorted, and their number; the last state's are
% kept, since every predicate of a position asks for them.
moves(State, Count, Paths) :-
    (   nb_current(futlog_check_moves, State0-Count0-Paths0), State0 == State
    ->  Count = Count0, Paths = Paths0
    ;   futlog_moves(State, Paths),
        length(Paths, Count),
        nb_setval(futlog_check_moves, State-Count-Paths)
    ).

% The statement shows no concrete position. These are legal histories
% reaching hard cases that random games seldom show.
check_examples(Positions) :-
    findall(pos(H, S), ( example(_, H), check_core:check_replay(futlog, H, S) ), Positions).

example(stuck_in_corner,
        [[p(-1,-1)], [p(-2,-1)], [p(-3,-1)], [p(-3,-2)],
         [p(-4,-1), p(-3,-1), p(-4,-2), p(-3,-2), p(-4,-3), p(-3,-4)], [p(-4,-5)]]).
example(own_goal,
        [[p(-1,1)], [p(-2,2)], [p(-3,2)], [p(-4,3), p(-3,4)], [p(-2,5), p(-2,4)],
         [p(-3,5), p(-4,4), p(-3,4), p(-2,4), p(-1,5), p(0,6)]]).
example(many_moves,                            % 636 move paths
        [[p(1,-1)], [p(2,-2)], [p(3,-2)], [p(2,-3)], [p(2,-4)], [p(3,-5), p(4,-4), p(3,-3)]]).
example(thousands_of_moves,                    % 13,431 move paths
        [[p(-1,-1)], [p(-1,-2)], [p(-1,-3)], [p(-2,-4)], [p(-1,-4)],
         [p(-1,-5), p(-2,-4), p(-2,-5), p(-1,-4), p(-2,-3)], [p(-1,-2), p(-2,-1)],
         [p(-1,-1), p(0,-1)], [p(-1,-2), p(0,-3)], [p(-1,-4), p(0,-4)],
         [p(0,-3), p(-1,-3), p(-2,-2)], [p(-2,-1), p(-1,0)], [p(-1,-1), p(-2,0)],
         [p(-1,0), p(0,-1), p(0,0), p(-1,0), p(-1,1)], [p(-2,0), p(-2,-1), p(-3,-2)],
         [p(-4,-3), p(-3,-3)]]).

                 /*******************************
                 *            CASES             *
                 *******************************/

check_cases(cantidad_casilleros/2, pos([], _), _, _,
            [case(size, cantidad_casilleros(W, H), W-H, one(8-10), ['Ancho'=W, 'Alto'=H])]).
check_cases(estado_inicial/1, pos([], _), _, _, [Case]) :-
    initial_round_trip(Case).
check_cases(posicion_pelota/2, pos(History, State), S, _, [Case]) :-
    (   History == []
    ->  futlog:posicion_pelota(State, P),
        Case = case(ball, posicion_pelota(S, X), X, one(P), ['P'=X])
    ;   Case = case(ball, (posicion_pelota(S, X), X = p(A, B), integer(A), integer(B)), x, one(x), ['P'=X])
    ).
check_cases(turno/2, pos(History, State), S, _, [Case]) :-
    (   History == []
    ->  futlog:turno(State, T),
        Case = case(turn, turno(S, X), X, one(T), ['N'=X])
    ;   Case = case(turn, (turno(S, X), memberchk(X, [1, 2])), x, one(x), ['N'=X])
    ).
check_cases(gol/2, pos(_, State), S, _, [case(goal, gol(S, X), X, E, ['N'=X])]) :-
    (   futlog:gol(State, N) -> E = one(N) ; E = none ).
check_cases(mover/3, Position, S, Defined, Cases) :-
    Position = pos(History, State),
    moves(State, Count, Paths),
    (   History == [] -> Printed = [] ; round_trip(S, Case0), Printed = [Case0] ),
    spread_longest(40, Paths, Some),
    findall(S-C, ( member(LP, Some), legal_case(State, S, Defined, LP, C) ), Legal0),
    shared(S, Legal0, Legal),
    illegal_moves(State, Some, Illegal0),
    findall(S-case(k(0, LP), mover(S, LP, _), x, none, []), member(LP, Illegal0), Illegal2),
    shared(S, Illegal2, Illegal),
    enumeration_cap(Cap),
    (   Count =< Cap
    ->  Enum = case(k(1, all), mover(S, X, _), X, bag(Paths), ['LP'=X])
    ;   Enum = case(k(1, first), mover(S, X, _), X, member(Paths), ['LP'=X])
    ),
    append([Printed, Legal, Illegal, [Enum]], Cases).
check_cases(prefijo_movimiento/2, pos(_, State), S, _, Cases) :-
    moves(State, _, Paths),
    prefix_candidates(State, Paths, LPs),
    findall(S-case(k(L, LP), prefijo_movimiento(S, LP), x, E, []),
            ( member(LP, LPs),
              ( is_list(LP) -> length(LP, L) ; L = 0 ),
              ( futlog:prefijo_movimiento(State, LP) -> E = some ; E = none ) ),
            Cases0),
    shared(S, Cases0, Cases).
check_cases(hacer_jugada/3, pos(_, State), S, Defined, [Case]) :-
    moves(State, _, Paths),
    Paths \== [],
    observers(Defined, S2, Observe, Seen),
    findall(LP-Expected, ( member(LP, Paths), after(State, LP, Seen, Expected) ), Answers),
    Case = case(play, (hacer_jugada(S, X, S2), Observe), X-Seen, member(Answers),
                ['LP'=X, 'E2'=S2|Names]),
    observer_names(Seen, Names).
check_cases(nombre/1, pos([], _), _, _, [case(name, nombre(X), x, some, ['Nombre'=X])]).
check_cases(niveles_minimax/1, pos([], _), _, _,
            [case(levels, (niveles_minimax(X), integer(X)), x, some, ['N'=X])]).

% The state prints with write/1 and reads back with term_string/2, as
% the course's servers pass it around.
initial_round_trip(case(prints, (estado_inicial(S), Print), x, one(x), ['E'=S|Names])) :-
    print_goal(S, Print, Names).
round_trip(S, case(k(-1, prints), Print, x, one(x), Names)) :-
    print_goal(S, Print, Names).

print_goal(S, (with_output_to(string(T), write(S)), term_string(R, T), R == S), ['Text'=T, 'Read'=R]).

% A legal move is accepted, and the state it makes has the ball where the
% move ends and the turn passed (through the program's own observers).
legal_case(State, S, Defined, LP, case(k(L, LP), (mover(S, LP, S2), Observe), Seen, one(Expected),
                                       ['E2'=S2|Names])) :-
    length(LP, L),
    observers(Defined, S2, Observe, Seen),
    observer_names(Seen, Names),
    after(State, LP, Seen, Expected).

observers(Defined, S2, Observe, Seen) :-
    (   memberchk(posicion_pelota/2, Defined)
    ->  (   memberchk(turno/2, Defined)
        ->  Observe = (posicion_pelota(S2, B), turno(S2, T)), Seen = B-T
        ;   Observe = posicion_pelota(S2, B), Seen = b(B)
        )
    ;   memberchk(turno/2, Defined)
    ->  Observe = turno(S2, T), Seen = t(T)
    ;   Observe = true, Seen = x
    ).

observer_names(B-T, ['P'=B, 'N'=T]) :- !.
observer_names(b(B), ['P'=B]) :- !.
observer_names(t(T), ['N'=T]) :- !.
observer_names(_, []).

% What the observers must see after LP: its last point, the other player.
after(State, LP, Seen, Expected) :-
    futlog:mover(State, LP, State2),
    futlog:posicion_pelota(State2, P),
    futlog:turno(State2, T),
    (   Seen = _-_ -> Expected = P-T
    ;   Seen = b(_) -> Expected = b(P)
    ;   Seen = t(_) -> Expected = t(T)
    ;   Expected = x
    ).

% Moves the program must refuse, a few of each kind: single steps that
% are no move (off the board, over a marked edge, stopping on a visited
% vertex), a jump, the empty list, stopping in the middle of a longer
% bounce, an edge taken twice within a move, going on after the move
% ended.
illegal_moves(State, Paths, Illegal) :-     % Paths: a sample of the legal ones
    ball(State, X, Y),
    findall(Some,
            ( illegal_kind(Kind, N),
              findall(LP, illegal_candidate(Kind, Paths, X, Y, LP), LPs0),
              sort(LPs0, LPs1),
              include(refused(State), LPs1, LPs),
              spread(N, LPs, Some) ),
            Lists),
    append(Lists, Illegal).

illegal_kind(step, 3).
illegal_kind(jump, 1).
illegal_kind(empty, 1).
illegal_kind(stop_in_bounce, 2).
illegal_kind(edge_twice, 2).
illegal_kind(after_end, 2).

illegal_candidate(step, _, X, Y, [p(X1, Y1)]) :-
    direction(DX, DY), X1 is X + DX, Y1 is Y + DY.
illegal_candidate(jump, _, X, Y, [p(X2, Y)]) :- X2 is X + 2.
illegal_candidate(empty, _, _, _, []).
illegal_candidate(stop_in_bounce, Paths, _, _, Prefix) :-
    member(LP, Paths), strict_prefix(LP, Prefix).
illegal_candidate(edge_twice, Paths, X, Y, [Q, p(X, Y)]) :-
    member([Q, _|_], Paths).
illegal_candidate(after_end, Paths, _, _, Longer) :-
    member(LP, Paths),
    last(LP, p(EX, EY)),
    direction(DX, DY),
    X1 is EX + DX, Y1 is EY + DY,
    append(LP, [p(X1, Y1)], Longer).

refused(State, LP) :-
    \+ futlog:mover(State, LP, _).

strict_prefix(LP, Prefix) :-
    append(Prefix, [_|_], LP),
    Prefix \== [].

direction(0, 1).
direction(1, 1).
direction(1, 0).
direction(1, -1).
direction(0, -1).
direction(-1, -1).
direction(-1, 0).
direction(-1, 1).

% prefijo_movimiento/2: the strict prefixes of some legal moves (true),
% and what a click can give that is none: complete moves, points off the
% board, the ball's own position, a marked edge, an edge taken twice,
% going on after the move ended.
prefix_candidates(State, Paths, LPs) :-
    spread_longest(8, Paths, Some),
    findall(P, ( member(LP, Some), strict_prefix(LP, P) ), Yes0),
    sort(Yes0, Yes1),
    spread(10, Yes1, Yes),
    spread(6, Some, Complete),
    ball(State, X, Y),
    findall(No,
            ( member(Kind, [step, stop_in_bounce, edge_twice, after_end]),
              findall(LP, illegal_candidate(Kind, Some, X, Y, LP), LPs0),
              sort(LPs0, LPs1),
              exclude(engine_prefix(State), LPs1, LPs2),
              spread(3, LPs2, No) ),
            Nos),
    append([Yes, Complete, [[p(X, Y)], [p(0, 7)], [p(5, 0)]]|Nos], LPs0),
    sort(LPs0, LPs).

engine_prefix(State, LP) :-
    futlog:prefijo_movimiento(State, LP).

% N elements of List, spread over it.
spread(N, List, Some) :-
    length(List, L),
    (   L =< N
    ->  Some = List
    ;   Step is L / N,
        findall(X, ( between(0, N, I), I < N, J is floor(I * Step), nth0(J, List, X) ), Some)
    ).

% As spread/3, with the longest path always among them.
spread_longest(N, Paths, Some) :-
    (   Paths == []
    ->  Some = []
    ;   N1 is N - 1,
        spread(N1, Paths, Some0),
        foldl(longer, Paths, [], Longest),
        sort([Longest|Some0], Some)
    ).

longer(P, Best, Longer) :-
    length(P, L), length(Best, LB),
    (   L > LB -> Longer = P ; Longer = Best ).

% Cases made by findall/3 hold copies of the state variable: make them
% the one the setup binds again.
shared(_, [], []).
shared(S, [S-C|Pairs], [C|Cases]) :-
    shared(S, Pairs, Cases).

                 /*******************************
                 *            SHOW              *
                 *******************************/

check_show(pos(History, State), Text) :-
    with_output_to(string(Board), tabula_display(game(futlog, State))),
    (   History == []
    ->  Setup = "?- estado_inicial(S),"
    ;   length(History, N),
        findall(Line,
                ( nth1(I, History, LP),
                  I0 is I - 1,
                  state_name(I0, N, A), state_name(I, N, B),
                  format(string(Line), "   mover(~w, ~q, ~w),", [A, LP, B]) ),
                Lines),
        atomic_list_concat(["?- estado_inicial(S0),"|Lines], "\n", Setup)
    ),
    format(string(Text), "~s~n~s", [Board, Setup]).

state_name(I, N, Name) :-
    (   I =:= N -> Name = 'S' ; format(atom(Name), 'S~d', [I]) ).


% As a tournament player: hacer_jugada(E, LP, E2) of the program's
% inteligencia (or another predicate of the same shape), its LP our move.
check_player(Name, _, S, Defined, Goal, LP) :-
    atom(Name),
    (   Name == hacer_jugada
    ->  memberchk(hacer_jugada/3, Defined),
        Goal = inteligencia:hacer_jugada(S, LP, _)
    ;   Goal =.. [Name, S, LP, _]
    ).

check_player_move(_, _, LP, LP) :-
    is_list(LP).
