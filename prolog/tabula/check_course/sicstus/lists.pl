:- module(sicstus_lists,
          [ transpose/2, rev/2, suffix/2, keys_and_values/3, cumlist/4,
            subseq0/2, subseq1/2, sumlist/3 ]).
/** <module> SICStus library(lists) for a course program under SWI-Prolog

SWI-Prolog's library(lists), plus what SICStus 4 has in it and SWI-Prolog
has not, so a SICStus project that imports them loads and runs.
*/
:- reexport(swi(library/lists)).
:- use_module(library(apply), [foldl/4, foldl/6]).

%!  transpose(?Rows, ?Columns) is semidet.
%
%   Columns are the columns of the matrix Rows (a list of lists).
transpose([], []).
transpose([[]|_], []) :- !.
transpose(Rows, [Col|Cols]) :-
    firsts(Rows, Col, Rests),
    transpose(Rests, Cols).

firsts([], [], []).
firsts([[X|Xs]|Rows], [X|Col], [Xs|Rests]) :-
    firsts(Rows, Col, Rests).

%!  rev(?List, ?Reversed) is semidet.
%
%   Reversed is List backwards (SICStus' name for reverse/2).
rev(L, R) :- reverse(L, R).

%!  suffix(?List, ?Suffix) is nondet.
%
%   Suffix ends List.
suffix(L, L).
suffix([_|T], S) :- suffix(T, S).

%!  keys_and_values(?Pairs, ?Keys, ?Values) is det.
%
%   Pairs are the K-V pairs of Keys and Values, in order.
keys_and_values([], [], []).
keys_and_values([K-V|Ps], [K|Ks], [V|Vs]) :-
    keys_and_values(Ps, Ks, Vs).

%!  cumlist(:Pred, +List, +V0, -Vs) is semidet.
%
%   Vs are the values Pred(X, V, V1) goes through along List from V0.
:- meta_predicate cumlist(3, ?, ?, ?).
cumlist(_, [], _, []).
cumlist(P, [X|Xs], V0, [V|Vs]) :-
    call(P, X, V0, V),
    cumlist(P, Xs, V, Vs).

%!  subseq0(+List, ?Sub) is nondet.
%
%   Sub is List with some elements left out (maybe none).
subseq0(L, L).
subseq0(L, S) :- subseq1(L, S).

%!  subseq1(+List, ?Sub) is nondet.
%
%   Sub is List with at least one element left out.
subseq1([_|T], S) :- subseq0(T, S).
subseq1([H|T], [H|S]) :- subseq1(T, S).

%!  sumlist(:Pred, +List, -Sum) is det.
%
%   SICStus' older form is sumlist/2 (SWI-Prolog has it); this one sums
%   Pred's values over List.
:- meta_predicate sumlist(2, +, -).
sumlist(P, L, Sum) :-
    foldl([X, S0, S]>>(call(P, X, V), S is S0 + V), L, 0, Sum).
