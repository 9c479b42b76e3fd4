:- module(tabula_engine_options,
          [ engine_choice/3           % +Options, +Spec, -Choice
          ]).
/** <module> The engine options every Tabula game understands alike

One checker for the options of tabula_engine_move/3 and of each game's own
engine predicates, so that an option means the same in every game and bad
options raise the same ISO errors everywhere.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(option)).

%!  engine_choice(+Options, +Spec, -Choice) is det.
%
%   Checks Options against Spec, `engine(DefaultSeconds, Accepted,
%   Levels)`: time(Seconds) (a positive number) is always accepted, the
%   names in Accepted (a subset of `[depth, nodes, seed, threads,
%   engine]`) too, and level(L) when L is one of Levels. Choice is
%   level(L), or `limits(Millis, Depth, Nodes, Seed, Threads, Engine)`,
%   with 0 for no bound (and for no seed), Threads 1 unless given, Engine
%   `none` unless an engine handle is given. Without time/1, the time is
%   DefaultSeconds unless depth/1 or nodes/1 bound the search instead.
%
%   @error instantiation_error if Options or an option is unbound
%   @error type_error(list, Options), type_error(number, T),
%          type_error(integer, N)
%   @error domain_error(positive_number, T), domain_error(oneof(Levels),
%          L), domain_error(tabula_engine_option, Option) for an option
%          the game does not take
engine_choice(Options, engine(DefaultTime, Accepted, Levels), Choice) :-
    must_be(list, Options),
    maplist(check_option(Accepted, Levels), Options),
    (   option(level(Level), Options)
    ->  Choice = level(Level)
    ;   option(depth(Depth), Options, 0),
        option(nodes(Nodes), Options, 0),
        option(seed(Seed), Options, 0),
        option(threads(Threads), Options, 1),
        option(engine(Engine), Options, none),
        (   option(time(T), Options)
        ->  true
        ;   Depth =:= 0, Nodes =:= 0
        ->  T = DefaultTime
        ;   T = 0
        ),
        (   T =:= 0 -> Millis = 0 ; Millis is max(1, round(T * 1000)) ),
        Choice = limits(Millis, Depth, Nodes, Seed, Threads, Engine)
    ).

check_option(_, _, Option) :-
    var(Option),
    !,
    instantiation_error(Option).
check_option(_, _, time(T)) :-
    !,
    must_be(number, T),
    (   T > 0 -> true ; domain_error(positive_number, T) ).
check_option(_, Levels, level(L)) :-
    Levels \== [],
    !,
    must_be(nonvar, L),
    (   memberchk(L, Levels) -> true ; domain_error(oneof(Levels), L) ).
check_option(Accepted, _, Option) :-
    compound(Option),
    compound_name_arity(Option, Name, 1),
    memberchk(Name, Accepted),
    !,
    arg(1, Option, Value),
    check_value(Name, Value).
check_option(_, _, Option) :-
    domain_error(tabula_engine_option, Option).

check_value(seed, Value) :- !, must_be(integer, Value).
check_value(engine, Value) :- !, must_be(nonvar, Value).   % the game checks the handle
check_value(threads, Value) :- !, must_be(between(1, 64), Value).
check_value(_, Value) :- must_be(positive_integer, Value).
