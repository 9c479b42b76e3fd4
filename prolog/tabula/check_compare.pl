:- module(check_compare,
          [ check_verdict/3,          % +Expected, +Outcome, -Verdict
            check_fault_kind_text/2   % ?Kind, ?Text
          ]).
/** <module> What the rules say against what a program did

One comparison for every game and predicate. The rules' side is an
*expectation*:

  - one(V): exactly one answer, V (a second answer is a fault);
  - none: no answer (the goal fails);
  - bag(Vs): the answers, in any order, are Vs with their multiplicity
    (a missing, an extra or a repeated answer is a fault);
  - member(Vs): one answer (the first is taken), one of Vs (a player's
    move must be legal);
  - some: at least one answer, whatever it is.

The program's side is a sandbox outcome (library(tabula/sandbox)). The
verdict is `agree` or `fault(Kind, Got)`, Kind an atom that names the
fault (check_fault_kind_text/2 says it in words) and Got what the program
gave, as the report shows it.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).

%!  check_verdict(+Expected, +Outcome, -Verdict) is det.
%
%   Verdict is `agree` when Outcome (a sandbox outcome) is what Expected
%   (one/1, none, bag/1, member/1, some) asks for, otherwise
%   fault(Kind, Got). Raises a domain_error for an Expected that is not
%   one of those.
check_verdict(Expected, Outcome, Verdict) :-
    must_be(nonvar, Expected),
    must_be(nonvar, Outcome),
    (   expected(Expected)
    ->  true
    ;   domain_error(check_expectation, Expected)
    ),
    (   Outcome = answers(Answers, Det), is_list(Answers)
    ->  answers_verdict(Expected, Answers, Det, Verdict)
    ;   outcome_kind(Outcome, Kind)
    ->  Verdict = fault(Kind, Outcome)
    ;   domain_error(sandbox_outcome, Outcome)
    ).

expected(one(_)).
expected(none).
expected(bag(Vs)) :- is_list(Vs).
expected(member(Vs)) :- is_list(Vs).
expected(some).

outcome_kind(error(_), error).
outcome_kind(timeout, timeout).
outcome_kind(inference_limit, inference_limit).
outcome_kind(stack_overflow, stack_overflow).
outcome_kind(memory, memory).
outcome_kind(output_overflow, output_overflow).
outcome_kind(read_input, read_input).
outcome_kind(aborted, aborted).
outcome_kind(halted(_), halted).
outcome_kind(crashed(_), crashed).
outcome_kind(unprintable(_), unprintable).
outcome_kind(not_run(_), not_run).

answers_verdict(one(V), Answers, _, Verdict) :-
    (   Answers == []
    ->  Verdict = fault(failed, no_answer)
    ;   Answers = [A]
    ->  (   A =@= V -> Verdict = agree ; Verdict = fault(wrong_answer, answer(A)) )
    ;   Answers = [A, B|_],
        (   A =@= V
        ->  Verdict = fault(second_answer, answers([A, B]))
        ;   Verdict = fault(wrong_answer, answer(A))
        )
    ).
answers_verdict(none, Answers, _, Verdict) :-
    (   Answers == []
    ->  Verdict = agree
    ;   Answers = [A|_],
        Verdict = fault(succeeded, answer(A))
    ).
answers_verdict(some, Answers, _, Verdict) :-
    (   Answers == []
    ->  Verdict = fault(failed, no_answer)
    ;   Verdict = agree
    ).
answers_verdict(member(Vs), Answers, _, Verdict) :-
    (   Answers == []
    ->  Verdict = fault(failed, no_answer)
    ;   Answers = [A|_],
        (   member(V, Vs), A =@= V
        ->  Verdict = agree
        ;   Verdict = fault(illegal_move, answer(A))
        )
    ).
answers_verdict(bag(Vs), Answers, Det, Verdict) :-
    msort(Vs, Expected),
    msort(Answers, Got),
    (   Got =@= Expected, Det \== more
    ->  Verdict = agree
    ;   bag_difference(Expected, Got, Missing),
        bag_difference(Got, Expected, Extra0),
        repeated(Got, Expected, Repeated),
        bag_difference(Extra0, Repeated, Extra),
        Diff = diff(Missing, Extra, Repeated),
        bag_kind(Expected, Got, Diff, Det, Kind),
        Verdict = fault(Kind, Diff)
    ).

% Only the first of several answers: the program stops where it should go
% on (a cut too many), which is a fault of determinism, not of a rule.
bag_kind(Expected, Got, diff(Missing, Extra, Repeated), Det, Kind) :-
    length(Expected, NE),
    length(Got, NG),
    (   NG =:= 1, NE > 1, Extra == [], Repeated == []
    ->  Kind = only_first
    ;   Det == more, Missing == []
    ->  Kind = too_many_answers
    ;   Missing \== [], Extra == [], Repeated == []
    ->  Kind = missing
    ;   Missing == [], Extra \== [], Repeated == []
    ->  Kind = extra
    ;   Missing == [], Extra == [], Repeated \== []
    ->  Kind = duplicate
    ;   Kind = wrong_answers
    ).

%   bag_difference(+A, +B, -D): D is A less B, counting multiplicity
%   (both sorted).
bag_difference([], _, []) :- !.
bag_difference(A, [], A) :- !.
bag_difference([X|Xs], [Y|Ys], D) :-
    compare(O, X, Y),
    (   O == (=)
    ->  bag_difference(Xs, Ys, D)
    ;   O == (<)
    ->  D = [X|D1], bag_difference(Xs, [Y|Ys], D1)
    ;   bag_difference([X|Xs], Ys, D)
    ).

% The answers Got gives more often than Expected does although Expected
% has them: each such surplus once per extra copy.
repeated(Got, Expected, Repeated) :-
    bag_difference(Got, Expected, Surplus),
    include([X]>>memberchk(X, Expected), Surplus, InExpected),
    findall(X, ( member(X, Surplus), \+ memberchk(X, Expected),
                 aggregate_all(count, member(X, Got), C), C > 1,
                 \+ first_copy(X, Surplus) ), Repeats),
    append(InExpected, Repeats, Repeated0),
    msort(Repeated0, Repeated).

first_copy(X, Surplus) :-
    nth0(I, Surplus, X), !,
    \+ ( nth0(J, Surplus, X), J > I ).

%!  check_fault_kind_text(?Kind, ?Text) is nondet.
%
%   Text says in words what a fault of Kind is.
check_fault_kind_text(failed, "fails where the rules give an answer").
check_fault_kind_text(wrong_answer, "gives a wrong answer").
check_fault_kind_text(second_answer, "gives a second answer where the rules give one").
check_fault_kind_text(succeeded, "succeeds where the rules say no").
check_fault_kind_text(illegal_move, "plays an illegal move").
check_fault_kind_text(only_first, "gives only the first of several answers (wrong determinism)").
check_fault_kind_text(too_many_answers, "gives more answers than the rules allow").
check_fault_kind_text(missing, "misses answers").
check_fault_kind_text(extra, "gives answers the rules do not allow").
check_fault_kind_text(duplicate, "gives the same answer more than once").
check_fault_kind_text(wrong_answers, "gives a wrong set of answers").
check_fault_kind_text(error, "raises an error").
check_fault_kind_text(timeout, "does not finish in time").
check_fault_kind_text(inference_limit, "does not finish within the inference limit (a loop?)").
check_fault_kind_text(stack_overflow, "overflows a stack").
check_fault_kind_text(memory, "runs out of memory").
check_fault_kind_text(output_overflow, "prints too much").
check_fault_kind_text(read_input, "reads its standard input").
check_fault_kind_text(aborted, "aborts").
check_fault_kind_text(halted, "ends the program (halt)").
check_fault_kind_text(crashed, "crashes the process").
check_fault_kind_text(unprintable, "gives an answer that cannot be printed (cyclic or too large)").
check_fault_kind_text(not_run, "could not be run").
