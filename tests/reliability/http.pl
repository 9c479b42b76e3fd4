:- module(reliability_http,
          [ start_server/1,           % -Server
            stop_server/1,            % +Server
            server_rss_kb/2,          % +Server, -KB
            http_storm/4,             % +Server, +Options, -Results, -RSS
            storm_summary/2,          % +Results, -Summary
            raw_request/4             % +Port, +RequestText, -Status, -Body
          ]).
/** <module> The web server under load and junk

The server (library(tabula/web)) runs in a process of its own, on a free
localhost port; client threads send it requests over raw sockets, so that
anything can be sent: valid requests of every endpoint, illegal moves,
unknown games, wrong types, malformed JSON, deep nesting, 10 MB bodies,
missing lengths, wrong methods and addresses. Every reply must be a 200
with JSON for a valid request and a 4xx with a JSON error for a bad one:
never a 5xx, a stack trace or a dropped connection. The server's resident
set size is read between batches.

The endpoints and the shape of their requests are all in request/3 and
the request builders below it.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(socket)).
:- use_module(library(process)).
:- use_module(library(readutil)).
:- use_module(library(http/json)).
:- use_module(library(tabula)).
:- use_module(positions).
:- use_module('../prolog/test_support', [swipl_executable/1, search_path_args/1]).

                 /*******************************
                 *           SERVER             *
                 *******************************/

%!  start_server(-Server) is det.
%
%   Starts `swipl` serving library(tabula/web) on a free localhost port,
%   with the checkout's libraries: server(Pid, Port, Out).
start_server(server(Pid, Port, Out)) :-
    swipl_executable(Exe),
    search_path_args(PathArgs),
    append([ ['--no-packs'], PathArgs,
             [ '-g', 'use_module(library(tabula/web))',
               '-g', 'tabula_serve(_)',
               '-g', 'flush_output',
               '-g', 'thread_get_message(_)' ] ], Args),
    process_create(Exe, Args, [stdin(null), stdout(pipe(Out)), process(Pid)]),
    read_port(Out, Port).

read_port(Out, Port) :-
    read_line_to_string(Out, Line),
    (   Line == end_of_file
    ->  throw(error(existence_error(server, tabula_web), _))
    ;   sub_string(Line, B, _, _, "localhost:"),
        B1 is B + 10,
        sub_string(Line, B1, _, 0, Rest),
        split_string(Rest, "/", "", [PortText|_]),
        number_string(Port, PortText)
    ->  true
    ;   read_port(Out, Port)
    ).

%!  stop_server(+Server) is det.
stop_server(server(Pid, _, Out)) :-
    catch(process_kill(Pid), _, true),
    process_wait(Pid, _),
    close(Out).

%!  server_rss_kb(+Server, -KB) is det.
%
%   The resident set size of the server process.
server_rss_kb(server(Pid, _, _), KB) :-
    format(atom(File), '/proc/~d/status', [Pid]),
    read_file_to_string(File, Text, []),
    split_string(Text, "\n", "", Lines),
    member(Line, Lines),
    string_concat("VmRSS:", Rest, Line),
    !,
    split_string(Rest, " \t", " \t", Parts),
    member(P, Parts), P \== "",
    number_string(KB, P),
    !.


                 /*******************************
                 *           STORM              *
                 *******************************/

