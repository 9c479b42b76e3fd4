:- module(futlog_tools,
          [ futlog_state/4,           % +Ball, +Turn, +Edges, -State
            futlog_state_edges/2,     % +State, -Edges
            futlog_played_edges/2,    % +State, -Edges
            futlog_moves/2,           % +State, -Paths
            futlog_outcome_moves/2,   % +State, -Pairs
            futlog_move_counts/3,     % +State, -Paths, -Outcomes
            futlog_best_move/5,       % +State, +Options, -Path, -State2, -Info
            futlog_time_budget/1,     % -Seconds
            futlog_random_move/3,     % +State, -Path, -State2
            futlog_random_state/3,    % +Seed, +MaxPlies, -State
            futlog_perft/3,           % +State, +Depth, -Leaves
            futlog_print/1,           % +State
            futlog_print_board/2,     % +State, +Marks
            futlog_vertex_name/2,     % ?Point, ?Name
            futlog_parse_move/2       % +Text, -Path
          ]).
/** <module> Futlog extras: building and inspecting states, counts, engine

Helpers around library(tabula/futlog) for tests, benchmarks, the terminal
game and the uniform game API.
*/

:- use_module(library(error)).
:- use_module(library(option)).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(aggregate), [aggregate_all/3]).  % loaded now, not autoloaded inside a timed call
:- use_module(library(random)).
:- use_module(library(tabula/futlog_foreign)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/game), [tabula_search/4]).
:- use_module(library(tabula/futlog_game), []).

%!  futlog_state(+Ball, +Turn, +Edges, -State) is det.
%
%   State has the ball on Ball (p(X,Y)), player Turn (1 or 2) to move and
%   the edges e(P,Q) of Edges marked (in any order or orientation; the 40
%   border edges are always marked).
%
%   @error domain_error(futlog_vertex, Ball), domain_error(futlog_turn, Turn),
%          domain_error(futlog_edge, E)
futlog_state(Ball, Turn, Edges, State) :-
    futlog_make_state_(Ball, Turn, Edges, State).

%!  futlog_state_edges(+State, -Edges) is det.
%
%   Edges is the sorted list of every marked edge e(P,Q), P @< Q, border
%   edges included.
futlog_state_edges(State, Edges) :-
    futlog_marked_edges_(State, Edges0),
    maplist(oriented, Edges0, Edges1),
    sort(Edges1, Edges).

oriented(e(P, Q), E) :-
    (   P @< Q -> E = e(P, Q) ; E = e(Q, P) ).

%!  futlog_played_edges(+State, -Edges) is det.
%
%   As futlog_state_edges/2 without the 40 border edges.
futlog_played_edges(State, Edges) :-
    futlog_state_edges(State, All),
    futlog_initial_(S0),
    futlog_state_edges(S0, Border),
    ord_subtract(All, Border, Edges).

%!  futlog_moves(+State, -Paths) is det.
%
%   Paths is the sorted list of every legal move path.
futlog_moves(State, Paths) :-
    findall(LP, futlog_move_gen_(State, LP, _), Paths0),
    sort(Paths0, Paths).

%!  futlog_outcome_moves(+State, -Pairs) is det.
%
%   Pairs has one Path-State2 per distinct outcome (end position and set of
%   marked edges) of the legal moves.
futlog_outcome_moves(State, Pairs) :-
    futlog_outcomes_(State, Pairs).

%!  futlog_move_counts(+State, -Paths, -Outcomes) is det.
%
%   Numbers of distinct legal paths and of distinct outcomes.
futlog_move_counts(State, Paths, Outcomes) :-
    futlog_count_(State, Paths, Outcomes).

%!  futlog_time_budget(-Seconds) is det.
%
%   Seconds is the engine's time per move for hacer_jugada/3: the flag
%   `futlog_time_limit`, clamped to 39 s, below the course page's 40 s.
%
%   @error type_error(positive_number, T) when the flag is not one
futlog_time_budget(Seconds) :-
    current_prolog_flag(futlog_time_limit, T0),
    (   number(T0), T0 > 0
    ->  Seconds is float(min(T0, 39))
    ;   type_error(positive_number, T0)
    ).

