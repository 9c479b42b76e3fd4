% Hostile code for the sandbox suite: each predicate tries to harm the
% machine or the checker. The victim paths come as arguments.
:- use_module(library(socket)).

remove(File) :- delete_file(File).
shell_touch(File) :- format(atom(C), 'touch ~w', [File]), shell(C).
spawn(Marker) :- format(atom(C), 'sleep ~w &', [Marker]), shell(C).
fill_disk :- open('big.bin', write, S), fill(S).
fill(S) :- format(S, "~`xt~1000000|~n", []), fill(S).
connect(Port) :- tcp_connect(localhost:Port, Stream, []), close(Stream).
forever :- forever.
print_forever :- repeat, write(spam), fail.
wait_input(X) :- read(X).
bye :- halt.
ok(X) :- X = fine.
