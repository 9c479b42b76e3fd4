:- module(test_tabula_docs, []).
/*  The documentation, as people reach it:

    - every predicate exported by a module of the library has a PlDoc
      comment: its modes, its determinism and a sentence (read as the
      fuzzer reads them, by tests/reliability/exports.pl);
    - a user who loaded a game's library sees that comment with
      `?- help(Name).` and in the documentation server of doc_browser/0,
      each checked in a separate swipl, as a user would start it;
    - every relative link of every tracked Markdown page names a file or
      folder that exists, and a `#anchor` into one of our pages names one
      of its headings (as GitHub names them).
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(readutil)).
:- use_module(library(process)).
:- use_module(library(filesex)).
:- use_module(test_support).
:- use_module('../reliability/exports').

                 /*******************************
                 *      PLDOC OF EVERY EXPORT   *
                 *******************************/

%   What PI's PlDoc lacks, if anything: no `%!` line, a `%!` line
%   without a determinism PlDoc knows, or no text below the `%!` lines.
export_problem(M, PI, Problem) :-
    export_declarations(M, PI, Declarations),
    (   Declarations == []
    ->  Problem = "no PlDoc comment: a `%!` line with the modes, `is` and the determinism"
    ;   member(declaration(_, Det, _, _), Declarations),
        \+ determinism(Det)
    ->  format(string(Problem), "`%!` line without a determinism (det, semidet, nondet, multi): ~q", [Det])
    ;   \+ ( member(declaration(_, _, _, Text), Declarations), Text \== "" )
    ->  Problem = "no sentence below the `%!` lines"
    ).

determinism(Det) :-
    atom(Det),
    memberchk(Det, [det, semidet, nondet, multi, failure, erroneous]).

library_exports(Exports) :-
    findall(M:PI, ( library_module(M, _),
                    module_property(M, exports(PIs)),
                    member(PI, PIs) ),
            Exports).

:- begin_tests(tabula_docs_pldoc).

test(every_export_has_its_modes_determinism_and_a_sentence) :-
    library_exports(Exports),
    forall(( member(M, [uttt, futlog, fourmation, crosscut, tabula_game, tabula]) ),
           assertion(memberchk(M:_, Exports))),
    findall(M:PI-Problem,
            ( member(M:PI, Exports), export_problem(M, PI, Problem) ),
            Problems),
    assertion(Problems == []).