%!  futlog_best_move(+State, +Options, -Path, -State2, -Info) is semidet.
%
%   The engine's move and the state after it: tabula_search/4 on
%   game(futlog, State), whose options it takes (time(Seconds), by default
%   the flag futlog_time_limit; depth(MaxDepth); nodes(N)). Fails when
%   there is no legal move.
futlog_best_move(State, Options, Path, State2, Info) :-
    tabula_search(game(futlog, State), Options, Path, Info),
    mover(State, Path, State2).

%!  futlog_random_move(+State, -Path, -State2) is semidet.
%
%   A random outcome, uniformly among the distinct outcomes.
futlog_random_move(State, Path, State2) :-
    random_between(0, 1 000 000 000, Seed),
    futlog_random_move_(State, Seed, Path, State2).

%!  futlog_random_state(+Seed, +MaxPlies, -State) is det.
%
%   State is reached from the start by at most MaxPlies random moves drawn
%   with Seed; it stops early when the game ends.
futlog_random_state(Seed, MaxPlies, State) :-
    must_be(integer, Seed),
    must_be(nonneg, MaxPlies),
    futlog_initial_(S0),
    random_walk(S0, Seed, MaxPlies, State).

random_walk(S, _, 0, S) :- !.
random_walk(S, Seed, N, State) :-
    (   futlog_random_move_(S, Seed, _, S1)
    ->  N1 is N - 1,
        Seed1 is (Seed * 6364136223846793005 + 1442695040888963407) mod (1 << 62),
        random_walk(S1, Seed1, N1, State)
    ;   State = S
    ).

%!  futlog_perft(+State, +Depth, -Leaves) is det.
%
%   Leaves of the tree of legal move paths Depth moves deep.
%
%   @error type_error(integer, Depth) (a whole float too, on every
%   SWI-Prolog), domain_error(futlog_perft_depth, Depth) below zero.
futlog_perft(State, Depth, Leaves) :-
    must_be(integer, Depth),
    (   Depth >= 0
    ->  perft(State, Depth, Leaves)
    ;   domain_error(futlog_perft_depth, Depth)
    ).

perft(_, 0, 1) :- !.
perft(State, Depth, Leaves) :-
    D1 is Depth - 1,
    aggregate_all(sum(N), ( futlog_move_gen_(State, _, S2), perft(S2, D1, N) ), Leaves).

%!  futlog_parse_move(+Text, -Path) is semidet.
%
%   Path is the list of points in Text, written either as a Prolog list
%   "[p(0,1),p(1,2)]" or as coordinates "0 1 1 2" / "0,1 1,2".
futlog_parse_move(Text, Path) :-
    text_to_string(Text, S),
    (   catch(term_string(T, S), _, fail), is_list(T), T \== [], maplist(is_point, T)
    ->  Path = T
    ;   split_string(S, " ,;()[]p", " ", Parts0),
        exclude(==(""), Parts0, Parts),
        maplist([P, N]>>number_string(N, P), Parts, Ns),
        Ns \== [],
        pairs_points(Ns, Path)
    ).

is_point(p(X, Y)) :- integer(X), integer(Y).

pairs_points([], []).
pairs_points([X, Y|Ns], [p(X, Y)|Ps]) :-
    integer(X), integer(Y),
    pairs_points(Ns, Ps).

