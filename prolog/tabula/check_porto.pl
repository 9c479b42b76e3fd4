:- module(check_porto,
          [ porto_candidate_mappings/2, % +Game, -Mappings
            porto_infer_mapping/3,      % +Name, +Observations, -Mapping
            porto_from_ours/5,          % +Name, +Mapping, +Dims, +OurMove, -TheirMove
            porto_to_ours/5,            % +Name, +Mapping, +Dims, +TheirMove, -OurMove
            porto_program/2,            % +File, -Program
            porto_prepare/6,            % +Name, +Sandbox, +Program, +Defined, +Options, -Context
            porto_setup/5,              % +Name, +Position, -S, -Setup, -SetupPI
            porto_cases/6,              % +Name, +PI, +Position, +S, +Defined, -Cases
            porto_show/3,               % +Name, +Position, -Text
            porto_starts/2,             % +Name, -Starts
            porto_context_property/2,   % +Context, ?Property
            porto_replay_goal/5,        % +Context, +Dims, +OurMoves, -S, -Goal
            porto_player/7,             % +Name, +Player, +Position, +S, +Defined, -Goal, -Template
            porto_player_move/4         % +Name, +Position, +Answer, -Move
          ]).
/** <module> Checking Porto programs: their own state and move terms

The Porto courses (4Mation, CrossCut) fix only predicate names: every
program has its own state term and often its own move term. This module
is the one mechanism both course profiles (fourmation_check.pl,
crosscut_check.pl) use: it asks the program, once loaded, how it speaks
(check_prepare/5 of library(tabula/check_core)), then builds every
position through the program's own initial_state and move/3 (and its
turn switch) and compares what the program says there.

A *mapping* relates our move terms to the program's. Cells are
cell(Row, Col), 0-based from the top left; a program's move is a cell
written as `X-Y`, `[X,Y]`, `(X,Y)` or `f(X,Y)`, rows first or columns
first, each coordinate 0- or 1-based, rows from the top or the bottom,
columns possibly letters:

    map(Wrap, Order, RowKind, ColKind)
      Wrap    minus | list | comma | f(Name)
      Order   rc | cr
      RowKind num(Base, top) | num(Base, bottom)
      ColKind num(Base) | letter(lower) | letter(upper)

or table(Dims-Pairs), the OurMove-TheirMove pairs an adapter gave.

What is game-specific comes from the profile module, which defines
(not exported) porto_dims/2, porto_cell/3, porto_players/1,
porto_mover/2, porto_player_terms/1, porto_size_args/2, porto_first_cell/2,
porto_probe/2, porto_illegal/2, porto_rows_preferred/1, porto_board/2,
porto_cells/1, porto_inits/1, porto_steps/1 and porto_tags/2.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(library(pairs)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/sandbox)).
:- use_module(library(tabula/check_core)).

profile_module(Game, M) :-
    (   porto_game(Game, M0) -> M = M0 ; domain_error(porto_game, Game) ).

% Game has a course profile built on this module.
porto_game(Game, M) :-
    must_be(atom, Game),
    check_core:profile(Game, M),
    current_predicate(M:porto_starts/1),
    !.

% A game of Tabula that is not a Porto game has no mappings and no
% boards here; a name that is no game is an error.
other_game(Game) :-
    (   tabula_game(Game, _) -> true ; domain_error(check_game, Game) ).

                 /*******************************
                 *           MAPPINGS           *
                 *******************************/

%!  porto_candidate_mappings(+Name, -Mappings) is det.
%
%   Mappings are the map/4 terms the inference tries for the game Name,
%   the preferred first (its course's habits), for any Wrap (left
%   unbound); `[]` for a game that is not a Porto game. Raises
%   domain_error(check_game, Name) when Name is no game.
porto_candidate_mappings(Game, Maps) :-
    (   porto_game(Game, M)
    ->  M:porto_rows_preferred(Rows),
        findall(map(_, O, R, C),
                ( member(O, [rc, cr]), member(R, Rows),
                  member(C, [num(0), num(1), letter(lower), letter(upper)]) ),
                Maps)
    ;   other_game(Game),
        Maps = []
    ).

%!  porto_from_ours(+Name, +Mapping, +Dims, +OurMove, -TheirMove) is semidet.
%
%   TheirMove is the program's term for our OurMove on a board of Dims
%   (dims(Height, Width)); fails when the mapping cannot write it (a
%   column letter off the alphabet, a move an adapter did not give).
porto_from_ours(Game, Map, Dims, Ours, Theirs) :-
    profile_module(Game, M),
    mapping_checked(Map),
    (   Map = table(Tables)
    ->  memberchk(Dims-Pairs, Tables),
        memberchk(Ours-Theirs, Pairs)
    ;   M:porto_cell(Ours, Dims, Cell),
        cell_theirs(Map, Dims, Cell, Theirs)
    ).

