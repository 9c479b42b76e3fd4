:- module(futlog_game, []).
/** <module> Futlog in Tabula's uniform game API

The game's predicates for library(tabula/game). A move is the course's
path: the list of positions p(X,Y) the ball visits after its start.
Engine options: time/1 (default: the flag futlog_time_limit, one second
unless set), depth/1 and nodes/1 bound the alpha-beta search; the course
has no players of its own (no levels). People name a vertex by a column
letter, `a` (X = -4) to `i` (X = 4), and a row number, 0 (Y = -6, the
bottom goal) to 12 (Y = 6, the top goal): the centre p(0,0) is `e6`. A
move is the vertices the ball goes through, `e7 f8`; a step may also be a
direction (`n`, `ne`, `e`, `se`, `s`, `sw`, `w`, `nw`). The moves are
built one step at a time (game_steps/3), as the course's page does it with
prefijo_movimiento/2.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/board_text)).
:- use_module(library(tabula/futlog)).
:- use_module(library(tabula/futlog_foreign)).
:- use_module(library(tabula/futlog_tools)).
:- use_module(library(pairs)).

:- tabula_register_game(futlog, 'Futlog (paper soccer)', futlog_game).

game_new(Options, State) :-
    (   Options = [Option|_]
    ->  domain_error(futlog_option, Option)
    ;   estado_inicial(State)
    ).

% Every legal path, sorted, as mover/3 enumerates them (some positions
% have tens of thousands).
game_moves(State, Moves) :-
    futlog_moves(State, Moves).

game_move(State, Move, State2) :-
    mover(State, Move, State2).

game_status(State, Status) :-
    futlog_status_(State, Status).

game_engine(engine(Seconds, [depth, nodes], [])) :-
    current_prolog_flag(futlog_time_limit, Seconds).

game_search(State, limits(Millis, Depth0, Nodes, _Seed, _Threads, _Engine), Path, Info) :-
    (   Depth0 =:= 0 -> niveles_minimax(Depth) ; Depth = Depth0 ),
    futlog_search_(State, Millis, Depth, Nodes, Path, _, Info).

% "e7 f8" (vertex names or directions), or the older "0 1 1 2" and the
% course's "[p(0,1),p(1,2)]".
game_parse_move(State, Text, Move) :-
    (   game_parse_steps(State, Text, Move0)
    ->  true
    ;   futlog_parse_move(Text, Move0)
    ),
    futlog_move_check_(State, Move0, _),
    Move = Move0.

game_perft(State, Depth, Leaves) :-
    futlog_perft(State, Depth, Leaves).

% ---- the play surfaces -----------------------------------------------------

game_players([1-"Blue", 2-"Red"]).

game_format_move(_, Path, Text) :-
    must_be(list, Path),
    maplist(futlog_vertex_name, Path, Names),
    join_texts(Names, " ", Text).

% Each word is a vertex ("e7"), a run of vertices ("e7f8") or a direction
% from the point before ("ne").
game_parse_steps(State, Text, Steps) :-
    split_string(Text, " ,;", " ,;", Words0),
    exclude(==(""), Words0, Words),
    Words \== [],
    futlog_ball_(State, Ball),
    foldl(word_steps, Words, Ball-Steps, _-[]).

word_steps(Word, From-Steps, To-Rest) :-
    string_lower(Word, Lower),
    string_codes(Lower, Codes),
    (   atom_codes(Dir, Codes), direction(Dir, DX, DY)
    ->  From = p(X0, Y0),
        X is X0 + DX, Y is Y0 + DY,
        To = p(X, Y),
        Steps = [To|Rest]
    ;   phrase(vertices(Points), Codes),
        Points \== [],
        append(Points, Rest, Steps),
        last(Points, To)
    ).

vertices([P|Ps]) -->
    [L], { code_type(L, alpha) },
    digits(Ds), { Ds \== [] },
    separator,
    { atom_codes(Name, [L|Ds]), futlog_vertex_name(P, Name) },
    vertices(Ps).
vertices([]) --> [].

digits([D|Ds]) --> [D], { code_type(D, digit) }, !, digits(Ds).
digits([]) --> [].

separator --> "-", !.
separator --> [].

direction(n, 0, 1).
direction(ne, 1, 1).
direction(e, 1, 0).
direction(se, 1, -1).
direction(s, 0, -1).
direction(sw, -1, -1).
direction(w, -1, 0).
direction(nw, -1, 1).

game_steps(State, Prefix, Next) :-
    (   Prefix == []
    ->  futlog_ball_(State, From)
    ;   futlog_prefix_(State, Prefix),
        last(Prefix, From)
    ),
    From = p(X0, Y0),
    findall(To-Kind,
            ( direction(_, DX, DY),
              X is X0 + DX, Y is Y0 + DY,
              To = p(X, Y),
              append(Prefix, [To], Path),
              (   futlog_prefix_(State, Path) -> Kind = more
              ;   futlog_move_check_(State, Path, _) -> Kind = done
              ) ),
            Next).

game_move_error(State, Text, Message) :-
    (   futlog_status_(State, to_move(_)), \+ futlog_goal_(State, _)
    ->  (   game_parse_steps(State, Text, Steps)
        ->  futlog_ball_(State, Ball),
            steps_error(State, Ball, [], Steps, Message)
        ;   first_step(State, Example),
            format(string(Message),
                   "\"~w\" is not a move: type the points the ball goes through, e.g. ~w.",
                   [Text, Example])
        )
    ;   Message = "The game is over."
    ).

first_step(State, Name) :-
    futlog_status_(State, to_move(_)),
    \+ futlog_goal_(State, _),
    game_steps(State, [], [P-_|_]),
    futlog_vertex_name(P, Name0),
    atom_string(Name0, Name).

% The first step of Steps after Done (the steps already checked, reversed)
% that breaks the move.
steps_error(State, From, Done, [P|Ps], Message) :-
    reverse(Done, Before),
    append(Before, [P], Path),
    (   futlog_prefix_(State, Path)
    ->  steps_error(State, P, [P|Done], Ps, Message)
    ;   futlog_move_check_(State, Path, _)
    ->  (   Ps == []
        ->  Message = "That is a legal move."
        ;   futlog_vertex_name(P, Name),
            format(string(Message), "The move ends at ~w: the steps after it are too many.", [Name])
        )
    ;   step_error(State, Before, From, P, Message)
    ).
steps_error(_, From, Done, [], Message) :-
    Done \== [],
    futlog_vertex_name(From, Name),
    format(string(Message),
           "The move is not finished: the ball bounces at ~w and must go on.", [Name]).

step_error(State, Before, From, P, Message) :-
    futlog_vertex_name(From, FromName),
    P = p(X, Y), From = p(X0, Y0),
    (   \+ futlog_vertex_name(P, _)
    ->  format(string(Message), "p(~w,~w) is off the field.", [X, Y])
    ;   futlog_vertex_name(P, Name),
        (   max(abs(X - X0), abs(Y - Y0)) =\= 1
        ->  format(string(Message), "~w is not next to the ball (at ~w).", [Name, FromName])
        ;   marked(State, Before, From, P)
        ->  format(string(Message), "The line ~w-~w is already drawn.", [FromName, Name])
        ;   format(string(Message), "The ball cannot go from ~w to ~w.", [FromName, Name])
        )
    ).

marked(State, Before, From, P) :-
    futlog_state_edges(State, Edges),
    futlog_ball_(State, Ball),
    path_edges([Ball|Before], PathEdges),
    oriented(From, P, E),
    (   memberchk(E, Edges) ; memberchk(E, PathEdges) ),
    !.

path_edges([A, B|Ps], [E|Es]) :-
    !,
    oriented(A, B, E),
    path_edges([B|Ps], Es).
path_edges(_, []).

oriented(P, Q, E) :-
    (   P @< Q -> E = e(P, Q) ; E = e(Q, P) ).

game_example(State, Example) :-
    first_step(State, Example).

game_move_help(State, Help) :-
    (   first_step(State, Example)
    ->  format(string(Help),
               "Type the points the ball goes through, e.g. ~w; after a bounce, go on from where the ball is. A step may also be a direction: n, ne, e, se, s, sw, w, nw.",
               [Example])
    ;   Help = "The game is over."
    ).

game_outcome(State, Text) :-
    game_players(Players),
    (   futlog_goal_(State, Scorer)
    ->  memberchk(Scorer-Name, Players),
        futlog_turn_(State, Turn),
        (   Turn == Scorer
        ->  once(( member(Other-OtherName, Players), Other \== Scorer )),
            format(string(Text), "~w wins: an own goal by ~w.", [Name, OtherName])
        ;   format(string(Text), "~w wins: a goal.", [Name])
        )
    ;   futlog_status_(State, won(Winner)),
        futlog_turn_(State, Stuck),
        memberchk(Winner-Name, Players),
        memberchk(Stuck-StuckName, Players),
        format(string(Text), "~w wins: ~w is stuck, with no free line from the ball.",
               [Name, StuckName])
    ).

game_rules([ "Paper soccer on a field of 8 x 10 squares. The ball starts on the",
             "centre point, e6; Blue moves first and attacks the top goal (row",
             "12), Red attacks the bottom goal (row 0).",
             "A step moves the ball to one of the 8 neighbouring points along a",
             "line that is not drawn yet, and draws it. The field's border is",
             "drawn from the start. A move ends when the ball reaches a point",
             "no line touched before; on a point that already had a line the",
             "ball bounces and the same player must step again.",
             "Putting the ball in the opponent's goal wins (an own goal loses).",
             "A player left with no free line from the ball loses.",
             "Points are named by column letter (a-i) and row number (0-12) as",
             "the board's edges show; a move is its points: e7 f8. A step may",
             "also be a direction: n, ne, e, se, s, sw, w, nw."
           ]).

game_sizes([]).

game_levels([]).

game_board(State, Last, Board) :-
    futlog_ball_(State, Ball),
    futlog_played_edges(State, Edges),
    maplist(edge_line, Edges, Lines),
    game_steps(State, [], Next),
    maplist(step_json, Next, Steps),
    point_json(Ball, BallJSON),
    (   Last = last(Previous, Path)
    ->  futlog_ball_(Previous, Start),
        futlog_turn_(Previous, By),
        maplist(point_json, [Start|Path], Points),
        LastJSON = _{by:By, points:Points}
    ;   LastJSON = null
    ),
    Board = _{kind:futlog, ball:BallJSON, lines:Lines, steps:Steps, last:LastJSON}.

edge_line(e(p(A, B), p(C, D)), [A, B, C, D]).

point_json(P, _{x:X, y:Y, name:Name}) :-
    P = p(X, Y),
    futlog_vertex_name(P, Name0),
    atom_string(Name0, Name).

step_json(P-Kind, JSON) :-
    point_json(P, J0),
    (   Kind == done -> Done = true ; Done = false ),
    JSON = J0.put(done, Done).

game_display(State, _Last) :-
    game_display_steps(State, []).

%   The board with the steps of Prefix drawn and the ball at its end, the
%   legal next steps marked with *.
game_display_steps(State, Prefix) :-
    (   game_steps(State, Prefix, Next) -> true ; Next = [] ),
    pairs_keys(Next, Marks),
    (   Prefix == []
    ->  Shown = State
    ;   futlog_state_edges(State, Edges),
        futlog_ball_(State, Ball),
        path_edges([Ball|Prefix], More),
        append(Edges, More, All),
        last(Prefix, End),
        futlog_turn_(State, Turn),
        futlog_make_state_(End, Turn, All, Shown)
    ),
    nl,
    futlog_print_board(Shown, Marks),
    game_players(Players),
    (   futlog_status_(State, to_move(Turn1)), \+ futlog_goal_(State, _)
    ->  memberchk(Turn1-Name, Players),
        (   Turn1 =:= 1 -> Goal = "top" ; Goal = "bottom" ),
        (   Prefix == []
        ->  format("~w to move (attacking the ~w goal); * marks where the ball may go.~n",
                   [Name, Goal])
        ;   futlog_ball_(Shown, B), futlog_vertex_name(B, BName),
            format("~w: the ball bounced at ~w and goes on; * marks where it may go.~n",
                   [Name, BName])
        )
    ;   game_outcome(State, Text),
        format("~w~n", [Text])
    ).
