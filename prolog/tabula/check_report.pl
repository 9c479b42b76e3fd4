:- module(check_report,
          [ check_print_report/1,     % +Report
            check_print_report/2,     % +Stream, +Report
            check_report_faults/2,    % +Report, -Faults
            check_report_status/2,    % +Report, -ExitStatus
            check_fault_text/3,       % +Name, +Example, -Text
            check_save_tests/3        % +Report, +Loads, +File
          ]).
/** <module> A check's report, for people and for plunit

A report is the term check_core:check_run/4 returns:

    report(Game, Info, Preds)

Info a list of program(P), seconds(S), seed(N), isolation(I),
loads(Outcomes), status(checked | unchecked(Why)), positions(Checked,
Chosen); Preds one pred(PI, Status, Calls, Faults) per course predicate,
Status `agreed`, `faulty`, `timed_out`, `undefined`, `unreached` or
`unchecked`, and Faults one fault(Kind, Count, Example) per kind of fault,
Example the minimal counterexample example(Position, Case, Verdict).

This module prints it, says each counterexample in words (the course's
own terms, the board drawn as tabula_display/1 draws it, the call, what
the rules say and what the program said), and writes the
counterexamples as a plunit file of regression tests.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(option)).
:- use_module(library(tabula/check_compare)).
:- use_module(library(tabula/check_core), []).

%!  check_print_report(+Report) is det.
%!  check_print_report(+Stream, +Report) is det.
%
%   Prints Report (check_core's report term) to Stream (default the
%   current output): a header, one line per predicate, then every
%   counterexample.
check_print_report(Report) :-
    current_output(S),
    check_print_report(S, Report).

check_print_report(Out, Report) :-
    must_be(stream, Out),
    valid_report(Report),
    Report = report(Game, Info, Preds),
    header(Out, Game, Info),
    (   memberchk(status(unchecked(Why)), Info)
    ->  unchecked_text(Why, Text),
        format(Out, "~nThe program could not be checked: ~s~n", [Text])
    ;   format(Out, "~n", []),
        forall(member(P, Preds), pred_line(Out, P)),
        summary(Out, Preds),
        forall(( member(pred(PI, _, Calls, Faults), Preds), member(F, Faults) ),
               ( format(Out, "~n", []), fault_block(Out, Game, PI, Calls, F) ))
    ).

valid_report(Report) :-
    (   Report = report(Game, Info, Preds), atom(Game), is_list(Info), is_list(Preds)
    ->  true
    ;   type_error(check_report, Report)
    ).

header(Out, Game, Info) :-
    option(program(Program), Info, '?'),
    format(Out, "Tabula check of ~w (~w)~n", [Program, Game]),
    (   memberchk(isolation(I), Info)
    ->  (   I == bwrap
        ->  format(Out, "Isolation: bubblewrap (file system read-only except its scratch copy, no network)~n", [])
        ;   I = none(Why)
        ->  format(Out, "Isolation: NONE, process limits only: ~w.~n", [Why]),
            format(Out, "           The program could write outside its scratch copy and reach the network.~n", [])
        ;   true
        )
    ;   true
    ),
    (   memberchk(positions(Checked, Chosen), Info)
    ->  option(seed(Seed), Info, 1),
        option(seconds(Secs), Info, 0),
        format(Out, "Seed ~w: ~d of ~d positions checked in ~1f s (replay with --seed ~w)~n",
               [Seed, Checked, Chosen, Secs, Seed])
    ;   true
    ),
    (   memberchk(loads(Loads), Info)
    ->  forall(member(Goal-Outcome, Loads), load_line(Out, Goal, Outcome))
    ;   true
    ).

load_line(Out, Goal, loaded(answers([_], _), E, W)) :-
    !,
    format(Out, "Loaded with ~q: ~d error(s), ~d warning(s)~n", [Goal, E, W]).
load_line(Out, Goal, Outcome) :-
    outcome_text(Outcome, Text),
    format(Out, "Loading with ~q: ~s~n", [Goal, Text]).

unchecked_text(no_course_predicate, "it defines none of the course's predicates") :- !.
unchecked_text(load(Goal, Outcome), Text) :-
    !,
    outcome_text(Outcome, T),
    format(string(Text), "loading with ~q: ~s", [Goal, T]).
unchecked_text(Why, Text) :-
    format(string(Text), "~q", [Why]).

pred_line(Out, pred(PI, Status, Calls, Faults)) :-
    status_word(Status, Word),
    format(string(Name), "~q", [PI]),
    (   Faults == []
    ->  (   Calls > 0
        ->  plural(Calls, call, Calls1),
            format(Out, "  ~w~t~28|~w~t~40|(~D ~w)~n", [Name, Word, Calls, Calls1])
        ;   format(Out, "  ~w~t~28|~w~n", [Name, Word])
        )
    ;   findall(T, ( member(fault(K, N, _), Faults), check_fault_kind_text(K, KT),
                     format(string(T), "~s (~D)", [KT, N]) ), Ts),
        atomic_list_concat(Ts, '; ', Text),
        format(Out, "  ~w~t~28|~w~t~40|~w, of ~D calls~n", [Name, Word, Text, Calls])
    ).

plural(1, W, W) :- !.
plural(_, W, Ws) :- atom_concat(W, s, Ws).

status_word(agreed, 'agrees').
status_word(faulty, 'FAULTY').
status_word(timed_out, 'TIMED OUT').
status_word(undefined, 'not defined').
status_word(unreached, 'not reached').
status_word(unchecked, 'not checked').

summary(Out, Preds) :-
    findall(S, member(pred(_, S, _, _), Preds), Ss),
    msort(Ss, Sorted),
    clumped(Sorted, Counts),
    findall(T, ( member(S-N, Counts), status_word(S, W), format(string(T), "~d ~w", [N, W]) ), Ts),
    atomic_list_concat(Ts, ', ', Text),
    format(Out, "~nSummary: ~w.~n", [Text]).

fault_block(Out, Game, PI, Calls, fault(Kind, Count, Example)) :-
    check_fault_kind_text(Kind, KT),
    format(Out, "~q ~s (~D of ~D calls).~n", [PI, KT, Count, Calls]),
    check_fault_text(Game, Example, Text),
    format(Out, "~s", [Text]).

%!  check_fault_text(+Name, +Example, -Text) is det.
%
%   Text shows the counterexample Example (example(Position, Case,
%   Verdict)) of a report of Game: the moves from the start, the board,
%   the call, what the rules say and what the program said.
check_fault_text(Game, Example, Text) :-
    must_be(atom, Game),
    (   Example = example(Position, Case, Verdict)
    ->  true
    ;   type_error(check_example, Example)
    ),
    with_output_to(string(Text), example_text(Game, Position, Case, Verdict)).

example_text(Game, Position, Case, Verdict) :-
    Position = pos(History, _),
    (   is_list(History)
    ->  length(History, L),
        (   L =:= 0
        ->  format("  At the start of the game.~n", [])
        ;   atomic_list_concat_q(History, Moves),
            format("  After ~d move(s) from the start: ~w~n", [L, Moves])
        )
    ;   History = example(Name, _)
    ->  format("  In the course statement's example (~w).~n", [Name])
    ;   true
    ),
    check_core:profile(Game, M),
    (   catch(M:check_show(Position, Show), _, fail)
    ->  split_string(Show, "\n", "", Lines),
        forall(member(Line, Lines), format("    ~s~n", [Line]))
    ;   true
    ),
    case_call_text(Case, Call),
    format("    ~s~n", [Call]),
    expected_text(Case, Rules),
    format("  The rules: ~s~n", [Rules]),
    got_text(Case, Verdict, Got),
    format("  Program:   ~s~n", [Got]).

atomic_list_concat_q(Terms, Text) :-
    maplist([T, S]>>format(string(S), "~W", [T, [quoted(true), priority(999)]]), Terms, Ss),
    atomic_list_concat(Ss, ', ', Text).

case_call_text(setup(S, Setup), Text) :-
    !,
    format(string(Text), "~W.", [Setup, [quoted(true), variable_names(['S'=S]), portray(true)]]).
case_call_text(case(_, Goal, _, _, Names), Text) :-
    term_variables(Goal, Vars),
    name_rest(Vars, Names, AllNames),
    format(string(Text), "~W.", [Goal, [quoted(true), variable_names(AllNames)]]).

% The state variable is S; other unnamed variables print as _.
name_rest(Vars, Names, AllNames) :-
    include([V]>>( \+ ( member(_=W, Names), W == V ) ), Vars, Unnamed),
    (   Unnamed = [S|More] -> true ; More = [] ),
    (   var(S) -> First = ['S'=S] ; First = [] ),
    maplist([V, '_'=V]>>true, More, Anon),
    append([Names, First, Anon], AllNames).

expected_text(setup(_, _), "it succeeds (this position is reached by legal moves)") :- !.
expected_text(case(_, _, Template, Expected, Names), Text) :-
    expected_text(Expected, Template, Names, Text).

expected_text(one(V), Template, Names, Text) :-
    bindings_text(Template, V, Names, Text).
expected_text(none, _, _, "false (it must fail)").
expected_text(some, _, _, "it succeeds").
expected_text(bag(Vs), _, _, Text) :-
    length(Vs, N),
    (   N =< 12
    ->  format(string(Text), "~d answer(s), each once, in any order: ~q", [N, Vs])
    ;   format(string(Text), "~d answers, each once, in any order", [N])
    ).
expected_text(member(Vs), _, _, Text) :-
    length(Vs, N),
    format(string(Text), "a legal move (there are ~d)", [N]).

bindings_text(Template, Value, Names, Text) :-
    copy_term(Template-Names, T-Ns),
    (   T = Value
    ->  include([_=V]>>( nonvar(V) ; true ), Ns, _),
        term_variables(Template, TVs),
        findall(N=Val, ( member(N=Var0, Names), member(TV, TVs), TV == Var0,
                         nth1(I, Names, N=Var0), nth1(I, Ns, N=Val) ), Pairs),
        (   Pairs == []
        ->  Text = "true"
        ;   maplist([N=V, S]>>format(string(S), "~w = ~q", [N, V]), Pairs, Ss),
            atomic_list_concat(Ss, ', ', Text)
        )
    ;   format(string(Text), "~q", [Value])
    ).

got_text(_, fault(_, no_answer), "false (it fails)") :- !.
got_text(case(_, _, Template, _, Names), fault(_, answer(A)), Text) :-
    !,
    bindings_text(Template, A, Names, Text).
got_text(case(_, _, Template, _, Names), fault(_, answers([A, B])), Text) :-
    !,
    bindings_text(Template, A, Names, TA),
    bindings_text(Template, B, Names, TB),
    format(string(Text), "~s ; ~s  (a second answer)", [TA, TB]).
got_text(_, fault(_, diff(Missing, Extra, Repeated)), Text) :-
    !,
    findall(T, ( member(What-L, ["missing"-Missing, "not allowed"-Extra, "given more than once"-Repeated]),
                 L \== [], format(string(T), "~s: ~q", [What, L]) ), Ts),
    atomic_list_concat(Ts, '; ', Text).
got_text(_, fault(_, Outcome), Text) :-
    outcome_text(Outcome, Text).

outcome_text(error(E), Text) :-
    !,
    (   catch(message_to_codes(E, Codes), _, fail)
    ->  format(string(Text), "raises ~s", [Codes])
    ;   format(string(Text), "raises ~q", [E])
    ).
outcome_text(timeout, "no answer within the time limit") :- !.
outcome_text(inference_limit, "no answer within the inference limit (an endless loop?)") :- !.
outcome_text(stack_overflow, "a stack overflow") :- !.
outcome_text(memory, "out of memory") :- !.
outcome_text(output_overflow, "printed more than the output limit") :- !.
outcome_text(read_input, "read from standard input (which is closed)") :- !.
outcome_text(aborted, "called abort/0") :- !.
outcome_text(halted(C), Text) :- !, format(string(Text), "ended the process (halt, exit status ~w)", [C]).
outcome_text(crashed(S), Text) :- !, format(string(Text), "crashed the process (signal ~w)", [S]).
outcome_text(unprintable(W), Text) :- !, format(string(Text), "an answer that cannot be printed (~w)", [W]).
outcome_text(not_run(W), Text) :- !, format(string(Text), "not run (~w)", [W]).
outcome_text(answers(As, _), Text) :- !, format(string(Text), "answers ~q", [As]).
outcome_text(O, Text) :- format(string(Text), "~q", [O]).

message_to_codes(E, Codes) :-
    message_to_codes(E, [], Codes0),
    !,
    Codes = Codes0.
message_to_codes(E, Codes) :-
    format(codes(Codes), "~q", [E]).

%!  check_report_faults(+Report, -Faults) is det.
%
%   Faults are PI-Kind for every fault of Report, in the report's order.
check_report_faults(Report, Faults) :-
    valid_report(Report),
    Report = report(_, _, Preds),
    findall(PI-Kind, ( member(pred(PI, _, _, Fs), Preds), member(fault(Kind, _, _), Fs) ), Faults).

%!  check_report_status(+Report, -ExitStatus) is det.
%
%   ExitStatus is 0 when every defined predicate agrees, 1 when some
%   fault was found, 2 when the program could not be checked.
check_report_status(Report, Status) :-
    valid_report(Report),
    Report = report(_, Info, Preds),
    (   memberchk(status(unchecked(_)), Info)
    ->  Status = 2
    ;   member(pred(_, S, _, _), Preds), memberchk(S, [faulty, timed_out])
    ->  Status = 1
    ;   Status = 0
    ).

                 /*******************************
                 *        REGRESSION TESTS      *
                 *******************************/

