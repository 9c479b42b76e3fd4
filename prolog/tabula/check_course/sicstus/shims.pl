:- module(sicstus_shims, []).
/** <module> SICStus library names for a course program under SWI-Prolog

Loaded into the checker's child before a Porto program: puts this folder
first on the library search path, so `library(between)`,
`library(system)` and `library(lists)` of a SICStus project are the files
here (each SWI-Prolog's own where it has one, plus what SICStus adds).
SWI-Prolog remembers where a library name was found once loaded
(`library(lists)` is, by the child itself): that memory is cleared for
the names shimmed here, so the project's own load finds these files.
*/

:- prolog_load_context(directory, Dir),
   asserta(user:file_search_path(library, Dir)).

:- forall(member(Name, [between, lists, system]),
          catch(retractall(system:'$resolved_source_path_db'(library(Name), _, _)), _, true)).
