:- module(tabula_game,
          [ tabula_game/2,            % ?Name, ?Title
            tabula_new/3,             % +Name, +Options, -Game
            tabula_moves/2,           % +Game, -Moves
            tabula_move/3,            % +Game, ?Move, -Game2
            tabula_status/2,          % +Game, -Status
            tabula_engine_move/3,     % +Game, +Options, -Move
            tabula_search/4,          % +Game, +Options, -Move, -Info
            tabula_display/1,         % +Game
            tabula_parse_move/3,      % +Game, +Text, -Move
            tabula_perft/3,           % +Game, +Depth, -Leaves
            tabula_has_menu/1,        % ?Name
            tabula_menu/1,            % +Name
            tabula_register_game/3    % +Name, +Title, +Module
          ]).
/** <module> One API over every Tabula game

Each game keeps its course's own predicates in its own module; this module
puts all of them behind one vocabulary, so that menus, demos, benchmarks and
the web page treat every game alike. A game is `game(Name, State)` where
`State` is that game's own ground state term.

A game joins by registering a module of its own once, with the directive

    :- tabula_register_game(Name, Title, Module).

and defining these predicates in Module (not exported: this module calls them
module-qualified; the prefix keeps them apart from the game's own
predicates of the same name):

  - game_new(+Options, -State) is det: a new game (Options are the
    game's own, e.g. size(N)).
  - game_moves(+State, -Moves) is det: the legal moves, [] once the game
    is over.
  - game_move(+State, ?Move, -State2) is nondet: State2 after Move, the
    turn passed; enumerates the legal moves when Move is unbound, fails
    on an illegal one.
  - game_status(+State, -Status) is det: to_move(Player), won(Player) or
    draw.
  - game_engine(-Spec) is det: `engine(DefaultSeconds, Options, Levels)`,
    the engine options the game takes besides time/1 (a subset of
    `[depth, nodes, seed]`) and the course's levels (possibly []), as
    library(tabula/engine_options) checks them.
  - game_search(+State, +Limits, -Move, -Info) is semidet: the engine's
    move within `limits(Millis, Depth, Nodes, Seed)` (0 where unbounded),
    Info as described at tabula_search/4; fails when the game is over.
  - game_level_move(+State, +Level, -Move) is semidet: the move of one of
    the course's own players (only when Levels is not []).
  - game_display(+State) is det: prints the board.
  - game_parse_move(+State, +Text, -Move) is semidet: a legal move typed
    by a human in the game's own notation.
  - game_perft(+State, +Depth, -Leaves) is det.
  - game_play_menu is det (optional): the game's own terminal menus.

The games themselves are listed once, in library(tabula/games).
*/

:- use_module(library(error)).
:- use_module(engine_options).

:- dynamic registered/3.              % Name, Title, Module

%!  tabula_register_game(+Name, +Title, +Module) is det.
%
%   Makes Module's game predicates (see the module header) the game Name,
%   shown as Title. Called once, as a directive in Module; loading Module
%   again replaces the registration.
tabula_register_game(Name, Title, Module) :-
    must_be(atom, Name),
    must_be(atom, Title),
    must_be(atom, Module),
    retractall(registered(Name, _, _)),
    assertz(registered(Name, Title, Module)).

%!  tabula_game(?Name, ?Title) is nondet.
%
%   Name is a game whose module is loaded, Title its display name.
tabula_game(Name, Title) :-
    registered(Name, Title, _).

%!  tabula_new(+Name, +Options, -Game) is det.
%
%   Game is a new game of Name. Options are the game's own, e.g.
%   size(N) for 4Mation or size(H, W) for CrossCut.
tabula_new(Name, Options, game(Name, State)) :-
    registered_module(Name, Module),
    must_be(list, Options),
    Module:game_new(Options, State).

%!  tabula_moves(+Game, -Moves) is det.
%
%   Moves are the legal moves of the player to move, in the game's own
%   notation; [] when the game is over.
tabula_moves(Game, Moves) :-
    split_game(Game, Module, State),
    Module:game_moves(State, Moves).

%!  tabula_move(+Game, ?Move, -Game2) is nondet.
%
%   Game2 follows Game after Move, with the turn passed. Enumerates the
%   legal moves when Move is unbound; fails on an illegal move.
tabula_move(Game, Move, game(Name, State2)) :-
    split_game(Game, Module, State),
    arg(1, Game, Name),
    Module:game_move(State, Move, State2).

