:- module(reliability_exports,
          [ library_files/1,          % -Files
            library_module/2,         % ?Module, ?File
            export_declarations/3,    % +Module, +PI, -Declarations
            export_modes/3            % +Module, +PI, -Modes
          ]).
/** <module> The library's modules, their exports and their PlDoc modes

One reading of the library's documentation, shared by the fuzzer
(fuzz.pl: it draws each argument from its documented mode and name and
holds each call to its documented determinism) and by the documentation
test (tests/prolog/test_tabula_docs.pl: every export has a comment with
its modes, its determinism and a sentence).

A PlDoc comment is one or more `%!` lines, each a head with its
argument modes and, after `is`, its determinism, followed by `%` lines
of text:

```
%!  getBoard(+State, +UPos, -Board) is det.
%!  getBoard(+State, -UPos, -Board) is multi.
%
%   Board is the small board at UPos (enumerated when unbound).
```

The heads are read with PlDoc's own operators (library(pldoc/doc_modes)).
Loading this module loads every module of the library without importing
from it (several export the same names: initial_state/2 in 4Mation and
CrossCut).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(readutil)).
:- use_module(library(pldoc/doc_modes), []).

library_dir(Dir) :-
    absolute_file_name(library(tabula/game), File, [file_type(prolog), access(read)]),
    file_directory_name(File, Dir).

%!  library_files(-Files) is det.
%
%   Files are the source files of the library: `prolog/tabula.pl` and
%   every `.pl` file of `prolog/tabula/`, sorted.
library_files(Files) :-
    library_dir(Dir),
    directory_files(Dir, Entries),
    findall(F, ( member(E, Entries), file_name_extension(_, pl, E),
                 directory_file_path(Dir, E, F) ), Files0),
    file_directory_name(Dir, Parent),
    directory_file_path(Parent, 'tabula.pl', Top),
    msort([Top|Files0], Files).

load_library_modules :-
    library_files(Files),
    forall(member(F, Files), use_module(F, [])).

:- initialization(load_library_modules, now).

%!  library_module(?Module, ?File) is nondet.
%
%   Module is a module of the library, loaded from File.
library_module(M, File) :-
    library_files(Files),
    member(File, Files),
    module_property(M, file(File)).

%!  export_declarations(+Module, +PI, -Declarations) is det.
%
%   Declarations are the `%!` lines that document PI, a predicate Module
%   exports, in the file that defines it (Module's own file, or the file
%   of the module it imports PI from): declaration(Head, Det, Names,
%   Text), Head the declared head with its mode annotations, Det the
%   determinism after `is` (`unknown` when there is none), Names the
%   variable names of the line (Name = Var) and Text the comment's text
%   below the `%!` lines, spaces normalised ("" when there is none).
%   Empty when PI has no such line.
export_declarations(M, N/A, Declarations) :-
    functor(H, N, A),
    defining_file(M, H, File),
    file_declarations(File, All),
    include(declares(N/A), All, Declarations).

declares(N/A, declaration(Head, _, _, _)) :-
    functor(Head, N, A).

defining_file(M, H, File) :-
    (   predicate_property(M:H, imported_from(D)), module_property(D, file(F))
    ->  File = F
    ;   module_property(M, file(File))
    ).

%!  export_modes(+Module, +PI, -Modes) is det.
%
%   The modes of PI, a predicate Module exports, as its PlDoc declares
%   them: mode(Args, Det) for each `%!` line, Args a list of Mode-Name
%   (Mode one of +, -, ?, ++, --, :, @, !; Name the argument's name, or
%   'Arg'). Without a declaration, one mode: every argument `?`, the
%   determinism `unknown`.
export_modes(M, N/A, Modes) :-
    export_declarations(M, N/A, Declarations),
    findall(mode(Args, Det),
            ( member(declaration(Head, Det, Names, _), Declarations),
              Head =.. [_|Specs],
              maplist(arg_spec(Names), Specs, Args) ),
            Modes0),
    (   Modes0 == []
    ->  length(Args, A), maplist(=((?)-'Arg'), Args), Modes = [mode(Args, unknown)]
    ;   Modes = Modes0
    ).

arg_spec(Names, Spec, Mode-Name) :-
    (   compound(Spec), compound_name_arity(Spec, Mode, 1), Mode \== (:)
    ->  arg(1, Spec, V0)
    ;   Spec = (V0:_)
    ->  Mode = (?)
    ;   Mode = (?), V0 = Spec
    ),
    (   nonvar(V0), V0 = (V:_) -> true ; V = V0 ),
    (   var(V), member(Name0 = V1, Names), V1 == V
    ->  Name = Name0
    ;   Name = 'Arg'
    ).

:- dynamic cached_declarations/2.

file_declarations(File, Declarations) :-
    cached_declarations(File, Declarations0),
    !,
    Declarations = Declarations0.
file_declarations(File, Declarations) :-
    read_file_to_string(File, Text, []),
    split_string(Text, "\n", "", Lines),
    comments(Lines, Declarations),
    assertz(cached_declarations(File, Declarations)).

% A comment: its `%!` lines (those that read as a head), then its text,
% the `%` lines up to the first line that is not a comment line.
comments([], []).
comments([Line|Lines], Declarations) :-
    (   string_concat("%!", _, Line)
    ->  mode_lines([Line|Lines], Heads, Rest0),
        text_lines(Rest0, Texts, Rest),
        atomic_list_concat(Texts, ' ', Text0),
        normalize_space(string(Text), Text0),
        findall(declaration(Head, Det, Names, Text), member(mode(Head, Det, Names), Heads), New),
        append(New, Declarations1, Declarations),
        comments(Rest, Declarations1)
    ;   comments(Lines, Declarations)
    ).

mode_lines([Line|Lines], Heads, Rest) :-
    string_concat("%!", Mode, Line),
    !,
    (   parse_mode(Mode, Head)
    ->  Heads = [Head|Heads1]
    ;   Heads = Heads1
    ),
    mode_lines(Lines, Heads1, Rest).
mode_lines(Lines, [], Lines).

text_lines([Line|Lines], [Text|Texts], Rest) :-
    string_concat("%", Text, Line),
    \+ string_concat("!", _, Text),
    !,
    text_lines(Lines, Texts, Rest).
text_lines(Lines, [], Lines).

parse_mode(Text, mode(Head, Det, Names)) :-
    catch(term_string(T, Text, [variable_names(Names), module(pldoc_modes)]), _, fail),
    (   T = (Head is Det) -> true ; Head = T, Det = unknown ).
