:- module(tabula_play,
          [ play/0,
            play/1,                   % +Name
            play_demo/0,
            play_demo/1,              % +Options
            tabula_load_games/0
          ]).
/** <module> The terminal menus of every Tabula game

One menu style, one way to type moves and commands, one end-of-input
policy and one result screen for all the games, through the play hooks of
library(tabula/game):

  - play/0 asks for a game, play/1 goes straight to one; then: play
    against the computer, two players at one terminal, or watch the
    computer play itself, the computer's strength, the board size where
    the game has several, and the rules.
  - At a move prompt a player types a move in the game's notation (the
    prompt shows a legal example), or one of the commands `help`,
    `rules`, `board`, `undo` and `quit` (or `q`). A wrong move is answered
    with one short sentence naming what was typed. In Futlog a move may
    be typed whole or a step at a time: after a bounce the board shows
    the steps so far and the prompt asks for the next ones.
  - Every answer is one line read from current_input; end of input at any
    prompt ends play/0 and play/1 with "End of input: bye.".
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(pairs)).
:- use_module(library(readutil)).
:- use_module(game).
:- use_module(games).

%!  tabula_load_games is det.
%
%   Loads the uniform-API module of every game present in this install
%   (library(tabula/games) lists them); a game missing from an install is
%   simply not offered.
tabula_load_games :-
    forall(tabula_game_name(Name),
           (   atom_concat(Name, '_game', Base),
               Spec = library(tabula/Base),
               (   absolute_file_name(Spec, _, [file_type(prolog), access(read), file_errors(fail)])
               ->  use_module(Spec)
               ;   true
               )
           )).

games(Games) :-
    tabula_load_games,
    findall(Name-Title,
            ( tabula_game_name(Name), tabula_game(Name, Title) ),
            Games).

                 /*******************************
                 *            MENUS             *
                 *******************************/

%!  play is det.
%
%   The terminal menu: choose a game, then how to play it (see the module
%   header). Reads current_input; returns at `0`/`quit` or at end of
%   input.
play :-
    catch(once(main_menu), tabula_input_closed, bye).

%!  play(+Name) is det.
%
%   The menu of game Name (e.g. `fourmation`), without the choice of game.
play(Name) :-
    games(Games),
    must_be(atom, Name),
    (   memberchk(Name-_, Games)
    ->  catch(once(game_menu(Name)), tabula_input_closed, bye)
    ;   pairs_keys(Games, Names),
        domain_error(oneof(Names), Name)
    ).

bye :-
    format("~nEnd of input: bye.~n").

main_menu :-
    games(Games),
    heading("Tabula: board games against the computer"),
    findall(Title, member(_-Title, Games), Titles),
    menu(Titles, "Quit", "Game", Choice),
    (   Choice =:= 0
    ->  format("Bye.~n")
    ;   nth1(Choice, Games, Name-_),
        game_menu(Name),
        main_menu
    ).

game_menu(Name) :-
    tabula_game(Name, Title),
    heading(Title),
    menu([ "Play against the computer",
           "Two players at this terminal",
           "Watch the computer play itself",
           "Rules"
         ], "Back", "Choice", Choice),
    (   Choice =:= 0
    ->  true
    ;   Choice =:= 4
    ->  show_rules(Name),
        game_menu(Name)
    ;   setup(Choice, Name, Controllers, Options),
        tabula_new(Name, Options, Game),
        format("~n"),
        (   Choice =:= 1
        ->  format("Type help at any move for how to type moves, rules for the rules.~n")
        ;   true
        ),
        game_loop(Game, none, [], Controllers),
        game_menu(Name)
    ).

setup(1, Name, Controllers, Options) :-
    tabula_players(Name, [_-First, _-Second]),
    format(string(F), "~w (moves first)", [First]),
    format("~nYour side:~n"),
    menu([F, Second], none, "Side", Side),
    strength(Name, "Computer's strength", Computer),
    (   Side =:= 1
    ->  Controllers = [human, Computer]
    ;   Controllers = [Computer, human]
    ),
    board_size(Name, Options).
