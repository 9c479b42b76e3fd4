% Supplied by Tabula's checker where a course folder has no utils.pl of
% its own: the helper predicates the course's helper files define in
% user (see the course contract), written here from their description.
% The student's predicates are called unqualified, as the course does.
positions([nw, n, ne, w, c, e, sw, s, se]).

player(x).
player(0).

nextPlayer(x, 0).
nextPlayer(0, x).

empty_board(['', '', '', '', '', '', '', '', '']).

player_wins(Player, Board) :-
    member([P1, P2, P3], [[nw, n, ne], [w, c, e], [sw, s, se], [nw, w, sw],
                          [n, c, s], [ne, e, se], [nw, c, se], [ne, c, sw]]),
    getPos(Board, P1, Player), getPos(Board, P2, Player), getPos(Board, P3, Player),
    !.

print_cell(Cell, _) :- Cell == '', !, write(' ').
print_cell(Cell, _) :- write(Cell).

printBoard(Board) :-
    forall(member(Row, [[nw, n, ne], [w, c, e], [sw, s, se]]),
           ( forall(member(P, Row), (getPos(Board, P, C), print_cell(C, P))), nl )).

printBoards(State) :-
    getBoards(State, Boards),
    forall(member(B, Boards), (printBoard(B), nl)),
    getUBoard(State, U), printBoard(U),
    getNextPlayer(State, Player), getNextAvailableBoards(State, Av),
    format("next: ~w in ~w~n", [Player, Av]).

% Stable sort of Priority-Move pairs by priority.
sortMoves(Pairs, Moves) :-
    msort_stable(Pairs, Sorted),
    findall(M, member(_-M, Sorted), Moves).

msort_stable(Pairs, Sorted) :-
    findall(P-(I-M), nth1(I, Pairs, P-M), Keyed),
    msort(Keyed, Sorted0),
    findall(P-M, member(P-(_-M), Sorted0), Sorted).