%!  check_save_tests(+Report, +Loads, +File) is det.
%
%   Writes to File a plunit file with one test per counterexample of
%   Report, which loads the program with the directives Loads (goals)
%   and asserts what the rules say. Kept next to the program, it fails
%   until the fault is fixed.
check_save_tests(Report, Loads, File) :-
    valid_report(Report),
    must_be(list, Loads),
    must_be(atomic, File),
    Report = report(Game, _, Preds),
    setup_call_cleanup(
        open(File, write, Out, [encoding(utf8)]),
        write_tests(Out, Game, Loads, Preds),
        close(Out)).

write_tests(Out, Game, Loads, Preds) :-
    format(Out, "% Regression tests written by Tabula's checker (library(tabula/check)):~n", []),
    format(Out, "% each is a counterexample where the program disagreed with the rules.~n", []),
    format(Out, "% Run: swipl -g run_tests -t halt <this file>~n~n", []),
    format(Out, ":- use_module(library(plunit)).~n", []),
    forall(member(L, Loads), portray_clause(Out, (:- L))),
    format(Out, "~n:- begin_tests(~q).~n~n", [Game]),
    forall(( member(pred(PI, _, _, Fs), Preds), member(fault(Kind, _, example(Pos, Case, _)), Fs) ),
           write_test(Out, Game, PI, Kind, Pos, Case)),
    format(Out, ":- end_tests(~q).~n", [Game]).

