:- module(tabula_game,
          [ tabula_game/2,            % ?Name, ?Title
            tabula_new/3,             % +Name, +Options, -Game
            tabula_moves/2,           % +Game, -Moves
            tabula_move/3,            % +Game, ?Move, -Game2
            tabula_status/2,          % +Game, -Status
            tabula_engine_move/3,     % +Game, +Options, -Move
            tabula_engine_new/3,      % +Name, +Options, -Engine
            tabula_engine_forget/0,
            tabula_search/4,          % +Game, +Options, -Move, -Info
            tabula_display/1,         % +Game
            tabula_display/2,         % +Game, +Last
            tabula_parse_move/3,      % +Game, +Text, -Move
            tabula_format_move/3,     % +Game, +Move, -Text
            tabula_move_error/3,      % +Game, +Text, -Message
            tabula_move_help/2,       % +Game, -Help
            tabula_move_example/2,    % +Game, -Text
            tabula_players/2,         % +Name, -Players
            tabula_player_name/3,     % +Name, +Player, -Text
            tabula_player_index/3,    % +Name, +Player, -Index
            tabula_outcome/2,         % +Game, -Text
            tabula_rules/2,           % +Name, -Lines
            tabula_sizes/2,           % +Name, -Sizes
            tabula_levels/2,          % +Name, -Levels
            tabula_board/3,           % +Game, +Last, -Board
            tabula_has_steps/1,       % ?Name
            tabula_parse_steps/3,     % +Game, +Text, -Steps
            tabula_steps/3,           % +Game, +Prefix, -Next
            tabula_display_steps/2,   % +Game, +Prefix
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
    `[depth, nodes, seed, threads, engine]`) and the course's levels
    (possibly []), as library(tabula/engine_options) checks them.
  - game_new_engine(+Options, -Engine) is det (optional): a handle on
    an engine that keeps its search between moves (tabula_engine_new/3).
  - game_forget is det (optional): frees what the engine keeps for the
    calling thread's searches without a handle (tabula_engine_forget/0).
  - game_search(+State, +Limits, -Move, -Info) is semidet: the engine's
    move within `limits(Millis, Depth, Nodes, Seed, Threads, Engine)` (0
    where unbounded; Threads and Engine for the games that take them),
    Info as described at tabula_search/4; fails when the game is over.
  - game_level_move(+State, +Level, -Move) is semidet: the move of one of
    the course's own players (only when Levels is not []).
  - game_display(+State, +Last) is det: prints the board for a terminal,
    with the game's coordinates on every edge, the legal targets and Last
    marked (`none`, or `last(PreviousState, Move)`: the move that led to
    State), then one status line.
  - game_parse_move(+State, +Text, -Move) is semidet: a legal move typed
    by a human in the game's own notation (the text game_format_move/3
    prints). May fail or throw on anything else.
  - game_perft(+State, +Depth, -Leaves) is det.

The play surfaces (the terminal menus of library(tabula/play), the web
page of library(tabula/web) and the demo) speak to people only through
these, so a game reads the same everywhere:

  - game_players(-Players) is det: `[First-Name, Second-Name]`, the two
    players as game_status/2 names them, in turn order, with the names
    people see ("White", "X", "Blue").
  - game_format_move(+State, +Move, -Text) is det: Move, legal in State,
    as a string in the game's notation, the text a player types for it.
  - game_move_error(+State, +Text, -Message) is det: a short sentence
    (a string) saying why Text is not a legal move in State, naming the
    input: "c3 is taken", "you must play in board sw".
  - game_example(+State, -Text) is semidet: a legal move of State (for
    a game built in steps, a legal first step) in the game's notation,
    for examples; fails when the game is over.
  - game_move_help(+State, -Help) is det: how to type a move, with an
    example that is legal in State: "Type a line and a column, e.g. 2 3."
  - game_outcome(+State, -Text) is det: for a finished game, the result
    with its reason: "White wins: four in a row."
  - game_rules(-Lines) is det: the rules in a few lines of text (strings),
    the win condition included.
  - game_sizes(-Sizes) is det: `[]`, or `sizes(Default, Choices)` for a
    game with several boards: Choices a list of `Label-Options` (Options
    for game_new/2, Label a string such as "7 x 7"), Default a Label.
  - game_levels(-Levels) is det: `Level-Description` for each of the
    course's levels of game_engine/1, in the same order.
  - game_board(+State, +Last, -Board) is det: the board for the web page,
    a dict that library(http/json) writes: `kind` (how the page draws
    it: `uttt`, `futlog` or `grid`) and what that drawing needs, the
    legal targets (each with the text of its move), the cells of Last
    (as for game_display/2) and, once the game is won, those of the
    winning line (`win`).