%!  tabula_status(+Game, -Status) is det.
%
%   Status is to_move(Player), won(Player) or draw.
tabula_status(Game, Status) :-
    split_game(Game, Module, State),
    Module:game_status(State, Status).

%!  tabula_engine_move(+Game, +Options, -Move) is semidet.
%
%   Move is the engine's choice; fails when the game is over. The options
%   mean the same in every game (a game that has no use for one raises a
%   domain error when it is given):
%
%     - time(+Seconds): a positive number, the time for the move. The
%       default is the game's (one second in every game today), unless
%       depth/1 or nodes/1 bound the search instead.
%     - depth(+Plies): a positive integer, the deepest search iteration.
%     - nodes(+N): a positive integer, the most nodes (alpha-beta) or
%       simulations (Monte-Carlo tree search) the search may visit.
%     - seed(+Integer): the seed of a randomised engine; the same seed
%       and limits give the same move.
%     - level(+Level): one of the course's own players instead of the
%       engine (tabula_search/4 says which levels a game has).
%
%   Unknown or ill-typed options raise ISO errors (see
%   library(tabula/engine_options), the one checker of these options).
tabula_engine_move(Game, Options, Move) :-
    tabula_search(Game, Options, Move, _).

%!  tabula_search(+Game, +Options, -Move, -Info) is semidet.
%
%   As tabula_engine_move/3, with what the search found: Info is
%   `search(Score, Depth, Nodes, Millis, Proven)`: Score for the player to
%   move (alpha-beta: the game's evaluation units, beyond +-990000 a forced
%   result; Monte-Carlo: the chosen move's expected result from -1000 to
%   1000), Depth the deepest completed iteration (Monte-Carlo: the deepest
%   line of the tree), Nodes the nodes or simulations, Millis the time
%   used, Proven `win`, `loss`, `draw` (the value of the position, proven)
%   or `unknown`. With level(L), Info is `level(L)`.
tabula_search(Game, Options, Move, Info) :-
    split_game(Game, Module, State),
    Module:game_engine(Spec),
    engine_choice(Options, Spec, Choice),
    (   Choice = level(Level)
    ->  Module:game_level_move(State, Level, Move),
        Info = level(Level)
    ;   Module:game_search(State, Choice, Move, Info)
    ).

%!  tabula_display(+Game) is det.
%
%   Prints the board to current_output.
tabula_display(Game) :-
    split_game(Game, Module, State),
    Module:game_display(State).

%!  tabula_parse_move(+Game, +Text, -Move) is semidet.
%
%   Move is the legal move a human typed as Text (string or atom): in the
%   game's own human notation, or as the move term itself. Fails for
%   anything else.
tabula_parse_move(Game, Text, Move) :-
    split_game(Game, Module, State),
    (   catch(Module:game_parse_move(State, Text, Move0), error(_, _), fail)
    ->  Move = Move0
    ;   catch(term_string(Move0, Text), _, fail),
        ground(Move0),
        catch(once(Module:game_move(State, Move0, _)), error(_, _), fail)
    ->  Move = Move0
    ).

%!  tabula_perft(+Game, +Depth, -Leaves) is det.
%
%   Leaves of the legal move tree of Depth plies below Game.
tabula_perft(Game, Depth, Leaves) :-
    split_game(Game, Module, State),
    Module:game_perft(State, Depth, Leaves).

%!  tabula_has_menu(?Name) is nondet.
%
%   The game Name has terminal menus of its own (its course's).
tabula_has_menu(Name) :-
    registered(Name, _, Module),
    current_predicate(Module:game_play_menu/0).

%!  tabula_menu(+Name) is det.
%
%   Runs the terminal menus of game Name (see tabula_has_menu/1).
tabula_menu(Name) :-
    registered_module(Name, Module),
    (   current_predicate(Module:game_play_menu/0)
    ->  Module:game_play_menu
    ;   existence_error(tabula_menu, Name)
    ).

% ---- checking --------------------------------------------------------------

registered_module(Name, Module) :-
    must_be(atom, Name),
    (   registered(Name, _, Module)
    ->  true
    ;   findall(N, registered(N, _, _), Known),
        domain_error(oneof(Known), Name)
    ).

split_game(Game, Module, State) :-
    (   var(Game)
    ->  instantiation_error(Game)
    ;   Game = game(Name, State)
    ->  registered_module(Name, Module)
    ;   type_error(tabula_game, Game)
    ).
