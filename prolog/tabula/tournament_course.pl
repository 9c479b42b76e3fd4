:- module(tabula_tournament_course,
          [ tournament_course_main/0
          ]).
/** <module> A course program as a tournament player

The program a tournament runs for a `course(Name, Program, Player)`
player:

    swipl -g "use_module(library(tabula/tournament_course))" \
          -g tournament_course_main -t halt -- Program Player Game

It speaks the player protocol of docs/tournament.md. Before it greets
the referee, the program (a file or folder, as the course of Game holds
it) is loaded as the conformance checker loads it: in a sandbox
(library(tabula/sandbox): a scratch copy of its folder, bwrap where it
runs, process limits; its time per call is left to the referee's clock),
through the game's course profile (library(tabula/check_core)). Each
`go` builds the program's own state after the moves so far with its own
predicates, exactly as a check does, asks its player (Player, as the
profile reads it: `greedy` for UTTT, `hacer_jugada` for Futlog,
`choose_move(Level)` for the Porto games, or the program's own), and
answers with its move in the game's notation. An answer that is not a
move, a failure, an error or a crash answers `error ...`, which the
referee records against the player.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(readutil)).
:- use_module(library(tabula)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/check), []).      % loads every course profile
:- use_module(library(tabula/check_core)).
:- use_module(library(tabula/tournament_protocol)).

%!  tournament_course_main is det.
%
%   Plays as a tournament player on standard input and output with the
%   course program Program, its player Player (read as a term) and the
%   game Game, the three command-line arguments, until `quit` or the end
%   of its input. A program that cannot be loaded ends the process with
%   status 2 before the greeting.
tournament_course_main :-
    current_prolog_flag(argv, [Program, PlayerText, GameText|_]),
    term_string(Player, PlayerText),
    atom_string(Game, GameText),
    set_stream(user_input, encoding(utf8)),
    set_stream(user_output, encoding(utf8)),
    setup_call_cleanup(
        nb_setval(tabula_course_session, none),
        ( catch(session(Game, Program, _), E, ( print_message(error, E), halt(2) )),
          serve(ctx(Program, Player), none) ),
        close_session).

close_session :-
    nb_getval(tabula_course_session, Session),
    (   Session == none -> true ; catch(check_close(Session), _, true) ).

% The session of the program, opened at the first game.
session(Game, Program, Session) :-
    nb_getval(tabula_course_session, Session0),
    (   Session0 = session(Game, _, _, _)
    ->  Session = Session0
    ;   check_open(Game, Program, [time(600)], Session),
        nb_setval(tabula_course_session, Session)
    ).

% The game: none, or game(Session, Start, History, Ours): the moves so
% far (ours, after the game's options as start(Options) when it has
% any) and our game after them.
serve(Ctx, Game) :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file -> true
    ;   split_string(Line, " ", "", Words),
        command(Words, Line, Ctx, Game, Game1)
    ->  (   Game1 == quit -> true ; serve(Ctx, Game1) )
    ;   serve(Ctx, Game)
    ).

command(["quit"|_], _, _, _, quit) :- !.
command(["tabula-player", "1"|_], _, ctx(_, Player), Game, Game) :-
    !,
    format(string(Hello), "tabula-player 1 ~w", [Player]),
    answer(Hello).
command(["game"|_], Line, ctx(Program, _), _, game(Session, Start, Start, Ours)) :-
    !,
    protocol_game_line(Line, Name, Options),
    protocol_new_game(Line, Ours),
    (   Options == [] -> Start = [] ; Start = [start(Options)] ),
    catch(session(Name, Program, Session), E, ( print_message(error, E), halt(2) )).
command(["position", N], _, _, game(Session, Start, _, _), game(Session, Start, History, Ours)) :-
    !,
    number_string(Count, N),
    length(Texts, Count),
    maplist([T]>>read_line_to_string(user_input, T), Texts),
    Session = session(Name, _, _, _),
    (   Start = [start(Options)] -> true ; Options = [] ),
    tabula_new(Name, Options, Ours0),
    foldl(apply_text, Texts, Ours0-[], Ours-RevMoves),
    reverse(RevMoves, Moves),
    append(Start, Moves, History).
command(["legal", N], _, _, Game, Game) :-
    !,
    number_string(Count, N),
    forall(between(1, Count, _), read_line_to_string(user_input, _)).
command(["go"|_], _, ctx(_, Player), Game, Game) :-
    !,
    Game = game(Session, _, History, Ours),
    catch(check_play(Session, History, Player, Move, Outcome), E, Outcome = error(E)),
    (   Outcome == ok,
        catch(tabula_format_move(Ours, Move, Text), _, fail)
    ->  format(string(Answer), "move ~w", [Text])
    ;   Outcome == ok
    ->  format(string(Answer), "move ~q", [Move])
    ;   outcome_text(Outcome, Text),
        format(string(Answer), "error ~w", [Text])
    ),
    answer(Answer).

apply_text(Text, Ours0-Moves, Ours-[Move|Moves]) :-
    tabula_parse_move(Ours0, Text, Move),
    tabula_move(Ours0, Move, Ours),
    !.

% What the program did instead of a move, as the record shows it: an
% error by its formal term.
outcome_text(error(E), Text) :-
    !,
    (   E = error(Formal, _) -> true ; Formal = E ),
    format(string(Text), "~q", [Formal]).
outcome_text(Outcome, Text) :-
    format(string(Text), "~q", [Outcome]).

answer(Text) :-
    format(user_output, "~w~n", [Text]),
    flush_output(user_output).