A game whose moves are paths built one step at a time (Futlog) also has:

  - game_parse_steps(+State, +Text, -Steps) is semidet: the steps typed as
    Text (a list, possibly incomplete as a move), legality not checked.
  - game_steps(+State, +Prefix, -Next) is semidet: Prefix (a list of
    steps, possibly []) is a strict prefix of a legal move, and Next the
    legal next steps, `Step-Kind` with Kind `more` (the move goes on) or
    `done` (Prefix plus Step is a whole move), in a fixed order.
  - game_display_steps(+State, +Prefix) is det: the board of
    game_display/2 with the steps of Prefix drawn and the ball at its
    end, the legal next steps marked.

The games themselves are listed once, in library(tabula/games).
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(engine_options).
:- autoload(play, [play/1]).

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
%     - threads(+N): threads of the search (1 to 64, default 1), for the
%       games whose engine can use several (UTTT).
%     - engine(+Engine): a handle from tabula_engine_new/3, whose kept
%       search tree the search starts from.
%     - level(+Level): one of the course's own players instead of the
%       engine (tabula_search/4 says which levels a game has).
%
%   Unknown or ill-typed options raise ISO errors (see
%   library(tabula/engine_options), the one checker of these options).
%
%   Without engine(E), a search bounded by time alone (no seed/1, no
%   nodes/1) keeps its tree for the calling thread, in the games whose
%   engine has one (UTTT): the next such call on the position after the
%   engine's move, or after that move and the reply, starts from it, so
%   that a program asking for the moves of a game one by one plays as a
%   handle would. A thread keeps one tree, dropped when it searches a
%   position of another game, freed when the thread ends or by
%   tabula_engine_forget/0; its size is that of the last search (UTTT:
%   about 16 MB after 0.1 s, 150 MB after 1 s, at most 512 MB per search
%   thread). Such calls, and those with engine(E) bounded by time alone,
%   play the opening book's move in the positions a game's engine has one
%   for (UTTT's first five plies, and lines of play past them; some of
%   those only for moves of at most 0.1 s), without searching. With seed/1 or nodes/1 the search starts from scratch and
%   is reproducible.
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

%!  tabula_engine_new(+Name, +Options, -Engine) is semidet.
%
%   Engine is a handle on an engine of game Name that keeps what it
%   learnt (a search tree) from one move of a game to the next: pass it as
%   the option engine(Engine) of tabula_engine_move/3 for the moves of one
%   game. Games are still plain terms: any position may be given, and a
%   position the kept tree did not reach is searched from scratch. A
%   handle serves one call at a time; it is freed by atom garbage
%   collection once no term refers to it. Options: seed(S), threads(N).
%   Fails for a game whose engine has no such handle (UTTT has one).
tabula_engine_new(Name, Options, Engine) :-
    registered_module(Name, Module),
    current_predicate(Module:game_new_engine/2),
    Module:game_new_engine(Options, Engine).

%!  tabula_engine_forget is det.
%
%   Frees the search trees the engines keep for the calling thread's
%   calls of tabula_engine_move/3 without engine(E) (see there).
tabula_engine_forget :-
    forall(( registered(_, _, Module),
             current_predicate(Module:game_forget/0) ),
           Module:game_forget).

%!  tabula_display(+Game) is det.
%!  tabula_display(+Game, +Last) is det.
%
%   Prints the board to current_output, with the game's coordinates on
%   every edge, the legal targets marked, and a status line. Last is
%   `none` or `last(PreviousGame, Move)`, the move that led to Game,
%   which is marked too.
tabula_display(Game) :-
    tabula_display(Game, none).
