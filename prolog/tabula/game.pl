:- module(tabula_game,
          [ tabula_game/2,            % ?Name, ?Title
            tabula_new/3,             % +Name, +Options, -Game
            tabula_moves/2,           % +Game, -Moves
            tabula_move/3,            % +Game, ?Move, -Game2
            tabula_status/2,          % +Game, -Status
            tabula_engine_move/3,     % +Game, +Options, -Move
            tabula_display/1,         % +Game
            tabula_parse_move/3,      % +Game, +Text, -Move
            tabula_perft/3            % +Game, +Depth, -Leaves
          ]).
/** <module> One API over every Tabula game

Each game keeps its course's own predicates in its own module; this module
puts all of them behind one vocabulary, so that menus, demos, benchmarks and
the web page treat every game alike. A game is `game(Name, State)` where
`State` is that game's own ground state term.

Games register by adding clauses to the multifile hooks below, in
`library(tabula/<name>_game)`.
*/

:- multifile
    game_hook/2,            % Name, Title
    new_hook/3,             % Name, Options, State
    moves_hook/3,           % Name, State, Moves
    move_hook/4,            % Name, State, Move, State2 (turn passed)
    status_hook/3,          % Name, State, Status
    engine_hook/4,          % Name, State, Options, Move
    display_hook/2,         % Name, State
    parse_move_hook/4,      % Name, State, Text, Move
    perft_hook/4.           % Name, State, Depth, Leaves

%!  tabula_game(?Name, ?Title) is nondet.
%
%   Name is a game whose hooks are loaded, Title its display name.
tabula_game(Name, Title) :-
    game_hook(Name, Title).

%!  tabula_new(+Name, +Options, -Game) is det.
%
%   Game is a new game of Name. Options are game specific, e.g.
%   size(N) for 4Mation or size(H, W) for CrossCut; unknown options are
%   ignored.
tabula_new(Name, Options, game(Name, State)) :-
    must_be(atom, Name),
    must_be(list, Options),
    known_game(Name),
    new_hook(Name, Options, State).

%!  tabula_moves(+Game, -Moves) is det.
%
%   Moves are the legal moves of the player to move, in the game's own
%   notation; [] when the game is over.
tabula_moves(game(Name, State), Moves) :-
    moves_hook(Name, State, Moves).

%!  tabula_move(+Game, ?Move, -Game2) is nondet.
%
%   Game2 follows Game after Move, with the turn passed. Enumerates the
%   legal moves when Move is unbound; fails on an illegal move.
tabula_move(game(Name, State), Move, game(Name, State2)) :-
    move_hook(Name, State, Move, State2).

%!  tabula_status(+Game, -Status) is det.
%
%   Status is to_move(Player), won(Player) or draw.
tabula_status(game(Name, State), Status) :-
    status_hook(Name, State, Status).

%!  tabula_engine_move(+Game, +Options, -Move) is semidet.
%
%   Move is the engine's choice; fails when the game is over. Options:
%   time(Seconds) bounds the search, level(L) picks a game's course levels.
tabula_engine_move(game(Name, State), Options, Move) :-
    must_be(list, Options),
    engine_hook(Name, State, Options, Move).

%!  tabula_display(+Game) is det.
%
%   Prints the board to current_output.
tabula_display(game(Name, State)) :-
    display_hook(Name, State).

%!  tabula_parse_move(+Game, +Text, -Move) is semidet.
%
%   Move is the legal move a human typed as Text (string or atom): in the
%   game's own human notation, or as the move term itself.
tabula_parse_move(game(Name, State), Text, Move) :-
    (   parse_move_hook(Name, State, Text, Move0)
    ->  Move = Move0
    ;   catch(term_string(Move0, Text), _, fail),
        ground(Move0),
        once(move_hook(Name, State, Move0, _))
    ->  Move = Move0
    ).

%!  tabula_perft(+Game, +Depth, -Leaves) is det.
%
%   Leaves of the legal move tree of Depth plies below Game.
tabula_perft(game(Name, State), Depth, Leaves) :-
    perft_hook(Name, State, Depth, Leaves).

known_game(Name) :-
    (   game_hook(Name, _)
    ->  true
    ;   findall(N, game_hook(N, _), Known),
        domain_error(oneof(Known), Name)
    ).
