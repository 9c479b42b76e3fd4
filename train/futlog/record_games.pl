/*  The games of a tournament record as the lines `futlog_train games`
    reads.

    swipl -p library=prolog [-p foreign=DIR] train/futlog/record_games.pl \
          GAMES_PL OUT

GAMES_PL is the record library(tabula/tournament) writes (`games.pl`, one
game(Id, First, Second, Opening, Moves, Millis, Score, Reason) a line,
moves in Futlog's notation); OUT gets one line a game, in the order of the
games' numbers:

    game Id first=NAME second=NAME score S plies N | x,y x,y ; x,y ...

every move of the game from the start (the opening's first) as the ball's
path, the points `futlog_train games` checks again with the engine's
rules. A move our rules reject is an error and OUT is not written.
*/
:- use_module(library(tabula/game)).
:- use_module(library(tabula/futlog_game)).  % registers the game
:- use_module(library(error)).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(yall)).

:- initialization(main, main).

main :-
    current_prolog_flag(argv, Argv),
    (   Argv = [In, Out]
    ->  record_games(In, Out)
    ;   format(user_error, "usage: record_games.pl GAMES_PL OUT~n", []),
        halt(2)
    ).

record_games(In, Out) :-
    must_be(atom, In),
    read_games(In, Games0),
    sort(1, @<, Games0, Games),  % the record holds them in the order they ended
    maplist(game_line, Games, Lines),
    setup_call_cleanup(open(Out, write, S),
                       forall(member(L, Lines), format(S, "~w~n", [L])),
                       close(S)).

read_games(File, Games) :-
    setup_call_cleanup(open(File, read, S),
                       read_all(S, Games),
                       close(S)).

read_all(S, Games) :-
    read_term(S, T, []),
    (   T == end_of_file
    ->  Games = []
    ;   T = game(_, _, _, _, _, _, _, _)
    ->  Games = [T|Rest],
        read_all(S, Rest)
    ;   read_all(S, Games)          % the event/6 header
    ).

game_line(game(Id, First, Second, Opening, Moves, _, Score, _), Line) :-
    append(Opening, Moves, All),
    tabula_new(futlog, [], G0),
    foldl(path_text(Id), All, Paths, G0, _),
    length(All, N),
    atomic_list_concat(Paths, ' ; ', Text),
    format(string(Line), "game ~w first=~w second=~w score ~w plies ~d | ~w",
           [Id, First, Second, Score, N, Text]).

path_text(Id, Notation, Text, G0, G) :-
    (   tabula_parse_move(G0, Notation, Path)
    ->  tabula_move(G0, Path, G),
        maplist([p(X, Y), P]>>format(string(P), "~d,~d", [X, Y]), Path, Ps),
        atomic_list_concat(Ps, ' ', Text)
    ;   domain_error(futlog_move_of_game(Id), Notation)
    ).
