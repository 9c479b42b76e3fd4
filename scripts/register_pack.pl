% Registers the checkout given as argument as the user's pack `tabula`
% (a symbolic link, so a rebuild is picked up at once). Idempotent: a
% registration of another checkout is replaced.
:- use_module(library(prolog_pack)).
:- initialization(main, main).

main([Root, PackDir]) :-
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

link_pack(Root, PackDir) :-
    uri_file_name(URL, Root),
    pack_install(URL, [link(true), interactive(false), silent(true),
                       package_directory(PackDir)]).
