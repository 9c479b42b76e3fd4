:- module(test_tabula_web, []).
/*  The web page's server: a real HTTP server on a free localhost port,
    driven through its JSON API as the page does.
*/
:- use_module(library(plunit)).
:- use_module(library(http/http_open)).
:- use_module(library(http/json)).
:- use_module(library(tabula/web)).

get_json(Port, Path, Params, Status, JSON) :-
    uri_query_components(Query, Params),
    format(atom(URL), "http://localhost:~w~w?~w", [Port, Path, Query]),
    setup_call_cleanup(
        http_open(URL, In, [status_code(Status)]),
        json_read_dict(In, JSON),
        close(In)).

:- dynamic port/1.
start :- tabula_serve(Port), assertz(port(Port)).
stop :- retract(port(Port)), tabula_stop(Port).

:- begin_tests(tabula_web, [setup(start), cleanup(stop)]).

test(page_is_served) :-
    port(Port),
    format(atom(URL), "http://localhost:~w/", [Port]),
    setup_call_cleanup(http_open(URL, In, []), read_string(In, _, Page), close(In)),
    assertion(sub_string(Page, _, _, _, "<title>Tabula")).

test(games_are_listed) :-
    port(Port),
    get_json(Port, '/api/games', [], 200, Games),
    assertion(member(_{name:"uttt", title:_}, Games)).

test(a_game_through_the_api) :-
    port(Port),
    get_json(Port, '/api/new', [game=uttt], 200, V0),
    assertion(V0.status == "to_move"),
    length(V0.moves, 81),
    get_json(Port, '/api/move', [state=V0.state, move="c,c"], 200, V1),
    assertion(V1.moves == ["nw", "n", "ne", "w", "e", "sw", "s", "se"]),
    get_json(Port, '/api/engine', [state=V1.state, time=0.1], 200, V2),
    assertion(V2.status == "to_move"),
    assertion(memberchk(V2.last, ["nw", "n", "ne", "w", "e", "sw", "s", "se"])).

test(illegal_move_is_a_bad_request) :-
    port(Port),
    get_json(Port, '/api/new', [game=uttt], 200, V0),
    get_json(Port, '/api/move', [state=V0.state, move="c"], Status, Body),
    assertion(Status == 400),
    assertion(Body.error == "illegal move").

test(junk_state_is_a_bad_request) :-
    port(Port),
    get_json(Port, '/api/engine', [state="game(uttt, foo(", time=0.1], Status, _),
    assertion(Status == 400).

test(unknown_game_is_a_bad_request) :-
    port(Port),
    get_json(Port, '/api/new', [game=chess], Status, _),
    assertion(Status == 400).

:- end_tests(tabula_web).