setup(2, Name, [human, human], Options) :-
    board_size(Name, Options).
setup(3, Name, [C1, C2], Options) :-
    tabula_players(Name, [_-First, _-Second]),
    format(string(P1), "~w's strength", [First]),
    format(string(P2), "~w's strength", [Second]),
    strength(Name, P1, C1),
    strength(Name, P2, C2),
    board_size(Name, Options).

%   A computer player: engine(Options, Label). The engine of a game that
%   has handles gets one of its own, which keeps its search from one move
%   to the next.
strength(Name, Prompt, engine(Options, Label)) :-
    strengths(Name, Choices),
    format("~n~w:~n", [Prompt]),
    pairs_keys(Choices, Labels),
    menu(Labels, none, "Strength", I),
    nth1(I, Choices, Label-Options0),
    (   Options0 = [time(_)],
        tabula_engine_new(Name, [], Engine)
    ->  Options = [engine(Engine)|Options0]
    ;   Options = Options0
    ).

strengths(Name, Choices) :-
    tabula_levels(Name, Levels),
    findall(Label-[level(L)], member(L-Label, Levels), Course),
    Engine = [ "Engine, 0.2 s a move"-[time(0.2)],
               "Engine, 1 s a move"-[time(1)],
               "Engine, 5 s a move"-[time(5)] ],
    append(Course, Engine, Choices).

board_size(Name, Options) :-
    tabula_sizes(Name, Sizes),
    (   Sizes = sizes(Default, Choices)
    ->  pairs_keys(Choices, Labels),
        nth1(DefaultIndex, Labels, Default),
        format("~nBoard size:~n"),
        menu(Labels, none, "Size", DefaultIndex, I),
        nth1(I, Choices, _-Options)
    ;   Options = []
    ).

show_rules(Name) :-
    tabula_game(Name, Title),
    tabula_rules(Name, Lines),
    format("~n~w: the rules~n", [Title]),
    forall(member(L, Lines), format("  ~w~n", [L])).

