:- module(crosscut_notation,
          [ crosscut_player/2,        % +State, -Player
            crosscut_parse_square/3,  % +State, +Text, -Move
            crosscut_move_text/2      % +Move, -Text
          ]).
/** <module> CrossCut: whose turn it is, and squares as people write them

Shared by library(tabula/crosscut), its tools and its uniform-API module.
On screen columns are the letters a, b, ... and rows are numbered from the
bottom, so the square `b3` is `move(3, 2)`.
*/

:- use_module(library(error)).
:- use_module(library(lists)).

%!  crosscut_player(+State, -Player) is det.
%
%   Player ('R' or 'B') is the one whose turn State's `Turn` shows: odd
%   turns are Red's.
%
%   @error type_error(crosscut_state, State) when State has no valid Turn
crosscut_player(state(Turn, _, _, _, _, _), Player) :-
    integer(Turn), Turn >= 1,
    !,
    (   Turn mod 2 =:= 1 -> Player = 'R' ; Player = 'B' ).
crosscut_player(State, _) :-
    must_be(nonvar, State),
    type_error(crosscut_state, State).

%!  crosscut_parse_square(+State, +Text, -Move) is semidet.
%
%   Move is the square of State's board typed as Text: "b3", "B3", "3b" or
%   "b 3". Fails for anything else, squares off the board included.
crosscut_parse_square(State, Text, Move) :-
    text_to_string(Text, String),
    once(parse_square(State, String, Move)).

parse_square(state(_, _, _, _, H, L), Text, move(N, C)) :-
    string_length(Text, Length),
    Length =< 16,                     % a square is a few characters
    string_codes(Text, Codes),
    maplist(ascii_lower, Codes, Lower),
    string_codes(LowerText, Lower),
    split_string(LowerText, "", " \t\r\n", [Trimmed]),
    string_chars(Trimmed, Chars0),
    exclude(==(' '), Chars0, Chars),
    (   Chars = [A|Ds], char_type(A, lower)
    ->  true
    ;   append(Ds, [A], Chars), char_type(A, lower)
    ),
    Ds \== [],
    catch(number_chars(N, Ds), _, fail),
    integer(N), between(1, H, N),
    char_code(A, Code),
    C is Code - 0'a + 1,
    between(1, L, C).

% Only ASCII letters are folded (the squares' letters), so that no text,
% whatever its characters, can make the folding raise an error.
ascii_lower(C0, C) :-
    (   between(0'A, 0'Z, C0) -> C is C0 + 0'a - 0'A ; C = C0 ).

%!  crosscut_move_text(+Move, -Text) is det.
%
%   Text is the square of Move as shown on screen, e.g. "b3" for move(3, 2).
%
%   @error type_error(crosscut_move, Move) when Move is not move(N, C)
%          with positive integers N and C (C at most 26)
crosscut_move_text(Move, Text) :-
    (   Move = move(N, C), integer(N), N >= 1, integer(C), between(1, 26, C)
    ->  true
    ;   must_be(nonvar, Move),
        type_error(crosscut_move, Move)
    ),
    Code is 0'a + C - 1,
    format(string(Text), "~c~d", [Code, N]).
