:- module(tabula_tournament_standings,
          [ standings/3,              % +Players, +Records, -Standings
            print_standings/2,        % +Stream, +Standings
            standings_svg/2           % +Standings, -SVG
          ]).
/** <module> Standings of a tournament, as a table and as a chart

The standings are computed from the record file's games alone, so a
resumed run and an uninterrupted one print the same table. Each row
holds a player's wins, draws and losses overall and by side (moving
first or second), its score, its Elo with a 95% interval and its
likelihood of superiority over the next player down. With two players
the Elo is the first's difference over the second from their score (the
second's is its negation), its interval from the variance between
opening pairs when the games come in pairs, else between games; with more it is the maximum-likelihood fit of
library(tabula/tournament_stats) over all games, mean 0.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(tournament_stats).

%!  standings(+Players, +Records, -Standings) is det.
%
%   Standings are the rows of Players (names) after Records (game/8 terms
%   of the record file), best first: `row(Name, Results, First, Second,
%   Score, Elo, Low, High, LOS)`, where Results, First and Second are
%   `W-D-L` (overall, moving first, moving second), Score the fraction of
%   points, Elo, Low and High numbers or `inf`/`-inf`, and LOS the
%   likelihood of superiority over the next row (`none` on the last).
standings(Players, Records, Rows) :-
    must_be(list(atom), Players),
    must_be(list, Records),
    maplist(player_results(Records), Players, Results),
    findall(score(A, B, S),
            ( member(game(_, A, B, _, _, _, S, _), Records),
              memberchk(A, Players), memberchk(B, Players) ),
            Scores),
    ratings(Players, Records, Scores, Results, Ratings),
    maplist(row, Players, Results, Ratings, Rows0),
    map_list_to_pairs(rank_key, Rows0, Keyed),
    sort(1, @>=, Keyed, Sorted),
    pairs_values(Sorted, Rows1),
    add_los(Rows1, Players, Results, Ratings, Rows).

player_results(Records, Name, results(All, First, Second)) :-
    foldl(count(Name), Records, t(0-0-0, 0-0-0), t(First, Second)),
    First = W1-D1-L1, Second = W2-D2-L2,
    W is W1 + W2, D is D1 + D2, L is L1 + L2,
    All = W-D-L.

count(Name, game(_, A, B, _, _, _, S, _), t(F0, S0), t(F, Sec)) :-
    !,
    (   A == Name -> add(S, F0, F), Sec = S0
    ;   B == Name -> S1 is 1 - S, add(S1, S0, Sec), F = F0
    ;   F = F0, Sec = S0
    ).
count(_, _, T, T).

add(S, W0-D0-L0, W-D-L) :-
    (   S =:= 1 -> W is W0 + 1, D = D0, L = L0
    ;   S =:= 0 -> L is L0 + 1, D = D0, W = W0
    ;   D is D0 + 1, W = W0, L = L0
    ).

ratings([A, B], Records, _, [results(WDL, _, _), _], [rating(A, E, Lo, Hi), rating(B, NE, NHi, NLo)]) :-
    !,
    (   opening_pairs(A, Records, Pairs)
    ->  pentanomial_elo(Pairs, elo(_, E, Lo, Hi))
    ;   trinomial_elo(WDL, elo(_, E, Lo, Hi))
    ),
    negate(E, NE), negate(Lo, NLo), negate(Hi, NHi).
ratings(Players, _, Scores, _, Ratings) :-
    mle_ratings(Players, Scores, [], Fitted),
    maplist([rating(P, E, SE), rating(P, E, Lo, Hi)]>>
                ( Lo is E - 1.959964 * SE, Hi is E + 1.959964 * SE ),
            Fitted, Ratings).

rank_key(Row, Key) :-
    arg(6, Row, Elo),
    (   Elo == inf -> Key = 1.0e9 ; Elo == '-inf' -> Key = -1.0e9 ; Key = Elo ).

% The games of two players, when they all come in opening pairs (Ids
% 2k-1 and 2k, one opening with the sides swapped), counted by A's points
% in each pair: the five counts of pentanomial_elo/2. Fails otherwise.
opening_pairs(A, Records, Pairs) :-
    Records \== [],
    findall(Pair-Points,
            ( member(game(Id, First, _, _, _, _, S, _), Records),
              integer(Id), Id > 0,
              Pair is (Id + 1) // 2,
              ( First == A -> Points = S ; Points is 1 - S ) ),
            Scored),
    msort(Scored, Sorted),
    pair_totals(Sorted, Totals),
    findall(C, ( between(0, 4, K), aggregate_all(count, member(K, Totals), C) ), Pairs).

pair_totals([], []).
pair_totals([P-X, P-Y|Rest], [K|Ks]) :-
    K is round(2 * (X + Y)),
    pair_totals(Rest, Ks).

negate(inf, '-inf') :- !.
negate('-inf', inf) :- !.
negate(X, Y) :- Y is -X.

row(Name, results(All, First, Second), rating(Name, Elo, Lo, Hi),
    row(Name, All, First, Second, Score, Elo, Lo, Hi, _)) :-
    All = W-D-L,
    N is W + D + L,
    (   N =:= 0 -> Score = 0.5 ; Score is (W + D / 2) / N ).

add_los([], _, _, _, []).
add_los([Row], _, _, _, [Row]) :-
    !,
    arg(9, Row, none).
add_los([Row, Next|Rows], Players, Results, Ratings, [Row|Rows1]) :-
    arg(1, Row, A), arg(1, Next, B),
    (   Players = [_, _]
    ->  once(nth1(I, Players, A)), nth1(I, Results, results(W-_-L, _, _)),
        los(W, L, LOS)
    ;   memberchk(rating(A, EA, LoA, _), Ratings),
        memberchk(rating(B, EB, LoB, _), Ratings),
        SA is (EA - LoA) / 1.959964, SB is (EB - LoB) / 1.959964,
        rating_los(rating(A, EA, SA), rating(B, EB, SB), LOS)
    ),
    arg(9, Row, LOS),
    add_los([Next|Rows], Players, Results, Ratings, Rows1).

%!  print_standings(+Stream, +Standings) is det.
%
%   Prints Standings, the rows of standings/3, as a table on Stream.
print_standings(Stream, Rows) :-
    check_rows(Rows),
    format(Stream, "~w~t~16|~t~w~6+~t~w~12+~t~w~12+~t~w~12+~t~w~8+~t~w~8+  ~w~t~18+~t~w~6+~n",
           ['Player', 'Games', 'W-D-L', 'First', 'Second', 'Score', 'Elo', '95%', 'LOS']),
    forall(member(Row, Rows), print_row(Stream, Row)).

print_row(Stream, row(Name, W-D-L, F, S, Score, Elo, Lo, Hi, LOS)) :-
    N is W + D + L,
    wdl(W-D-L, All), wdl(F, First), wdl(S, Second),
    Percent is 100 * Score,
    elo_text(Elo, EloText), elo_text(Lo, LoText), elo_text(Hi, HiText),
    format(string(Interval), "[~w, ~w]", [LoText, HiText]),
    (   LOS == none -> LosText = "" ; format(string(LosText), "~0f%", [100 * LOS]) ),
    format(Stream, "~w~t~16|~t~d~6+~t~w~12+~t~w~12+~t~w~12+~t~1f%~8+~t~w~8+  ~w~t~18+~t~w~6+~n",
           [Name, N, All, First, Second, Percent, EloText, Interval, LosText]).

check_rows(Rows) :-
    must_be(list, Rows),
    maplist(check_row, Rows).

check_row(Row) :-
    (   Row = row(Name, W-D-L, W1-D1-L1, W2-D2-L2, Score, Elo, Lo, Hi, LOS),
        atomic(Name),
        maplist(integer, [W, D, L, W1, D1, L1, W2, D2, L2]),
        number(Score),
        maplist(elo_value, [Elo, Lo, Hi]),
        ( LOS == none ; number(LOS) )
    ->  true
    ;   type_error(standings_row, Row)
    ).

elo_value(E) :- ( number(E) -> true ; memberchk(E, [inf, '-inf']) ).

wdl(W-D-L, Text) :- format(string(Text), "~d-~d-~d", [W, D, L]).

elo_text(inf, "+inf") :- !.
elo_text('-inf', "-inf") :- !.
elo_text(E, Text) :- format(string(Text), "~0f", [E]).

%!  standings_svg(+Standings, -SVG) is det.
%
%   SVG (a string) is a chart of Standings (the rows of standings/3): each player's Elo as a dot with
%   its 95% interval as a bar, best at the top, on one Elo axis.
standings_svg(Rows, SVG) :-
    check_rows(Rows),
    findall(V, ( member(R, Rows), member(I, [6, 7, 8]), arg(I, R, V), number(V) ), Vs),
    (   Vs == [] -> Min0 = -100, Max0 = 100 ; min_list(Vs, Min0), max_list(Vs, Max0) ),
    Min is min(-100, floor(Min0 / 100) * 100),
    Max is max(100, ceiling(Max0 / 100) * 100),
    length(Rows, N),
    Left = 150, Width = 460, Top = 30, Step = 26,
    Height is Top + N * Step + 30,
    Total is Left + Width + 30,
    X = [E, XE]>>(XE is Left + (E - Min) / (Max - Min) * Width),
    with_output_to(string(SVG),
        ( format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"~d\" height=\"~d\" font-family=\"sans-serif\" font-size=\"13\">~n", [Total, Height]),
          format("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>~n"),
          format("<text x=\"~d\" y=\"18\">Elo with 95% interval</text>~n", [Left]),
          Bottom is Top + N * Step,
          forall(between(0, 10, K),
                 ( Tick is Min + K * (Max - Min) / 10,
                   call(X, Tick, TX),
                   format("<line x1=\"~1f\" y1=\"~d\" x2=\"~1f\" y2=\"~d\" stroke=\"#ddd\"/>~n", [TX, Top, TX, Bottom]),
                   LabelY is Bottom + 16,
                   format("<text x=\"~1f\" y=\"~d\" text-anchor=\"middle\" fill=\"#555\">~0f</text>~n", [TX, LabelY, Tick]) )),
          forall(nth0(I, Rows, Row), svg_row(Row, I, X, Min, Max, Left, Top, Step)),
          format("</svg>~n") )).

svg_row(row(Name, _, _, _, _, Elo, Lo, Hi, _), I, X, Min, Max, Left, Top, Step) :-
    Y is Top + I * Step + Step / 2,
    NameX is Left - 8,
    escape(Name, Escaped),
    format("<text x=\"~d\" y=\"~1f\" text-anchor=\"end\" dominant-baseline=\"middle\">~w</text>~n", [NameX, Y, Escaped]),
    clip(Lo, Min, Max, Lo1), clip(Hi, Min, Max, Hi1), clip(Elo, Min, Max, Elo1),
    call(X, Lo1, X1), call(X, Hi1, X2), call(X, Elo1, XE),
    format("<line x1=\"~1f\" y1=\"~1f\" x2=\"~1f\" y2=\"~1f\" stroke=\"#369\" stroke-width=\"3\"/>~n", [X1, Y, X2, Y]),
    format("<circle cx=\"~1f\" cy=\"~1f\" r=\"5\" fill=\"#c33\"/>~n", [XE, Y]).

clip(inf, _, Max, Max) :- !.
clip('-inf', Min, _, Min) :- !.
clip(V, Min, Max, C) :- C is max(Min, min(Max, V)).

escape(Name, Escaped) :-
    format(string(S), "~w", [Name]),
    foldl([From-To, S0, S1]>>( split_string(S0, "", "", _),
                               atomic_list_concat(Parts, From, S0),
                               atomic_list_concat(Parts, To, S1a),
                               atom_string(S1a, S1) ),
          ["&"-"&amp;", "<"-"&lt;", ">"-"&gt;"], S, Escaped).