%!  porto_to_ours(+Name, +Mapping, +Dims, +TheirMove, -OurMove) is semidet.
%
%   OurMove is our move term for the program's TheirMove; fails when
%   TheirMove is not of the mapping's shape.
porto_to_ours(Game, Map, Dims, Theirs, Ours) :-
    profile_module(Game, M),
    mapping_checked(Map),
    (   Map = table(Tables)
    ->  memberchk(Dims-Pairs, Tables),
        member(Ours-T, Pairs),
        T =@= Theirs,
        !
    ;   Map = map(_, _, _, _),
        theirs_cell(Map, Dims, Theirs, Cell),
        M:porto_cell(Ours, Dims, Cell)
    ).

mapping_checked(Map) :-
    must_be(nonvar, Map),
    (   Map = table(Tables) -> must_be(list, Tables) ; true ).

cell_theirs(map(Wrap, Order, RK, CK), dims(H, _), cell(R, C), Theirs) :-
    row_code(RK, H, R, RC),
    col_code(CK, C, CC),
    (   Order == rc -> wrap(Wrap, RC, CC, Theirs) ; wrap(Wrap, CC, RC, Theirs) ).

theirs_cell(map(Wrap, Order, RK, CK), dims(H, _), Theirs, cell(R, C)) :-
    nonvar(Theirs),
    wrap(Wrap, X, Y, Theirs),
    (   Order == rc -> RC = X, CC = Y ; RC = Y, CC = X ),
    row_index(RK, H, RC, R),
    col_index(CK, CC, C).

wrap(minus, X, Y, X-Y).
wrap(list, X, Y, [X, Y]).
wrap(comma, X, Y, (X, Y)).
wrap(f(F), X, Y, T) :-
    (   compound(T) -> compound_name_arguments(T, F, [X, Y]) ; atom(F), T =.. [F, X, Y] ).

row_code(num(B, top), _, R, X) :- X is R + B.
row_code(num(B, bottom), H, R, X) :- X is H - 1 - R + B.

row_index(num(B, top), _, X, R) :- integer(X), R is X - B.
row_index(num(B, bottom), H, X, R) :- integer(X), R is H - 1 - X + B.

col_code(num(B), C, X) :- X is C + B.
col_code(letter(Case), C, X) :-
    between(0, 25, C),
    (   Case == lower -> Code is 0'a + C ; Code is 0'A + C ),
    char_code(X, Code).

col_index(num(B), X, C) :- integer(X), C is X - B.
col_index(letter(Case), X, C) :-
    atom(X), atom_length(X, 1),
    char_code(X, Code),
    (   Case == lower -> C is Code - 0'a ; C is Code - 0'A ),
    between(0, 25, C).

% The wrap of a program's move term.
term_wrap(T, minus) :- T = _-_, !.
term_wrap([_, _], list) :- !.
term_wrap((_, _), comma) :- !.
term_wrap(T, f(F)) :- compound(T), compound_name_arity(T, F, 2).

%!  porto_infer_mapping(+Name, +Observations, -Mapping) is semidet.
%
%   Mapping is the candidate under which the program's moves agree best
%   with ours on Observations, a list of seen(Dims, OurMoves,
%   TheirMoves) (the moves each side says are legal in one position,
%   theirs in the order the program gives them); of candidates that
%   agree as well, the one under which the program's first list runs
%   along our rows (programs list moves in reading order), then the
%   course's habits (porto_candidate_mappings/2). Fails when even the
%   best reads fewer than five sixths of the moves right.
porto_infer_mapping(Game, Observations, Mapping) :-
    tied_mappings(Game, Observations, [Mapping|_]).

tied_mappings(Game, Observations, Tied) :-
    must_be(list, Observations),
    findall(T, ( member(seen(_, _, Ts), Observations), member(T, Ts) ), All),
    All = [First|_],
    term_wrap(First, Wrap),
    porto_candidate_mappings(Game, Maps0),
    maplist(set_wrap(Wrap), Maps0, Maps),
    best_mappings(Game, Observations, Maps, Score, Tied0),
    length(All, N),
    Score * 2 > N,
    reading_order(Game, Observations, Tied0, Tied).

set_wrap(W, map(_, O, R, C), map(W, O, R, C)).

% The candidates with the best score, in the order given.
best_mappings(Game, Observations, Maps, Best, BestMaps) :-
    findall(S-Map, ( member(Map, Maps), mapping_score(Game, Observations, Map, S) ), Scored),
    pairs_keys(Scored, Scores),
    max_list(Scores, Best),
    findall(Map, member(Best-Map, Scored), BestMaps).

% Moves read right, less moves read wrong or missing.
mapping_score(Game, Observations, Map, Score) :-
    foldl(seen_score(Game, Map), Observations, 0, Score).

seen_score(Game, Map, seen(Dims, Ours, Theirs), S0, S) :-
    findall(O, ( member(T, Theirs), porto_to_ours(Game, Map, Dims, T, O) ), Read),
    msort(Read, ReadS),
    msort(Ours, OursS),
    check_bag_common(ReadS, OursS, Common),
    length(Theirs, NT),
    length(Ours, NO),
    S is S0 + 3 * Common - NT - NO.

