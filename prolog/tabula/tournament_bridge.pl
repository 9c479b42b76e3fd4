:- module(tabula_tournament_bridge,
          [ tournament_bridge_main/0,
            codingame_row_col/3       % +Text, -Row, -Col or -Text, +Row, +Col
          ]).
/** <module> A tournament player that lends the player protocol to another dialect

The program a tournament runs for a `bridge(Name, Dialect, Command)`
player:

    swipl -g "use_module(library(tabula/tournament_bridge))" \
          -g tournament_bridge_main -t halt -- codingame "./bot 0.1 {opening}"

It speaks the player protocol of docs/tournament.md to the referee and
the dialect to the program it starts with `/bin/sh -c Command`, one per
game, stopped at `quit` or at the end of its input. Dialects:

  - `codingame` (UTTT): each turn the program reads the opponent's last
    move `row col` (`-1 -1` at the game's first turn), the number of
    valid actions and one `row col` per action (sorted), and answers
    `row col` (words after the two numbers are ignored). Row and column
    run 0..8 over the whole grid, top-left first.
  - `futlog-referee` (Futlog): `hello`, `new`, `play <path>` for every
    move of either side (answered `ok <winner>` or `illegal <why>`),
    `go <ms>` (answered `move <path>`), `quit`; a path is the points the
    ball visits, `x,y x,y ...` (cpp/futlog/protocol.hpp).

The program only ever sees the game from its start. It is started
before the bridge answers the referee's handshake (its start-up is not
on the clock), unless Command holds `{opening}`: that is replaced by the
moves played before the bridge's first turn, `rc,rc,...` (row and column
digits per ply; UTTT), so the program starts at that turn; it plays those
moves as its own answers where they fall on its turns. `{seed}` is
replaced by 1. A program that answers a move of that opening differently, that
rejects a move, disagrees with the referee about the end of the game or
ends makes the bridge exit with a message on its error output, so the
referee records the player's forfeit. An answer that is not a move is
handed to the referee as it is (an `unreadable` forfeit).
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(process)).
:- use_module(library(readutil)).
:- use_module(library(tabula)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/tournament_protocol)).

%!  tournament_bridge_main is det.
%
%   Plays as a tournament player on standard input and output, bridging
%   to the program of the command-line arguments `Dialect Command`
%   (`codingame` or `futlog-referee`), until `quit` or the end of its
%   input; exits with status 1 and a message when the program fails.
tournament_bridge_main :-
    current_prolog_flag(argv, Argv),
    (   Argv = [Dialect0, Command|_]
    ->  atom_string(Dialect, Dialect0)
    ;   bridge_exit("usage: tournament_bridge_main -- DIALECT COMMAND")
    ),
    (   dialect_game(Dialect, _) -> true
    ;   bridge_exit(format("unknown dialect ~w", [Dialect]))
    ),
    set_stream(user_input, encoding(utf8)),
    set_stream(user_output, encoding(utf8)),
    Bridge = bridge(Dialect, Command, none, none, 0),
    nb_setval(tabula_bridge_program, none),
    nb_setval(tabula_bridge_position, []),
    catch(( early_start(Bridge), serve(Bridge) ), E, ( stop_program(Bridge), throw(E) )),
    stop_program(Bridge).

% A program whose command needs no opening starts before the handshake
% is answered, so that its start-up (loading a network, say) is spent in
% the referee's start-up time, not on the clock of its first move.
early_start(Bridge) :-
    arg(2, Bridge, Command),
    (   sub_atom(Command, _, _, _, '{opening}')
    ->  true
    ;   started(Bridge, [])
    ).

dialect_game(codingame, uttt).
dialect_game('futlog-referee', futlog).

% Bridge = bridge(Dialect, Command, Start, Program, Fed), changed in place:
% Start is the game's first position, Program the running program
% (none before its first turn), Fed how many plies of the game the
% program knows (its own answers included).
serve(Bridge) :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  true
    ;   split_string(Line, " ", "", Words),
        (   Words = ["quit"|_]
        ->  true
        ;   command(Words, Line, Bridge),
            serve(Bridge)
        )
    ).

command(["tabula-player", "1"|_], _, _) :- !,
    answer("tabula-player 1 bridge").
command(["game"|_], Line, Bridge) :- !,
    protocol_new_game(Line, Start),
    arg(1, Bridge, Dialect),
    dialect_game(Dialect, Game),
    (   Start = game(Game, _) -> true
    ;   bridge_exit(format("the ~w dialect plays ~w only", [Dialect, Game]))
    ),
    nb_setarg(3, Bridge, Start).
command(["position", N], _, _) :- !,
    number_string(Count, N),
    read_lines(Count, History),
    nb_setval(tabula_bridge_position, History).
command(["legal", N], _, _) :- !,
    number_string(Count, N),
    read_lines(Count, _).
command(["go"|Go], _, Bridge) :- !,
    nb_getval(tabula_bridge_position, History),
    arg(3, Bridge, Start),
    (   Start == none -> bridge_exit("go before game") ; true ),
    replay(History, Start, Moves),
    arg(1, Bridge, Dialect),
    turn(Dialect, Bridge, Go, Moves, Reply),
    answer(Reply).
command(_, _, _).

read_lines(0, []) :- !.
read_lines(N, [L|Ls]) :-
    read_line_to_string(user_input, L),
    (   L == end_of_file -> bridge_exit("the referee's input ended") ; true ),
    N1 is N - 1,
    read_lines(N1, Ls).

% The moves of the game so far, each with the position it was played
% from: Position-Move pairs, and the position after the last one.
replay(Texts, Start, moves(Pairs, Last)) :-
    foldl(replay_move, Texts, Pairs, Start, Last).

replay_move(Text, Position-Move, Position, Next) :-
    (   tabula_parse_move(Position, Text, Move),
        tabula_move(Position, Move, Next)
    ->  true
    ;   bridge_exit(format("the referee's move ~w does not parse", [Text]))
    ).

answer(Text) :-
    format(user_output, "~w~n", [Text]),
    flush_output(user_output).

turn(codingame, Bridge, _Go, Moves, Reply) :-
    codingame_turn(Bridge, Moves, Reply).
turn('futlog-referee', Bridge, Go, Moves, Reply) :-
    futlog_turn(Bridge, Go, Moves, Reply).

% ---- codingame ------------------------------------------------------------

% The program is asked at each of its turns it has not answered yet,
% from the game's start: inside the moves played before (an opening) its
% answer must be the move played; at the current turn it is the reply.
codingame_turn(Bridge, moves(Pairs, Last), Reply) :-
    length(Pairs, N),
    started(Bridge, Pairs),
    arg(5, Bridge, Fed),
    Me is N mod 2,
    ask_turns(Fed, N, Me, Bridge, Pairs, Last, Reply),
    Fed1 is N + 1,
    nb_setarg(5, Bridge, Fed1).

ask_turns(P, N, Me, Bridge, Pairs, Last, Reply) :-
    (   P > N
    ->  true
    ;   P mod 2 =\= Me
    ->  P1 is P + 1,
        ask_turns(P1, N, Me, Bridge, Pairs, Last, Reply)
    ;   (   P < N -> nth0(P, Pairs, Position-Move) ; Position = Last ),
        codingame_input(P, Pairs, Position, Lines),
        program(Bridge, Program),
        program_send(Program, Lines),
        program_line(Bridge, Line),
        (   P < N
        ->  (   codingame_move(Position, Line, Move)
            ->  P1 is P + 1,
                ask_turns(P1, N, Me, Bridge, Pairs, Last, Reply)
            ;   tabula_format_move(Position, Move, Played),
                bridge_exit(format("the program answered \"~w\" at ply ~d, where ~w was played",
                                   [Line, P, Played]))
            )
        ;   codingame_reply(Line, Reply)
        )
    ).

codingame_input(P, Pairs, Position, [LastLine, Count|Actions]) :-
    (   P =:= 0
    ->  LastLine = "-1 -1"
    ;   Before is P - 1,
        nth0(Before, Pairs, Previous-Move),
        row_col_line(Previous, Move, LastLine)
    ),
    tabula_moves(Position, Legal),
    maplist(row_col(Position), Legal, Cells),
    msort(Cells, Sorted),
    length(Sorted, Count),
    maplist([R-C, L]>>format(string(L), "~d ~d", [R, C]), Sorted, Actions).

row_col(Position, Move, Row-Col) :-
    tabula_format_move(Position, Move, Text),
    codingame_row_col(Text, Row, Col).

row_col_line(Position, Move, Line) :-
    row_col(Position, Move, Row-Col),
    format(string(Line), "~d ~d", [Row, Col]).

% The move of an answer's first two numbers in Position.
codingame_move(Position, Line, Move) :-
    answer_row_col(Line, Row, Col),
    codingame_row_col(Text, Row, Col),
    tabula_parse_move(Position, Text, Move).

answer_row_col(Line, Row, Col) :-
    split_string(Line, " \t", " \t", [R, C|_]),
    number_string(Row, R), integer(Row),
    number_string(Col, C), integer(Col).

codingame_reply(Line, Reply) :-
    (   answer_row_col(Line, Row, Col)
    ->  (   codingame_row_col(Text, Row, Col)
        ->  true
        ;   format(string(Text), "~d ~d", [Row, Col])   % off the grid: illegal
        ),
        format(string(Reply), "move ~w", [Text])
    ;   unreadable(Line, Reply)
    ).

%!  codingame_row_col(+Text, -Row, -Col) is semidet.
%!  codingame_row_col(-Text, +Row, +Col) is semidet.
%
%   Text, a UTTT move as Tabula writes it (`"B C"`, board and cell among
%   `nw n ne w c e sw s se`), is the cell at CodinGame's Row and Col
%   (0..8 over the whole grid, top-left first). Fails for anything else.
codingame_row_col(Text, Row, Col) :-
    Names = [nw, n, ne, w, c, e, sw, s, se],
    (   nonvar(Text)
    ->  split_string(Text, " ", " ", [B0, C0]),
        atom_string(BA, B0), atom_string(CA, C0),
        nth0(B, Names, BA), nth0(C, Names, CA), !,
        Row is 3 * (B // 3) + C // 3,
        Col is 3 * (B mod 3) + C mod 3
    ;   must_be(integer, Row), must_be(integer, Col),
        between(0, 8, Row), between(0, 8, Col),
        B is 3 * (Row // 3) + Col // 3,
        C is 3 * (Row mod 3) + Col mod 3,
        nth0(B, Names, BA), nth0(C, Names, CA),
        format(string(Text), "~w ~w", [BA, CA])
    ).

% ---- futlog-referee -------------------------------------------------------

% Every move not yet told is played on the program's board (each side's
% alike), its view of the result compared with ours; then `go`.
futlog_turn(Bridge, Go, moves(Pairs, Last), Reply) :-
    started(Bridge, Pairs),
    arg(5, Bridge, Fed),
    program(Bridge, Program),
    length(Pairs, N),
    forall(( nth0(I, Pairs, Position-Move), I >= Fed ),
           play_told(Bridge, Program, Position, Move)),
    nb_setarg(5, Bridge, N),
    go_millis(Go, Ms),
    format(string(GoLine), "go ~d", [Ms]),
    program_send(Program, [GoLine]),
    program_line(Bridge, Line),
    (   split_string(Line, " ", " ", ["move"|Words]),
        Words \== [],
        atomic_list_concat(Words, ' ', PathText),
        points(PathText, Path),
        tabula_format_move(Last, Path, Text)
    ->  format(string(Reply), "move ~w", [Text])
    ;   unreadable(Line, Reply)
    ).

play_told(Bridge, Program, Position, Move) :-
    tabula_format_move(Position, Move, Text),
    points(PathText, Move),
    format(string(Line), "play ~w", [PathText]),
    program_send(Program, [Line]),
    program_line(Bridge, Answer),
    tabula_move(Position, Move, After),
    tabula_status(After, Status),
    (   Status = won(W) -> Winner = W ; Winner = 0 ),
    (   split_string(Answer, " ", " ", ["ok", WText|_]),
        number_string(Winner0, WText)
    ->  (   Winner0 =:= Winner -> true
        ;   bridge_exit(format("after ~w the program says winner ~w, the referee ~w",
                               [Text, Winner0, Winner]))
        )
    ;   bridge_exit(format("the program answered \"~w\" to ~w", [Answer, Line]))
    ).

% A Futlog path, [p(X,Y), ...], as the text "x,y x,y ...".
points(Text, Path) :-
    (   nonvar(Path)
    ->  maplist([p(X, Y), S]>>format(string(S), "~d,~d", [X, Y]), Path, Ss),
        atomic_list_concat(Ss, ' ', Text)
    ;   split_string(Text, " ", " ", Words0),
        exclude(==(""), Words0, Words),
        Words \== [],
        maplist([W, p(X, Y)]>>( split_string(W, ",", "", [XS, YS]),
                                 number_string(X, XS), integer(X),
                                 number_string(Y, YS), integer(Y) ),
                Words, Path)
    ).

% The time a `go` line gives: a move's, or a twentieth of the clock plus
% half the increment.
go_millis(["move", Ms0|_], Ms) :- !, number_string(Ms, Ms0).
go_millis(["clock", Left0, Inc0|_], Ms) :- !,
    number_string(Left, Left0), number_string(Inc, Inc0),
    Ms is max(10, Left // 20 + Inc // 2).
go_millis(Go, _) :-
    bridge_exit(format("a go line without time: ~w", [Go])).

% ---- the program ------------------------------------------------------------

% An answer that is no move goes to the referee as it is, unless the
% referee would take it for a move or a comment.
unreadable(Line, Reply) :-
    (   ( sub_string(Line, 0, _, _, "move") ; sub_string(Line, 0, _, _, "#")
        ; sub_string(Line, 0, _, _, "info") ; Line == "" )
    ->  format(string(Reply), "? ~w", [Line])
    ;   Reply = Line
    ).

% The program is started at the bridge's first turn, when the moves
% before it (for {opening}) are known.
started(Bridge, Pairs) :-
    arg(4, Bridge, Program0),
    (   Program0 \== none
    ->  true
    ;   arg(1, Bridge, Dialect),
        arg(2, Bridge, Command0),
        opening_text(Pairs, Opening),
        replace_all(Command0, "{opening}", Opening, Command1),
        replace_all(Command1, "{seed}", "1", Command),
        catch(process_create('/bin/sh', ['-c', Command],
                             [ stdin(pipe(In)), stdout(pipe(Out)), stderr(std),
                               process(Pid) ]),
              E, ( message_to_codes(E, Why), bridge_exit(format("cannot start ~w: ~s", [Command, Why])) )),
        set_stream(In, encoding(utf8)),
        set_stream(Out, encoding(utf8)),
        Program = program(Pid, In, Out),
        nb_setarg(4, Bridge, Program),
        nb_setval(tabula_bridge_program, Program),
        greet(Dialect, Bridge, Program)
    ).

message_to_codes(E, Codes) :-
    (   E = error(Formal, _) -> format(codes(Codes), "~q", [Formal])
    ;   format(codes(Codes), "~q", [E])
    ).

greet(codingame, _, _).
greet('futlog-referee', Bridge, Program) :-
    program_send(Program, ["hello"]),
    program_line(Bridge, Hello, false),
    (   split_string(Hello, " ", " ", ["hello"|_]) -> true
    ;   bridge_exit(format("the program answered \"~w\" to hello", [Hello]))
    ),
    program_send(Program, ["new"]),
    program_line(Bridge, Ok, false),
    (   split_string(Ok, " ", " ", ["ok"|_]) -> true
    ;   bridge_exit(format("the program answered \"~w\" to new", [Ok]))
    ).

opening_text(Pairs, Text) :-
    maplist([P-M, S]>>( (   P = game(uttt, _)
                        ->  row_col(P, M, R-C), format(string(S), "~d~d", [R, C])
                        ;   tabula_format_move(P, M, S)
                        ) ),
            Pairs, Ss),
    atomic_list_concat(Ss, ',', Text).

replace_all(Text0, Key, Value, Text) :-
    atomic_list_concat(Parts, Key, Text0),
    atomic_list_concat(Parts, Value, Text).

program(Bridge, Program) :-
    arg(4, Bridge, Program).

program_send(program(_, In, _), Lines) :-
    catch(( forall(member(L, Lines), format(In, "~w~n", [L])),
            flush_output(In) ),
          _, bridge_exit("the program stopped reading")).

% The program's next line (blank lines skipped). While it thinks on a
% move, a line from the referee (its `quit` after a timeout) or the end
% of the referee's input ends the bridge; the referee's handshake may be
% waiting while the program starts (Watch false).
program_line(Bridge, Line) :-
    program_line(Bridge, Line, true).

program_line(Bridge, Line, Watch) :-
    program(Bridge, program(_, _, Out)),
    (   Watch == true -> Streams = [Out, user_input] ; Streams = [Out] ),
    wait_for_input(Streams, Ready, infinite),
    (   memberchk(Out, Ready)
    ->  read_line_to_string(Out, Line0),
        (   Line0 == end_of_file
        ->  bridge_exit("the program ended")
        ;   split_string(Line0, "", " \t\r", [Trimmed]),
            (   Trimmed == ""
            ->  program_line(Bridge, Line, Watch)
            ;   Line = Trimmed
            )
        )
    ;   stop_program(Bridge),
        halt(0)
    ).

stop_program(Bridge) :-
    arg(4, Bridge, Program),
    stop_process(Program),
    nb_setarg(4, Bridge, none),
    nb_setval(tabula_bridge_program, none).

% The referee kills the bridge a second after `quit`: the program gets a
% fifth of that to leave on the end of its input, then is killed.
stop_process(none) :- !.
stop_process(program(Pid, In, Out)) :-
    catch(close(In), _, true),
    (   exited_within(Pid, 10) -> true
    ;   catch(process_kill(Pid, kill), _, true),
        catch(process_wait(Pid, _), _, true)
    ),
    catch(close(Out), _, true).

exited_within(Pid, N) :-
    catch(process_wait(Pid, Exit, [timeout(0)]), _, fail),
    (   Exit \== timeout
    ->  true
    ;   N > 0,
        sleep(0.02),
        N1 is N - 1,
        exited_within(Pid, N1)
    ).

% The message goes to the error output (the player's log); the program
% is stopped; the exit status 1 ends the game as the player's forfeit.
bridge_exit(format(Format, Args)) :- !,
    format(string(Message), Format, Args),
    bridge_exit(Message).
bridge_exit(Message) :-
    format(user_error, "bridge: ~w~n", [Message]),
    (   nb_current(tabula_bridge_program, Program) -> stop_process(Program) ; true ),
    halt(1).
