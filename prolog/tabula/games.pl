:- module(tabula_games, [tabula_game_name/1]).
/** <module> The games of Tabula

The one list of the games, in menu order. The build reads it too
(cmake/TabulaGames.cmake), so a new game is added here and nowhere else.
*/

%!  tabula_game_name(?Name) is nondet.
%
%   Name is a game of Tabula: its engine is cpp/Name/, its uniform-API
%   module library(tabula/Name_game).
tabula_game_name(uttt).
tabula_game_name(futlog).
tabula_game_name(fourmation).
tabula_game_name(crosscut).
