% A CodinGame UTTT player that checks what it reads: "-1 -1" as the very
% first line of a game it opens and nowhere else, and a non-empty, strictly
% sorted list of actions on the grid. It plays the opening given as its
% first argument ("rc,rc,...") on its turns inside it, else the first
% action; anything unexpected ends it with status 3 and a message.
:- initialization(main, main).

main(Argv) :-
    (   Argv = [Text|_], Text \== '' -> opening(Text, Opening) ; Opening = [] ),
    turns(start, Opening).

opening(Text, Moves) :-
    atomic_list_concat(Parts, ',', Text),
    maplist([P, R-C]>>( atom_codes(P, [RC, CC]), R is RC - 0'0, C is CC - 0'0 ), Parts, Moves).

turns(Ply0, Opening) :-
    read_line_to_string(user_input, Last),
    (   Last == end_of_file
    ->  true
    ;   split_string(Last, " ", "", [RS, CS]),
        number_string(R, RS), number_string(C, CS)
    ->  (   R-C == -1-(-1)
        ->  ( Ply0 == start -> Ply = 0 ; fail_loudly("-1 -1 after the first turn") )
        ;   on_grid(R-C)
        ->  ( Ply0 == start -> Ply = 1 ; Ply is Ply0 + 1 )
        ;   fail_loudly("a last move off the grid")
        ),
        read_line_to_string(user_input, NText),
        number_string(N, NText),
        length(Actions, N),
        maplist(read_action, Actions),
        (   N > 0, msort(Actions, Actions), sort(Actions, Actions)
        ->  true
        ;   fail_loudly("actions not strictly sorted")
        ),
        (   nth0(Ply, Opening, Move) -> true ; Actions = [Move|_] ),
        Move = MR-MC,
        format("~d ~d extra words~n", [MR, MC]),
        flush_output,
        Ply1 is Ply + 1,
        turns(Ply1, Opening)
    ;   fail_loudly("an unreadable last move")
    ).

read_action(R-C) :-
    read_line_to_string(user_input, Line),
    split_string(Line, " ", "", [RS, CS]),
    number_string(R, RS), number_string(C, CS),
    (   on_grid(R-C) -> true ; fail_loudly("an action off the grid") ).

on_grid(R-C) :- between(0, 8, R), between(0, 8, C).

fail_loudly(Why) :-
    format(user_error, "strict_codingame: ~w~n", [Why]),
    halt(3).
