:- module(tabula_sandbox_child,
          [ sandbox_serve/0
          ]).
/** <module> The child side of library(tabula/sandbox)

This file is what a sandboxed `swipl` runs (library(tabula/sandbox)
starts it with `-g tabula_sandbox_child:sandbox_serve`); it is not meant
to be loaded by anything else. It reads requests from its standard input
and writes one tagged line per answer on its standard output, so that
whatever the untrusted code prints cannot be taken for an answer:

    <nl>TABULA-<Nonce> <Term>.<nl>

The first request is `hello(Nonce, Limits)`. Each later one is

  - load(Goal): run a loading goal (consult/1, use_module/1, ...) with the
    messages it prints counted: `loaded(Outcome, Errors, Warnings)`;
  - defined(PIs): which of the Module:Name/Arity in PIs are defined:
    `defined(Defined)`;
  - run(Setup, Goals): Setup binds the variables Goals share (it runs
    once, as the first answer says: `setup(Outcome)`), then each goal of
    Goals, a list of g(Goal, Template, Max), answers `goal(I, Outcome)`
    as soon as it is done, then `done`;
  - run(Setup, Goals, batched): the same, the goals' answers sent
    together (at least every quarter of a second) rather than each as
    soon as it is done: a crash may then lose the answers of the goals
    before it, which the parent asks again one by one;
  - stop: the child ends.

An Outcome is `answers(List, Det)` (List the instances of Template, at
most Max of them; Det `det` when the last answer left no choicepoint or
there was none, `nondet` when the goal left one and then failed, `more`
when Max answers were taken), `error(E)`, `timeout`, `inference_limit`,
`stack_overflow`, `memory`, `output_overflow`, `read_input` or
`aborted`. The untrusted code's standard input reads as empty (reading it
gives the outcome `read_input`) and its output goes to a counter (more
than the limit gives `output_overflow`).
*/

:- use_module(library(time)).
:- use_module(library(lists)).
:- use_module(library(apply)).

:- dynamic child_limit/2.                     % Name, Value

%!  sandbox_serve is det.
%
%   Serves requests from standard input until `stop` or its end. Meant
%   for the sandboxed child only: it takes over standard input and
%   output.
sandbox_serve :-
    stream_property(Requests, alias(user_input)),
    stream_property(Answers, alias(user_output)),
    set_stream(Requests, encoding(utf8)),
    set_stream(Answers, encoding(utf8)),
    set_stream(Answers, buffer(full)),
    nb_setval(tabula_answers, Answers),
    quiet_signals,
    read_term(Requests, Hello, []),
    (   Hello = hello(Nonce, Limits), atom(Nonce), is_list(Limits)
    ->  nb_setval(tabula_nonce, Nonce),
        forall(member(L, Limits), ( L =.. [N, V], assertz(child_limit(N, V)) )),
        captured_streams,
        at_halt(halting),
        answer(ready),
        under_inference_ceiling(serve(Requests))
    ;   halt(3)
    ).

% Stray warnings about the protocol streams must not reach the answers.
quiet_signals :-
    set_prolog_flag(verbose, silent),
    set_prolog_flag(toplevel_prompt, '').

% SWI-Prolog 10.0's call_with_inference_limit/3 first unifies the limit in
% force before it. With none in force that is 2^63-1, a big integer, which
% it builds without the right to collect garbage: when the global stack
% happens to be full to its current size it raises a stack overflow while
% the stacks are nearly empty. Under an outer limit that keeps the limit
% in force a small integer, every call of the requests is safe. Installing
% the outer limit meets the same danger once: after a collection it is
% tried again.
under_inference_ceiling(Goal) :-
    current_prolog_flag(max_tagged_integer, MaxTagged),
    Ceiling is MaxTagged // 4,
    nb_setval(tabula_ceiling, installing),
    between(1, 5, _),
    nb_getval(tabula_ceiling, installing),
    catch(call_with_inference_limit(( nb_setval(tabula_ceiling, installed), Goal ),
                                    Ceiling, _),
          error(resource_error(R), C),
          install_failed(error(resource_error(R), C))),
    !.
under_inference_ceiling(Goal) :-           % never installed: serve without
    nb_getval(tabula_ceiling, installing),
    call(Goal).

install_failed(E) :-
    (   nb_getval(tabula_ceiling, installing)
    ->  garbage_collect,
        fail
    ;   throw(E)
    ).

