:- module(tabula_tournament_engine,
          [ tournament_engine_main/0,
            engine_limits/3           % +Options, +Go, -SearchOptions
          ]).
/** <module> Tabula's engine as a tournament player

The program a tournament runs for an `engine(Name, Options)` player:

    swipl -g "use_module(library(tabula/tournament_engine))" \
          -g tournament_engine_main -t halt -- "[depth(3)]"

It speaks the player protocol of docs/tournament.md on its standard
input and output and answers each `go` with tabula_engine_move/3 and the
given options. Without time/1, depth/1, nodes/1 or level/1 among them,
it thinks for a share of the referee's budget, leaving room for the
exchange itself.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(readutil)).
:- use_module(library(tabula)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/tournament_protocol)).

%!  tournament_engine_main is det.
%
%   Plays as a tournament player on standard input and output, with the
%   engine options given as the first command-line argument (a Prolog
%   list, default `[]`), until `quit` or the end of its input.
tournament_engine_main :-
    current_prolog_flag(argv, Argv),
    (   Argv = [Text|_]
    ->  term_string(Options, Text)
    ;   Options = []
    ),
    must_be(list, Options),
    set_stream(user_input, encoding(utf8)),
    set_stream(user_output, encoding(utf8)),
    serve(Options, none).

serve(Options, Game) :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  true
    ;   split_string(Line, " ", "", Words),
        command(Words, Line, Options, Game, Game1)
    ->  (   Game1 == quit -> true ; serve(Options, Game1) )
    ;   serve(Options, Game)
    ).

command(["quit"|_], _, _, _, quit) :- !.
command(["tabula-player", "1"|_], _, _, Game, Game) :-
    !,
    answer("tabula-player 1 tabula").
command(["game"|_], Line, _, _, start(Game)) :-
    !,
    protocol_new_game(Line, Game),
    warm_up(Game).
command(["position", N], _, _, Game0, at(Start, Game)) :-
    !,
    start_of(Game0, Start),
    number_string(Count, N),
    read_moves(Count, Start, Game).
command(["legal", N], _, _, Game, Game) :-
    !,
    number_string(Count, N),
    forall(between(1, Count, _), read_line_to_string(user_input, _)).
command(["go"|Go], _, Options, at(Start, Game), at(Start, Game)) :-
    !,
    engine_limits(Options, Go, SearchOptions),
    (   tabula_engine_move(Game, SearchOptions, Move)
    ->  tabula_format_move(Game, Move, Text),
        format(string(Answer), "move ~w", [Text]),
        answer(Answer)
    ;   answer("# no move: the game is over")
    ).

% The first search of a process loads the game's foreign library and
% autoloads what it uses: done here, before the clocks run, so that the
% first move costs what the others cost.
warm_up(Game) :-
    catch(ignore(tabula_engine_move(Game, [time(0.01)], _)), _, true).

start_of(start(Game), Game).
start_of(at(Game, _), Game).

read_moves(0, Game, Game) :- !.
read_moves(N, Game0, Game) :-
    read_line_to_string(user_input, Text),
    tabula_parse_move(Game0, Text, Move),
    tabula_move(Game0, Move, Game1), !,
    N1 is N - 1,
    read_moves(N1, Game1, Game).

answer(Text) :-
    format(user_output, "~w~n", [Text]),
    flush_output(user_output).

%!  engine_limits(+Options, +Go, -SearchOptions) is det.
%
%   SearchOptions are Options for tabula_engine_move/3, given the words
%   of a `go` line after `go` (strings: `move Millis` or `clock Millis
%   Increment`): Options as they are when they bound the search (time,
%   depth, nodes or level), else with time/1 a share of the budget: half
%   of a move's time, or a twentieth of the clock plus half the increment.
engine_limits(Options, Go, SearchOptions) :-
    must_be(list, Options),
    must_be(list, Go),
    (   member(O, Options),
        functor(O, F, 1),
        memberchk(F, [time, depth, nodes, level])
    ->  SearchOptions = Options
    ;   Go = [Kind|Numbers],
        catch(budget(Kind, Numbers, Seconds), _, fail)
    ->  SearchOptions = [time(Seconds)|Options]
    ;   domain_error(go_line, Go)
    ).

budget(Kind, [Millis], Seconds) :-
    text_to_string(Kind, "move"), !,
    number_string(M, Millis),
    Seconds is max(0.01, M / 2000).
budget(Kind, [Millis, Increment], Seconds) :-
    text_to_string(Kind, "clock"),
    number_string(M, Millis),
    number_string(I, Increment),
    Seconds is max(0.01, M / 20000 + I / 2000).
