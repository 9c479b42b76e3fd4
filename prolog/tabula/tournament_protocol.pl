:- module(tabula_tournament_protocol,
          [ protocol_new_game/2,        % +Line, -Game
            protocol_game_line/3        % +Line, -Name, -Options
          ]).
/** <module> What every tournament player program reads the same way

The player programs of the tournament protocol (library(tabula/
tournament_engine), library(tabula/tournament_course)) share the reading of
the line that starts a game, `game <name> <options>`, so that both make
the referee's game from it alike (docs/tournament.md gives the protocol).
*/

:- use_module(library(error)).
:- use_module(library(tabula/game)).

%!  protocol_new_game(+Line, -Game) is det.
%
%   Game is the new game of the line `game <name> <options>`: the uniform
%   API's game of that name, made with the options (a Prolog list, or
%   nothing for none).
%
%   @error syntax_error(tournament_game_line) for a line of another
%   shape, and the errors of tabula_new/3.
protocol_new_game(Line, Game) :-
    protocol_game_line(Line, Name, GameOptions),
    tabula_new(Name, GameOptions, Game).

%!  protocol_game_line(+Line, -Name, -Options) is det.
%
%   Name (an atom) and Options (a list) are the game and its options of
%   the line `game <name> <options>`.
%
%   @error syntax_error(tournament_game_line) for a line of another
%   shape.
protocol_game_line(Line, NameAtom, GameOptions) :-
    must_be(string, Line),
    (   split_string(Line, " ", "", ["game", Name|_]),
        Name \== ""
    ->  true
    ;   syntax_error(tournament_game_line)
    ),
    string_length(Name, NameLength),
    Before is 5 + NameLength,
    sub_string(Line, Before, _, 0, OptionsText0),
    split_string(OptionsText0, "", " ", [OptionsText]),
    (   OptionsText == "" -> GameOptions = [] ; term_string(GameOptions, OptionsText) ),
    must_be(list, GameOptions),
    atom_string(NameAtom, Name).
