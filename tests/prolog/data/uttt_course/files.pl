% Stand-in for the course's files.pl: loads the harness files.
:- ensure_loaded('utils.pl').
:- ensure_loaded('checker.pl').
