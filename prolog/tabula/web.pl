:- module(tabula_web,
          [ tabula_serve/0,
            tabula_serve/1,           % ?Port
            tabula_serve/2,           % ?Port, +Options
            tabula_serve_forever/1,   % +Port
            tabula_stop/1             % +Port
          ]).
/** <module> A web page to play every Tabula game against the engine

tabula_serve/1 starts an HTTP server on localhost: `/` is the page
(web/index.html, web/app.js and web/style.css of the checkout, nothing
from elsewhere), and a small JSON API drives the uniform game API of
library(tabula/game).

The server keeps no game: a game's state travels with every request and
reply as text (writeq/1 form, read back with term_string/2), so any
number of pages can play at once and a restart loses nothing. The page
keeps the earlier states for its move list and undo. Every request and
reply carries the page's game id and sequence number (`gid`, `seq`,
echoed unchanged), so the page drops a reply that belongs to a game or a
position it has left: a slow engine reply can never touch a newer game.

  - GET /api/games: the games and what the page offers for each: players,
    board sizes, the course's levels, the engine's times, the rules,
    whether moves are built in steps.
  - POST /api/new {game, size?, gid, seq}: a view of a new game; `size`
    is one of the game's size labels.
  - POST /api/move {state, move, gid, seq}: the view after `move`, typed
    in the game's notation.
  - POST /api/engine {state, level? | time?, gid, seq}: the engine's move
    and the view after it; `time` in seconds (0.05 to 10), or `level` one
    of the course's levels.
  - POST /api/steps {state, path, gid, seq}: for a move built in steps
    (Futlog), checks `path` (the steps so far, in the game's notation)
    with the prefix rule: `{complete: true}` when it is a whole legal
    move, else `{complete: false, points, steps}` with the legal next
    steps. The server never lists all of Futlog's paths.

A view is `{gid, seq, game, title, state, status, player, side, outcome,
last, board, example}`: status `to_move`, `won` or `draw`; player and side
(0 or 1) the player to move or the winner; outcome a sentence ("White
wins: four in a row."); last `{move, player, side}` or null; board the
game's drawing (tabula_board/3); example a legal move for the move box.

Every bad request gets a JSON error `{error, message}` with a 4xx status:
400 for a malformed request, an unknown game or a state that is not one,
422 for an illegal move (the message says why), 404 for an unknown
address, 405 for a wrong method, 413 for a body over 16 KB. Request
bodies, states and moves are bounded, and the engine's time per request
is at most 10 s.
*/

:- use_module(library(http/thread_httpd)).
:- use_module(library(http/http_dispatch)).
:- use_module(library(http/http_json)).
:- use_module(library(http/http_files)).
:- use_module(library(http/json)).
:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(time)).
:- use_module(library(pairs)).
:- use_module(library(tabula)).
:- use_module(library(tabula/games)).

:- http_handler(root(.), serve_file, [prefix]).
:- http_handler(root(api), api, [prefix]).

max_body(16384).
max_drain(16777216).
max_state(4096).
max_move(2048).
max_id(64).
engine_time_bounds(0.05, 10).

%!  tabula_serve is det.
%!  tabula_serve(?Port) is det.
%!  tabula_serve(?Port, +Options) is det.
%
%   Starts the server on localhost:Port (8080 by default; a free port
%   when Port is unbound, which is then bound) and prints its address.
%   Options: workers(N), the HTTP worker threads (default 16).
tabula_serve :-
    tabula_serve(8080).
tabula_serve(Port) :-
    tabula_serve(Port, []).
tabula_serve(Port, Options) :-
    option(workers(Workers), Options, 16),
    must_be(positive_integer, Workers),
    http_server(http_dispatch, [port(localhost:Port), workers(Workers)]),
    format("Tabula is served at http://localhost:~w/~n", [Port]).

%!  tabula_serve_forever(+Port) is det.
%
%   Serves on Port until the process gets Ctrl-C (SIGINT) or SIGTERM,
%   then stops the server and halts.
tabula_serve_forever(Port) :-
    tabula_serve(Port),
    format("Open that address in a browser. Press Ctrl-C to stop.~n"),
    flush_output,
    on_signal(int, _, stop_serving),
    on_signal(term, _, stop_serving),
    thread_get_message(_).

stop_serving(_) :-
    format("~nStopped.~n"),
    halt(0).

%!  tabula_stop(+Port) is det.
%
%   Stops the server started on Port.
tabula_stop(Port) :-
    http_stop_server(localhost:Port, []).

                 /*******************************
                 *            FILES             *
                 *******************************/

