% Lines of play for the opening book (train/uttt/book_lines.txt) from a
% tournament record: the games that Player did not win, cut at Plies
% plies, each with the side Player had, one line per distinct line.
%
%   swipl train/uttt/record_lines.pl -- RECORD PLAYER PLIES [SIDE]
%
% RECORD is a tournament's games.pl (docs/tournament.md), PLAYER the
% name of one of its players, SIDE `x` or `o` to take only the games
% where Player had that side. Lines shared by several games are written
% once, most frequent first, followed by the number of games that
% played them (the book reads it as a comment).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(tabula)).
:- use_module(library(tabula/tournament_bridge), [codingame_row_col/3]).

:- initialization(main, main).

main :-
    current_prolog_flag(argv, Argv),
    (   Argv = [Record, PlayerText, PliesText|Rest],
        atom_number(PliesText, Plies),
        (   Rest == [] -> true
        ;   Rest = [Side], memberchk(Side, [x, o])
        )
    ->  true
    ;   format(user_error, "usage: record_lines.pl -- RECORD PLAYER PLIES [x|o]~n", []),
        halt(2)
    ),
    atom_string(Player, PlayerText),
    read_file_to_terms(Record, Terms, []),
    findall(Side-Text, not_won_line(Terms, Player, Plies, Side-Text), Lines),
    msort(Lines, Sorted),
    clumped(Sorted, Counted),
    transpose_pairs(Counted, ByCount),
    reverse(ByCount, Frequent),
    forall(member(Count-(Side-Text), Frequent),
           format("~w ~w  ~d~n", [Side, Text, Count])).

% A game of Player that it did not win (results are the first player's
% score: 1, 0.5 or 0), as Side-Text.
not_won_line(Terms, Player, Plies, Side-Text) :-
    member(game(_, First, Second, _, Moves, _, Result, _), Terms),
    (   First == Player, Result =\= 1 -> Side = x
    ;   Second == Player, Result =\= 0 -> Side = o
    ),
    length(Moves, Length),
    Take is min(Plies, Length),
    length(Prefix, Take),
    append(Prefix, _, Moves),
    tabula_new(uttt, [], Game),
    foldl(book_move_text, Prefix, Texts, Game, _),
    atomic_list_concat(Texts, ',', Text).

book_move_text(MoveText, Digits, Game0, Game) :-
    tabula_parse_move(Game0, MoveText, Move),
    tabula_move(Game0, Move, Game),
    codingame_row_col(MoveText, Row, Col),
    format(atom(Digits), "~d~d", [Row, Col]).