%!  futlog_print(+State) is det.
%
%   Prints the field: `o` the ball, `+` visited vertices, `.` the others,
%   marked edges as `-`, `|`, `/`, `\` and `X`.
futlog_print(State) :-
    futlog_state_edges(State, Edges),
    futlog_ball_(State, Ball),
    futlog_turn_(State, Turn),
    forall(between(0, 24, Row), print_row(Row, Edges, Ball, [])),
    (   gol(State, N)
    ->  format("Goal for player ~d.~n", [N])
    ;   futlog_status_(State, won(W))
    ->  format("Player ~d has no move: player ~d wins.~n", [Turn, W])
    ;   format("Player ~d to move (player 1 attacks the top goal).~n", [Turn])
    ).

print_row(Row, Edges, Ball, Marks) :-
    row_text(Row, Edges, Ball, Marks, A),
    format("   ~w~n", [A]).

row_text(Row, Edges, Ball, Marks, A) :-
    findall(C, ( between(0, 32, Col), cell_char(Row, Col, Edges, Ball, Marks, C) ), Cs),
    atom_codes(A, Cs).

%!  futlog_print_board(+State, +Marks) is det.
%
%   Prints the field as futlog_print/1 does, with the vertices' names
%   (futlog_vertex_name/2) on every edge: column letters above and below,
%   row numbers left and right; the points of Marks (p(X,Y)) are shown as
%   `*`. No status line.
futlog_print_board(State, Marks) :-
    futlog_state_edges(State, Edges),
    futlog_ball_(State, Ball),
    Letters = "      a   b   c   d   e   f   g   h   i",
    format("~w~n", [Letters]),
    forall(between(0, 24, Row),
           ( row_text(Row, Edges, Ball, Marks, A),
             (   Row mod 2 =:= 0
             ->  N is 12 - Row // 2,
                 format("~t~d~3|   ~w  ~d~n", [N, A, N])
             ;   format("      ~w~n", [A])
             ) )),
    format("~w~n", [Letters]).

%!  futlog_vertex_name(?Point, ?Name) is semidet.
%
%   Name (an atom) is the name people use for the vertex Point, p(X,Y): a
%   column letter from `a` (X = -4) to `i` (X = 4) and a row number from 0
%   (Y = -6, the bottom goal) to 12 (Y = 6, the top goal); the centre
%   p(0,0) is `e6`. Fails for anything that names no vertex of the field.
futlog_vertex_name(p(X, Y), Name) :-
    integer(X), integer(Y),
    !,
    vertex(X, Y),
    Code is 0'e + X,
    R is Y + 6,
    format(atom(Name), "~c~d", [Code, R]).
futlog_vertex_name(p(X, Y), Name) :-
    atom(Name),
    atom_codes(Name, [L|Ds]),
    Ds = [_|_],
    forall(member(D, Ds), code_type(D, digit)),
    number_codes(R, Ds),
    X is L - 0'e,
    Y is R - 6,
    vertex(X, Y).

vertex(X, Y) :-
    between(-4, 4, X),
    between(-6, 6, Y),
    (   abs(Y) =< 5 -> true ; abs(X) =< 1 ).

% Vertices on even rows and columns multiple of 4; edges between them.
cell_char(Row, Col, Edges, Ball, Marks, C) :-
    Y is 6 - Row // 2,
    X is Col // 4 - 4,
    X1 is X + 1,
    Y1 is Y - 1,
    (   Row mod 2 =:= 0, Col mod 4 =:= 0
    ->  vertex_char(p(X, Y), Edges, Ball, Marks, C)
    ;   Row mod 2 =:= 0
    ->  ( marked(p(X, Y), p(X1, Y), Edges) -> C = 0'- ; C = 0'\s )
    ;   Col mod 4 =:= 0
    ->  ( marked(p(X, Y), p(X, Y1), Edges) -> C = 0'| ; C = 0'\s )
    ;   Col mod 4 =:= 2
    ->  (   marked(p(X, Y), p(X1, Y1), Edges) -> A = 1 ; A = 0 ),
        (   marked(p(X1, Y), p(X, Y1), Edges) -> B = 1 ; B = 0 ),
        diagonal_char(A, B, C)
    ;   C = 0'\s
    ).

diagonal_char(0, 0, 0'\s).
diagonal_char(1, 0, 0'\\).
diagonal_char(0, 1, 0'/).
diagonal_char(1, 1, 0'X).

vertex_char(P, Edges, Ball, Marks, C) :-
    (   P == Ball -> C = 0'o
    ;   \+ on_field(P) -> C = 0'\s
    ;   memberchk(P, Marks) -> C = 0'*
    ;   memberchk(e(P, _), Edges) -> C = 0'+
    ;   memberchk(e(_, P), Edges) -> C = 0'+
    ;   C = 0'.
    ).

on_field(p(X, Y)) :-
    (   abs(Y) =< 5 -> true ; abs(X) =< 1 ).

marked(P, Q, Edges) :-
    (   P @< Q -> memberchk(e(P, Q), Edges) ; memberchk(e(Q, P), Edges) ).