check_bag_common([], _, 0) :- !.
check_bag_common(_, [], 0) :- !.
check_bag_common([X|Xs], [Y|Ys], N) :-
    compare(O, X, Y),
    (   O == (=) -> check_bag_common(Xs, Ys, N0), N is N0 + 1
    ;   O == (<) -> check_bag_common(Xs, [Y|Ys], N)
    ;   check_bag_common([X|Xs], Ys, N)
    ).

                 /*******************************
                 *          THE PROGRAM         *
                 *******************************/

%!  porto_program(+File, -Program) is det.
%
%   Program is check_core's program(Folder, Loads, []) for a Porto
%   project: File is its main file (or a folder holding exactly one
%   `.pl` file that loads the others), consulted into `user` after our
%   SICStus library shims (check_course/sicstus/shims.pl) are put first
%   on the library search path. Raises existence_error(file, F) when it
%   is not there.
porto_program(Path, program(Folder, [ use_module(Shims), consult(Base) ], [])) :-
    must_be(atomic, Path),
    (   exists_directory(Path)
    ->  main_file(Path, File)
    ;   File = Path
    ),
    (   exists_file(File) -> true ; existence_error(file, File) ),
    file_directory_name(File, Folder),
    file_base_name(File, Base),
    module_property(check_porto, file(Self)),
    file_directory_name(Self, Lib),
    directory_file_path(Lib, 'check_course/sicstus/shims.pl', Shims).

main_file(Dir, File) :-
    (   member(Name, ['4mation.pl', 'proj.pl', 'main.pl', 'game.pl']),
        directory_file_path(Dir, Name, File),
        exists_file(File)
    ->  true
    ;   directory_files(Dir, Es),
        include([E]>>file_name_extension(_, pl, E), Es, [One])
    ->  directory_file_path(Dir, One, File)
    ;   existence_error(file, Dir)
    ).

                 /*******************************
                 *           PREPARE            *
                 *******************************/