page_file('', 'index.html', 'text/html; charset=utf-8').
page_file('index.html', 'index.html', 'text/html; charset=utf-8').
page_file('app.js', 'app.js', 'text/javascript; charset=utf-8').
page_file('style.css', 'style.css', 'text/css; charset=utf-8').

web_dir(Dir) :-
    module_property(tabula_web, file(Here)),
    file_directory_name(Here, Prolog),
    file_directory_name(Prolog, Root0),
    file_directory_name(Root0, Root),
    directory_file_path(Root, web, Dir).

serve_file(Request) :-
    (   memberchk(path_info(Info0), Request) -> true ; Info0 = '' ),
    (   atom_concat('/', Info, Info0) -> true ; Info = Info0 ),
    (   page_file(Info, Base, Type)
    ->  web_dir(Dir),
        directory_file_path(Dir, Base, File),
        read_file_to_string(File, Text, [encoding(utf8)]),
        format("Content-type: ~w~n", [Type]),
        format("Cache-Control: no-cache~n~n"),
        set_stream(current_output, encoding(utf8)),
        format("~s", [Text])
    ;   http_404([], Request)
    ).

                 /*******************************
                 *             API              *
                 *******************************/

% Every request to /api/... ends in a JSON reply: its answer, or an error.
api(Request) :-
    (   catch(api_reply(Request, Status0, Reply0),
              E,
              error_reply(E, Status0, Reply0))
    ->  Status = Status0, Reply = Reply0
    ;   Status = 500,
        Reply = _{error:server_error, message:"Unexpected server error."}
    ),
    format("Status: ~d~n", [Status]),
    (   Status >= 400
    ->  format("Connection: close~n")    % the request's body may be unread
    ;   true
    ),
    format("Cache-Control: no-store~n"),
    format("Content-type: application/json; charset=UTF-8~n~n"),
    json_write_dict(current_output, Reply, [width(0)]).

api_reply(Request, 200, Reply) :-
    (   memberchk(path_info(Path), Request) -> true ; Path = '' ),
    memberchk(method(Method), Request),
    (   endpoint(Path, Want, Handler)
    ->  true
    ;   throw(api(404, not_found, "There is no such address."))
    ),
    (   Method == Want
    ->  true
    ;   format(string(M), "Use ~w for this address.", [Want]),
        throw(api(405, method_not_allowed, M))
    ),
    (   Want == get
    ->  call(Handler, Reply)
    ;   read_body(Request, Body),
        call(Handler, Body, Reply0),
        echo_ids(Body, Reply0, Reply)
    ).

endpoint('/games', get, api_games).
endpoint('/new', post, api_new).
endpoint('/move', post, api_move).
endpoint('/engine', post, api_engine).
endpoint('/steps', post, api_steps).

error_reply(api(Status, Code, Message), Status, _{error:Code, message:Message}) :- !.
error_reply(error(domain_error(mimetype, _), _), 415,
            _{error:unsupported_media_type, message:"Send the request as JSON (Content-Type: application/json)."}) :- !.
error_reply(error(syntax_error(_), _), 400,
            _{error:bad_request, message:"The request is not valid JSON."}) :- !.
error_reply(error(type_error(_, _), _), 400,
            _{error:bad_request, message:"The request has a value of the wrong type."}) :- !.
error_reply(error(domain_error(_, _), _), 400,
            _{error:bad_request, message:"The request has a value out of range."}) :- !.
error_reply(time_limit_exceeded, 503,
            _{error:busy, message:"The engine ran out of time; try again."}) :- !.
error_reply(E, 500, _{error:server_error, message:"Unexpected server error."}) :-
    print_message(error, E).

read_body(Request, Body) :-
    max_body(Max),
    (   memberchk(content_length(Length), Request)
    ->  true
    ;   throw(api(411, length_required, "Send the request's length."))
    ),
    (   \+ ( integer(Length), Length >= 0 )
    ->  throw(api(400, bad_request, "The request's length is not a length."))
    ;   Length > Max
    ->  drain_body(Request, Length),
        format(string(M), "The request is larger than ~d bytes.", [Max]),
        throw(api(413, too_large, M))
    ;   true
    ),
    http_read_json_dict(Request, Body, [value_string_as(string)]),
    (   is_dict(Body)
    ->  true
    ;   throw(api(400, bad_request, "The request must be a JSON object."))
    ).

