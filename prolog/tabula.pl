:- module(tabula,
          [ play/0,
            play_demo/0,
            play_demo/1                % +Options
          ]).
:- reexport(tabula/game).
/** <module> Tabula: board-game engines for SWI-Prolog

Loading this library loads every game whose hooks are installed and offers a
terminal menu, play/0, to play any of them against the engine (or to watch
the engine play itself). Each game's course predicates live in their own
modules, e.g. library(tabula/uttt).
*/

:- use_module(library(readutil)).
:- use_module(library(option)).
:- use_module(tabula/game).

:- use_module(tabula/games).

% Load the uniform-API module of every game present; a game missing from an
% install is simply not offered.
load_game_hooks :-
    forall(tabula_game_name(Name),
           (   atom_concat(Name, '_game', Base),
               Spec = library(tabula/Base),
               (   absolute_file_name(Spec, _, [file_type(prolog), access(read), file_errors(fail)])
               ->  use_module(Spec)
               ;   true
               )
           )).
:- load_game_hooks.

%!  play is det.
%
%   Terminal menu: pick a game, then who plays each side.
play :-
    findall(Name-Title, tabula_game(Name, Title), Games),
    nl, format("Tabula~n======~n"),
    forall(nth1(I, Games, _-Title), format("  ~d. ~w~n", [I, Title])),
    length(Games, N),
    format("  0. quit~n"),
    ask_int("Game", 0, N, Choice),
    (   Choice =:= 0
    ->  true
    ;   nth1(Choice, Games, Name-_),
        play_game(Name),
        play
    ).

% A game with menus of its own (4Mation, CrossCut) runs them.
play_game(Name) :-
    tabula_has_menu(Name),
    !,
    tabula_menu(Name).
play_game(Name) :-
    ask_controller("First player", C1),
    ask_controller("Second player", C2),
    tabula_new(Name, [], Game),
    game_loop(Game, [C1, C2]).

ask_controller(Prompt, Controller) :-
    format("~w: 1. human  2. engine (1 s)  3. engine (5 s)~n", [Prompt]),
    ask_int("Choice", 1, 3, C),
    nth1(C, [human, engine(1), engine(5)], Controller).

game_loop(Game, Controllers) :-
    tabula_display(Game),
    tabula_status(Game, Status),
    (   Status = to_move(Player)
    ->  side_index(Game, Player, Index),
        nth0(Index, Controllers, Controller),
        next_move(Controller, Game, Move),
        (   Move == quit
        ->  format("Game abandoned.~n")
        ;   tabula_move(Game, Move, Game2)
        ->  format("~w plays ~w~n", [Player, Move]),
            game_loop(Game2, Controllers)
        ;   format("Illegal move.~n"),
            game_loop(Game, Controllers)
        )
    ;   report_status(Status)
    ).

% The first player to move in a fresh game is side 0.
side_index(game(Name, _), Player, Index) :-
    tabula_new(Name, [], Fresh),
    tabula_status(Fresh, to_move(First)),
    (   Player == First -> Index = 0 ; Index = 1 ).

next_move(engine(Seconds), Game, Move) :-
    tabula_engine_move(Game, [time(Seconds)], Move).
next_move(human, Game, Move) :-
    format("Your move (or quit): "),
    flush_output,
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  Move = quit
    ;   normalize_space(string(Text), Line),
        (   Text == "quit"
        ->  Move = quit
        ;   tabula_parse_move(Game, Text, Move)
        ->  true
        ;   tabula_moves(Game, Legal),
            format("Not a legal move. Legal moves: ~w~n", [Legal]),
            next_move(human, Game, Move)
        )
    ).

report_status(won(Player)) :- format("~w wins.~n", [Player]).
report_status(draw) :- format("Draw.~n").

ask_int(Prompt, Low, High, Value) :-
    format("~w [~d-~d]: ", [Prompt, Low, High]),
    flush_output,
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  Value = Low
    ;   catch(number_string(V, Line), _, fail), integer(V), between(Low, High, V)
    ->  Value = V
    ;   format("Please type a number from ~d to ~d.~n", [Low, High]),
        ask_int(Prompt, Low, High, Value)
    ).

%!  play_demo is det.
%!  play_demo(+Options) is det.
%
%   Plays one engine-vs-engine game of every installed game, printing each
%   board. Options: time(Seconds) per move (default 0.2).
play_demo :-
    play_demo([]).
play_demo(Options) :-
    option(time(T), Options, 0.2),
    forall(tabula_game(Name, Title),
           ( format("~n=== ~w ===~n", [Title]),
             tabula_new(Name, [], Game),
             demo_loop(Game, T, 0)
           )).

demo_loop(Game, T, Ply) :-
    tabula_display(Game),
    tabula_status(Game, Status),
    (   Status = to_move(Player), Ply < 400
    ->  tabula_engine_move(Game, [time(T)], Move),
        format("~w plays ~w~n", [Player, Move]),
        tabula_move(Game, Move, Game2),
        !,
        Ply1 is Ply + 1,
        demo_loop(Game2, T, Ply1)
    ;   report_status(Status)
    ).
