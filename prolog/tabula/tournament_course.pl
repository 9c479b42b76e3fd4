:- module(tabula_tournament_course,
          [ tournament_course_main/0
          ]).
/** <module> A course program as a tournament player

The program a tournament runs for a `course(Name, File, Predicate)`
player:

    swipl -g "use_module(library(tabula/tournament_course))" \
          -g tournament_course_main -t halt -- File Predicate

It consults File (a course submission: its own rules and its player) into
`user`, in the process's own folder, and speaks the player protocol of
docs/tournament.md: each position is built in the program's own terms,
with its own initialState/1 and makeMove/3 when it defines them (the UTTT
course's names), else with the uniform API's state, and each `go` is
answered with `Predicate(State, Move)`, the move written as a term (the
referee reads it against its own position). A predicate that fails or
raises answers `error ...`, which the referee records as unreadable.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(readutil)).
:- use_module(library(tabula)).
:- use_module(library(tabula/game)).

%!  tournament_course_main is det.
%
%   Plays as a tournament player on standard input and output with the
%   course program File and its player Predicate, the first two
%   command-line arguments, until `quit` or the end of its input.
tournament_course_main :-
    current_prolog_flag(argv, [File, PredText|_]),
    atom_string(Pred, PredText),
    set_stream(user_input, encoding(utf8)),
    set_stream(user_output, encoding(utf8)),
    % the program's own printing goes to the error output: standard
    % output carries the protocol only
    to_error_output(user:consult(File)),
    serve(Pred, none).

serve(Pred, Game) :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file -> true
    ;   split_string(Line, " ", "", Words),
        command(Words, Line, Pred, Game, Game1)
    ->  (   Game1 == quit -> true ; serve(Pred, Game1) )
    ;   serve(Pred, Game)
    ).

command(["quit"|_], _, _, _, quit) :- !.
command(["tabula-player", "1"|_], _, Pred, Game, Game) :-
    !,
    format(string(Hello), "tabula-player 1 ~w", [Pred]),
    answer(Hello).
command(["game", Name|_], Line, _, _, start(Ours, Own)) :-
    !,
    string_length(Name, NameLength),
    Before is 5 + NameLength,
    sub_string(Line, Before, _, 0, OptionsText0),
    split_string(OptionsText0, "", " ", [OptionsText]),
    (   OptionsText == "" -> GameOptions = [] ; term_string(GameOptions, OptionsText) ),
    atom_string(NameAtom, Name),
    tabula_new(NameAtom, GameOptions, Ours),
    own_start(Ours, Own).
command(["position", N], _, _, Game0, at(Start, Ours, Own)) :-
    !,
    start_of(Game0, Start),
    Start = start(Ours0, Own0),
    number_string(Count, N),
    read_moves(Count, Ours0, Own0, Ours, Own).
command(["legal", N], _, _, Game, Game) :-
    !,
    number_string(Count, N),
    forall(between(1, Count, _), read_line_to_string(user_input, _)).
command(["go"|_], _, Pred, Game, Game) :-
    !,
    Game = at(_, _, Own),
    (   catch(to_error_output(once(call(user:Pred, Own, Move))), E, true)
    ->  (   var(E)
        ->  format(string(Answer), "move ~q", [Move])
        ;   message_to_codes(E, Text),
            format(string(Answer), "error ~s", [Text])
        )
    ;   format(string(Answer), "error ~w failed", [Pred])
    ),
    answer(Answer).

to_error_output(Goal) :-
    current_output(Out),
    setup_call_cleanup(set_output(user_error), Goal, set_output(Out)).

message_to_codes(E, Codes) :-
    (   E = error(Formal, _) -> format(codes(Codes), "~q", [Formal])
    ;   format(codes(Codes), "~q", [E])
    ).

own_start(game(_, State), Own) :-
    (   current_predicate(user:initialState/1)
    ->  user:initialState(Own)
    ;   Own = State
    ).

start_of(start(Ours, Own), start(Ours, Own)).
start_of(at(Start, _, _), Start).

read_moves(0, Ours, Own, Ours, Own) :- !.
read_moves(N, Ours0, Own0, Ours, Own) :-
    read_line_to_string(user_input, Text),
    tabula_parse_move(Ours0, Text, Move),
    tabula_move(Ours0, Move, Ours1), !,
    (   current_predicate(user:makeMove/3)
    ->  once(user:makeMove(Own0, Move, Own1))
    ;   Ours1 = game(_, Own1)
    ),
    N1 is N - 1,
    read_moves(N1, Ours1, Own1, Ours, Own).

answer(Text) :-
    format(user_output, "~w~n", [Text]),
    flush_output(user_output).
