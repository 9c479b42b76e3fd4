:- module(tabula_tournament_record,
          [ record_open/3,            % +File, +Event, -Records
            record_append/2,          % +File, +Record
            record_read/2             % +File, -Records
          ]).
/** <module> The record file of a tournament

One Prolog term a line, written with writeq/1 and flushed as each game
ends: first `event(...)`, what the tournament is (so that a run started
again on the same file plays the same event), then one
`game(Id, First, Second, Opening, Moves, Millis, Score, Reason)` per
finished game. A run killed while writing leaves at most one torn last
line; record_open/3 drops it (rewriting the file without it), so that a
resumed run plays that game again and counts nothing twice.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(readutil)).

%!  record_open(+File, +Event, -Records) is det.
%
%   Records are the games already recorded in File (a list of `game/8`
%   terms, each Id once), creating File with Event as its first line when
%   it does not exist. Raises `permission_error(resume, tournament, File)`
%   when File records another event.
record_open(File, Event, Records) :-
    must_be(atom, File),
    must_be(ground, Event),
    (   exists_file(File)
    ->  read_complete_lines(File, Terms),
        (   Terms = [Event|Games]
        ->  true
        ;   Terms == []
        ->  Games = []
        ;   permission_error(resume, tournament, File)
        ),
        unique_games(Games, Records),
        rewrite(File, [Event|Records])
    ;   rewrite(File, [Event]),
        Records = []
    ).

% The terms of the lines that read as ground terms: the only other line
% there can be is a last one cut short by a kill.
read_complete_lines(File, Terms) :-
    read_file_to_string(File, Text, [encoding(utf8)]),
    split_string(Text, "\n", "", Lines),
    convlist([Line, Term]>>( catch(term_string(Term, Line), _, fail),
                             ground(Term), Term \== end_of_file ),
             Lines, Terms).

unique_games(Games, Records) :-
    include([G]>>(functor(G, game, 8)), Games, Games1),
    unique_ids(Games1, [], Records).

unique_ids([], _, []).
unique_ids([G|Gs], Seen, Records) :-
    arg(1, G, Id),
    (   memberchk(Id, Seen)
    ->  unique_ids(Gs, Seen, Records)
    ;   Records = [G|Records1],
        unique_ids(Gs, [Id|Seen], Records1)
    ).

% Written to a temporary file and renamed, so that a kill mid-way leaves
% the old file or the new one.
rewrite(File, Terms) :-
    atom_concat(File, '.tmp', Tmp),
    setup_call_cleanup(open(Tmp, write, S, [encoding(utf8)]),
                       forall(member(T, Terms), write_line(S, T)),
                       close(S)),
    rename_file(Tmp, File).

write_line(S, Term) :-
    with_output_to(string(Line), writeq(Term)),
    format(S, "~s.~n", [Line]).

%!  record_read(+File, -Records) is det.
%
%   Records are the games of the record file File (game/8 terms, each Id
%   once), read without changing the file.
record_read(File, Records) :-
    must_be(atom, File),
    read_complete_lines(File, Terms),
    unique_games(Terms, Records).

%!  record_append(+File, +Record) is det.
%
%   Appends Record (a ground term) to File as one line and flushes it.
record_append(File, Record) :-
    must_be(atom, File),
    must_be(ground, Record),
    with_output_to(string(Line), writeq(Record)),
    format(string(Text), "~s.~n", [Line]),
    setup_call_cleanup(open(File, append, S, [encoding(utf8)]),
                       ( write(S, Text), flush_output(S) ),
                       close(S)).