tabula_display(Game, Last) :-
    split_game(Game, Module, State),
    last_state(Last, Game, StateLast),
    Module:game_display(State, StateLast).

last_state(none, _, none) :- !.
last_state(last(game(Name, Previous), Move), game(Name, _), last(Previous, Move)) :- !.
last_state(Last, _, _) :-
    must_be(nonvar, Last),
    domain_error(tabula_last_move, Last).

%!  tabula_parse_move(+Game, +Text, -Move) is semidet.
%
%   Move is the legal move a human typed as Text (string or atom): in the
%   game's own notation (the text tabula_format_move/3 prints), or as the
%   move term itself. Fails for anything else, junk included; never
%   raises an error.
tabula_parse_move(Game, Text, Move) :-
    split_game(Game, Module, State),
    catch(parse_move(Module, State, Text, Move0), _, fail),
    Move = Move0.

parse_move(Module, State, Text, Move) :-
    (   text_to_string(Text, String),
        Module:game_parse_move(State, String, Move0)
    ->  Move = Move0
    ;   term_string(Move0, Text),
        ground(Move0),
        catch(once(Module:game_move(State, Move0, _)), error(_, _), fail)
    ->  Move = Move0
    ).

%!  tabula_format_move(+Game, +Move, -Text) is det.
%
%   Text (a string) is Move, legal in Game, in the game's notation: the
%   text a player types for it, and what menus, the demo and the web page
%   print.
tabula_format_move(Game, Move, Text) :-
    split_game(Game, Module, State),
    Module:game_format_move(State, Move, Text).

%!  tabula_move_error(+Game, +Text, -Message) is det.
%
%   Message (a string) says briefly why Text is not a legal move in Game,
%   naming what was typed, e.g. "c3 is taken".
tabula_move_error(Game, Text, Message) :-
    split_game(Game, Module, State),
    text_to_string(Text, String),
    (   catch(Module:game_move_error(State, String, Message0), _, fail)
    ->  Message = Message0
    ;   format(string(Message), "~w is not a legal move here", [String])
    ).

%!  tabula_move_help(+Game, -Help) is det.
%
%   Help (a string) says how to type a move, with an example that is
%   legal in Game.
tabula_move_help(Game, Help) :-
    split_game(Game, Module, State),
    Module:game_move_help(State, Help).

%!  tabula_move_example(+Game, -Text) is semidet.
%
%   Text is a legal move of Game in the game's notation (for a game whose
%   moves are built in steps, a legal first step), as help texts use it;
%   fails when the game is over.
tabula_move_example(Game, Text) :-
    split_game(Game, Module, State),
    Module:game_example(State, Text).

%!  tabula_players(+Name, -Players) is det.
%
%   Players are the two players of game Name in turn order, each
%   `Player-Text`: the player as tabula_status/2 gives it, and the name
%   people see.
tabula_players(Name, Players) :-
    registered_module(Name, Module),
    Module:game_players(Players).

%!  tabula_player_name(+Name, +Player, -Text) is det.
%
%   Text is the name people see for Player of game Name.
tabula_player_name(Name, Player, Text) :-
    tabula_players(Name, Players),
    (   memberchk(Player-Text0, Players)
    ->  Text = Text0
    ;   domain_error(tabula_player, Player)
    ).

%!  tabula_player_index(+Name, +Player, -Index) is det.
%
%   Index is 0 for the player of game Name who moves first, 1 for the
%   other.
tabula_player_index(Name, Player, Index) :-
    tabula_players(Name, Players),
    (   nth0(Index0, Players, Player-_)
    ->  Index = Index0
    ;   domain_error(tabula_player, Player)
    ).

%!  tabula_outcome(+Game, -Text) is det.
%
%   Text (a string) is the result of Game with its reason, e.g. "White
%   wins: four in a row." For a game still going on it says who is to
%   move.
tabula_outcome(Game, Text) :-
    split_game(Game, Module, State),
    Module:game_status(State, Status),
    (   Status = to_move(Player)
    ->  arg(1, Game, Name),
        tabula_player_name(Name, Player, PlayerName),
        format(string(Text), "~w to move.", [PlayerName])
    ;   Module:game_outcome(State, Text)
    ).

