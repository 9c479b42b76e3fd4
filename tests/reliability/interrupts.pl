:- module(reliability_interrupts,
          [ interrupt_cases/1,        % -Cases
            overshoot/4,              % +Goal, +Limit, -Seconds, -Caught
            measure_interrupts/3      % +Limit, +Repeats, -Results
          ]).
/** <module> How late a time limit stops a long call

Each case is a call that would run for much longer than the limit: a
search with a budget of minutes, perft deep in the tree, millions of
playouts, every path of Futlog's densest positions, the course engines'
longest levels. call_with_time_limit/2 must stop it, and the overshoot is
the time from its deadline to the return.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(time)).
:- use_module(library(tabula)).
:- use_module(library(tabula/uttt_tools), [uttt_playouts/4]).
:- use_module(library(tabula/futlog), [mover/3, hacer_jugada/3]).
:- use_module(library(tabula/futlog_tools), [futlog_moves/2, futlog_move_counts/3]).
:- use_module(library(tabula/fourmation), []).
:- use_module(library(tabula/fourmation_tools), [fourmation_solve/3]).
:- use_module(library(tabula/crosscut), []).
:- use_module(positions).

%!  interrupt_cases(-Cases) is det.
%
%   Cases are case(Game, Label, Goal).
interrupt_cases(Cases) :-
    findall(C, interrupt_case(C), Cases).

interrupt_case(case(Name, search(Label), tabula_search(G, Options, _, _))) :-
    search_position(Name, Label, G),
    search_options(Name, Options).
% A player's UTTT search (time alone) past the opening book, which answers
% the first plies without searching: the thread's kept-tree engine.
interrupt_case(case(uttt, search(past_book), tabula_search(G, [time(600)], _, _))) :-
    tabula_new(uttt, [], G0),
    first_moves(6, G0, G).
interrupt_case(case(Name, perft, tabula_perft(G, Depth, _))) :-
    member(Name-Depth, [uttt-20, fourmation-30, crosscut-30, futlog-8]),
    tabula_new(Name, [], G).
interrupt_case(case(uttt, playouts, uttt_playouts(S, 1000000000, 1, _))) :-
    tabula_new(uttt, [], game(_, S)).
interrupt_case(case(futlog, every_path(dense), forall(mover(S, _, _), true))) :-
    stress_position(futlog, dense, game(_, S)).
interrupt_case(case(futlog, sorted_paths(dense), futlog_moves(S, _))) :-
    stress_position(futlog, dense, game(_, S)).
interrupt_case(case(futlog, hacer_jugada(wide), with_flag(futlog_time_limit, 39, hacer_jugada(S, _, _)))) :-
    stress_position(futlog, wide, game(_, S)).
interrupt_case(case(fourmation, solve, fourmation_solve(S, 600, _))) :-
    tabula_new(fourmation, [size(8)], game(_, S)).
interrupt_case(case(fourmation, choose_move(5), fourmation:choose_move(S, 5, _))) :-
    tabula_new(fourmation, [], game(_, S)).
interrupt_case(case(crosscut, choose_move(5), crosscut:choose_move(S, 5, _))) :-
    tabula_new(crosscut, [size(10, 10)], game(_, S)).

% UTTT's: a seed asks for a search even in the opening book's positions.
search_options(uttt, [time(600), seed(1)]) :- !.
search_options(_, [time(600)]).

with_flag(Flag, Value, Goal) :-
    current_prolog_flag(Flag, Old),
    setup_call_cleanup(set_prolog_flag(Flag, Value), Goal, set_prolog_flag(Flag, Old)).

%!  overshoot(+Goal, +Limit, -Seconds, -Caught) is det.
%
%   Runs Goal under call_with_time_limit(Limit, Goal); Seconds is how
%   long after the deadline it returned, Caught the exception (or `none`
%   when Goal ended first).
overshoot(Goal, Limit, Seconds, Caught) :-
    get_time(T0),
    catch(( call_with_time_limit(Limit, Goal), Caught = none ), E, Caught = E),
    get_time(T1),
    Seconds is T1 - T0 - Limit.

%!  measure_interrupts(+Limit, +Repeats, -Results) is det.
%
%   Results are result(Game, Label, Overshoots, Caught) for every case,
%   Overshoots the Repeats measured overshoots in seconds.
measure_interrupts(Limit, Repeats, Results) :-
    interrupt_cases(Cases),
    maplist(measure(Limit, Repeats), Cases, Results).

measure(Limit, Repeats, case(Game, Label, Goal), result(Game, Label, Overshoots, Caught)) :-
    findall(O-C, ( between(1, Repeats, _), overshoot(Goal, Limit, O, C) ), Pairs),
    pairs_keys_values(Pairs, Overshoots, Caughts),
    sort(Caughts, Caught).
