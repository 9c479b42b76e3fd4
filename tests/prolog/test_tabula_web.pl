:- module(test_tabula_web, []).
/*  The web page's server: a real HTTP server on a free localhost port,
    driven through its JSON API as the page does (the page itself is
    played in headless Chromium by tests/browser/play_test.mjs).
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(thread)).
:- use_module(library(http/http_open)).
:- use_module(library(http/json)).
:- use_module(library(tabula/web)).
:- use_module(library(tabula)).
:- use_module(library(tabula/futlog_tools)).

url(Path, URL) :-
    port(Port),
    format(atom(URL), "http://localhost:~w~w", [Port, Path]).

get(Path, Status, Text) :-
    url(Path, URL),
    setup_call_cleanup(http_open(URL, In, [status_code(Status)]),
                       read_string(In, _, Text),
                       close(In)).

post(Path, Dict, Status, Reply) :-
    atom_json_dict(Body, Dict, [width(0)]),
    post_text(Path, 'application/json', Body, Status, Reply).

post_text(Path, Type, Body, Status, Reply) :-
    url(Path, URL),
    setup_call_cleanup(
        http_open(URL, In, [post(string(Type, Body)), status_code(Status)]),
        json_read_dict(In, Reply, [value_string_as(string)]),
        close(In)).

new(Game, View) :-
    post('/api/new', _{game:Game, gid:"t", seq:1}, 200, View).

:- dynamic port/1.
start :- tabula_serve(Port), assertz(port(Port)).
stop :- retract(port(Port)), tabula_stop(Port).

:- begin_tests(tabula_web, [setup(start), cleanup(stop)]).

test(page_is_served) :-
    get('/', 200, Page),
    assertion(sub_string(Page, _, _, _, "<title>Tabula")),
    get('/app.js', 200, Script),
    assertion(sub_string(Script, _, _, _, "/api/engine")),
    get('/style.css', 200, _),
    get('/nothing.html', Status, _),
    assertion(Status == 404).

test(games_are_listed) :-
    url('/api/games', URL),
    setup_call_cleanup(http_open(URL, In, []), json_read_dict(In, Reply, [value_string_as(string)]), close(In)),
    maplist([G, N]>>get_dict(name, G, N), Reply.games, Names),
    assertion(Names == ["uttt", "futlog", "fourmation", "crosscut"]),
    member(F, Reply.games), F.name == "fourmation",
    !,
    assertion(F.sizes.default == "7 x 7"),
    assertion(F.players == ["White", "Black"]),
    member(L, Reply.games), L.name == "futlog",
    !,
    assertion(L.steps == true),
    assertion(L.levels == []).

test(a_game_of_each, [forall(member(Game, ["uttt", "futlog", "fourmation", "crosscut"]))]) :-
    new(Game, V0),
    assertion(V0.status == "to_move"),
    assertion(V0.side == 0),
    assertion(V0.gid == "t"),
    assertion(V0.seq == 1),
    post('/api/move', _{state:V0.state, move:V0.example, gid:"t", seq:2}, S1, V1),
    (   Game == "futlog", S1 == 422
    ->  true                                % the example step bounced
    ;   assertion(S1 == 200),
        assertion(V1.last.move == V0.example),
        assertion(V1.last.side == 0),
        assertion(V1.seq == 2),
        post('/api/engine', _{state:V1.state, time:0.1, gid:"t", seq:3}, 200, V2),
        assertion(V2.last.side == 1),
        assertion(string(V2.last.move)),
        assertion(V2.seq == 3)
    ).

test(sizes_and_levels) :-
    post('/api/new', _{game:"crosscut", size:"5 x 5"}, 200, V0),
    assertion(V0.board.rows == 5),
    post('/api/engine', _{state:V0.state, level:"2"}, 200, V1),
    assertion(V1.status == "to_move"),
    post('/api/new', _{game:"uttt"}, 200, U0),
    post('/api/engine', _{state:U0.state, level:"greedy"}, 200, U1),
    assertion(U1.last.move == "nw nw" ; string(U1.last.move)).

test(illegal_moves_are_explained) :-
    new("fourmation", V0),
    post('/api/move', _{state:V0.state, move:"2 2"}, 200, V1),
    post('/api/move', _{state:V1.state, move:"2 2"}, S, E),
    assertion(S == 422),
    assertion(E.error == "illegal_move"),
    assertion(E.message == "2 2 is taken."),
    post('/api/move', _{state:V1.state, move:"move(a,b)"}, S2, E2),
    assertion(S2 == 422),
    assertion(sub_string(E2.message, 0, _, _, "\"move(a,b)\" is not a cell")).

test(bad_requests_are_4xx_json) :-
    new("crosscut", V0),
    forall(member(Path-Body-Want,
                  [ '/api/move'-_{state:"game(uttt, foo(", move:"c"}-400,
                    '/api/move'-_{state:V0.state}-400,
                    '/api/move'-_{state:V0.state, move:3}-400,
                    '/api/new'-_{game:"chess"}-400,
                    '/api/new'-_{game:"crosscut", size:"99 x 99"}-400,
                    '/api/engine'-_{state:V0.state, level:"9"}-400,
                    '/api/engine'-_{state:V0.state, time:"fast"}-400,
                    '/api/steps'-_{state:V0.state, path:"c3"}-400,
                    '/api/new'-_{game:"uttt", gid:_{a:1}}-400,
                    '/api/nothing'-_{}-404
                  ]),
           ( post(Path, Body, Status, Reply),
             assertion(Status == Want),
             assertion(string(Reply.error)),
             assertion(string(Reply.message)) )),
    post_text('/api/move', 'application/json', "not json", S1, R1),
    assertion(S1 == 400), assertion(R1.error == "bad_request"),
    post_text('/api/move', 'text/plain', "{}", S2, R2),
    assertion(S2 == 415), assertion(string(R2.message)),
    length(Xs, 20000), maplist(=(0'x), Xs), string_codes(Big, Xs),
    post('/api/move', _{state:Big}, S3, R3),
    assertion(S3 == 413), assertion(R3.error == "too_large"),
    url('/api/move', URL),
    setup_call_cleanup(http_open(URL, In, [status_code(S4)]), json_read_dict(In, R4), close(In)),
    assertion(S4 == 405), assertion(R4.error == "method_not_allowed").

test(game_over_is_refused) :-
    Won = state(2, 1, 1, [[x,x,x,x,x],[x,'R','R','R',x],[x,x,x,x,x],[x,'B',x,x,x],[x,x,x,x,x]], 5, 5),
    format(string(Text), "~q", [game(crosscut, Won)]),
    post('/api/engine', _{state:Text, time:0.1}, S, R),
    assertion(S == 422),
    assertion(R.error == "game_over").

% Futlog's moves are built step by step: the server answers for a prefix,
% never with all the paths.
test(futlog_steps) :-
    new("futlog", V0),
    assertion(length(V0.board.steps, 8)),
    post('/api/steps', _{state:V0.state, path:""}, 200, R0),
    assertion(R0.complete == false),
    assertion(length(R0.steps, 8)),
    post('/api/steps', _{state:V0.state, path:"e7"}, 200, R1),
    assertion(R1.complete == true),
    assertion(R1.move == "e7"),
    post('/api/steps', _{state:V0.state, path:"e9"}, S2, R2),
    assertion(S2 == 422),
    assertion(R2.message == "e9 is not next to the ball (at e6)."),
    bounce(Game, Step),
    format(string(State), "~q", [Game]),
    tabula_format_move(Game, [Step], StepText),
    post('/api/steps', _{state:State, path:StepText}, 200, R3),
    assertion(R3.complete == false),
    assertion(R3.points = [_{name:StepText, x:_, y:_}]),
    assertion(R3.steps \== []),
    R3.steps = [Next|_],
    format(string(Two), "~w ~w", [StepText, Next.name]),
    post('/api/steps', _{state:State, path:Two}, 200, R4),
    assertion(( R4.complete == true ; R4.complete == false )).

bounce(game(futlog, S), Step) :-
    between(1, 500, Seed),
    futlog_random_state(Seed, 12, S),
    tabula_status(game(futlog, S), to_move(_)),
    tabula_steps(game(futlog, S), [], Next),
    memberchk(Step-more, Next),
    !.

% Sixteen pages at once, each playing a few moves against the engine.
test(sixteen_clients_at_once) :-
    concurrent_forall(between(1, 16, I), client(I), [threads(16)]).

client(I) :-
    nth1(K, ["uttt", "futlog", "fourmation", "crosscut"], Game),
    K =:= I mod 4 + 1,
    !,
    post('/api/new', _{game:Game, gid:I, seq:0}, 200, V0),
    post('/api/engine', _{state:V0.state, time:0.1, gid:I, seq:1}, 200, V1),
    assertion(V1.gid == I),
    post('/api/engine', _{state:V1.state, time:0.1, gid:I, seq:2}, 200, V2),
    assertion(V2.seq == 2).

:- end_tests(tabula_web).