% The body of a request refused for its size is read and thrown away (up
% to max_drain/1 bytes, never kept), so that the client, still sending it,
% gets the 413 reply: closing the connection on unread data resets it, and
% the reply is lost.
drain_body(Request, Length) :-
    max_drain(Cap),
    (   Length =< Cap,
        memberchk(input(In), Request)
    ->  catch(setup_call_cleanup(open_null_stream(Null),
                                 copy_stream_data(In, Null, Length),
                                 close(Null)),
              _, true)
    ;   true
    ).

echo_ids(Body, Reply0, Reply) :-
    id_field(Body, gid, Gid),
    id_field(Body, seq, Seq),
    Reply = Reply0.put(_{gid:Gid, seq:Seq}).

id_field(Body, Key, Value) :-
    (   get_dict(Key, Body, Value0)
    ->  (   integer(Value0)
        ->  Value = Value0
        ;   string(Value0), max_id(Max), string_length(Value0, N), N =< Max
        ->  Value = Value0
        ;   format(string(M), "~w must be an integer or a short string.", [Key]),
            throw(api(400, bad_request, M))
        )
    ;   Value = null
    ).

field(Body, Key, Type, Value) :-
    (   get_dict(Key, Body, Value0), Value0 \== null
    ->  (   field_type(Type, Value0)
        ->  Value = Value0
        ;   format(string(M), "~w must be ~w.", [Key, Type]),
            throw(api(400, bad_request, M))
        )
    ;   format(string(M), "The request needs ~w.", [Key]),
        throw(api(400, bad_request, M))
    ).

field_type('a string', V) :- string(V).
field_type('a number', V) :- number(V).

bounded(Key, Text, Max) :-
    string_length(Text, N),
    (   N =< Max
    ->  true
    ;   format(string(M), "~w is longer than ~d characters.", [Key, Max]),
        throw(api(413, too_large, M))
    ).

api_games(_{games:Games}) :-
    findall(G, game_info(G), Games).

game_info(_{name:Name, title:Title, players:PlayerNames, sizes:Sizes,
            levels:Levels, times:Times, steps:Steps, rules:Rules, help:Help}) :-
    tabula_game_name(Name),
    tabula_game(Name, Title),
    tabula_players(Name, Players),
    pairs_values(Players, PlayerNames),
    tabula_sizes(Name, Sizes0),
    (   Sizes0 = sizes(Default, Choices)
    ->  pairs_keys(Choices, Labels),
        Sizes = _{default:Default, choices:Labels}
    ;   Sizes = null
    ),
    tabula_levels(Name, Levels0),
    findall(_{level:L, label:Label},
            ( member(L0-Label, Levels0), format(string(L), "~w", [L0]) ),
            Levels),
    Times = [0.2, 0.5, 1, 3, 10],
    (   tabula_has_steps(Name) -> Steps = true ; Steps = false ),
    tabula_rules(Name, Rules),
    tabula_new(Name, [], Game),
    tabula_move_help(Game, Help).

api_new(Body, View) :-
    field(Body, game, 'a string', NameText),
    (   tabula_game_name(Name), atom_string(Name, NameText), tabula_game(Name, _)
    ->  true
    ;   format(string(M), "There is no game \"~w\".", [NameText]),
        throw(api(400, unknown_game, M))
    ),
    (   get_dict(size, Body, Size), Size \== null
    ->  (   string(Size),
            tabula_sizes(Name, sizes(_, Choices)),
            memberchk(Size-Options, Choices)
        ->  true
        ;   tabula_game(Name, Title),
            format(string(M), "~w has no board size \"~w\".", [Title, Size]),
            throw(api(400, bad_request, M))
        )
    ;   Options = []
    ),
    tabula_new(Name, Options, Game),
    view(Game, none, View).

api_move(Body, View) :-
    body_game(Body, Game),
    field(Body, move, 'a string', Text),
    max_move(Max),
    bounded(move, Text, Max),
    playing(Game),
    (   tabula_parse_move(Game, Text, Move),
        once(tabula_move(Game, Move, Game2))
    ->  view(Game2, last(Game, Move), View)
    ;   tabula_move_error(Game, Text, Message),
        throw(api(422, illegal_move, Message))
    ).

