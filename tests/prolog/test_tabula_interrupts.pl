:- module(test_tabula_interrupts, []).
/*  Interrupts: call_with_time_limit/2 stops every long call of every game
    (searches from the positions where a node costs most, perft, playouts,
    Futlog's densest path enumerations, the course engines' longest
    levels). How late it stops them depends on the machine's load, so it
    is printed, not asserted; what bounds it, the work between two looks
    at Prolog's signals, is asserted in CPU time by the PollGaps
    GoogleTests. Figures: scripts/reliability.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(test_support).
:- use_module('../reliability/interrupts').

:- begin_tests(tabula_interrupts).

test(every_long_call_stops) :-
    interrupt_cases(Cases),
    forall(member(case(Game, Label, Goal), Cases),
           ( overshoot(Goal, 0.2, Seconds, Caught),
             Ms is round(Seconds * 1000),
             format(user_error, "~N% interrupt ~w ~w: stopped ~d ms after the deadline~n",
                    [Game, Label, Ms]),
             assertion(Caught == time_limit_exceeded) )).

:- end_tests(tabula_interrupts).