% A failure-driven loop: nothing of one request (bindings, choicepoints
% the untrusted code left) is kept for the next.
serve(Requests) :-
    repeat,
    catch(read_term(Requests, Request, []), _, Request = stop),
    (   Request == end_of_file
    ->  !
    ;   Request == stop
    ->  !,
        answer(stopped)
    ;   catch(once(serve_request(Request)), E, answer(internal_error(E))),
        garbage_collect,
        fail
    ).

serve_request(load(Goal)) :-
    !,
    nb_setval(tabula_messages, counts(0, 0)),
    setup_call_cleanup(
        assertz((user:message_hook(_, Kind, _) :- tabula_sandbox_child:count_message(Kind), fail), Ref),
        ( child_limit(load_time, Seconds), run_limited(once(Goal), x, 1, Seconds, Outcome) ),
        erase(Ref)),
    nb_getval(tabula_messages, counts(Errors, Warnings)),
    answer(loaded(Outcome, Errors, Warnings)).
serve_request(defined(PIs)) :-
    !,
    include(defined, PIs, Defined),
    answer(defined(Defined)).
serve_request(run(Setup, Goals)) :-
    !,
    serve_request(run(Setup, Goals, careful)).
serve_request(run(Setup, Goals, Mode)) :-
    memberchk(Mode, [careful, batched]),
    !,
    run_setup(Setup, SetupOutcome),
    (   SetupOutcome = answers([_], _)
    ->  answer(setup(answers([true], det))),
        get_time(Now),
        nb_setval(tabula_flushed, Now),
        run_goals(Goals, Mode, 1)
    ;   answer(setup(SetupOutcome))
    ),
    answer(done).
serve_request(Request) :-
    answer(unknown_request(Request)).

%   A message printed while loading (syntax errors, undefined procedures
%   at load time, singleton warnings) counts against the program.
count_message(Kind) :-
    nb_getval(tabula_messages, counts(E0, W0)),
    (   Kind == error
    ->  E is E0 + 1, nb_setval(tabula_messages, counts(E, W0))
    ;   Kind == warning
    ->  W is W0 + 1, nb_setval(tabula_messages, counts(E0, W))
    ;   true
    ).

defined(M:N/A) :-
    atom(M), atom(N), integer(A),
    functor(H, N, A),
    (   predicate_property(M:H, defined)
    ->  \+ predicate_property(M:H, imported_from(system))
    ;   fail
    ),
    !.

run_goals([], _, _).
run_goals([g(Goal, Template, Max)|Goals], Mode, I) :-
    child_limit(time, Seconds),
    run_limited(Goal, Template, Max, Seconds, Outcome),
    (   Mode == careful
    ->  answer(goal(I, Outcome))
    ;   batched_answer(goal(I, Outcome))
    ),
    I1 is I + 1,
    run_goals(Goals, Mode, I1).

% Written now, sent with the next flush: the one after the run, or one
% now when the last is a quarter of a second old, so that the parent,
% which waits a limited time for each answer, hears from a long run.
batched_answer(Term) :-
    nb_getval(tabula_answers, Out),
    nb_getval(tabula_nonce, Nonce),
    format(Out, "~nTABULA-~w ~q.~n", [Nonce, Term]),
    get_time(Now),
    nb_getval(tabula_flushed, Last),
    (   Now - Last > 0.25
    ->  flush_output(Out),
        nb_setval(tabula_flushed, Now)
    ;   true
    ).

%   Setup runs once and keeps its bindings, which the goals share.
run_setup(Setup, Outcome) :-
    child_limit(time, Seconds),
    child_limit(inferences, Inferences),
    reset_call_state,
    (   catch(with_captured_io(
                  call_with_time_limit(
                      Seconds,
                      call_with_inference_limit(once(user:Setup), Inferences, Result))),
              E,
              true)
    ->  (   var(E), Result \== inference_limit_exceeded
        ->  outcome(E, Result, [true], det, Outcome0)
        ;   outcome(E, Result, [], det, Outcome0)
        )
    ;   outcome(_, failed, [], det, Outcome0)
    ),
    safe_outcome(Outcome0, Outcome).

reset_call_state :-
    nb_setval(tabula_output, 0),
    nb_setval(tabula_read, false),
    nb_setval(tabula_overflow, false).

%   Outcome of Goal under the per-call limits (time, inferences, output),
%   with its standard input empty and its output counted, not shown.
run_limited(Goal, Template, Max, Seconds, Outcome) :-
    child_limit(inferences, Inferences),
    reset_call_state,
    catch(with_captured_io(
              call_with_time_limit(
                  Seconds,
                  call_with_inference_limit(
                      collect(Goal, Template, Max, Answers, Det),
                      Inferences, Result))),
          E,
          true),
    outcome(E, Result, Answers, Det, Outcome0),
    safe_outcome(Outcome0, Outcome).