%!  http_storm(+Server, +Options, -Results, -RSS) is det.
%
%   Sends the server Requests requests (option requests(N), default
%   1000) from Clients threads at once (clients(N), default 16), drawn
%   with seed(S). Results are result(Kind, Expect, Status, Verdict) for
%   every request, Verdict `ok` or a finding; RSS the server's RSS before
%   and after each tenth of the requests.
http_storm(Server, Options, Results, RSS) :-
    option_value(requests(N), Options, 1000),
    option_value(clients(C), Options, 16),
    option_value(seed(Seed), Options, 1),
    Server = server(_, Port, _),
    set_random(seed(Seed)),
    samples(Samples),
    Batch is max(1, N // 10),
    server_rss_kb(Server, RSS0),
    storm_batches(Server, Port, Samples, N, Batch, C, [], Results0, [RSS0], RSS1),
    reverse(RSS1, RSS),
    append(Results0, Results).

storm_batches(_, _, _, Left, _, _, R, R, S, S) :-
    Left =< 0,
    !.
storm_batches(Server, Port, Samples, Left, Batch, Clients, R0, R, S0, S) :-
    N is min(Batch, Left),
    length(Specs, N),
    maplist(request(Samples), Specs),
    run_batch(Port, Specs, Clients, Results),
    server_rss_kb(Server, KB),
    Left1 is Left - N,
    storm_batches(Server, Port, Samples, Left1, Batch, Clients, [Results|R0], R, [KB|S0], S).

run_batch(Port, Specs, Clients, Results) :-
    message_queue_create(Work),
    message_queue_create(Done),
    forall(nth1(I, Specs, Spec), thread_send_message(Work, job(I, Spec))),
    forall(between(1, Clients, _), thread_send_message(Work, stop)),
    length(Ids, Clients),
    maplist([Id]>>thread_create(client(Port, Work, Done), Id, []), Ids),
    maplist(thread_join, Ids),
    same_length(Specs, Pairs),
    maplist([P]>>thread_get_message(Done, P), Pairs),
    message_queue_destroy(Work),
    message_queue_destroy(Done),
    keysort(Pairs, Sorted),
    pairs_values(Sorted, Results).

client(Port, Work, Done) :-
    thread_get_message(Work, Job),
    (   Job = job(I, Spec)
    ->  one_request(Port, Spec, Result),
        thread_send_message(Done, I-Result),
        client(Port, Work, Done)
    ;   true
    ).

one_request(Port, spec(Kind, Expect, Text), result(Kind, Expect, Status, Verdict)) :-
    catch(raw_request(Port, Text, Status, Body), E, (Status = none, Body = E)),
    verdict(Expect, Status, Body, Verdict).

%   Expect: ok (a 200 with a JSON object), client_error (a 4xx with a
%   JSON error), http_layer (a request the HTTP layer answers before the
%   API sees it, in its own way: any reply but a 5xx).
verdict(_, none, E, finding(no_reply(E))) :- !.
verdict(_, Status, _, finding(server_error(Status))) :- Status >= 500, !.
verdict(ok, 200, Body, Verdict) :- !, json_verdict(Body, _, Verdict).
verdict(ok, Status, Body, finding(refused(Status, Message))) :- !, message_of(Body, Message).
verdict(client_error, Status, Body, Verdict) :-
    Status >= 400, Status < 500,
    !,
    json_verdict(Body, Dict, V0),
    (   V0 == ok, \+ ( string(Dict.get(error)), string(Dict.get(message)) )
    ->  Verdict = finding(no_error_fields)
    ;   Verdict = V0
    ).
verdict(client_error, Status, _, finding(accepted(Status))) :- !.
verdict(http_layer, _, _, ok).

json_verdict(Body, Dict, Verdict) :-
    (   catch(atom_json_dict(Body, Dict, []), _, fail), is_dict(Dict)
    ->  Verdict = ok
    ;   sub_atom(Body, 0, 200, _, Start) -> Verdict = finding(not_json(Start))
    ;   Verdict = finding(not_json(Body))
    ).

message_of(Body, Message) :-
    (   catch(atom_json_dict(Body, Dict, []), _, fail), is_dict(Dict), get_dict(message, Dict, Message)
    ->  true
    ;   Message = Body
    ).

%!  raw_request(+Port, +RequestText, -Status, -Body) is det.
%
%   Sends RequestText (a whole HTTP request) to localhost:Port on a new
%   connection and reads the reply: its status code and body (an atom).
raw_request(Port, Text, Status, Body) :-
    setup_call_cleanup(
        tcp_connect(localhost:Port, Stream, []),
        ( set_stream(Stream, encoding(octet)),
          catch(( write(Stream, Text), flush_output(Stream) ), _, true),
          read_reply(Stream, Status, Body) ),
        close(Stream, [force(true)])).

read_reply(Stream, Status, Body) :-
    read_line_to_string(Stream, StatusLine),
    (   StatusLine == end_of_file
    ->  throw(error(existence_error(reply, connection_closed), _))
    ;   split_string(StatusLine, " ", "", [_, Code|_]),
        number_string(Status, Code)
    ),
    read_headers(Stream, Headers),
    (   memberchk(length(Length), Headers)
    ->  read_length(Stream, Length, Codes)
    ;   read_stream_to_codes(Stream, Codes)
    ),
    atom_codes(Body, Codes).

read_headers(Stream, Headers) :-
    read_line_to_string(Stream, Line0),
    (   ( Line0 == end_of_file ; Line0 == "" ; Line0 == "\r" )
    ->  Headers = []
    ;   string_lower(Line0, Line),
        (   string_concat("content-length:", V, Line)
        ->  normalize_space(atom(A), V), atom_number(A, N), Headers = [length(N)|Rest]
        ;   Headers = Rest
        ),
        read_headers(Stream, Rest)
    ).

read_length(Stream, Length, Codes) :-
    length(Codes, Length),
    maplist([C]>>get_code(Stream, C), Codes).

                 /*******************************
                 *          REQUESTS            *
                 *******************************/

% Real material for requests: per game, ongoing positions with their
% legal moves as the page would type them.
samples(Samples) :-
    findall(Name-Positions,
            ( tabula_game(Name, _),
              ongoing_positions(Name, 17, 8, Games),
              findall(sample(Text, MoveTexts),
                      ( member(G, Games),
                        format(string(Text), "~q", [G]),
                        tabula_moves(G, Moves0),
                        random_permutation(Moves0, Moves1),
                        first(5, Moves1, Moves),
                        maplist(tabula_format_move(G), Moves, MoveTexts) ),
                      Positions) ),
            Samples).

first(N, L, P) :- length(L, Len), K is min(N, Len), length(P, K), append(P, _, L).

%!  request(+Samples, -Spec) is det.
%
%   Spec is spec(Kind, Expect, RequestText), one request of the mix.
request(Samples, Spec) :-
    mix(Mix),
    foldl([W-_, S0, S]>>(S is S0 + W), Mix, 0, Total),
    R is random_float * Total,
    pick(Mix, R, Kind),
    build(Kind, Samples, Spec).

% Kinds of request and how often each comes, in parts of 100.
mix([ 5-games, 8-new, 3-new_unknown, 2-new_bad_size, 18-move, 8-move_illegal,
      4-move_bad_state, 2-move_long_state, 3-engine, 2-engine_level, 2-engine_bad,
      3-steps, 2-steps_bad, 4-wrong_types, 6-malformed_json, 1-deep_json,
      0.3-huge_body, 2-unknown_path, 2-wrong_method, 1-no_length,
      2-wrong_type_header, 1-not_http, 1-bad_length, 2-not_object ]).

pick([_-K], _, K) :- !.
pick([W-K|Rest], R, Kind) :-
    (   R < W -> Kind = K ; R1 is R - W, pick(Rest, R1, Kind) ).

sample(Samples, Name, State, Moves) :-
    random_member(Name-Positions, Samples),
    random_member(sample(State, Moves), Positions).

build(games, _, spec(games, ok, Text)) :-
    get('/api/games', Text).
build(new, Samples, spec(new, ok, Text)) :-
    random_member(Name-_, Samples),
    post('/api/new', _{game:Name, gid:1, seq:1}, Text).
build(new_unknown, _, spec(new_unknown, client_error, Text)) :-
    random_member(G, ["chess", "", "uttt ", "UTTT", "../etc/passwd"]),
    post('/api/new', _{game:G}, Text).
build(new_bad_size, Samples, spec(new_bad_size, client_error, Text)) :-
    random_member(Name-_, Samples),
    random_member(S, ["99 x 99", "0", "-1", "7x7x7"]),
    post('/api/new', _{game:Name, size:S}, Text).
build(move, Samples, Spec) :-
    sample(Samples, _, State, Moves),
    random_member(M, Moves),
    post('/api/move', _{state:State, move:M, gid:"g", seq:2}, Text),
    Spec = spec(move, ok, Text).
build(move_illegal, Samples, spec(move_illegal, client_error, Text)) :-
    sample(Samples, _, State, _),
    random_member(M, ["", "zz", "99 99", "move(a,b)", "[p(9,9)]", "c c c", "a0", "-1 -1", "\u00e9\u00e9"]),
    post('/api/move', _{state:State, move:M}, Text).
build(move_bad_state, Samples, spec(move_bad_state, client_error, Text)) :-
    sample(Samples, Name, _, [M|_]),
    random_member(S0, ["game(", "foo", "game(chess, x)", "game(uttt, uttt(1,2,3))",
                       "game(_, _)", "halt", "game(futlog, futlog(p(0,0),1,a,b,c,d,e,f))",
                       "game(~w, state(1,1,1,[],5,5))", "X = f(X), game(uttt, X)"]),
    (   sub_string(S0, _, _, _, "~w") -> format(string(S), S0, [Name]) ; S = S0 ),
    post('/api/move', _{state:S, move:M}, Text).
build(move_long_state, _, spec(move_long_state, client_error, Text)) :-
    format(string(S), "~*c", [5000, 0'a]),
    post('/api/move', _{state:S, move:"c"}, Text).
build(engine, Samples, spec(engine, ok, Text)) :-
    sample(Samples, _, State, _),
    post('/api/engine', _{state:State, time:0.05}, Text).
build(engine_level, Samples, Spec) :-
    random_member(Name-Positions, Samples),
    tabula_levels(Name, Levels),
    random_member(sample(State, _), Positions),
    (   Levels == []
    ->  post('/api/engine', _{state:State, level:"1"}, Text),
        Spec = spec(engine_level, client_error, Text)
    ;   random_member(L-_, Levels),
        format(string(LT), "~w", [L]),
        post('/api/engine', _{state:State, level:LT}, Text),
        Spec = spec(engine_level, ok, Text)
    ).
build(engine_bad, Samples, spec(engine_bad, client_error, Text)) :-
    sample(Samples, _, State, _),
    random_member(B, [_{state:State, time:"fast"}, _{state:State, level:"99"}, _{state:State, level:1},
                      _{state:State, time:[1]}, _{time:1}]),
    post('/api/engine', B, Text).
build(steps, Samples, spec(steps, ok, Text)) :-
    memberchk(futlog-Positions, Samples),
    random_member(sample(State, _), Positions),
    post('/api/steps', _{state:State, path:""}, Text).
build(steps_bad, Samples, spec(steps_bad, client_error, Text)) :-
    (   random_member(x, [x, y]), memberchk(futlog-Positions, Samples)
    ->  random_member(sample(State, _), Positions),
        random_member(P, ["zz", "a0 a0", "e6 e6 e6", "n n n n n n n n n n n n"])
    ;   sample(Samples, _, State, _), P = "c3"
    ),
    post('/api/steps', _{state:State, path:P}, Text0),
    Text = Text0.
build(wrong_types, Samples, spec(wrong_types, client_error, Text)) :-
    sample(Samples, _, State, [M|_]),
    random_member(B, [ _{state:3, move:M}, _{state:State, move:3}, _{state:State, move:[M]},
                       _{state:State, move:M, gid:_{a:1}}, _{state:State, move:M, seq:[1]},
                       _{state:null, move:M}, _{game:3}, _{game:["uttt"]} ]),
    (   get_dict(game, B, _) -> Path = '/api/new' ; Path = '/api/move' ),
    post(Path, B, Text).
build(malformed_json, _, spec(malformed_json, client_error, Text)) :-
    random_member(J, ["{", "{\"state\":", "{'state':1}", "{\"a\":1,}", "nul", "{\"a\" 1}",
                      "\u00ff\u00fe", "{\"state\":\"\\ud800\"}", "1e999999", "{\"a\":1e400}"]),
    raw_post('/api/move', 'application/json', J, Text).
build(deep_json, _, spec(deep_json, client_error, Text)) :-
    length(Open, 8000), maplist(=(0'[), Open),
    length(Close, 8000), maplist(=(0']), Close),
    append(Open, Close, Cs), string_codes(J, Cs),
    raw_post('/api/move', 'application/json', J, Text).
build(huge_body, _, spec(huge_body, client_error, Text)) :-
    Size is 10 * 1024 * 1024,
    format(string(Head), "POST /api/move HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ~d\r\nConnection: close\r\n\r\n", [Size]),
    format(string(J), "~*c", [Size, 0'x]),
    string_concat(Head, J, Text).
build(unknown_path, _, spec(unknown_path, client_error, Text)) :-
    random_member(P, ['/api/nothing', '/api/', '/api/move/extra', '/api/games?x=1&y']),
    post(P, _{}, Text).
build(wrong_method, Samples, spec(wrong_method, client_error, Text)) :-
    (   random_member(x, [x, y])
    ->  get('/api/move', Text)
    ;   sample(Samples, _, State, _),
        post('/api/games', _{state:State}, Text)
    ).
build(no_length, _, spec(no_length, client_error, Text)) :-
    Text = "POST /api/move HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{}".
build(wrong_type_header, _, spec(wrong_type_header, client_error, Text)) :-
    random_member(T, ['text/plain', 'application/x-www-form-urlencoded', 'image/png']),
    raw_post('/api/move', T, "{}", Text).
build(not_http, _, spec(not_http, http_layer, Text)) :-
    random_member(Text, ["BLAH\r\n\r\n", "GET\r\n\r\n", "GET /api/games HTTP/9.9\r\n\r\n",
                         "\r\n\r\n", "GET /%zz HTTP/1.1\r\n\r\n"]).
build(bad_length, _, spec(bad_length, Expect, Text)) :-
    random_member(L-Expect, ["-5"-client_error, "abc"-http_layer, "99999999999999999999999"-http_layer]),
    format(string(Text), "POST /api/move HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ~w\r\nConnection: close\r\n\r\n{}", [L]).
build(not_object, _, spec(not_object, client_error, Text)) :-
    random_member(J, ["[1,2]", "null", "\"x\"", "3", "true", "[]"]),
    raw_post('/api/move', 'application/json', J, Text).

get(Path, Text) :-
    format(string(Text), "GET ~w HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", [Path]).

post(Path, Dict, Text) :-
    with_output_to(string(J), json_write_dict(current_output, Dict, [width(0)])),
    raw_post(Path, 'application/json', J, Text).

raw_post(Path, Type, Body, Text) :-
    string_codes(Body, Cs0),
    phrase(utf8_codes(Cs0), Bytes),
    length(Bytes, Length),
    format(string(Head), "POST ~w HTTP/1.1\r\nHost: localhost\r\nContent-Type: ~w\r\nContent-Length: ~d\r\nConnection: close\r\n\r\n",
           [Path, Type, Length]),
    string_codes(BodyBytes, Bytes),
    string_concat(Head, BodyBytes, Text).

utf8_codes([]) --> [].
utf8_codes([C|Cs]) --> utf8_code(C), utf8_codes(Cs).

utf8_code(C) --> { C < 0x80 }, !, [C].
utf8_code(C) --> { C < 0x800 }, !,
    { B1 is 0xC0 \/ (C >> 6), B2 is 0x80 \/ (C /\ 0x3F) }, [B1, B2].
utf8_code(C) --> { C < 0x10000 }, !,
    { B1 is 0xE0 \/ (C >> 12), B2 is 0x80 \/ ((C >> 6) /\ 0x3F), B3 is 0x80 \/ (C /\ 0x3F) },
    [B1, B2, B3].
utf8_code(C) -->
    { B1 is 0xF0 \/ (C >> 18), B2 is 0x80 \/ ((C >> 12) /\ 0x3F),
      B3 is 0x80 \/ ((C >> 6) /\ 0x3F), B4 is 0x80 \/ (C /\ 0x3F) },
    [B1, B2, B3, B4].

%!  storm_summary(+Results, -Summary) is det.
%
%   Summary is summary(Requests, StatusCounts, Findings), StatusCounts
%   Status-N pairs, Findings finding(Kind, Verdict) for each bad reply.
storm_summary(Results, summary(N, Counts, Findings)) :-
    length(Results, N),
    findall(S, member(result(_, _, S, _), Results), Ss),
    msort(Ss, Sorted),
    clumped(Sorted, Counts),
    findall(finding(K, V), ( member(result(K, _, _, V), Results), V \== ok ), Findings).

option_value(Opt, Options, Default) :-
    (   memberchk(Opt, Options) -> true ; arg(1, Opt, Default) ).
