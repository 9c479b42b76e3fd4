:- module(reliability_positions,
          [ reliability_games/1,      % -Names
            game_positions/4,         % +Name, +Seed, +N, -Games
            ongoing_positions/4,      % +Name, +Seed, +N, -Games
            stress_position/3,        % ?Name, ?Label, -Game
            search_position/3,        % ?Name, ?Label, -Game
            random_game_position/3,   % +Name, +Seed, -Game
            first_moves/3             % +Plies, +Game0, -Game
          ]).
/** <module> Positions for the reliability suites

Real positions of every game, drawn from random games (a seed gives the
same positions), and the positions that stress each engine the most.
*/

:- use_module(library(random)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(tabula)).
:- use_module(library(tabula/futlog_tools), [futlog_random_state/3]).
:- use_module('../prolog/test_support', [random_walk/4]).

%!  reliability_games(-Names) is det.
%
%   Every installed game, in the order of library(tabula/games).
reliability_games(Names) :-
    findall(N, tabula_game(N, _), Names0),
    order_games(Names0, Names).

order_games(Names0, Names) :-
    findall(N, ( tabula_games:tabula_game_name(N), memberchk(N, Names0) ), Names).

%!  game_positions(+Name, +Seed, +N, -Games) is det.
%
%   Games are N positions `game(Name, State)` of random games drawn from
%   Seed (board sizes vary where the game has several).
game_positions(Name, Seed, N, Games) :-
    numlist(1, N, Is),
    maplist([I, G]>>( S is Seed * 7919 + I, random_game_position(Name, S, G) ), Is, Games).

%!  ongoing_positions(+Name, +Seed, +N, -Games) is det.
%
%   As game_positions/4, with the player to move having a move in each.
ongoing_positions(Name, Seed, N, Games) :-
    ongoing(Name, Seed, 1, N, Games).

ongoing(_, _, _, 0, []) :- !.
ongoing(Name, Seed, I, N, Games) :-
    S is Seed * 7919 + I,
    random_game_position(Name, S, G),
    I1 is I + 1,
    (   tabula_status(G, to_move(_))
    ->  Games = [G|Rest], N1 is N - 1
    ;   Games = Rest, N1 = N
    ),
    ongoing(Name, Seed, I1, N1, Rest).

%!  random_game_position(+Name, +Seed, -Game) is det.
%
%   A position of a random game of Name drawn from Seed, any one of its
%   positions from the start to the end.
random_game_position(futlog, Seed, game(futlog, S)) :-
    !,
    set_random(seed(Seed)),
    random_between(0, 60, Plies),
    futlog_random_state(Seed, Plies, S).
random_game_position(Name, Seed, Game) :-
    set_random(seed(Seed)),
    new_options(Name, Options),
    tabula_new(Name, Options, G0),
    random_walk(G0, Seed, 400, Games),
    random_member(Game, Games).

new_options(fourmation, [size(N)]) :- !, random_between(4, 9, N).
new_options(crosscut, [size(H, L)]) :- !, random_between(5, 10, H), random_between(5, 10, L).
new_options(_, []).

%!  stress_position(?Name, ?Label, -Game) is nondet.
%
%   Positions where one call costs the most: the widest move lists and
%   the most expensive nodes.
stress_position(futlog, wide, game(futlog, S)) :-
    % The position with the most distinct outcomes found (9,646), with the
    % side to move that has no forced result (the other one scores at once).
    S = futlog(p(0,-1),1,16135597067373813760,9541786205943092538,7005461971889776635,
               2558252997340074504,12249995293327654272,114231).
stress_position(futlog, dense, game(futlog, S)) :-
    % A position of a long random game with 416,661 move paths.
    S = futlog(p(3,0),1,17155346416052248576,8068648078353088882,13458520187997218477,
               210964058210655,193514046566792,263168).
stress_position(uttt, start, G) :-
    tabula_new(uttt, [], G).
stress_position(fourmation, empty_12x12, G) :-
    tabula_new(fourmation, [size(12)], G).
stress_position(crosscut, empty_10x10, G) :-
    tabula_new(crosscut, [size(10, 10)], G).

%!  search_position(?Name, ?Label, -Game) is nondet.
%
%   Positions whose search runs long without a forced result: what a
%   time limit has to interrupt.
search_position(Name, Label, Game) :-
    stress_position(Name, Label, Game),
    Label \== dense.                  % a forced result is found at once there
search_position(futlog, start, G) :-
    tabula_new(futlog, [], G).
search_position(fourmation, start_7x7, G) :-
    tabula_new(fourmation, [], G).
search_position(crosscut, start_7x7, G) :-
    tabula_new(crosscut, [], G).

%!  first_moves(+Plies, +Game0, -Game) is det.
%
%   Game is Game0 after Plies plies of each position's first legal move: a
%   position past UTTT's opening book, where the engine searches.
first_moves(0, G, G) :- !.
first_moves(N, G0, G) :-
    tabula_moves(G0, [M|_]),
    tabula_move(G0, M, G1),
    N1 is N - 1,
    first_moves(N1, G1, G).
