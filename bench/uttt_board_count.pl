/*  Who holds more small boards at the end of the drawn games of a UTTT
    match record (the runner's games.pl, docs/tournament.md):

      swipl -p foreign=lib/x86_64-linux -p library=prolog \
            -g "main('results/uttt-start-api/games.pl')" -t halt bench/uttt_board_count.pl

    Under the course's rules a full big board without a line is a draw;
    CodinGame's rules, which some bots play by, give such a game to the
    player holding more small boards. Prints, for each player, the drawn
    games in which it held more boards, and how many were level: a bot
    that plays for the board count shows here. Each game is replayed with
    the rules, so a record whose moves are not legal raises an error.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula/game)).
:- use_module(library(tabula/uttt)).
:- use_module(library(tabula/uttt_game)).
:- use_module(library(tabula/tournament_record)).

main(File) :-
    record_read(File, Games),
    include([game(_, _, _, _, _, _, Score, _)]>>(Score =:= 0.5), Games, Draws),
    maplist(board_lead, Draws, Leads),
    length(Draws, N),
    format("~w drawn games of ~w~n", [N, File]),
    findall(P, member(lead(P), Leads), More),
    msort(More, Sorted),
    clumped(Sorted, Counts),
    forall(member(P-C, Counts), format("  ~w held more small boards in ~w~n", [P, C])),
    aggregate_all(count, member(level, Leads), Level),
    format("  level in ~w~n", [Level]).

%   lead(Player) or level: the small boards x and o hold at the end.
board_lead(game(_, X, O, Opening, Moves, _, _, _), Lead) :-
    tabula_new(uttt, [], G0),
    append(Opening, Moves, Plies),
    foldl(play_text, Plies, G0, game(uttt, State)),
    getUBoard(State, UBoard),
    aggregate_all(count, member(x, UBoard), Xs),
    aggregate_all(count, member(0, UBoard), Os),
    (   Xs > Os
    ->  Lead = lead(X)
    ;   Os > Xs
    ->  Lead = lead(O)
    ;   Lead = level
    ).

play_text(Text, G0, G) :-
    (   tabula_parse_move(G0, Text, Move)
    ->  tabula_move(G0, Move, G)
    ;   domain_error(uttt_move_text, Text)
    ).
