/*  CrossCut (Porto PFL, 2022/23): move.pl on the Tabula engine.

    One of the rule files that replace the report's (move.pl, flipping.pl,
    valid_moves.pl, win.pl, input.pl); the report's proj.pl and board.pl
    stay as they are. See README.md.

    Defines for the rest of the program:

        move(+State, +Move, -NewState)      the player of Turn places at Move,
                                            with the official flips; Turn is
                                            unchanged; fails if illegal
        make_play(+State, ?Player, -NewState)
                                            one turn of the game loop

    CrossCut is a game by Mark Steere; its name and rules are his.
*/

:- use_module(library(tabula/crosscut), [move/3]).

%!  make_play(+State, ?Player, -NewState) is det.
%
%   Plays the turn of Player, the side of State's `Turn` ('R' when it is
%   odd, 'B' when even; bound to it when unbound): a human (type 1) types
%   the move, the computer (type T >= 2) chooses it at level T-1, both
%   through input.pl; the move is played with move/3 and the turn passed
%   with next_turn/2 (proj.pl's). A player without a legal placement is
%   skipped, as the official rules say: NewState is then next_turn/2 of
%   State. Raises domain_error(crosscut_player_to_move, Player) when
%   Player is not the side of `Turn`.
make_play(State, Player, NewState) :-
    tabula_turn_player(State, ToMove),
    (   var(Player)
    ->  Player = ToMove
    ;   Player == ToMove
    ->  true
    ;   throw(error(domain_error(crosscut_player_to_move, Player), make_play/3))
    ),
    valid_moves(State, Player, Moves),
    (   Moves == []
    ->  tabula_player_name(Player, Name),
        format("~w has no legal placement: the turn passes.~n", [Name]),
        next_turn(State, NewState)
    ;   player_move(State, Player, Move),
        move(State, Move, State1),
        next_turn(State1, NewState)
    ).

tabula_turn_player(state(Turn, _, _, _, _, _), Player) :-
    integer(Turn),
    !,
    (   Turn mod 2 =:= 1 -> Player = 'R' ; Player = 'B' ).
tabula_turn_player(State, _) :-
    (   var(State)
    ->  throw(error(instantiation_error, make_play/3))
    ;   throw(error(type_error(crosscut_state, State), make_play/3))
    ).