collect(Goal, Template, Max, Answers, Det) :-
    findall(T-D,
            limit(Max, ( call_cleanup(user:Goal, Done = true),
                         ( Done == true -> D = det ; D = nondet ),
                         T = Template )),
            Pairs),
    pairs_keys_values(Pairs, Answers, Dets),
    length(Pairs, N),
    (   N =:= 0
    ->  Det = det
    ;   last(Dets, LastDet),
        (   LastDet == det -> Det = det
        ;   N >= Max -> Det = more
        ;   Det = nondet
        )
    ).

outcome(E, _, _, _, Outcome) :-
    nonvar(E),
    !,
    (   nb_getval(tabula_overflow, true)
    ->  Outcome = output_overflow
    ;   nb_getval(tabula_read, true), E = tabula_sandbox(read_input)
    ->  Outcome = read_input
    ;   exception_outcome(E, Outcome)
    ).
outcome(_, inference_limit_exceeded, _, _, inference_limit) :- !.
outcome(_, _, Answers, Det, Outcome) :-
    (   nb_getval(tabula_read, true)
    ->  Outcome = read_input
    ;   Outcome = answers(Answers, Det)
    ).

exception_outcome(time_limit_exceeded, timeout) :- !.
exception_outcome(time_limit_exceeded(_), timeout) :- !.
exception_outcome('$aborted', aborted) :- !.
exception_outcome(unwind(abort), aborted) :- !.
exception_outcome(tabula_sandbox(What), What) :- !.
exception_outcome(error(resource_error(R), _), Outcome) :-
    stack_resource(R),
    !,
    Outcome = stack_overflow.
exception_outcome(error(resource_error(memory), _), memory) :-
    !.
exception_outcome(E, error(E)).

stack_resource(R) :-
    memberchk(R, [stack, stack_overflow, global_stack, local_stack, trail_stack, global, local, trail]).

% An answer that cannot travel as text (cyclic, or too large) is named
% as such rather than sent.
safe_outcome(Outcome0, Outcome) :-
    (   \+ acyclic_term(Outcome0)
    ->  Outcome = unprintable(cyclic)
    ;   child_limit(answer_bytes, Max),
        catch(format(string(S), "~q", [Outcome0]), _, fail)
    ->  string_length(S, Len),
        (   Len > Max
        ->  Outcome = unprintable(too_large(Len))
        ;   Outcome = Outcome0
        )
    ;   Outcome = unprintable(unwritable)
    ).

%   The untrusted code sees an empty standard input and an output that
%   only counts. The streams are made once and rebound for every call.
captured_streams :-
    open_prolog_stream(tabula_sandbox_child, write, Out, []),
    open_prolog_stream(tabula_sandbox_child, read, In, []),
    set_stream(Out, buffer(line)),
    nb_setval(tabula_capture, streams(Out, In)),
    set_stream(Out, alias(user_output)),
    set_stream(Out, alias(user_error)),
    set_stream(In, alias(user_input)),
    set_output(Out),
    set_input(In).

with_captured_io(Goal) :-
    nb_getval(tabula_capture, streams(Out, In)),
    set_stream(Out, alias(user_output)),
    set_stream(Out, alias(user_error)),
    set_stream(In, alias(user_input)),
    set_output(Out),
    set_input(In),
    call(Goal),
    !.
with_captured_io(_) :-
    fail.

% The code halted: say so at once, since the rest of halting may not end
% (an alarm of call_with_time_limit/2 can keep the process alive).
halting :-
    (   current_prolog_flag(exit_status, Status) -> true ; Status = unknown ),
    catch(answer(halting(Status)), _, true).

% Hooks of the prolog streams.
:- public stream_write/2, stream_read/2, stream_close/1.

stream_write(_, String) :-
    string_length(String, Len),
    nb_getval(tabula_output, N0),
    N is N0 + Len,
    nb_setval(tabula_output, N),
    child_limit(output_bytes, Max),
    (   N > Max
    ->  nb_setval(tabula_overflow, true),
        throw(tabula_sandbox(output_overflow))
    ;   true
    ).

stream_read(_, _) :-
    nb_setval(tabula_read, true),
    throw(tabula_sandbox(read_input)).

stream_close(_).

answer(Term) :-
    nb_getval(tabula_answers, Out),
    nb_getval(tabula_nonce, Nonce),
    format(Out, "~nTABULA-~w ~q.~n", [Nonce, Term]),
    flush_output(Out).
