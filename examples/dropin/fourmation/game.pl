/*  4Mation (Porto coursework, 2021/22): game.pl on the Tabula engine.

    Copy this file over the report's game.pl. The report's other files stay
    as they are: 4mation.pl (play/0), menu.pl (main_menu/1, score_menu/1),
    board.pl (display_game/1, create_board/2) and utils.pl (read_move/1,
    read_number). Then, as before:

        ?- consult('4mation.pl').
        ?- play.

    This file holds what the report's game.pl held: the rules, the game
    loop that the menus start with play_game(Mode, Size), and the bots.
    The rules come from library(tabula/fourmation), with the report's
    predicates and signatures:

        initial_state(+Size, -Board)
        move(+GameState, ?Move, -NewGameState)     turn kept; fails if illegal
        next_player(+GameState, +Turn, -NewGameState)
        valid_moves(+GameState, -Moves)
        game_over(+GameState, +Moves)              calls score_menu/1 at the end
        value(+GameState, +L-C, -Value)            the report's greedy weight
        choose_move(+GameState, +Level, -Move)

    Modes, as the menus pass them: singleplayer-Level (you play white, the
    computer black), multiplayer, botvsbot-(WhiteLevel-BlackLevel). The
    menus' level numbers go to the computer unchanged: 1 plays at random,
    2 is the report's bot (block, then search, then greedy, done right),
    and 3, 4, 5 (a menu entry or a call such as play_game(singleplayer-3, 7))
    reach the engine's search, 1 s, 3 s and 10 s a move.

    Tabula must be installed (scripts/install), or swipl started with
    -p library=<checkout>/prolog -p foreign=<checkout>/lib/x86_64-linux.
*/

:- [menu].
:- [board].
:- ensure_loaded(utils).

:- use_module(library(tabula/fourmation),
              [ initial_state/2, move/3, next_player/3, valid_moves/2,
                game_over/2, value/3, choose_move/3 ]).
:- use_module(library(tabula/fourmation_tools),
              [ fourmation_choose_move/4, fourmation_bot_message/2 ]).

%!  play_game(+Mode, +Size) is det.
%
%   Plays one game of Mode on a Size x Size board, drawing it with
%   display_game/1, to the end screen that game_over/2 shows through
%   score_menu/1. Mode is `singleplayer-Level`, `multiplayer` or
%   `botvsbot-(WhiteLevel-BlackLevel)`.
play_game(Mode, Size) :-
    tabula_mode_players(Mode, White, Black),
    initial_state(Size, Board),
    GameState = gameState(Board, turn(White-white), (-1)-(-1)),
    display_game(GameState),
    tabula_game_loop(GameState, White, Black).

tabula_mode_players(Mode, _, _) :-
    var(Mode),
    !,
    throw(error(instantiation_error, play_game/2)).
tabula_mode_players(singleplayer-Level, human, computer-Level) :-
    tabula_check_level(Level),
    !.
tabula_mode_players(multiplayer, human, human) :-
    !.
tabula_mode_players(botvsbot-(WhiteLevel-BlackLevel), computer-WhiteLevel, computer-BlackLevel) :-
    tabula_check_level(WhiteLevel),
    tabula_check_level(BlackLevel),
    !.
tabula_mode_players(Mode, _, _) :-
    throw(error(domain_error(fourmation_mode, Mode), play_game/2)).

tabula_check_level(Level) :-
    (   integer(Level), Level >= 1
    ->  true
    ;   throw(error(domain_error(fourmation_level, Level), play_game/2))
    ).

% The report's loop: a move, the board, then game over or the other side.
tabula_game_loop(GameState, White, Black) :-
    GameState = gameState(_, turn(Player-Colour), _),
    tabula_player_move(Player, Colour, GameState, NewGameState),
    display_game(NewGameState),
    valid_moves(NewGameState, Moves),
    (   game_over(NewGameState, Moves)
    ->  true
    ;   tabula_next_turn(Colour, White, Black, Turn),
        next_player(NewGameState, Turn, NextGameState),
        tabula_game_loop(NextGameState, White, Black)
    ).

tabula_next_turn(white, _, Black, turn(Black-black)).
tabula_next_turn(black, White, _, turn(White-white)).

% A human types a move with the report's read_move/1 until it is legal;
% anything but a ground L-C is refused like an illegal cell.
tabula_player_move(human, Colour, GameState, NewGameState) :-
    format("~w, your move.~n", [Colour]),
    read_move(Move),
    (   ground(Move),
        catch(move(GameState, Move, NewGameState),
              error(type_error(fourmation_move, _), _),
              fail)
    ->  true
    ;   format("Invalid move, try again.~n"),
        tabula_player_move(human, Colour, GameState, NewGameState)
    ).
tabula_player_move(computer-Level, Colour, GameState, NewGameState) :-
    fourmation_choose_move(GameState, Level, Move, Reason),
    move(GameState, Move, NewGameState),
    fourmation_bot_message(Reason, Message),
    format("Computer (~w, level ~w) plays ~w. ~w~n", [Colour, Level, Move, Message]).