% The check finds each kind of gap, in a module of its own.
test(the_check_sees_what_it_must) :-
    scratch_folder(tabula_docs, Dir),
    write_file(Dir, 'docs_probe.pl',
               ":- module(docs_probe, [documented/1, bare/1, no_det/1, no_text/1, two/2]).\n\c
                %!  documented(+X) is det.\n%\n%   X is documented.\ndocumented(_).\n\n\c
                bare(_).\n\n\c
                %!  no_det(+X).\n%\n%   No determinism after the head.\nno_det(_).\n\n\c
                %!  no_text(-X) is det.\nno_text(a).\n\n\c
                %!  two(+X, -Y) is det.\n%!  two(-X, -Y) is multi.\n%\n%   Two modes, one text.\ntwo(a, b).\n"),
    directory_file_path(Dir, 'docs_probe.pl', File),
    use_module(File, []),
    assertion(\+ export_problem(docs_probe, documented/1, _)),
    assertion(\+ export_problem(docs_probe, two/2, _)),
    assertion(export_problem(docs_probe, bare/1, _)),
    assertion(export_problem(docs_probe, no_det/1, _)),
    assertion(export_problem(docs_probe, no_text/1, _)),
    export_declarations(docs_probe, two/2, Declarations),
    assertion(Declarations = [declaration(_, det, _, "Two modes, one text."),
                              declaration(_, multi, _, "Two modes, one text.")]).

:- end_tests(tabula_docs_pldoc).

                 /*******************************
                 *    HELP/1 AND DOC_BROWSER/0  *
                 *******************************/

% One predicate of each game's module, and one of the uniform API: the
% library a user loads, and the predicate's module.
shown(library(tabula/uttt), uttt, initialState/1).
shown(library(tabula/futlog), futlog, mover/3).
shown(library(tabula/fourmation), fourmation, next_player/3).
shown(library(tabula/crosscut), crosscut, next_turn/2).
shown(library(tabula), tabula_game, tabula_new/3).

%   What the documentation must show of M:PI: its head with its modes
%   and determinism as the `%!` line gives them, e.g.
%   "initialState(-State) is det", and the first words of its text.
expected(M, PI, Head, Words) :-
    export_declarations(M, PI, [declaration(H, Det, Names, Text)|_]),
    bind_names(Names),
    with_output_to(string(Args0),
                   write_term(H, [module(pldoc_modes), spacing(next_argument),
                                  quoted(true), numbervars(true)])),
    format(string(Head), "~s is ~w", [Args0, Det]),
    split_string(Text, " ", "", [W1, W2, W3|_]),
    atomic_list_concat([W1, W2, W3], ' ', Words0),
    split_string(Words0, "`", "", Parts),
    atomic_list_concat(Parts, Words1),
    atom_string(Words1, Words).

bind_names([]).
bind_names([Name = V|Names]) :-
    ( var(V) -> V = '$VAR'(Name) ; true ),
    bind_names(Names).

% The text shows both, spaces and line breaks normalised (help/1 fills
% and justifies its lines).
shows(Text, Head, Words) :-
    normalize_space(string(Flat), Text),
    sub_string(Flat, _, _, _, Head),
    sub_string(Flat, _, _, _, Words).

% help/1 is library(help), which SWI-Prolog installs with its manual; a
% build made without its documentation (INSTALL_DOCUMENTATION=OFF) has
% none, and the test is reported as blocked there.
help_installed :-
    scratch_folder(tabula_help, Dir),
    run_swipl(Dir, ['-g', '(exists_source(library(help)) -> true ; halt(3))', '-t', halt], 0, _, _).

:- begin_tests(tabula_docs_shown, [setup(build_expectations)]).

:- dynamic expectation/5.

% expectation(Library, PI, File, Head, Words): File defines PI.
build_expectations :-
    retractall(expectation(_, _, _, _, _)),
    forall(shown(Library, M, N/A),
           ( expected(M, N/A, Head, Words),
             functor(H, N, A),
             predicate_property(M:H, file(File)),
             assertz(expectation(Library, N/A, File, Head, Words)) )).

% A user loads a game's library and asks: `?- help(initialState).`
:- if(help_installed).
test(help_shows_the_pldoc) :-
    scratch_folder(tabula_help, Dir),
    forall(expectation(Library, Name/_, _, Head, Words),
           ( format(atom(Goal), "use_module(~q), set_prolog_flag(help_pager, false), help(~q)", [Library, Name]),
             run_swipl(Dir, ['-g', Goal, '-t', halt], Status, Out, Err),
             (   Status == 0 -> true ; format(user_error, "~s", [Err]) ),
             assertion(Status == 0),     % "No help for ..." is a warning: status 1
             assertion(shows(Out, Head, Words)) )).
:- else.
test(help_shows_the_pldoc, [blocked('this SWI-Prolog has no library(help): built without its manual')]) :-
    true.
:- endif.

% doc_browser/0 starts PlDoc's documentation server and opens a browser
% on it: the server's page of the file that defines each predicate shows
% its comment.
test(doc_server_shows_the_pldoc) :-
    scratch_folder(tabula_doc_server, Dir),
    write_file(Dir, 'probe.pl',
               ":- use_module(library(pldoc)).\n\c
                :- use_module(library(http/http_open)).\n\c
                :- use_module(library(sgml)).\n\c
                page(Port, Library-File) :-\n\c
                use_module(Library, []),\n\c
                uri_encoded(path, File, Path),\n\c
                format(atom(URL), 'http://127.0.0.1:~w/pldoc/doc~w', [Port, Path]),\n\c
                setup_call_cleanup(http_open(URL, In, []), load_html(stream(In), DOM, []), close(In)),\n\c
                phrase(texts(DOM), Texts),\n\c
                atomic_list_concat(Texts, Text),\n\c
                format('@@@ ~q~n~w~n', [File, Text]).\n\c
                texts([]) --> [].\n\c
                texts([H|T]) --> text(H), texts(T).\n\c
                text(element(_, _, Content)) --> !, texts(Content).\n\c
                text(Atom) --> [Atom].\n"),
    findall(L-F, expectation(L, _, F, _, _), Pages),
    format(atom(Goal), "doc_server(Port), forall(member(P, ~q), page(Port, P))", [Pages]),
    run_swipl(Dir, ['-g', Goal, '-t', halt, 'probe.pl'], Status, Out, Err),
    (   Status == 0 -> true ; format(user_error, "~s", [Err]) ),
    assertion(Status == 0),
    forall(expectation(_, _, File, Head, Words),
           ( format(string(Marker), "@@@ ~q~n", [File]),
             assertion(sub_string(Out, _, _, _, Marker)),
             once(sub_string(Out, Before, _, _, Marker)),
             sub_string(Out, Before, _, 0, FromMarker),
             page_of(FromMarker, Page),
             assertion(shows(Page, Head, Words)) )).

% The text of one page: from its marker to the next.
page_of(FromMarker, Page) :-
    sub_string(FromMarker, 3, _, 0, Rest),
    (   sub_string(Rest, End, _, _, "@@@ ")
    ->  sub_string(Rest, 0, End, _, Page)
    ;   Page = Rest
    ).

:- end_tests(tabula_docs_shown).

                 /*******************************
                 *        LINKS BETWEEN PAGES   *
                 *******************************/

source_root(Root) :-
    source_file_path('.', Root0),
    absolute_file_name(Root0, Root, [file_type(directory)]).

% The Markdown pages: the tracked ones (`git ls-files`), or, outside a
% git checkout, every .md under the root but out/, ext/ and node_modules/.
markdown_pages(Root, Pages) :-
    catch(git_markdown(Root, Pages), _, fail),
    !.
markdown_pages(Root, Pages) :-
    format(user_error, "~N% links: no git checkout at ~w, every .md file checked~n", [Root]),
    findall(Page,
            ( directory_member(Root, Path, [recursive(true), extensions([md]),
                                            exclude_directory(skipped_directory)]),
              directory_file_path(Root, Page0, Path),
              atom_string(Page0, Page) ),
            Pages0),
    sort(Pages0, Pages).

skipped_directory(Dir) :-
    file_base_name(Dir, Base),
    (   sub_atom(Base, 0, _, _, '.') ; memberchk(Base, [out, ext, node_modules]) ),
    !.

git_markdown(Root, Pages) :-
    process_create(path(git), ['-C', Root, 'ls-files', '-z', '--', '*.md'],
                   [stdout(pipe(Out)), stderr(null), process(Pid)]),
    read_string(Out, _, Text),
    close(Out),
    process_wait(Pid, exit(0)),
    split_string(Text, "\000", "", Parts),
    exclude(==(""), Parts, Pages).

% Lines outside fenced code blocks, each with its number.
prose_lines(Lines, Prose) :-
    prose_lines(Lines, 1, outside, Prose).

prose_lines([], _, _, []).
prose_lines([Line|Lines], N, State, Prose) :-
    N1 is N + 1,
    split_string(Line, "", " \t", [Trimmed]),
    (   ( string_concat("```", _, Trimmed) ; string_concat("~~~", _, Trimmed) )
    ->  ( State == outside -> State1 = inside ; State1 = outside ),
        Prose = Prose1
    ;   State == inside
    ->  State1 = State, Prose = Prose1
    ;   State1 = State, Prose = [N-Line|Prose1]
    ),
    prose_lines(Lines, N1, State1, Prose1).

page_lines(File, Lines) :-
    read_file_to_string(File, Text, []),
    split_string(Text, "\n", "\r", Lines).

% The link targets of a line outside code spans: [text](target),
% ![alt](target), and [label]: target where a block starts (after a
% blank line: within a paragraph such a line is text).
line_target(Previous, Line, Target) :-
    code_free(Line, Prose),
    string_codes(Prose, Codes),
    (   append(_, [0'], 0'(|After], Codes),
        target_codes(After, TargetCodes)
    ;   split_string(Previous, "", " \t", [""]),
        reference_definition(Codes, TargetCodes)
    ),
    TargetCodes \== [],
    string_codes(Target, TargetCodes).

target_codes([C|Cs], [C|Ts]) :-
    \+ memberchk(C, [0'), 0' , 0'\t, 0'"]),
    !,
    target_codes(Cs, Ts).
target_codes(_, []).

reference_definition(Codes, Target) :-
    phrase(( blanks_upto(3), "[", label, "]:", blanks, rest(Rest) ), Codes),
    target_codes(Rest, Target).

blanks_upto(N) --> { N > 0 }, " ", !, { N1 is N - 1 }, blanks_upto(N1).
blanks_upto(_) --> [].
label --> [C], { C \== 0'] }, label_rest.
label_rest --> [C], { C \== 0'] }, !, label_rest.
label_rest --> [].
blanks --> " ", !, blanks.
blanks --> [].
rest(Rest, Rest, []).

% The line without its code spans (text between backticks).
code_free(Line, Prose) :-
    split_string(Line, "`", "", Parts),
    even_parts(Parts, Kept),
    atomic_list_concat(Kept, ' ', Atom),
    atom_string(Atom, Prose).

even_parts([], []).
even_parts([P], [P]).
even_parts([P, _|Ps], [P|Kept]) :-
    even_parts(Ps, Kept).

previous_line(Lines, N, Previous) :-
    (   N > 1, nth1(N, [""|Lines], Previous0) -> Previous = Previous0 ; Previous = "" ).

external(Target) :-
    sub_string(Target, Before, _, _, ":"),
    sub_string(Target, 0, Before, _, Scheme),
    Before > 0,
    string_codes(Scheme, [C|Cs]),
    code_type(C, alpha),
    forall(member(D, Cs), ( code_type(D, alnum) ; memberchk(D, `+.-`) )),
    !.

% Why a link of Page is broken, if it is.
broken(Root, Page, Target, Why) :-
    \+ external(Target),
    (   sub_string(Target, Hash, _, After, "#")
    ->  sub_string(Target, 0, Hash, _, Path),
        sub_string(Target, _, After, 0, Anchor)
    ;   Path = Target, Anchor = ""
    ),
    directory_file_path(Root, Page, PageFile),
    (   Path == ""
    ->  File = PageFile
    ;   uri_encoded(path, Decoded, Path),
        (   sub_atom(Decoded, 0, _, _, /)
        ->  atom_concat(Root, Decoded, File0)
        ;   file_directory_name(PageFile, Dir),
            directory_file_path(Dir, Decoded, File0)
        ),
        absolute_file_name(File0, File)
    ),
    (   \+ exists_file(File), \+ exists_directory(File)
    ->  Why = "no such file or folder"
    ;   Anchor \== "",
        file_name_extension(_, md, File),
        \+ ( heading_anchors(File, Anchors), memberchk(Anchor, Anchors) )
    ->  Why = "no heading of that page has this anchor"
    ).

% The anchors GitHub gives a page's headings: the heading's text as
% shown (code spans, emphasis and links reduced to their text),
% lower-cased, every character but letters, digits, `_`, `-` and spaces
% dropped, spaces made `-`; a repeated anchor gets -1, -2, ...
:- table heading_anchors/2.

heading_anchors(File, Anchors) :-
    page_lines(File, Lines),
    prose_lines(Lines, Prose),
    findall(Slug, ( member(_-Line, Prose), heading_slug(Line, Slug) ), Slugs),
    numbered(Slugs, [], Anchors).

heading_slug(Line, Slug) :-
    string_codes(Line, Codes),
    append(Hashes, [0' |Rest], Codes),
    Hashes \== [],
    length(Hashes, N), N =< 6,
    maplist(==(0'#), Hashes),
    !,
    string_codes(Text0, Rest),
    split_string(Text0, "", " #", [Text1]),
    shown_text(Text1, Shown),
    string_lower(Shown, Lower),
    string_codes(Lower, LowerCodes),
    convlist(slug_code, LowerCodes, SlugCodes),
    string_codes(Slug, SlugCodes).

slug_code(0' , 0'-) :- !.
slug_code(C, C) :-
    (   code_type(C, alnum) ; C == 0'_ ; C == 0'- ),
    !.

% Markdown reduced to the text it shows: [text](url) to text; backticks
% and emphasis marks dropped.
shown_text(Markdown, Shown) :-
    string_codes(Markdown, Codes),
    phrase(visible(ShownCodes), Codes),
    string_codes(Shown, ShownCodes).

visible(Text) --> "[", string_without(`]`, Label), "](", string_without(`)`, _), ")", !,
    { append(Label, Rest, Text) }, visible(Rest).
visible(Text) --> [C], { memberchk(C, `*\``) }, !, visible(Text).
visible([C|Text]) --> [C], !, visible(Text).
visible([]) --> [].

string_without(End, [C|Cs]) --> [C], { \+ memberchk(C, End) }, !, string_without(End, Cs).
string_without(_, []) --> [].

numbered([], _, []).
numbered([S|Ss], Seen, [A|As]) :-
    aggregate_all(count, member(S, Seen), K),
    (   K =:= 0 -> A = S ; format(string(A), "~s-~d", [S, K]) ),
    numbered(Ss, [S|Seen], As).

:- begin_tests(tabula_docs_links).

test(relative_links_resolve) :-
    source_root(Root),
    markdown_pages(Root, Pages),
    assertion(memberchk("README.md", Pages)),
    findall(Page:N-Target-Why,
            ( member(Page, Pages),
              directory_file_path(Root, Page, File),
              page_lines(File, Lines),
              prose_lines(Lines, Prose),
              member(N-Line, Prose),
              previous_line(Lines, N, Previous),
              line_target(Previous, Line, Target),
              broken(Root, Page, Target, Why) ),
            Broken),
    assertion(Broken == []).

% The link reader and the anchors, on a page of their own.
test(the_link_check_sees_what_it_must) :-
    scratch_folder(tabula_links, Root),
    write_file(Root, 'a.md',
               "# A page\n\n## Using `uttt`: the course's *predicates*\n\n## A page\n\n\c
                [b](b.md#bs-heading) [self](#a-page-1) [code](#using-uttt-the-courses-predicates)\n\c
                [gone](missing.md) [bad](b.md#nowhere) [web](https://example.org/x)\n\c
                `[not a link](nowhere.md)`\n\n```\n[also not](nowhere.md)\n# not a heading\n```\n\n\c
                [ref]: b.md#bs-heading\n\c
                A sentence that ends with an interval\n[-70, +27]: rejected.\n"),
    write_file(Root, 'b.md', "## B's heading\n"),
    directory_file_path(Root, 'a.md', A),
    heading_anchors(A, Anchors),
    assertion(Anchors == ["a-page", "using-uttt-the-courses-predicates", "a-page-1"]),
    page_lines(A, Lines),
    prose_lines(Lines, Prose),
    findall(T, ( member(N-L, Prose), previous_line(Lines, N, P), line_target(P, L, T) ), Targets),
    assertion(Targets == ["b.md#bs-heading", "#a-page-1", "#using-uttt-the-courses-predicates",
                          "missing.md", "b.md#nowhere", "https://example.org/x", "b.md#bs-heading"]),
    findall(T-Why, ( member(T, Targets), broken(Root, "a.md", T, Why) ), Broken),
    assertion(Broken = ["missing.md"-_, "b.md#nowhere"-_]).

:- end_tests(tabula_docs_links).
