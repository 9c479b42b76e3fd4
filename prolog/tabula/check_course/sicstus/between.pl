:- module(sicstus_between, [gen_nat/1, gen_int/1]).
/** <module> SICStus library(between) for a course program under SWI-Prolog

The checker puts this folder first on a course program's library path,
so `:- use_module(library(between)).` of a SICStus project loads.
between/3 and numlist/3 are SWI-Prolog's own.
*/

%!  gen_nat(?N) is nondet.
%
%   N is 0, 1, 2, ... (checks N when it is bound).
gen_nat(N) :-
    (   integer(N) -> N >= 0 ; between(0, inf, N) ).

%!  gen_int(?N) is nondet.
%
%   N is 0, 1, -1, 2, -2, ... (checks N when it is bound).
gen_int(N) :-
    (   integer(N)
    ->  true
    ;   gen_nat(M),
        (   N = M ; M > 0, N is -M )
    ).
