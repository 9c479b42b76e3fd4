:- module(tabula_board_text,
          [ print_grid/3,             % +Rows, +ColumnLabels, +RowLabels
            cell_text/3,              % +Mark, +How, -Text
            column_letter/2,          % ?Column, ?Letter
            join_texts/3              % +Texts, +Separator, -Text
          ]).
/** <module> Text boards for the terminal, one style for every game

Every game's terminal board is drawn the same way: cells three characters
wide in a ruled grid, the game's coordinates on all four edges, the legal
targets shown as a dot and the last move in parentheses.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).

%!  print_grid(+Rows, +ColumnLabels, +RowLabels) is det.
%
%   Prints Rows (a list of rows, top first, each a list of cell texts of
%   three characters, see cell_text/3) in a ruled grid, with ColumnLabels
%   above and below and RowLabels (top first) left and right.
%
%   @error domain_error(non_empty_list, Rows) if there is no row,
%          domain_error(rows_of_one_width, Rows) if the rows are not all
%          as long as the first, domain_error(one_label_per_row,
%          RowLabels) if the labels do not match the rows
print_grid(Rows, ColumnLabels, RowLabels) :-
    must_be(list, Rows),
    must_be(list, ColumnLabels),
    must_be(list, RowLabels),
    maplist(must_be(list), Rows),
    (   Rows = [First|_]
    ->  length(First, Width)
    ;   domain_error(non_empty_list, Rows)
    ),
    (   maplist(has_length(Width), Rows)
    ->  true
    ;   domain_error(rows_of_one_width, Rows)
    ),
    (   same_length(Rows, RowLabels)
    ->  true
    ;   domain_error(one_label_per_row, RowLabels)
    ),
    print_column_labels(ColumnLabels),
    print_rule(Width),
    maplist(print_row(Width), Rows, RowLabels),
    print_column_labels(ColumnLabels).

has_length(N, List) :-
    length(List, N).

print_column_labels(Labels) :-
    format("    "),
    forall(member(L, Labels), centred(L)),
    nl.

centred(Label) :-
    string_length(Label, N),
    (   N >= 3 -> format("~w ", [Label])
    ;   N =:= 2 -> format(" ~w ", [Label])
    ;   format(" ~w  ", [Label])
    ).

print_rule(Width) :-
    format("   +"),
    forall(between(1, Width, _), format("---+")),
    nl.

print_row(Width, Cells, Label) :-
    format("~t~w~2| |", [Label]),
    forall(member(C, Cells), format("~w|", [C])),
    format(" ~w~n", [Label]),
    print_rule(Width).

%!  cell_text(+Mark, +How, -Text) is det.
%
%   Text is the three-character cell showing Mark (a one-character text,
%   " " for an empty cell): How is `plain`, `last` (in parentheses: the
%   last move) or `target` (an empty cell a move may go to: a dot).
cell_text(_, target, " . ") :- !.
cell_text(Mark, last, Text) :- !, format(string(Text), "(~w)", [Mark]).
cell_text(Mark, plain, Text) :- format(string(Text), " ~w ", [Mark]).

%!  column_letter(?Column, ?Letter) is semidet.
%
%   Letter (a one-letter atom) names Column, counted from 1: a, b, c, ...
column_letter(Column, Letter) :-
    (   integer(Column)
    ->  between(1, 26, Column),
        Code is 0'a + Column - 1,
        char_code(Letter0, Code),
        Letter = Letter0
    ;   atom(Letter),
        atom_length(Letter, 1),
        char_code(Letter, Code),
        Code >= 0'a, Code =< 0'z,
        Column is Code - 0'a + 1
    ).

%!  join_texts(+Texts, +Separator, -Text) is det.
%
%   Text (a string) is Texts joined with Separator.
%
%   @error resource_error(text_length) when Text would be longer than
%          64 M characters (joining is not interruptible; a board's
%          text is a few thousand)
join_texts(Texts, Separator, Text) :-
    must_be(list, Texts),
    must_be(atomic, Separator),
    foldl(add_length, Texts, 0, Length0),
    length(Texts, N),
    atom_length(Separator, SL),
    Length is Length0 + max(0, N - 1) * SL,
    (   Length > 1 << 26
    ->  resource_error(text_length)
    ;   atomic_list_concat(Texts, Separator, Atom),
        atom_string(Atom, Text)
    ).

add_length(Text, L0, L) :-
    must_be(atomic, Text),
    atom_length(Text, N),
    L is L0 + N.
