% A player of the futlog-referee protocol (cpp/futlog/protocol.hpp) that
% keeps the game with library(tabula/game) and plays its first legal
% move. Run with the checkout's -p foreign=... -p library=... .
:- use_module(library(tabula)).
:- use_module(library(tabula/game)).
:- initialization(main, main).

main :-
    tabula_new(futlog, [], Start),
    serve(Start, Start).

serve(Start, Game) :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  true
    ;   split_string(Line, " ", " ", [Command|Words]),
        (   Command == "quit"
        ->  true
        ;   reply(Command, Words, Start, Game, Game1),
            serve(Start, Game1)
        )
    ).

reply("hello", _, _, Game, Game) :- say("hello first").
reply("new", _, Start, _, Start) :- say("ok").
reply("play", Words, _, Game, Game1) :-
    (   maplist(point, Words, Path),
        tabula_move(Game, Path, Game1)
    ->  tabula_status(Game1, Status),
        ( Status = won(W) -> true ; W = 0 ),
        format(string(Ok), "ok ~w", [W]),
        say(Ok)
    ;   Game1 = Game,
        say("illegal not a move")
    ).
reply("go", _, _, Game, Game) :-
    tabula_moves(Game, [Path|_]),
    maplist(point, Words, Path),
    atomic_list_concat(Words, ' ', Text),
    format(string(Move), "move ~w", [Text]),
    say(Move).

point(Word, p(X, Y)) :-
    (   var(Word)
    ->  format(string(Word), "~d,~d", [X, Y])
    ;   split_string(Word, ",", "", [XS, YS]),
        number_string(X, XS), number_string(Y, YS)
    ).

say(Line) :-
    format("~w~n", [Line]),
    flush_output.
