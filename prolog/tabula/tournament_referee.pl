:- module(tabula_tournament_referee,
          [ referee_game/3            % +Pairing, +Setup, -Record
          ]).
/** <module> The referee of one tournament game

The referee alone holds the game: it applies the moves through the
uniform API (library(tabula/game)), judges legality and the result by
the course's rules, and measures every move on its own clock, from the
moment it sent `go` to the moment the answer's line arrived. A player
loses the game, with the reason recorded, when its answer comes later
than its time plus the margin (`time`), is not a `move` line
(`unreadable(Line)`), names no legal move (`illegal(Text)`), when it
writes a second answer (`double_answer`: a line waiting before the
referee asks, or an illegal answer that repeats the player's previous
move), closes its output (`exit(Status)`:
halt/0 is exit(0), a crash exit(N) or killed(Signal); `memory` when its
error output says it ran out of memory) or cannot start (`no_start(Why)`).
Both processes are stopped at the end of every game, so the next game
starts them afresh.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(readutil)).
:- use_module(library(tabula)).
:- use_module(library(tabula/game)).
:- use_module(tournament_player).

%!  referee_game(+Pairing, +Setup, -Record) is det.
%
%   Plays the game Pairing, `pairing(Id, First, Second, Opening)` (First
%   and Second player specs of library(tabula/tournament_player), First
%   moving first; Opening the moves, as text, played before them), under
%   Setup, `setup(Game, GameOptions, Control, Margin, PlayerOptions)`:
%   Control is `move(Seconds)` or `clock(Seconds, Increment)`, Margin the
%   seconds of grace past it, PlayerOptions for player_start/4 (a log/1
%   there names a folder: each player's error output goes to a file in
%   it). Record is
%   `game(Id, FirstName, SecondName, Opening, Moves, Millis, Score, Reason)`:
%   the players' moves (text), the referee's measure of each in
%   milliseconds, the first player's score (1, 0.5 or 0) and the reason
%   (`rules(Outcome)`, or `forfeit(Side, Why)` with Side `first` or
%   `second`).
referee_game(pairing(Id, First, Second, Opening), Setup, Record) :-
    Setup = setup(Game, GameOptions, Control, Margin, PlayerOptions),
    must_be(atom, Game),
    must_be(list(string), Opening),
    check_control(Control),
    must_be(number, Margin),
    player_spec_name(First, FirstName),
    player_spec_name(Second, SecondName),
    Record = game(Id, FirstName, SecondName, Opening, Moves, Millis, Score, Reason),
    tabula_new(Game, GameOptions, Start),
    play_opening(Opening, Start, Position),
    control_clocks(Control, Clocks),
    start_players([first-First, second-Second], Id, Game-GameOptions, PlayerOptions,
                  Players, Forfeit),
    (   Forfeit = forfeit(Side, Why)
    ->  Moves = [], Millis = [],
        forfeit_score(Side, Score),
        Reason = forfeit(Side, Why)
    ;   Ctx = ctx(Game, Control, Margin, Players, Opening),
        catch(play(Ctx, Position, Opening, Clocks, Moves, Millis, Score, Reason0),
              Error, referee_failed(Error, Moves, Millis, Score, Reason0)),
        Reason = Reason0
    ),
    maplist(stop_player, Players).

% An error of the referee itself ends the game as a draw with the error
% recorded as text: a record is a ground term, and the event goes on.
referee_failed(Error, [], [], 0.5, Reason) :-
    print_message(warning, Error),
    referee_error_reason(Error, Reason).

referee_error_reason(Error, referee_error(Text)) :-
    catch(format(string(Text), "~q", [Error]), _, Text = "(unprintable)").

check_control(move(S)) :- !, must_be(positive_integer_or_float, S).
check_control(clock(S, I)) :- !, must_be(number, S), must_be(number, I).
check_control(C) :- domain_error(time_control, C).

:- multifile error:has_type/2.
error:has_type(positive_integer_or_float, X) :- number(X), X > 0.

play_opening([], Game, Game).
play_opening([Text|Texts], Game0, Game) :-
    (   tabula_parse_move(Game0, Text, Move),
        tabula_move(Game0, Move, Game1)
    ->  play_opening(Texts, Game1, Game)
    ;   domain_error(opening_move, Text)
    ).

control_clocks(move(_), none).
control_clocks(clock(S, _), clocks(S, S)).

start_players([], _, _, _, [], none).
start_players([Side-Spec|Rest], Id, Game, Options0, Players, Forfeit) :-
    player_options(Options0, Id, Side, Options),
    catch(( player_start(Spec, Game, Options, Player), Outcome = ok ),
          tournament_player(Why), Outcome = failed(Why)),
    (   Outcome = failed(Why)
    ->  Players = [], Forfeit = forfeit(Side, Why)
    ;   option_log(Options, Log),
        Players = [Side-p(Player, Log)|Players1],
        start_players(Rest, Id, Game, Options0, Players1, Forfeit)
    ).

option_log(Options, Log) :-
    (   memberchk(log(Log0), Options) -> Log = Log0 ; Log = none ).

player_options(Options0, Id, Side, [log(File)|Options]) :-
    selectchk(log(Dir), Options0, Options),
    !,
    format(atom(Base), 'game-~w-~w.log', [Id, Side]),
    directory_file_path(Dir, Base, File),
    (   exists_file(File) -> delete_file(File) ; true ).
player_options(Options, _, _, Options).

stop_player(_-p(Player, _)) :-
    player_stop(Player, _).

forfeit_score(first, 0).
forfeit_score(second, 1).

% play(+Ctx, +Position, +History, +Clocks, -Moves, -Millis, -Score, -Reason):
% History is every move so far as text, the opening's included.
play(Ctx, Position, History, Clocks, Moves, Millis, Score, Reason) :-
    tabula_status(Position, Status),
    (   Status = to_move(Who)
    ->  Ctx = ctx(Game, _, _, _, _),
        tabula_player_index(Game, Who, Index),
        nth0(Index, [first, second], Side),
        turn(Ctx, Side, Position, History, Clocks, Outcome),
        (   Outcome = moved(Text, Ms, Position1, Clocks1)
        ->  Moves = [Text|Moves1], Millis = [Ms|Millis1],
            append(History, [Text], History1),
            play(Ctx, Position1, History1, Clocks1, Moves1, Millis1, Score, Reason)
        ;   Outcome = lost(Why, Ms)
        ->  Moves = [], Millis = [Ms],
            forfeit_score(Side, Score),
            Reason = forfeit(Side, Why)
        )
    ;   Moves = [], Millis = [],
        tabula_outcome(Position, Outcome),
        Reason = rules(Outcome),
        (   Status = won(Winner)
        ->  Position = game(Game, _),
            tabula_player_index(Game, Winner, WinnerIndex),
            nth0(WinnerIndex, [1, 0], Score)
        ;   Score = 0.5
        )
    ).

turn(ctx(_, Control, Margin, Players, _), Side, Position, History, Clocks, Outcome) :-
    memberchk(Side-p(Player, Log), Players),
    budget(Control, Side, Clocks, Budget, GoLine),
    position_lines(History, Position, Lines),
    (   player_pending(Player, line(_))
    ->  Outcome = lost(double_answer, 0)
    ;   append(Lines, [GoLine], Request),
        catch(player_send(Player, Request), _, true),
        get_time(T0),
        Wait is Budget + Margin,
        player_answer(Player, Wait, Answer),
        get_time(T1),
        Seconds is T1 - T0,
        Ms is round(Seconds * 1000),
        judge(Answer, Seconds, Wait, p(Player, Log), Position, Control, Side, Clocks, Ms, Outcome0),
        repeated_answer(Outcome0, History, Outcome)
    ).

budget(move(S), _, _, S, GoLine) :-
    Ms is round(S * 1000),
    format(string(GoLine), "go move ~d", [Ms]).
budget(clock(_, Inc), Side, clocks(F, S), Left, GoLine) :-
    (   Side == first -> Left = F ; Left = S ),
    Ms is max(0, round(Left * 1000)),
    IncMs is round(Inc * 1000),
    format(string(GoLine), "go clock ~d ~d", [Ms, IncMs]).

% Every move so far in the game's notation (the opening's included), and
% the legal moves.
position_lines(History, Position, Lines) :-
    length(History, N),
    format(string(P), "position ~d", [N]),
    tabula_moves(Position, Legal),
    maplist(tabula_format_move(Position), Legal, LegalTexts),
    length(Legal, K),
    format(string(L), "legal ~d", [K]),
    append([[P], History, [L], LegalTexts], Lines).

% An illegal answer that repeats the player's own previous move is the
% second line of an answer given twice, which arrived after the referee
% last looked for one.
repeated_answer(lost(illegal(Text), Ms), History, lost(double_answer, Ms)) :-
    append(_, [Own, _], History),
    Own == Text,
    !.
repeated_answer(Outcome, _, Outcome).

judge(timeout, _, _, _, _, _, _, _, Ms, lost(time, Ms)) :- !.
judge(eof, _, _, p(Player, Log), _, _, _, _, Ms, lost(Why, Ms)) :- !,
    player_stop(Player, Exit),
    exit_reason(Log, Exit, Why).
judge(line(Line), Seconds, Wait, _, Position, Control, Side, Clocks, Ms, Outcome) :-
    (   Seconds > Wait
    ->  Outcome = lost(time, Ms)
    ;   split_string(Line, "", " \t\r", [Trimmed]),
        sub_string(Trimmed, 0, 5, After, "move "),
        sub_string(Trimmed, 5, After, 0, Text0),
        split_string(Text0, "", " ", [Text])
    ->  (   tabula_parse_move(Position, Text, Move),
            tabula_move(Position, Move, Position1)
        ->  tabula_format_move(Position, Move, Canonical),
            clocks_after(Control, Side, Seconds, Clocks, Clocks1),
            Outcome = moved(Canonical, Ms, Position1, Clocks1)
        ;   Outcome = lost(illegal(Text), Ms)
        )
    ;   Outcome = lost(unreadable(Line), Ms)
    ).

clocks_after(move(_), _, _, Clocks, Clocks).
clocks_after(clock(_, Inc), first, Seconds, clocks(F, S), clocks(F1, S)) :-
    F1 is max(0, F - Seconds) + Inc.
clocks_after(clock(_, Inc), second, Seconds, clocks(F, S), clocks(F, S1)) :-
    S1 is max(0, S - Seconds) + Inc.

% An exit whose error output speaks of running out of memory (SWI-Prolog's
% resource errors, C++'s bad_alloc, malloc's failure) is a loss for memory.
exit_reason(Log, Exit, Why) :-
    (   Log \== none,
        catch(read_file_to_string(Log, Text, []), _, fail),
        member(Sign, ["resource_error", "Stack limit", "stack_overflow",
                      "ut of memory", "bad_alloc", "Cannot allocate",
                      "not enough memory"]),
        sub_string(Text, _, _, _, Sign)
    ->  Why = memory
    ;   Why = exit(Exit)
    ).