heading(Title) :-
    string_length(Title, N),
    length(Rule, N), maplist(=(0'=), Rule),
    format("~n~w~n~s~n", [Title, Rule]).

%!  menu(+Items, +Zero, +Prompt, -Choice) is det.
%!  menu(+Items, +Zero, +Prompt, +Default, -Choice) is det.
%
%   Prints Items numbered from 1 (and `0. Zero` unless Zero is `none`)
%   and reads a choice; `q` and `quit` mean 0 where 0 is offered, an
%   empty line means Default where one is given (else 0).
menu(Items, Zero, Prompt, Choice) :-
    menu(Items, Zero, Prompt, none, Choice).
menu(Items, Zero, Prompt, Default, Choice) :-
    forall(nth1(I, Items, Item), format("  ~d. ~w~n", [I, Item])),
    (   Zero == none -> Low = 1 ; format("  0. ~w~n", [Zero]), Low = 0 ),
    length(Items, High),
    ask_choice(Prompt, Low, High, Default, Items, Choice).

ask_choice(Prompt, Low, High, Default, Items, Choice) :-
    (   Default == none
    ->  format("~w [~d-~d]: ", [Prompt, Low, High])
    ;   nth1(Default, Items, DefaultItem),
        format("~w [~d-~d, Enter for ~w]: ", [Prompt, Low, High, DefaultItem])
    ),
    read_answer(Answer),
    (   Answer == "", Default \== none
    ->  Choice = Default
    ;   Low =:= 0, memberchk(Answer, ["q", "quit", "back"])
    ->  Choice = 0
    ;   catch(number_string(N, Answer), _, fail), integer(N), between(Low, High, N)
    ->  Choice = N
    ;   format("\"~w\" is not a choice: type a number from ~d to ~d.~n", [Answer, Low, High]),
        ask_choice(Prompt, Low, High, Default, Items, Choice)
    ).

%   A line of input, trimmed; end of input ends the menus.
read_answer(Answer) :-
    flush_output,
    read_line_to_string(current_input, Line),
    (   Line == end_of_file
    ->  throw(tabula_input_closed)
    ;   normalize_space(string(Answer), Line)
    ).

                 /*******************************
                 *            GAME              *
                 *******************************/

%   game_loop(+Game, +Last, +History, +Controllers): History is the list of
%   the earlier games, each Game-Last, most recent first; Controllers are
%   human or engine(Options, Label), first player first.
game_loop(Game, Last, History, Controllers) :-
    tabula_display(Game, Last),
    tabula_status(Game, Status),
    (   Status = to_move(Player)
    ->  arg(1, Game, Name),
        tabula_player_index(Name, Player, Index),
        nth0(Index, Controllers, Controller),
        tabula_player_name(Name, Player, PlayerName),
        turn(Controller, Game, PlayerName, Last, History, Controllers, Action),
        act(Action, Game, Last, History, Controllers)
    ;   result_screen(Game, Controllers)
    ).

act(move(Move), Game, Last, History, Controllers) :-
    tabula_move(Game, Move, Game2),
    !,
    game_loop(Game2, last(Game, Move), [Game-Last|History], Controllers).
act(undo(Game1, Last1, History1), _, _, _, Controllers) :-
    game_loop(Game1, Last1, History1, Controllers).
act(quit, _, _, _, _) :-
    format("Game abandoned.~n").

turn(engine(Options, _), Game, PlayerName, _, _, _, move(Move)) :-
    format("~w is thinking...~n", [PlayerName]),
    tabula_engine_move(Game, Options, Move),
    tabula_format_move(Game, Move, Text),
    format("~w plays ~w.~n", [PlayerName, Text]).
turn(human, Game, PlayerName, Last, History, Controllers, Action) :-
    ask_move(ctx(Game, PlayerName, Last, History, Controllers), [], Action).

%   ask_move(+Context, +Prefix, -Action): Prefix holds the steps typed so
%   far of a move built in steps.
ask_move(Ctx, Prefix, Action) :-
    Ctx = ctx(Game, PlayerName, _, _, _),
    prompt_move(Game, PlayerName, Prefix),
    read_answer(Answer),
    string_lower(Answer, Command),
    (   Answer == ""
    ->  ask_move(Ctx, Prefix, Action)
    ;   command(Command, Ctx, Prefix, Outcome)
    ->  (   Outcome = again(Prefix1)
        ->  ask_move(Ctx, Prefix1, Action)
        ;   Action = Outcome
        )
    ;   typed_move(Game, Prefix, Answer, Outcome)
    ->  (   Outcome = steps(Prefix1)
        ->  tabula_display_steps(Game, Prefix1),
            ask_move(Ctx, Prefix1, Action)
        ;   Action = Outcome
        )
    ;   with_prefix(Game, Prefix, Answer, Full),
        tabula_move_error(Game, Full, Message),
        format("~w~n", [Message]),
        ask_move(Ctx, Prefix, Action)
    ).

prompt_move(Game, PlayerName, []) :-
    !,
    (   tabula_move_example(Game, Example)
    ->  format("~w, your move (e.g. ~w; help, undo, quit): ", [PlayerName, Example])
    ;   format("~w, your move: ", [PlayerName])
    ).
prompt_move(Game, PlayerName, Prefix) :-
    last(Prefix, At),
    step_name(Game, At, AtName),
    (   tabula_steps(Game, Prefix, [Next-_|_])
    ->  step_name(Game, Next, Example),
        format("~w, the ball goes on from ~w (e.g. ~w; undo takes back a step): ",
               [PlayerName, AtName, Example])
    ;   format("~w, the ball goes on from ~w: ", [PlayerName, AtName])
    ).

step_name(Game, Step, Name) :-
    tabula_format_move(Game, [Step], Name).

% The text of the steps typed so far followed by Answer.
with_prefix(_, [], Answer, Answer) :- !.
with_prefix(Game, Prefix, Answer, Full) :-
    tabula_format_move(Game, Prefix, PrefixText),
    format(string(Full), "~w ~w", [PrefixText, Answer]).

% A whole move, or steps that leave the move unfinished.
typed_move(Game, Prefix, Answer, Outcome) :-
    with_prefix(Game, Prefix, Answer, Full),
    (   tabula_parse_move(Game, Full, Move)
    ->  Outcome = move(Move)
    ;   tabula_parse_steps(Game, Full, Steps),
        tabula_steps(Game, Steps, _)
    ->  Outcome = steps(Steps)
    ).

command(Help, ctx(Game, _, _, _, _), Prefix, again(Prefix)) :-
    memberchk(Help, ["help", "h", "?"]),
    !,
    tabula_move_help(Game, Text),
    format("~w~n", [Text]),
    format("Commands: help, rules, board (show the board again), undo (take back your last move), quit (leave this game).~n").
command("rules", ctx(Game, _, _, _, _), Prefix, again(Prefix)) :-
    !,
    arg(1, Game, Name),
    show_rules(Name).
command("board", ctx(Game, _, Last, _, _), Prefix, again(Prefix)) :-
    !,
    (   Prefix == []
    ->  tabula_display(Game, Last)
    ;   tabula_display_steps(Game, Prefix)
    ).
command(Quit, _, _, quit) :-
    memberchk(Quit, ["quit", "q", "exit"]),
    !.
command("undo", ctx(Game, _, _, History, Controllers), Prefix, Outcome) :-
    (   Prefix \== []
    ->  append(Prefix1, [_], Prefix),
        format("Step taken back.~n"),
        (   Prefix1 == [] -> tabula_display(Game) ; tabula_display_steps(Game, Prefix1) ),
        Outcome = again(Prefix1)
    ;   undo(History, Controllers, Outcome)
    ->  format("Move taken back.~n")
    ;   format("There is no move of yours to take back.~n"),
        Outcome = again([])
    ).

% Back to the latest earlier position where a human is to move.
undo([Game-Last|History], Controllers, Outcome) :-
    tabula_status(Game, to_move(Player)),
    arg(1, Game, Name),
    tabula_player_index(Name, Player, Index),
    nth0(Index, Controllers, Controller),
    (   Controller == human
    ->  Outcome = undo(Game, Last, History)
    ;   undo(History, Controllers, Outcome)
    ).

% The board's status line has just said the result and why; the screen
% says what it means for the players.
result_screen(Game, Controllers) :-
    tabula_status(Game, Status),
    arg(1, Game, Name),
    (   Status = won(Winner),
        tabula_player_index(Name, Winner, Index),
        include(==(human), Controllers, [_])
    ->  (   nth0(Index, Controllers, human) -> Verdict = "You win!" ; Verdict = "The computer wins." )
    ;   Status = won(Winner)
    ->  tabula_player_name(Name, Winner, WinnerName),
        format(string(Verdict), "~w wins!", [WinnerName])
    ;   Verdict = "Draw."
    ),
    Rule = "==================================================",
    format("~n~w~n  ~w~n~w~n", [Rule, Verdict, Rule]).

                 /*******************************
                 *            DEMO              *
                 *******************************/

%!  play_demo is det.
%!  play_demo(+Options) is det.
%
%   Plays one engine-vs-engine game of every installed game, printing each
%   board, the moves in the game's notation and the result screen.
%   Options: time(Seconds) per move (default 0.2).
play_demo :-
    play_demo([]).
play_demo(Options) :-
    option(time(T), Options, 0.2),
    games(Games),
    forall(member(Name-Title, Games),
           ( heading(Title),
             tabula_new(Name, [], Game),
             demo_loop(Game, none, T, 0)
           )).

demo_loop(Game, Last, T, Ply) :-
    tabula_display(Game, Last),
    tabula_status(Game, Status),
    (   Status = to_move(Player), Ply < 400
    ->  tabula_engine_move(Game, [time(T)], Move),
        arg(1, Game, Name),
        tabula_player_name(Name, Player, PlayerName),
        tabula_format_move(Game, Move, Text),
        format("~w plays ~w.~n", [PlayerName, Text]),
        tabula_move(Game, Move, Game2),
        !,
        Ply1 is Ply + 1,
        demo_loop(Game2, last(Game, Move), T, Ply1)
    ;   result_screen(Game, [engine, engine])
    ).