%!  tabula_rules(+Name, -Lines) is det.
%
%   Lines (strings) are the rules of game Name, the win condition
%   included.
tabula_rules(Name, Lines) :-
    registered_module(Name, Module),
    Module:game_rules(Lines).

%!  tabula_sizes(+Name, -Sizes) is det.
%
%   Sizes is `[]` for a game with one board, else `sizes(Default,
%   Choices)`: Choices a list of `Label-Options`, the options of
%   tabula_new/3 for each board people may choose, Label its name (a
%   string such as "7 x 7"), and Default the Label of the default board.
tabula_sizes(Name, Sizes) :-
    registered_module(Name, Module),
    Module:game_sizes(Sizes).

%!  tabula_levels(+Name, -Levels) is det.
%
%   Levels are `Level-Description` for the course's own players of game
%   Name (the level(L) option of tabula_engine_move/3), possibly [].
tabula_levels(Name, Levels) :-
    registered_module(Name, Module),
    Module:game_levels(Levels).

%!  tabula_board(+Game, +Last, -Board) is det.
%
%   Board is a dict describing Game for a graphical board (library(http/json)
%   writes it): `kind` says how to draw it, and the legal targets carry
%   the text of their moves. Last is as for tabula_display/2.
tabula_board(Game, Last, Board) :-
    split_game(Game, Module, State),
    last_state(Last, Game, StateLast),
    Module:game_board(State, StateLast, Board).

%!  tabula_has_steps(?Name) is nondet.
%
%   The moves of game Name are paths that a player builds one step at a
%   time (Futlog): tabula_steps/3 and tabula_parse_steps/3 apply.
tabula_has_steps(Name) :-
    registered(Name, _, Module),
    current_predicate(Module:game_steps/3).

%!  tabula_parse_steps(+Game, +Text, -Steps) is semidet.
%
%   Steps is the list of steps typed as Text in the game's notation,
%   legality not checked. Fails for junk, and for a game whose moves are
%   not built in steps.
tabula_parse_steps(Game, Text, Steps) :-
    split_game(Game, Module, State),
    current_predicate(Module:game_parse_steps/3),
    catch(( text_to_string(Text, String),
            Module:game_parse_steps(State, String, Steps0) ), _, fail),
    Steps = Steps0.

%!  tabula_steps(+Game, +Prefix, -Next) is semidet.
%
%   Prefix (a list of steps, possibly []) is a strict prefix of a legal
%   move of Game, and Next the legal next steps: `Step-Kind`, Kind `more`
%   when the move goes on after Step, `done` when Prefix plus Step is a
%   whole move. Fails when Prefix is no such prefix, and for a game whose
%   moves are not built in steps.
tabula_steps(Game, Prefix, Next) :-
    split_game(Game, Module, State),
    current_predicate(Module:game_steps/3),
    must_be(list, Prefix),
    Module:game_steps(State, Prefix, Next).

%!  tabula_display_steps(+Game, +Prefix) is det.
%
%   Prints the board of Game as tabula_display/1 does, with the steps of
%   Prefix (a strict prefix of a legal move, see tabula_steps/3) drawn
%   and the legal next steps marked.
tabula_display_steps(Game, Prefix) :-
    split_game(Game, Module, State),
    must_be(list, Prefix),
    (   current_predicate(Module:game_display_steps/2)
    ->  Module:game_display_steps(State, Prefix)
    ;   Module:game_display(State, none)
    ).

%!  tabula_perft(+Game, +Depth, -Leaves) is det.
%
%   Leaves of the legal move tree of Depth plies below Game.
tabula_perft(Game, Depth, Leaves) :-
    split_game(Game, Module, State),
    Module:game_perft(State, Depth, Leaves).

%!  tabula_has_menu(?Name) is nondet.
%
%   The game Name can be played from the terminal menus of
%   library(tabula/play): every registered game can.
tabula_has_menu(Name) :-
    registered(Name, _, _).

%!  tabula_menu(+Name) is det.
%
%   Runs the terminal menu of game Name (library(tabula/play)).
tabula_menu(Name) :-
    registered_module(Name, _),
    play(Name).

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