api_engine(Body, View) :-
    body_game(Body, Game),
    playing(Game),
    Game = game(Name, _),
    (   get_dict(level, Body, LevelText), LevelText \== null
    ->  (   string(LevelText),
            tabula_levels(Name, Levels),
            member(Level-_, Levels),
            format(string(LevelText), "~w", [Level])
        ->  Options = [level(Level)],
            Limit = 30
        ;   format(string(M), "The engine of this game has no level \"~w\".", [LevelText]),
            throw(api(400, bad_request, M))
        )
    ;   (   get_dict(time, Body, T0), T0 \== null
        ->  (   number(T0) -> true ; throw(api(400, bad_request, "time must be a number.")) )
        ;   T0 = 1
        ),
        engine_time_bounds(Low, High),
        T is max(Low, min(High, T0)),
        Options = [time(T)],
        Limit is T + 20
    ),
    call_with_time_limit(Limit, tabula_engine_move(Game, Options, Move)),
    once(tabula_move(Game, Move, Game2)),
    view(Game2, last(Game, Move), View).

api_steps(Body, Reply) :-
    body_game(Body, Game),
    Game = game(Name, _),
    (   tabula_has_steps(Name)
    ->  true
    ;   throw(api(400, bad_request, "This game's moves are not built in steps."))
    ),
    playing(Game),
    field(Body, path, 'a string', Text),
    max_move(Max),
    bounded(path, Text, Max),
    (   normalize_space(string(""), Text)
    ->  Steps = []
    ;   tabula_parse_steps(Game, Text, Steps)
    ->  true
    ;   tabula_move_error(Game, Text, Message),
        throw(api(422, illegal_move, Message))
    ),
    (   Steps \== [],
        tabula_parse_move(Game, Text, _)
    ->  tabula_format_move(Game, Steps, MoveText),
        Reply = _{complete:true, move:MoveText}
    ;   tabula_steps(Game, Steps, Next)
    ->  maplist(step_point(Game), Steps, Points),
        maplist(next_json(Game), Next, NextJSON),
        Reply = _{complete:false, points:Points, steps:NextJSON}
    ;   tabula_move_error(Game, Text, Message),
        throw(api(422, illegal_move, Message))
    ).

step_point(Game, Step, _{name:Name, x:X, y:Y}) :-
    tabula_format_move(Game, [Step], Name),
    (   Step = p(X, Y) -> true ; X = null, Y = null ).

next_json(Game, Step-Kind, JSON) :-
    tabula_format_move(Game, [Step], Name),
    (   Step = p(X, Y) -> true ; X = null, Y = null ),
    (   Kind == done -> Done = true ; Done = false ),
    JSON = _{name:Name, x:X, y:Y, done:Done}.

body_game(Body, Game) :-
    field(Body, state, 'a string', Text),
    max_state(Max),
    bounded(state, Text, Max),
    (   catch(term_string(Term, Text), _, fail),
        ground(Term),
        Term = game(Name, _),
        atom(Name),
        tabula_game(Name, _),
        catch(tabula_status(Term, _), _, fail)
    ->  Game = Term
    ;   throw(api(400, bad_state, "The state is not a game's state."))
    ).

playing(Game) :-
    (   tabula_status(Game, to_move(_))
    ->  true
    ;   throw(api(422, game_over, "The game is over."))
    ).

                 /*******************************
                 *            VIEWS             *
                 *******************************/

view(Game, Last, View) :-
    Game = game(Name, _),
    tabula_game(Name, Title),
    format(string(StateText), "~q", [Game]),
    tabula_status(Game, Status),
    status_fields(Name, Status, StatusName, Player, Side),
    tabula_outcome(Game, Outcome),
    (   Last = last(Previous, Move)
    ->  tabula_format_move(Previous, Move, MoveText),
        tabula_status(Previous, to_move(Mover)),
        tabula_player_name(Name, Mover, MoverName),
        tabula_player_index(Name, Mover, MoverSide),
        LastJSON = _{move:MoveText, player:MoverName, side:MoverSide}
    ;   LastJSON = null
    ),
    tabula_board(Game, Last, Board),
    (   tabula_move_example(Game, Example) -> true ; Example = null ),
    View = _{game:Name, title:Title, state:StateText, status:StatusName,
             player:Player, side:Side, outcome:Outcome, last:LastJSON,
             board:Board, example:Example}.

status_fields(Name, to_move(P), to_move, Player, Side) :-
    tabula_player_name(Name, P, Player),
    tabula_player_index(Name, P, Side).
status_fields(Name, won(P), won, Player, Side) :-
    tabula_player_name(Name, P, Player),
    tabula_player_index(Name, P, Side).
status_fields(_, draw, draw, null, null).
