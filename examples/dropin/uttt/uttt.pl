:- dynamic detailed_mode_disabled/0.
:- ensure_loaded('files.pl').

% Every predicate of both stages (initialState/1 ... greedy/2) comes from
% Tabula's engine. Copy this file over the course's uttt.pl after running
% Tabula's install script; the course's helper files stay as they are.
:- use_module(library(tabula/uttt)).
