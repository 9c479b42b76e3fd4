% A tournament player that misbehaves as its first argument says, from
% its second move on (its first move is the first legal one, so that a
% player that misbehaves has played when it does):
%   good     the first legal move, every time
%   crash    kills itself with SIGKILL
%   halt     halt/0
%   hang     loops for ever
%   garbage  prints a line that is no move
%   endless  prints without end, and no newline
%   illegal  answers a move that is not legal
%   double   answers twice
%   memory   grows a list until memory runs out
%   whole    sleeps for the whole time of the move (or of its clock), then answers
%   late     sleeps for the time given as second argument (seconds)
% Run: swipl misbehave.pl MODE [SECONDS]
:- use_module(library(readutil)).
:- use_module(library(process)).
:- initialization(main, main).

main :-
    current_prolog_flag(argv, [Mode|Rest]),
    set_stream(user_output, encoding(utf8)),
    loop(Mode, Rest, 0, none).

loop(Mode, Rest, Moves, First) :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file -> true
    ;   Line == "quit" -> true
    ;   Line == "tabula-player 1"
    ->  say("tabula-player 1 misbehave"), loop(Mode, Rest, Moves, First)
    ;   split_string(Line, " ", "", ["position", N])
    ->  number_string(C, N), skip(C), loop(Mode, Rest, Moves, First)
    ;   split_string(Line, " ", "", ["legal", N])
    ->  number_string(C, N), read_line_to_string(user_input, First1), C1 is C - 1, skip(C1),
        loop(Mode, Rest, Moves, First1)
    ;   (   split_string(Line, " ", "", ["go", "move", Ms])
        ;   split_string(Line, " ", "", ["go", "clock", Ms, _])
        )
    ->  number_string(Millis, Ms),
        (   Moves =:= 0 -> answer(good, Rest, Millis, First) ; answer(Mode, Rest, Millis, First) ),
        Moves1 is Moves + 1,
        loop(Mode, Rest, Moves1, First)
    ;   loop(Mode, Rest, Moves, First)
    ).

skip(N) :- forall(between(1, N, _), read_line_to_string(user_input, _)).

say(Text) :- format("~w~n", [Text]), flush_output.

answer(good, _, _, First) :- format(string(S), "move ~w", [First]), say(S).
answer(crash, _, _, _) :- current_prolog_flag(pid, Pid), process_kill(Pid, kill).
answer(halt, _, _, _) :- halt.
answer(hang, _, _, _) :- repeat, fail.
answer(garbage, _, _, _) :- say("hello, referee").
answer(illegal, _, _, _) :- say("move no such move").
answer(endless, _, _, _) :- repeat, format("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"), fail.
answer(double, _, _, First) :- answer(good, _, _, First), answer(good, _, _, First).
answer(memory, _, _, _) :- grow([], 0).
answer(whole, _, Millis, First) :- S is Millis / 1000, sleep(S), answer(good, _, _, First).
answer(late, [Seconds|_], _, First) :- atom_number(Seconds, S), sleep(S), answer(good, _, _, First).

% Chunks of 8 M cells (128 MB): the limit is reached in a few steps, with
% little garbage collection, even on a loaded machine.
grow(L, N) :- N1 is N + 1, length(Chunk, 8000000), grow([Chunk|L], N1).
