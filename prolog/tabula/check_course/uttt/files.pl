% Supplied by Tabula's checker where a course folder has no files.pl of
% its own: it loads the helpers the course's files.pl provides.
:- ensure_loaded('utils.pl').