write_test(Out, Game, N/A, Kind, Pos, Case) :-
    format(atom(Name), '~w/~w ~w', [N, A, Kind]),
    check_core:profile(Game, M),
    M:check_setup(Pos, S, Setup, _),
    test_body(Case, S, Setup, Body),
    (   Pos = pos(History, _), is_list(History)
    ->  format(Out, "% moves from the start: ~q~n", [History])
    ;   true
    ),
    portray_clause(Out, (test(Name) :- Body)),
    nl(Out).

test_body(setup(S0, Setup0), S, Setup, Body) :-
    !,
    S0 = S, Setup0 = Setup,
    Body = assertion(Setup).
test_body(case(_, Goal, Template, Expected, _), S0, Setup, Body) :-
    term_variables(Goal, Vs),
    (   Vs = [S|_], S = S0 -> true ; true ),
    expected_body(Expected, Goal, Template, Check),
    Body = (Setup, Check).

expected_body(one(V), Goal, T, (findall(T, Goal, Answers), assertion(Answers =@= [V]))).
expected_body(none, Goal, _, assertion(\+ Goal)).
expected_body(some, Goal, _, assertion(Goal)).
expected_body(bag(Vs), Goal, T, (findall(T, Goal, Answers), msort(Answers, Sorted), assertion(Sorted =@= E))) :-
    msort(Vs, E).
expected_body(member(Vs), Goal, T, (once(Goal), assertion(memberchk(T, Vs)))).
