:- module(tabula_foreign,
          [ tabula_foreign_library/1    % +Library
          ]).
/** <module> Loading a game's foreign library, for this SWI-Prolog only

A foreign library is C++ compiled against one SWI-Prolog's headers, and
SWI-Prolog's foreign interface changed between versions (most `PL_*`
functions return `bool` from 9.3.11): a library built for 9.0.4 and loaded
into 10.0.1 would misread every result. Each library therefore registers
its predicates only in the SWI-Prolog series it was built for (same major
and minor version) and says which that was in the flag
`<library>_built_for`. Here that refusal becomes an error that names the
fix, at load time and at every call of the library's predicates:

```
ERROR: tabula_uttt was built for SWI-Prolog 9.0.4, and this is SWI-Prolog 10.0.1.
ERROR: Rebuild Tabula for this Prolog: ?- pack_rebuild(tabula).
```
*/

:- use_module(library(shlib)).
:- use_module(library(error)).
:- use_module(library(tabula/games)).

:- meta_predicate tabula_foreign_library(:).

%!  tabula_foreign_library(+Library) is det.
%
%   Loads foreign(Library), the foreign library of one game (`tabula_uttt`,
%   `tabula_futlog`, ...), into the calling module, as
%   use_foreign_library/1 does. When the library was built for another
%   SWI-Prolog, prints why and how to rebuild, and makes each predicate the
%   module exports and does not define raise
%   `error(tabula_foreign_built_for(Library, Built, Running), _)`.
%
%   @error type_error(atom, Library) or
%   domain_error(tabula_foreign_library, Library) for a name that is no
%   game's library.
tabula_foreign_library(M:Library) :-
    must_be(atom, Library),
    (   atom_concat(tabula_, Game, Library), tabula_game_name(Game)
    ->  true
    ;   domain_error(tabula_foreign_library, Library)
    ),
    use_foreign_library(M:foreign(Library)),
    (   installed(Library)
    ->  true
    ;   built_for(Library, Built),
        current_prolog_flag(version, Running),
        Error = error(tabula_foreign_built_for(Library, Built, Running), _),
        print_message(error, Error),
        module_property(M, exports(Exports)),
        forall(( member(Name/Arity, Exports),
                 functor(Head, Name, Arity),
                 \+ predicate_property(M:Head, defined) ),
               assertz(M:(Head :- throw(Error))))
    ).

% The library said it registered its predicates. A library from before
% the flags existed (an older Tabula) says nothing: to be rebuilt as well.
installed(Library) :-
    atom_concat(Library, '_installed', Flag),
    current_prolog_flag(Flag, true).

% The version whose headers built it; 0 when the library does not say.
built_for(Library, Built) :-
    atom_concat(Library, '_built_for', Flag),
    (   current_prolog_flag(Flag, Built)
    ->  true
    ;   Built = 0
    ).

version_text(0, 'an older Tabula or another SWI-Prolog') :- !.
version_text(V, Text) :-
    Major is V // 10000,
    Minor is V // 100 mod 100,
    Patch is V mod 100,
    format(atom(Text), 'SWI-Prolog ~w.~w.~w', [Major, Minor, Patch]).

:- multifile prolog:error_message//1.

prolog:error_message(tabula_foreign_built_for(Library, Built, Running)) -->
    { version_text(Built, B), version_text(Running, R) },
    [ '~w was built for ~w, and this is ~w.'-[Library, B, R], nl,
      'Rebuild Tabula for this Prolog: ?- pack_rebuild(tabula).'-[], nl,
      '(In a checkout of Tabula: scripts/install, or cmake --build on a build for this swipl.)'-[]
    ].
