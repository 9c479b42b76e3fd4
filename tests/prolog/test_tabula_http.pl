:- module(test_tabula_http, []).
/*  HTTP: the web server (in a process of its own, on a free localhost
    port) answers a storm of requests, 16 at a time: valid ones of every
    endpoint, illegal moves, unknown games, wrong types, malformed JSON,
    deep nesting, 10 MB bodies, missing lengths, wrong methods and
    addresses (tests/reliability/http.pl). A valid request gets a 200 with
    JSON, a bad one a 4xx with a JSON error: never a 5xx, a stack trace or
    a dropped connection; the server stays up and its memory bounded. The
    long form, 10,000 requests, is scripts/reliability.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(test_support).
:- use_module('../reliability/http').

:- dynamic server/1.

start :- start_server(S), assertz(server(S)).
stop :- forall(retract(server(S)), stop_server(S)).

:- begin_tests(tabula_http, [setup(start), cleanup(stop)]).

test(storm) :-
    server(S),
    scaled(800, 300, N),
    test_seed(http, Seed),
    http_storm(S, [requests(N), clients(16), seed(Seed)], Results, RSS),
    storm_summary(Results, summary(Total, Counts, Findings)),
    format(user_error, "~N% http: ~D requests, statuses ~w, server RSS (KB) ~w~n", [Total, Counts, RSS]),
    assertion(Total == N),
    assertion(Findings == []),
    max_list(RSS, Max),
    assertion(Max < 256 * 1024).

test(still_up_after_the_storm, Status == 200) :-
    server(server(_, Port, _)),
    raw_request(Port, "GET /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", Status, _).

% A body far over the bound is read and refused: the client, still
% sending, gets the 413 and its JSON, not a reset connection.
test(ten_megabytes, Status == 413) :-
    server(server(_, Port, _)),
    Size is 10 * 1024 * 1024,
    format(string(Head), "POST /api/move HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ~d\r\nConnection: close\r\n\r\n", [Size]),
    format(string(Body), "~*c", [Size, 0'x]),
    string_concat(Head, Body, Text),
    raw_request(Port, Text, Status, Reply),
    assertion(sub_atom(Reply, _, _, _, too_large)).

% A negative length reached the JSON reader, which answered a 500.
test(negative_length, Status == 400) :-
    server(server(_, Port, _)),
    raw_request(Port, "POST /api/move HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: -5\r\nConnection: close\r\n\r\n{}",
                Status, _).

:- end_tests(tabula_http).
