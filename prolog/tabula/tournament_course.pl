:- module(tabula_tournament_course,
          [ tournament_course_main/0
          ]).
/** <module> A course program as a tournament player

The program a tournament runs for a `course(Name, File, Predicate)`
player:

    swipl -g "use_module(library(tabula/tournament_course))" \
          -g tournament_course_main -t halt -- File Predicate [sandbox]

It consults File (a course submission: its own rules and its player) into
`user`, in the process's own folder, or, with `sandbox`, in a child of
library(tabula/sandbox) working in a scratch copy of File's folder (under
bwrap where it runs, with its limits; its time per call is left to the
referee's clock), and speaks the player protocol of
docs/tournament.md: each position is built in the program's own terms,
with its own initialState/1 and makeMove/3 when it defines them (the UTTT
course's names), else with the uniform API's state, and each `go` is
answered with `Predicate(State, Move)`, the move written as a term (the
referee reads it against its own position). A predicate that fails or
raises answers `error ...`, which the referee records as unreadable.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module(library(readutil)).
:- use_module(library(tabula)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/tournament_protocol)).
:- use_module(library(tabula/sandbox)).

%!  tournament_course_main is det.
%
%   Plays as a tournament player on standard input and output with the
%   course program File and its player Predicate, the first two
%   command-line arguments (a third, `sandbox`, runs File in a sandbox),
%   until `quit` or the end of its input.
tournament_course_main :-
    current_prolog_flag(argv, [File, PredText|Rest]),
    atom_string(Pred, PredText),
    set_stream(user_input, encoding(utf8)),
    set_stream(user_output, encoding(utf8)),
    (   Rest = [sandbox|_]
    ->  sandboxed(File, Runner)
    ;   % the program's own printing goes to the error output: standard
        % output carries the protocol only
        to_error_output(user:consult(File)),
        Runner = local
    ),
    own_rules(Runner, Own),
    serve(ctx(Runner, Own, Pred), none),
    (   Runner = sandbox(Sandbox) -> sandbox_stop(Sandbox) ; true ).

sandboxed(File, sandbox(Sandbox)) :-
    file_directory_name(File, Dir),
    file_base_name(File, Base),
    current_prolog_flag(executable, Exe),
    paths(Paths),
    sandbox_start(Dir, [time(600), executable(Exe), swipl_args(Paths)], Sandbox),
    sandbox_load(Sandbox, consult(Base), _).

% The children get this process's library and foreign folders.
paths(['-p', F, '-p', L]) :-
    module_property(tabula_tournament_course, file(Me)),
    file_directory_name(Me, TabulaDir),
    file_directory_name(TabulaDir, Library),
    absolute_file_name(foreign(tabula_uttt), Lib, [file_type(executable), access(read)]),
    file_directory_name(Lib, Foreign),
    format(atom(F), 'foreign=~w', [Foreign]),
    format(atom(L), 'library=~w', [Library]).

% own(Bool): whether the program has its own initialState/1 and
% makeMove/3, with which its states are built.
own_rules(local, Own) :-
    (   current_predicate(user:initialState/1), current_predicate(user:makeMove/3)
    ->  Own = true ; Own = false ).
own_rules(sandbox(Sandbox), Own) :-
    sandbox_defined(Sandbox, [user:initialState/1, user:makeMove/3], Defined),
    (   length(Defined, 2) -> Own = true ; Own = false ).

% run(+Runner, +Goal, ?Template, -Result): Result is ok (Template bound
% by Goal's first answer) or error(Text).
run(local, Goal, _, Result) :-
    (   catch(to_error_output(once(user:Goal)), E, true)
    ->  (   var(E) -> Result = ok ; error_text(E, Text), Result = error(Text) )
    ;   Result = error("failed")
    ).
run(sandbox(Sandbox), Goal, Template, Result) :-
    sandbox_call(Sandbox, Goal, Template, 1, Outcome),
    (   Outcome = answers([Template], _) -> Result = ok
    ;   Outcome = answers([], _) -> Result = error("failed")
    ;   Outcome = error(E) -> error_text(error(E, _), Text), Result = error(Text)
    ;   Outcome = error(E, _) -> error_text(error(E, _), Text), Result = error(Text)
    ;   format(string(Text), "~q", [Outcome]), Result = error(Text)
    ).

error_text(E, Text) :-
    (   E = error(Error, _) -> true ; Error = E ),
    (   Error = error(Formal, _) -> true ; Formal = Error ),
    format(string(Text), "~q", [Formal]).

to_error_output(Goal) :-
    current_output(Out),
    setup_call_cleanup(set_output(user_error), Goal, set_output(Out)).

% The game: none, or game(Start, Texts, Ours, Own): the moves applied so
% far (texts), our position and the program's own after them; a position
% that extends them costs only its new moves.
serve(Ctx, Game) :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file -> true
    ;   split_string(Line, " ", "", Words),
        command(Words, Line, Ctx, Game, Game1)
    ->  (   Game1 == quit -> true ; serve(Ctx, Game1) )
    ;   serve(Ctx, Game)
    ).

command(["quit"|_], _, _, _, quit) :- !.
command(["tabula-player", "1"|_], _, ctx(_, _, Pred), Game, Game) :-
    !,
    format(string(Hello), "tabula-player 1 ~w", [Pred]),
    answer(Hello).
command(["game"|_], Line, Ctx, _, game(Start, [], Ours, Own)) :-
    !,
    protocol_new_game(Line, Ours),
    own_start(Ctx, Ours, Own),
    Start = Ours-Own.
command(["position", N], _, Ctx, game(Start, Done, Ours0, Own0), game(Start, Texts, Ours, Own)) :-
    !,
    number_string(Count, N),
    length(Texts, Count),
    maplist([T]>>read_line_to_string(user_input, T), Texts),
    (   append(Done, New, Texts)
    ->  apply_moves(New, Ctx, Ours0, Own0, Ours, Own)
    ;   Start = Ours1-Own1,
        apply_moves(Texts, Ctx, Ours1, Own1, Ours, Own)
    ).
command(["legal", N], _, _, Game, Game) :-
    !,
    number_string(Count, N),
    forall(between(1, Count, _), read_line_to_string(user_input, _)).
command(["go"|_], _, ctx(Runner, _, Pred), Game, Game) :-
    !,
    Game = game(_, _, _, Own),
    Goal =.. [Pred, Own, Move],
    run(Runner, Goal, Move, Result),
    (   Result == ok
    ->  format(string(Answer), "move ~q", [Move])
    ;   Result = error(Text),
        format(string(Answer), "error ~w", [Text])
    ),
    answer(Answer).

own_start(ctx(Runner, true, _), _, Own) :-
    !,
    run(Runner, initialState(Own), Own, ok).
own_start(_, game(_, State), State).

apply_moves([], _, Ours, Own, Ours, Own).
apply_moves([Text|Texts], Ctx, Ours0, Own0, Ours, Own) :-
    tabula_parse_move(Ours0, Text, Move),
    tabula_move(Ours0, Move, Ours1), !,
    (   Ctx = ctx(Runner, true, _)
    ->  run(Runner, makeMove(Own0, Move, Own1), Own1, ok)
    ;   Ours1 = game(_, Own1)
    ),
    apply_moves(Texts, Ctx, Ours1, Own1, Ours, Own).

answer(Text) :-
    format(user_output, "~w~n", [Text]),
    flush_output(user_output).
