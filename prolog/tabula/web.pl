:- module(tabula_web,
          [ tabula_serve/0,
            tabula_serve/1,           % ?Port
            tabula_stop/1             % +Port
          ]).
/** <module> A web page to play every Tabula game against the engine

tabula_serve/1 starts an HTTP server on localhost: `/` is the page, and a
small JSON API drives the uniform game API of library(tabula/game). States
and moves travel as text (writeq/1 form, read back with term_string/2), so
the server keeps nothing between requests and any number of games can run
at once.

  - GET /api/games                          [{name, title}]
  - GET /api/new?game=G                     a view of a new game
  - GET /api/move?state=S&move=M            a view after M (400 if illegal)
  - GET /api/engine?state=S&time=T          the engine's move and the view after it

A view is {state, display, status, to_move, moves, result}.
*/

:- use_module(library(http/thread_httpd)).
:- use_module(library(http/http_dispatch)).
:- use_module(library(http/http_json)).
:- use_module(library(http/http_parameters)).
:- use_module(library(http/http_files)).
:- use_module(library(tabula)).

:- http_handler(root(.), serve_page, []).
:- http_handler(root(api/games), api_games, []).
:- http_handler(root(api/new), api_new, []).
:- http_handler(root(api/move), api_move, []).
:- http_handler(root(api/engine), api_engine, []).

%!  tabula_serve is det.
%!  tabula_serve(?Port) is det.
%
%   Starts the server on Port (8080 by default; a free port when unbound)
%   and prints its address.
tabula_serve :-
    tabula_serve(8080).
tabula_serve(Port) :-
    http_server(http_dispatch, [port(localhost:Port)]),
    format("Tabula is served at http://localhost:~w/~n", [Port]).

%!  tabula_stop(+Port) is det.
tabula_stop(Port) :-
    http_stop_server(localhost:Port, []).

page_file(File) :-
    module_property(tabula_web, file(Here)),
    file_directory_name(Here, Dir),
    directory_file_path(Dir, '../../web/index.html', File0),
    absolute_file_name(File0, File).

serve_page(Request) :-
    page_file(File),
    http_reply_file(File, [unsafe(true)], Request).

api_games(_Request) :-
    findall(json([name=N, title=T]), tabula_game(N, T), Games),
    reply_json(Games).

api_new(Request) :-
    http_parameters(Request, [game(Name, [atom])]),
    (   tabula_game(Name, _)
    ->  tabula_new(Name, [], Game),
        reply_view(Game, null)
    ;   bad_request("unknown game")
    ).

api_move(Request) :-
    http_parameters(Request, [state(StateText, [string]), move(MoveText, [string])]),
    (   read_game(StateText, Game),
        tabula_parse_move(Game, MoveText, Move),
        once(tabula_move(Game, Move, Game2))
    ->  reply_view(Game2, Move)
    ;   bad_request("illegal move")
    ).

api_engine(Request) :-
    http_parameters(Request, [state(StateText, [string]),
                              time(Time, [number, default(1)])]),
    Seconds is max(0.05, min(Time, 30)),
    (   read_game(StateText, Game),
        tabula_engine_move(Game, [time(Seconds)], Move),
        once(tabula_move(Game, Move, Game2))
    ->  reply_view(Game2, Move)
    ;   bad_request("no move")
    ).

% Only a game term of an installed game is accepted.
read_game(Text, game(Name, State)) :-
    catch(term_string(Term, Text), _, fail),
    ground(Term),
    Term = game(Name, State),
    tabula_game(Name, _).

reply_view(Game, LastMove) :-
    tabula_status(Game, Status),
    tabula_moves(Game, Moves),
    with_output_to(string(Display), tabula_display(Game)),
    maplist(quoted, Moves, MoveTexts),
    quoted(Game, GameText),
    status_fields(Status, StatusName, Player),
    (   LastMove == null -> Last = @(null) ; quoted(LastMove, Last) ),
    reply_json(json([ state=GameText, display=Display, status=StatusName,
                      player=Player, moves=MoveTexts, last=Last ])).

status_fields(to_move(P), to_move, Text) :- quoted(P, Text).
status_fields(won(P), won, Text) :- quoted(P, Text).
status_fields(draw, draw, @(null)).

quoted(Term, Text) :-
    format(string(Text), "~q", [Term]).

bad_request(Message) :-
    reply_json(json([error=Message]), [status(400)]).
