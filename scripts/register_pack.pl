% Registers the checkout given as argument as the user's pack `tabula`
% (a symbolic link, so a rebuild is picked up at once). Idempotent: a
% registration of another checkout is replaced, and so is a link to a
% checkout that no longer exists.
:- use_module(library(prolog_pack)).
:- initialization(main, main).

main([Root, PackDir]) :-
    remove_stale_link(PackDir),
    (   pack_property(tabula, directory(Dir))
    ->  (   same_file(Dir, Root)
        ->  true
        ;   format("Replacing the tabula pack at ~w~n", [Dir]),
            pack_remove(tabula),
            link_pack(Root, PackDir)
        )
    ;   link_pack(Root, PackDir)
    ),
    pack_property(tabula, directory(Linked)),
    format("Tabula is installed as a pack: ~w~n", [Linked]).

% A link left by a checkout that is gone is no pack to SWI-Prolog, but
% its name still blocks a new link.
remove_stale_link(PackDir) :-
    directory_file_path(PackDir, tabula, Link),
    (   read_link(Link, _, _),
        \+ exists_directory(Link)
    ->  format("Removing the stale tabula link ~w~n", [Link]),
        delete_file(Link)
    ;   true
    ).

% A file:// URL: SWI-Prolog takes a plain path for a pack name to look up
% on its server. No word to that server either: register(false) (from 9.2
% an install reports itself there) and inquiry(false) (9.0.4 asks it about
% what it installs); each version ignores the other's option.
link_pack(Root, PackDir) :-
    uri_file_name(URL, Root),
    pack_install(URL, [link(true), interactive(false), silent(true),
                       register(false), inquiry(false), package_directory(PackDir)]).
