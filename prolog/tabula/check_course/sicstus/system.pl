:- module(sicstus_system, [now/1, datime/1, environ/2]).
/** <module> SICStus library(system) for a course program under SWI-Prolog

What SICStus projects take from library(system) and SWI-Prolog lacks;
sleep/1 and shell/1,2 are SWI-Prolog's own built-ins.
*/

%!  now(-Seconds) is det.
%
%   Seconds since the epoch, an integer.
now(T) :-
    get_time(F),
    T is truncate(F).

%!  datime(-Datime) is det.
%
%   Datime is datime(Year, Month, Day, Hour, Min, Sec), local time.
datime(datime(Y, Mo, D, H, Mi, S)) :-
    get_time(T),
    stamp_date_time(T, date(Y, Mo, D, H, Mi, S0, _, _, _), local),
    S is truncate(S0).

%!  environ(?Name, ?Value) is nondet.
%
%   Value is the environment variable Name.
environ(Name, Value) :-
    (   atom(Name) -> getenv(Name, Value) ; fail ).