%!  porto_prepare(+Name, +Sandbox, +Program, +Defined, +Options, -Context) is det.
%
%   Context is how the program loaded in Sandbox speaks: how it starts
%   (initial_state, or the adapter's tabula_initial), its move mapping
%   (inferred, or the adapter's tabula_move/2), its turn switch, its
%   players, what game_over/2 says while the game goes on, and where
%   its board is. Option adapter(File) consults File into the program
%   first. Raises porto_error(Why), Why saying it in words, when the
%   program cannot be driven (check_core reports it as not checked).
porto_prepare(Game, Sb, _Program, Defined, Options, Context) :-
    profile_module(Game, M),
    must_be(list, Defined),
    must_be(list, Options),
    (   option(adapter(Adapter0), Options)
    ->  absolute_file_name(Adapter0, Adapter, [access(read)]),
        sandbox_load(Sb, consult(Adapter), AO),
        (   AO = loaded(answers([_], _), _, _) -> true ; throw(porto_error(adapter(AO))) )
    ;   true
    ),
    sandbox_defined(Sb, [ user:tabula_move/2, user:tabula_next/2, user:tabula_initial/1,
                          user:tabula_initial/2, user:tabula_board/2, user:tabula_player/2 ],
                    AdapterDefs),
    M:porto_starts(Starts0),
    maplist(start_dims(Game), Starts0, AllDims0),
    AllDims0 = [Dims0|_],
    players(M, Sb, AdapterDefs, Players),
    vm_template(Defined, VM),
    init_template(M, Sb, AdapterDefs, Defined, Dims0, VM, Players, Init),
    % initial_state/1 makes one board: the course's default
    (   Init = init(none, _, _, _)
    ->  Starts0 = [St0|_], Starts = [St0]
    ;   findall(St, ( nth1(I, Starts0, St), nth1(I, AllDims0, D), init_goal(Init, D, _, _) ), Starts)
    ),
    maplist(start_dims(Game), Starts, AllDims),
    mapping(Game, M, Sb, AdapterDefs, AllDims, Init, VM, Players, Map),
    Ctx0 = ctx(Game, Init, Map, none, Players, VM, fails, none, Starts),
    step(Game, M, Sb, AdapterDefs, Defined, Dims0, Ctx0, Step),
    setarg(4, Ctx0, Step),
    running(Sb, Defined, Ctx0, Running),
    setarg(7, Ctx0, Running),
    board_reader(Game, M, Sb, AdapterDefs, Dims0, Ctx0, Board),
    setarg(8, Ctx0, Board),
    Context = Ctx0.

start_dims(Game, Start, Dims) :-
    profile_module(Game, M),
    tabula_new(Game, Start, game(_, State)),
    M:porto_dims(State, Dims).

% Our players and the program's terms for them.
players(M, Sb, AdapterDefs, Players) :-
    M:porto_players(Ours),
    (   memberchk(user:tabula_player/2, AdapterDefs)
    ->  findall(P-T, ( member(P, Ours), call_one(Sb, tabula_player(P, T0), T0, T) ), Players)
    ;   M:porto_player_terms(Players)
    ).

% valid_moves/2, or valid_moves/3 with the player to move.
vm_template(Defined, VM) :-
    (   memberchk(valid_moves/2, Defined)
    ->  VM = vm(S, _, Ms, valid_moves(S, Ms))
    ;   memberchk(valid_moves/3, Defined)
    ->  VM = vm(S, P, Ms, valid_moves(S, P, Ms))
    ;   throw(porto_error('it defines no valid_moves/2,3, which the checker reads its move shape from'))
    ).

% The first way to start that gives a state valid_moves/2,3 reads. A
% start is init(Form, A, S, Goal): Goal binds S from the size argument A,
% written as Form says (size_arg/3).
init_template(M, Sb, AdapterDefs, Defined, Dims, VM, Players, Init) :-
    findall(I, init_candidate(M, AdapterDefs, Defined, I), Candidates),
    (   member(I, Candidates),
        init_goal(I, Dims, S, G),
        vm_goal(VM, S, first, Players, Ms, VG),
        call_one(Sb, (G, VG), Ms, Ms1),
        is_list(Ms1), Ms1 \== []
    ->  Init = I
    ;   throw(porto_error('no initial_state gives a state its valid_moves reads: give an adapter (docs/check.md)'))
    ).

init_candidate(_, AdapterDefs, _, init(Form, A, S, tabula_initial(A, S))) :-
    memberchk(user:tabula_initial/2, AdapterDefs),
    member(Form, [size, n]).
init_candidate(_, AdapterDefs, _, init(none, _, S, tabula_initial(S))) :-
    memberchk(user:tabula_initial/1, AdapterDefs).
init_candidate(M, _, Defined, init(Form, A, S, initial_state(A, S))) :-
    memberchk(initial_state/2, Defined),
    M:porto_size_forms(Forms),
    member(Form, Forms).
init_candidate(M, _, Defined, Init) :-
    memberchk(initial_state/2, Defined),
    M:porto_inits(Inits),
    member(Init, Inits).
init_candidate(_, _, Defined, init(none, _, S, initial_state(S))) :-
    memberchk(initial_state/1, Defined).

% The size argument: the side (a square board), or size(Height, Width).
size_arg(none, _, _).
size_arg(n, dims(H, W), H) :- H =:= W.
size_arg(size, dims(H, W), size(H, W)).

% The predicate a start calls first.
init_pi(init(_, _, _, G), PI) :-
    (   G = (G1, _) -> true ; G1 = G ),
    functor(G1, N, A),
    PI = N/A.

% Fails when the start cannot make a board of Dims.
init_goal(Init, Dims, S, G) :-
    copy_term(Init, init(Form, A, S, G)),
    size_arg(Form, Dims, A).

% The valid_moves call for the player to move (first: the first player).
vm_goal(vm(S0, P0, Ms0, G0), S, Player, Players, Ms, G) :-
    copy_term(vm(S0, P0, Ms0, G0), vm(S, P, Ms, G)),
    (   Player == first -> Players = [_-P|_] ; memberchk(Player-P, Players) ).

% One answer of Goal in the child, Template's instance.
call_one(Sb, Goal, Template, Value) :-
    sandbox_call(Sb, Goal, Template, 1, Outcome),
    Outcome = answers([Value], _).

mapping(Game, M, Sb, AdapterDefs, AllDims, Init, VM, Players, Map) :-
    (   memberchk(user:tabula_move/2, AdapterDefs)
    ->  maplist(adapter_table(Game, Sb), AllDims, Tables),
        Map = table(Tables)
    ;   maplist(initial_seen(Game, Sb, Init, VM, Players), AllDims, Seen0),
        include(nonvar, Seen0, Seen),
        (   Seen \== [], infer_two_step(Game, M, Sb, Init, VM, Players, Seen, Map0)
        ->  Map = Map0
        ;   throw(porto_error('its moves have no shape the checker reads: give an adapter (docs/check.md)'))
        )
    ).

% Every cell of the board (and a ring off it) through tabula_move/2.
adapter_table(Game, Sb, Dims, Dims-Pairs) :-
    Dims = dims(H, W),
    profile_module(Game, M),
    findall(O, ( between(-1, H, R), between(-1, W, C), M:porto_cell(O, Dims, cell(R, C)) ), Os),
    sandbox_call(Sb, findall(O-T, ( member(O, Os), once(tabula_move(O, T)) ), Pairs0),
                 Pairs0, 1, Outcome),
    (   Outcome = answers([Pairs], _) -> true ; throw(porto_error(adapter_move(Outcome))) ).

initial_seen(Game, Sb, Init, VM, Players, Dims, Seen) :-
    (   init_goal(Init, Dims, S, G),
        vm_goal(VM, S, first, Players, Ms, VG),
        call_one(Sb, (G, VG), Ms, Theirs),
        is_list(Theirs)
    ->  start_of(Game, Dims, Start),
        tabula_new(Game, Start, G0),
        tabula_moves(G0, Ours),
        Seen = seen(Dims, Ours, Theirs)
    ;   true
    ).

start_of(Game, Dims, Start) :-
    profile_module(Game, M),
    M:porto_starts(Starts),
    member(Start, Starts),
    start_dims(Game, Start, D), D == Dims,
    !.

% The initial positions leave some candidates tied (a square board looks
% the same turned); one move more separates those the rules can tell
% apart. Those still tied change no verdict: the first is taken.
infer_two_step(Game, M, Sb, Init, VM, Players, Seen, Map) :-
    tied_mappings(Game, Seen, Tied),
    (   Tied = [Map]
    ->  true
    ;   Seen = [seen(Dims, _, _)|_],
        M:porto_first_cell(Dims, Cell),
        start_of(Game, Dims, Start),
        M:porto_cell(Move, Dims, Cell),
        tabula_new(Game, Start, G0),
        tabula_move(G0, Move, G1),
        tabula_moves(G1, Ours),
        M:porto_players([_, P2|_]),
        findall(S2-Map1,
                ( member(Map1, Tied),
                  porto_from_ours(Game, Map1, Dims, Move, T1),
                  init_goal(Init, Dims, S0, IG),
                  vm_goal(VM, S1, P2, Players, Ms, VG),
                  Goal = (IG, move(S0, T1, S1), VG),
                  (   call_one(Sb, Goal, Ms, Theirs), is_list(Theirs)
                  ->  mapping_score(Game, [seen(Dims, Ours, Theirs)], Map1, S2)
                  ;   S2 = -1000000
                  ) ),
                Scored),
        pairs_keys(Scored, Ss),
        max_list(Ss, Best),
        memberchk(Best-Map, Scored)
    ).

% Programs list their moves in reading order: of candidates a square
% board cannot tell apart, those under which the program's list runs
% along our rows rather than our columns.
reading_order(Game, [seen(Dims, _, Theirs)|_], Maps, Best) :-
    findall(K-Map, ( member(Map, Maps), row_runs(Game, Map, Dims, Theirs, K) ), Scored),
    pairs_keys(Scored, Ks),
    max_list(Ks, Max),
    findall(Map, member(Max-Map, Scored), Best).

row_runs(Game, Map, Dims, Theirs, K) :-
    findall(R, ( member(T, Theirs), porto_to_ours(Game, Map, Dims, T, O),
                 profile_module(Game, M), M:porto_cell(O, Dims, cell(R, _)) ), Rows),
    aggregate_all(count, nextto(R, R, Rows), K).

% The turn switch: the adapter's, or the first of the program's known
% switching steps (or none: move/3 switches) under which a game where
% the colours matter ends as ours does.
step(Game, M, Sb, AdapterDefs, Defined, Dims, Ctx, Step) :-
    (   memberchk(user:tabula_next/2, AdapterDefs)
    ->  Step = step(S1, S2, tabula_next(S1, S2))
    ;   M:porto_steps(Known),
        findall(user:PI, member(PI-_, Known), QPIs),
        sandbox_defined(Sb, QPIs, Defs),
        findall(St, ( member(PI-St, Known), memberchk(user:PI, Defs) ), Steps0),
        append(Steps0, [none], Steps),
        (   memberchk(game_over/2, Defined),
            M:porto_probe(Dims, Probe),
            start_of(Game, Dims, Start),
            check_replay(Game, [start(Start)|Probe], End),
            tabula_status(game(Game, End), won(Winner)),
            Ctx = ctx(_, _, _, _, Players, _, _, _, _),
            memberchk(Winner-WT, Players),
            member(Step, Steps),
            setarg(4, Ctx, Step),
            replay_goal(Ctx, Dims, Probe, S, G),
            call_one(Sb, (G, game_over(S, W)), W, W1),
            W1 == WT
        ->  true
        ;   Steps = [Step|_]
        )
    ).

% What game_over/2 does while the game goes on: fail, or give a term
% (CrossCut's report says x).
running(Sb, Defined, Ctx, Running) :-
    (   memberchk(game_over/2, Defined),
        Ctx = ctx(Game, Init, _, _, _, _, _, _, [Start|_]),
        start_dims(Game, Start, Dims),
        init_goal(Init, Dims, S, G),
        sandbox_call(Sb, (G, game_over(S, W)), W, 1, answers([W1], _)),
        ground(W1)
    ->  Running = term(W1)
    ;   Running = fails
    ).

                 /*******************************
                 *          THE BOARD           *
                 *******************************/

% How to read the board from the program's state: the adapter's
% tabula_board/2, or a list of Height lists of Width atoms found inside
% the state, its layout and cell atoms learnt from a few moves in.
board_reader(Game, M, Sb, AdapterDefs, Dims, Ctx, Board) :-
    (   memberchk(user:tabula_board/2, AdapterDefs)
    ->  Board = adapter
    ;   M:porto_probe(Dims, Probe),
        length(Probe, L),
        Few is min(L, 3),
        length(Moves, Few),
        append(Moves, _, Probe),
        start_of(Game, Dims, Start),
        check_replay(Game, [start(Start)|Moves], State),
        M:porto_board(State, Ours),
        replay_goal(Ctx, Dims, Moves, S, G),
        call_one(Sb, G, S, Theirs),
        Dims = dims(H, W),
        board_path(Theirs, H, W, Path, TheirBoard),
        M:porto_cells(Cells),
        member(Layout, [top, bottom, transposed, transposed_bottom]),
        layout(Layout, Ours, Laid),
        cell_pairs(Laid, TheirBoard, Cells, Atoms)
    ->  Board = path(Path, Layout, Atoms)
    ;   Board = none
    ).

% A subterm of T that is a list of H lists of W atomic cells (or W lists
% of H, a board stored column by column), and its argument path.
board_path(T, H, W, [], T) :-
    is_list(T), length(T, L), ( L =:= H ; L =:= W ),
    T = [R|_], is_list(R),
    forall(member(Row, T), ( is_list(Row), maplist(atomic, Row) )),
    length(R, RL), ( RL =:= W ; RL =:= H ),
    RL * L =:= H * W,
    !.
board_path(T, H, W, [I|Path], B) :-
    compound(T),
    \+ is_list(T),
    compound_name_arity(T, _, N),
    between(1, N, I),
    arg(I, T, A),
    board_path(A, H, W, Path, B),
    !.

layout(top, B, B).
layout(bottom, B, R) :- reverse(B, R).
layout(transposed, B, T) :- transpose_rows(B, T).
layout(transposed_bottom, B, T) :- reverse(B, R), transpose_rows(R, T).

transpose_rows([], []).
transpose_rows([[]|_], []) :- !.
transpose_rows(Rows, [Col|Cols]) :-
    maplist([[H|T], H, T]>>true, Rows, Col, Rests),
    transpose_rows(Rests, Cols).

% Our cells and theirs correspond one to one: Atoms are Ours-Theirs.
cell_pairs(Ours, Theirs, Cells, Atoms) :-
    length(Ours, L), length(Theirs, L),
    append(Ours, OF), append(Theirs, TF),
    length(OF, N), length(TF, N),
    pairs_keys_values(Ps0, OF, TF),
    sort(Ps0, Ps),
    pairs_keys(Ps, Ks), sort(Ks, KsS), length(Ks, NK), length(KsS, NK),
    pairs_values(Ps, Vs), sort(Vs, VsS), length(VsS, NK),
    forall(member(O-_, Ps), memberchk(O, Cells)),
    Atoms = Ps.

% The program's board for our board: laid out and written as it writes.
their_board(path(_, Layout, Atoms), Ours, Theirs) :-
    layout(Layout, Ours, Laid),
    maplist(maplist([O, T]>>memberchk(O-T, Atoms)), Laid, Theirs).

board_goal(path(Path, _, _), S, B, G) :-
    path_goal(Path, S, B, G).
board_goal(adapter, S, B, tabula_board(S, B)).

path_goal([], S, S, true).
path_goal([I], S, B, arg(I, S, B)) :- !.
path_goal([I|Is], S, B, (arg(I, S, A), G)) :-
    path_goal(Is, A, B, G).

                 /*******************************
                 *          POSITIONS           *
                 *******************************/

%!  porto_starts(+Name, -Starts) is det.
%
%   Starts are the tabula_new/3 options of the boards the prepared
%   program is checked on: the course's sizes its start can make (all of
%   them before a program is prepared; `[]` for a game that is not a
%   Porto game). Raises domain_error(check_game, Name) when Name is no
%   game.
porto_starts(Game, Starts) :-
    (   porto_game(Game, M)
    ->  (   check_prepared(M, Ctx)
        ->  arg(9, Ctx, Starts)
        ;   M:porto_starts(Starts)
        )
    ;   other_game(Game),
        Starts = []
    ).

context(Game, Ctx) :-
    profile_module(Game, M),
    (   check_prepared(M, Ctx0) -> Ctx = Ctx0 ; existence_error(porto_context, Game) ).

moves_of(History, Moves) :-
    (   History = [start(_)|Moves] -> true ; Moves = History ).

%!  porto_context_property(+Context, ?Property) is nondet.
%
%   Property is what porto_prepare/6 learnt of the program: game(Game),
%   mapping(Mapping) (porto_from_ours/5 reads it), players(Pairs) (our
%   player - the program's term), starts(OptionLists) (the boards it can
%   start), turn_switch(Step) (`none` when move/3 passes the turn,
%   otherwise step(S0, S, Goal)).
porto_context_property(Ctx, Property) :-
    must_be(nonvar, Ctx),
    Ctx = ctx(Game, _, Map, Step, Players, _, _, _, Starts),
    member(Property, [game(Game), mapping(Map), players(Players), starts(Starts),
                      turn_switch(Step)]).

%!  porto_replay_goal(+Context, +Dims, +OurMoves, -S, -Goal) is det.
%
%   Goal, run where the program is loaded, binds S to the program's own
%   state after OurMoves (our move terms, from the start of a board of
%   Dims): its start, then each move in its terms through its move/3
%   and its turn switch. A tournament plays a Porto program's
%   choose_move on S.
porto_replay_goal(Ctx, Dims, Moves, S, Goal) :-
    must_be(nonvar, Ctx),
    (   Ctx = ctx(_, _, _, _, _, _, _, _, _) -> true ; type_error(porto_context, Ctx) ),
    must_be(list, Moves),
    (   replay_goal(Ctx, Dims, Moves, S, Goal0)
    ->  Goal = Goal0
    ;   domain_error(porto_board, Dims)
    ).

% The goal that builds the program's state S after our Moves: its start,
% then each move in its terms and its turn switch.
replay_goal(Ctx, Dims, Moves, S, Goal) :-
    Ctx = ctx(Game, Init, Map, Step, _, _, _, _, _),
    init_goal(Init, Dims, S0, G0),
    foldl(replay_step(Game, Map, Step, Dims), Moves, S0-Gs, S-[]),
    list_to_conj([G0|Gs], Goal).

replay_step(Game, Map, Step, Dims, Move, S0-[move(S0, T, S1)|Gs], S-Rest) :-
    % a move the adapter does not map reaches the program as no move at all
    (   porto_from_ours(Game, Map, Dims, Move, T) -> true ; T = no_move_for(Move) ),
    (   Step == none
    ->  S = S1, Gs = Rest
    ;   copy_term(Step, step(S1, S, SG)),
        Gs = [SG|Rest]
    ).

list_to_conj([G], G) :- !.
list_to_conj([G|Gs], (G, C)) :- list_to_conj(Gs, C).

%!  porto_setup(+Name, +Position, -S, -Setup, -SetupPI) is det.
%
%   Setup builds the program's state S for Position: its own start and
%   move/3 (and turn switch) along the position's history; where its
%   board is known, Setup also requires the board to be ours, so a
%   move/3 that places or flips wrongly is blamed on move/3 and not on
%   what it leads to.
porto_setup(Game, pos(History, State), S, Setup, SetupPI) :-
    context(Game, Ctx),
    profile_module(Game, M),
    M:porto_dims(State, Dims),
    moves_of(History, Moves),
    replay_goal(Ctx, Dims, Moves, S, Replay),
    Ctx = ctx(_, Init, _, _, _, _, _, Board, _),
    (   Moves == []
    ->  init_pi(Init, SetupPI),
        Setup = Replay
    ;   SetupPI = move/3,
        (   Board == none
        ->  Setup = Replay
        ;   expected_board(Board, M, State, Expected),
            board_goal(Board, S, B, BG),
            Setup = (Replay, BG, B == Expected)
        )
    ).

expected_board(adapter, M, State, B) :- M:porto_board(State, B).
expected_board(Board, M, State, B) :-
    Board = path(_, _, _),
    M:porto_board(State, Ours),
    their_board(Board, Ours, B).

                 /*******************************
                 *            CASES             *
                 *******************************/

%!  porto_cases(+Name, +PI, +Position, +S, +Defined, -Cases) is det.
%
%   The calls of the course predicate PI at Position, in check_core's
%   case/5 terms: the moves valid_moves offers (a bag), move/3 on legal
%   moves (it succeeds; with a known board, the board after it) and
%   illegal ones (it fails), game_over/2's winner, value's number and
%   choose_move's legality.
porto_cases(Game, PI, pos(History, State), S, Defined, Cases) :-
    context(Game, Ctx),
    profile_module(Game, M),
    M:porto_dims(State, Dims),
    tabula_status(game(Game, State), Status),
    (   pi_cases(PI, Game, M, Ctx, Dims, History, State, Status, S, Defined, Cases0)
    ->  Cases = Cases0
    ;   Cases = []
    ).

their_moves(Game, Ctx, Dims, Ours, Theirs) :-
    Ctx = ctx(_, _, Map, _, _, _, _, _, _),
    findall(T, ( member(O, Ours), porto_from_ours(Game, Map, Dims, O, T) ), Theirs).

mover_term(M, Ctx, State, P) :-
    M:porto_mover(State, Ours),
    Ctx = ctx(_, _, _, _, Players, _, _, _, _),
    memberchk(Ours-P, Players).

pi_cases(initial_state/A, _, _, Ctx, Dims, History, _, _, _, _, [Case]) :-
    moves_of(History, []),
    Ctx = ctx(_, Init, _, _, _, _, _, _, _),
    init_pi(Init, initial_state/A),
    init_goal(Init, Dims, S1, G),
    Case = case(initial, G, x, some, ['S'=S1]).
pi_cases(valid_moves/A, Game, M, Ctx, Dims, _, State, to_move(_), S, _, [Case]) :-
    mover_term(M, Ctx, State, P),
    (   A =:= 2 -> G = valid_moves(S, Ms) ; G = valid_moves(S, P, Ms) ),
    tabula_moves(game(Game, State), Ours),
    their_moves(Game, Ctx, Dims, Ours, Theirs),
    Case = case(all, (once(G), member(X, Ms)), X, bag(Theirs), ['Move'=X]).
pi_cases(move/3, Game, M, Ctx, Dims, History, State, to_move(_), S, _, Cases) :-
    tabula_moves(game(Game, State), Ours),
    spread(6, Ours, Some),
    Ctx = ctx(_, _, Map, _, _, _, _, Board, _),
    findall(S-Case, ( member(O, Some), porto_from_ours(Game, Map, Dims, O, T),
                      legal_move_case(Game, M, Board, State, S, O, T, Case) ), Yes0),
    M:porto_illegal(pos(History, State), Cells),
    findall(S-case(T, move(S, T, _), x, none, []),
            ( member(C, Cells), M:porto_cell(O, Dims, C),
              porto_from_ours(Game, Map, Dims, O, T) ), No0),
    shared(S, Yes0, Yes),
    shared(S, No0, No),
    append(Yes, No, Cases).
pi_cases(game_over/2, _, _, Ctx, _, _, _, Status, S, _, [Case]) :-
    Ctx = ctx(_, _, _, _, Players, _, Running, _, _),
    (   Status = won(P)
    ->  memberchk(P-T, Players), E = one(T)
    ;   Status == draw
    ->  E = one(draw)
    ;   Running = term(X)
    ->  E = one(X)
    ;   E = none
    ),
    Case = case(winner, game_over(S, W), W, E, ['Winner'=W]).
pi_cases(value/3, _, M, Ctx, _, _, State, to_move(_), S, _, [Case]) :-
    mover_term(M, Ctx, State, P),
    Case = case(P, (value(S, P, V), number(V)), x, some, ['Value'=V]).
pi_cases(value/4, Game, M, Ctx, Dims, _, State, to_move(_), S, _, Cases) :-
    mover_term(M, Ctx, State, P),
    tabula_moves(game(Game, State), Ours),
    spread(2, Ours, Some),
    Ctx = ctx(_, _, Map, _, _, _, _, _, _),
    findall(S-case(T, (move(S, T, S1), value(S1, T, P, V), number(V)), x, some, ['S1'=S1, 'Value'=V]),
            ( member(O, Some), porto_from_ours(Game, Map, Dims, O, T) ), Cases0),
    shared(S, Cases0, Cases).
pi_cases(choose_move/A, Game, M, Ctx, Dims, _, State, to_move(_), S, _, Cases) :-
    tabula_moves(game(Game, State), Ours),
    their_moves(Game, Ctx, Dims, Ours, Theirs),
    mover_term(M, Ctx, State, P),
    findall(S-case(L, G, X, member(Theirs), ['Move'=X]),
            ( member(L, [1, 2]),
              (   A =:= 3 -> G = choose_move(S, L, X) ; G = choose_move(S, P, L, X) ) ),
            Cases0),
    shared(S, Cases0, Cases).

% A legal move: it succeeds and, with a known board, makes our board.
legal_move_case(Game, M, Board, State, S, O, T, Case) :-
    (   Board == none
    ->  Case = case(T, move(S, T, _), x, some, [])
    ;   tabula_move(game(Game, State), O, game(_, After)),
        expected_board(Board, M, After, Expected),
        board_goal(Board, S1, B, BG),
        Case = case(T, (move(S, T, S1), BG), B, one(Expected), ['S1'=S1, 'Board'=B])
    ).

shared(_, [], []).
shared(S, [S-C|Pairs], [C|Cases]) :-
    shared(S, Pairs, Cases).

% N elements of List, spread over it.
spread(N, List, Some) :-
    length(List, L),
    (   L =< N
    ->  Some = List
    ;   Step is L / N,
        findall(X, ( between(0, N, I), I < N, J is floor(I * Step), nth0(J, List, X) ), Some)
    ).

                 /*******************************
                 *      AS A TOURNAMENT PLAYER  *
                 *******************************/

%!  porto_player(+Name, +Player, +Position, +S, +Defined, -Goal, -Template) is semidet.
%
%   Goal asks the program whose state is S at Position for its move,
%   Template: Player is choose_move(Level) (its choose_move/3, or /4
%   with the player to move where it has no /3).
porto_player(Game, choose_move(Level), pos(_, State), S, Defined, Goal, Move) :-
    context(Game, Ctx),
    profile_module(Game, M),
    (   memberchk(choose_move/3, Defined)
    ->  Goal = choose_move(S, Level, Move)
    ;   memberchk(choose_move/4, Defined),
        mover_term(M, Ctx, State, P),
        Goal = choose_move(S, P, Level, Move)
    ).

%!  porto_player_move(+Name, +Position, +Answer, -Move) is semidet.
%
%   Move is our move term for the program's Answer at Position; fails
%   when Answer is not of the program's move shape.
porto_player_move(Game, pos(_, State), Answer, Move) :-
    context(Game, Ctx),
    profile_module(Game, M),
    M:porto_dims(State, Dims),
    Ctx = ctx(_, _, Map, _, _, _, _, _, _),
    porto_to_ours(Game, Map, Dims, Answer, Move).

                 /*******************************
                 *             SHOW             *
                 *******************************/

%!  porto_show(+Name, +Position, -Text) is det.
%
%   Text is Position drawn as tabula_display/1 draws it, and the goal
%   that builds it through the program's own predicates.
porto_show(Game, pos(History, State), Text) :-
    with_output_to(string(Board), tabula_display(game(Game, State))),
    (   catch(( context(Game, Ctx),
                profile_module(Game, M),
                M:porto_dims(State, Dims),
                moves_of(History, Moves),
                replay_goal(Ctx, Dims, Moves, S, Setup) ), _, fail)
    ->  format(string(SetupText), "~W", [Setup, [quoted(true), variable_names(['S'=S]), portray(true)]])
    ;   SetupText = "(no setup)"
    ),
    format(string(Text), "~s~n?- ~s,", [Board, SetupText]).
