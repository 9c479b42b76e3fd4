:- module(tabula_tournament_stats,
          [ elo_score/2,              % +Elo, -Score
            score_elo/2,              % +Score, -Elo
            trinomial_elo/2,          % +Wins-Draws-Losses, -Estimate
            pentanomial_elo/2,        % +Pairs, -Estimate
            trinomial_llr/4,          % +Wins-Draws-Losses, +Elo0, +Elo1, -LLR
            pentanomial_llr/4,        % +Pairs, +Elo0, +Elo1, -LLR
            sprt_verdict/5,           % +LLR, +Alpha, +Beta, -Verdict, -Bounds
            los/3,                    % +Wins, +Losses, -LOS
            rating_los/3,             % +Rating1, +Rating2, -LOS
            mle_ratings/4             % +Players, +Games, +Settings, -Ratings
          ]).
/** <module> Ratings and match statistics of a tournament

The formulas of the project's C++ match statistics (cpp/common/match_stats.hpp),
so that the Prolog referee and the C++ benches agree: the logistic Elo
model, the Elo difference with its 95% interval from the variance of
games (trinomial) or of opening pairs (pentanomial, the two games of an
opening with sides swapped), likelihood of superiority, and Wald's
sequential probability ratio test with the usual normal approximation of
the log-likelihood ratio. For more than two players the ratings are a
maximum-likelihood Bradley-Terry fit over all games (draws as half a win
each), as BayesElo and Ordo do, with a weak prior (a virtual draw of each
player against a player rated 0) so that a player who won or lost every
game still has a finite rating.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).

%!  elo_score(+Elo, -Score) is det.
%
%   Score is the expected score of the side Elo points stronger.
elo_score(Elo, Score) :-
    must_be(number, Elo),
    Score is 1 / (1 + 10 ** (-Elo / 400)).

%!  score_elo(+Score, -Elo) is det.
%
%   Elo is the difference that gives the expected Score, a number between
%   0 and 1; `inf` and `-inf` (atoms) at 1 and 0.
score_elo(Score, Elo) :-
    must_be(number, Score),
    (   Score =< 0 -> Elo = '-inf'
    ;   Score >= 1 -> Elo = inf
    ;   Elo is -400 * log10(1 / Score - 1)
    ).

%!  trinomial_elo(+Results, -Estimate) is det.
%
%   Results is `Wins-Draws-Losses` of one side (non-negative integers);
%   Estimate is `elo(Score, Elo, Low, High)`: the mean score and the Elo
%   difference with its 95% interval, from the variance between games
%   (unbounded, `-inf` to `inf`, after one game; games all alike count
%   as spread as if one more win and one more loss had come).
trinomial_elo(W-D-L, Estimate) :-
    !,
    maplist(must_be(nonneg), [W, D, L]),
    moments([W-1, D-0.5, L-0], Moments),
    moments_elo(Moments, Estimate).
trinomial_elo(Results, _) :-
    type_error(wins_draws_losses, Results).

%!  pentanomial_elo(+Pairs, -Estimate) is det.
%
%   Pairs is a list of five counts: pairs of games where the side scored
%   0, 1/2, 1, 3/2 and 2 points. Estimate is as for trinomial_elo/2, from
%   the variance between pairs.
pentanomial_elo(Pairs, Estimate) :-
    pentanomial_moments(Pairs, Moments),
    moments_elo(Moments, Estimate).

pentanomial_moments(Pairs, Moments) :-
    must_be(list(nonneg), Pairs),
    length(Pairs, N),
    (   N =:= 5 -> true ; domain_error(pentanomial, Pairs) ),
    pairs_keys_values(Counted, Pairs, [0, 0.25, 0.5, 0.75, 1]),
    moments(Counted, Moments).

% moments(+CountValuePairs, -moments(N, Mean, Variance)).
moments(Counted, moments(N, Mean, Variance)) :-
    foldl([C-_, N0, N1]>>(N1 is N0 + C), Counted, 0, N),
    (   N =:= 0
    ->  Mean = 0.5, Variance = 0
    ;   foldl([C-V, S0, S1]>>(S1 is S0 + C * V), Counted, 0, Sum),
        Mean is Sum / N,
        foldl([C-V, Q0, Q1]>>(Q1 is Q0 + C * (V - Mean) ** 2), Counted, 0, Q),
        Variance is Q / N
    ).

% One sample says nothing of the spread: the interval is unbounded.
% Samples that are all alike (ten draws) would give a point: their
% variance is taken as if one more win and one more loss had come, the
% least spread that still admits other results.
moments_elo(moments(N, Mean, Variance0), elo(Mean, Elo, Low, High)) :-
    score_elo(Mean, Elo),
    (   N < 2
    ->  Low = '-inf', High = inf
    ;   (   Variance0 =:= 0
        ->  Variance is (Mean ** 2 + (1 - Mean) ** 2) / (N + 2)
        ;   Variance = Variance0
        ),
        SE is sqrt(Variance / N),
        LowScore is Mean - 1.959964 * SE,
        HighScore is Mean + 1.959964 * SE,
        score_elo(LowScore, Low),
        score_elo(HighScore, High)
    ).

%!  trinomial_llr(+Results, +Elo0, +Elo1, -LLR) is det.
%
%   LLR is the log-likelihood ratio of H1 (the side is Elo1 stronger)
%   against H0 (Elo0) after Results `Wins-Draws-Losses`; 0 while it is
%   undefined (no game, or every game the same).
trinomial_llr(W-D-L, Elo0, Elo1, LLR) :-
    !,
    maplist(must_be(nonneg), [W, D, L]),
    moments([W-1, D-0.5, L-0], Moments),
    moments_llr(Moments, Elo0, Elo1, LLR).
trinomial_llr(Results, _, _, _) :-
    type_error(wins_draws_losses, Results).

%!  pentanomial_llr(+Pairs, +Elo0, +Elo1, -LLR) is det.
%
%   As trinomial_llr/4, counting opening pairs (see pentanomial_elo/2).
pentanomial_llr(Pairs, Elo0, Elo1, LLR) :-
    pentanomial_moments(Pairs, Moments),
    moments_llr(Moments, Elo0, Elo1, LLR).

moments_llr(moments(N, Mean, Variance), Elo0, Elo1, LLR) :-
    elo_score(Elo0, S0),
    elo_score(Elo1, S1),
    (   N > 0, Variance > 0
    ->  LLR is N * (S1 - S0) * (2 * Mean - S0 - S1) / (2 * Variance)
    ;   LLR = 0
    ).

%!  sprt_verdict(+LLR, +Alpha, +Beta, -Verdict, -Bounds) is det.
%
%   Verdict is `h1` (accept: LLR reached the upper bound), `h0` (reached
%   the lower bound) or `continue`; Bounds is `Lower-Upper`, Wald's
%   bounds log(Beta/(1-Alpha)) and log((1-Beta)/Alpha).
sprt_verdict(LLR, Alpha, Beta, Verdict, Lower-Upper) :-
    must_be(number, LLR),
    must_be(between(0.0, 1.0), Alpha),
    must_be(between(0.0, 1.0), Beta),
    (   Alpha > 0, Alpha < 1, Beta > 0, Beta < 1
    ->  true
    ;   domain_error(error_rate, Alpha-Beta)
    ),
    Lower is log(Beta / (1 - Alpha)),
    Upper is log((1 - Beta) / Alpha),
    (   LLR >= Upper -> Verdict = h1
    ;   LLR =< Lower -> Verdict = h0
    ;   Verdict = continue
    ).

%!  los(+Wins, +Losses, -LOS) is det.
%
%   LOS is the likelihood of superiority of a side with Wins and Losses
%   (draws do not count): the probability that it is the stronger, 0.5
%   without decisive games.
los(Wins, Losses, LOS) :-
    must_be(nonneg, Wins),
    must_be(nonneg, Losses),
    (   Wins + Losses =:= 0
    ->  LOS = 0.5
    ;   LOS is 0.5 * (1 + erf((Wins - Losses) / sqrt(2 * (Wins + Losses))))
    ).

%!  rating_los(+Rating1, +Rating2, -LOS) is det.
%
%   LOS is the probability that the first player is the stronger, from
%   two ratings `rating(Player, Elo, Error)` of mle_ratings/4 (Error the
%   standard error in Elo).
rating_los(rating(_, E1, S1), rating(_, E2, S2), LOS) :-
    !,
    maplist(must_be(number), [E1, S1, E2, S2]),
    Spread is sqrt(S1 ** 2 + S2 ** 2),
    (   Spread =:= 0
    ->  LOS = 0.5
    ;   LOS is 0.5 * (1 + erf((E1 - E2) / (Spread * sqrt(2))))
    ).
rating_los(R1, _, _) :-
    type_error(rating, R1).

%!  mle_ratings(+Players, +Games, +Settings, -Ratings) is det.
%
%   Ratings are `rating(Player, Elo, Error)` for each of Players, in that
%   order: the maximum-likelihood Bradley-Terry ratings of Games, a list
%   of `score(A, B, S)` (A scored S, one of 0, 0.5 and 1, against B),
%   with the mean rating 0, and Error the standard error of Elo (from the
%   Fisher information; the 95% interval is about 1.96 times it). Settings:
%
%     - prior(Draws): virtual draws of each player against a player
%       rated 0 (default 1); prior(0) is the plain maximum likelihood,
%       which is infinite for a player who won or lost every game.
mle_ratings(Players, Games, Options, Ratings) :-
    must_be(list(ground), Players),
    must_be(list, Games),
    must_be(list, Options),
    (   memberchk(prior(Prior), Options) -> must_be(nonneg, Prior) ; Prior = 1 ),
    maplist(check_game(Players), Games),
    length(Players, N),
    numlist(1, N, Indexes),
    pairs_keys_values(Index, Players, Indexes),
    maplist(index_game(Index), Games, Indexed),
    maplist(points(Indexed, Prior), Indexes, Points),
    findall(1.0, member(_, Players), Gamma0),
    fit(0, Indexed, Prior, Points, Gamma0, Gamma),
    maplist([G, L]>>(L is log(G)), Gamma, Logs),
    sum_list(Logs, SumLogs),
    (   N > 0 -> MeanLog is SumLogs / N ; MeanLog = 0 ),
    Scale is 400 / log(10),
    maplist(rating(Indexed, Prior, Gamma, Scale, MeanLog), Players, Indexes, Logs, Ratings).

check_game(Players, Game) :-
    (   Game = score(A, B, S), memberchk(A, Players), memberchk(B, Players),
        A \== B, number(S), memberchk(S, [0, 0.5, 1])
    ->  true
    ;   domain_error(rated_game, Game)
    ).

index_game(Index, score(A, B, S), game(I, J, S)) :-
    memberchk(A-I, Index),
    memberchk(B-J, Index).

points(Games, Prior, I, Points) :-
    foldl(point(I), Games, 0, P),
    Points is P + Prior / 2.

point(I, game(I, _, S), P0, P) :- !, P is P0 + S.
point(I, game(_, I, S), P0, P) :- !, P is P0 + 1 - S.
point(_, _, P, P).

% Hunter's minorisation-maximisation step: gamma_i <- W_i / sum over
% games of 1/(gamma_i + gamma_opponent), the prior's games against a
% gamma of 1.
fit(Iteration, Games, Prior, Points, Gamma0, Gamma) :-
    length(Gamma0, N),
    numlist(1, N, Indexes),
    maplist(step(Games, Prior, Gamma0), Indexes, Points, Gamma1),
    maplist([A, B, D]>>(D is abs(log(A) - log(B))), Gamma0, Gamma1, Ds),
    max_list([0|Ds], Max),
    (   ( Max < 1.0e-10 ; Iteration >= 20000 )
    ->  Gamma = Gamma1
    ;   Iteration1 is Iteration + 1,
        fit(Iteration1, Games, Prior, Points, Gamma1, Gamma)
    ).

step(Games, Prior, Gamma, I, Points, GammaI1) :-
    nth1(I, Gamma, GI),
    foldl(denominator(I, Gamma, GI), Games, 0, D0),
    D is D0 + Prior / (GI + 1),
    (   D =:= 0 -> GammaI1 = GI
    ;   Points =:= 0 -> GammaI1 is GI / 2
    ;   GammaI1 is Points / D
    ).

denominator(I, Gamma, GI, game(A, B, _), D0, D) :-
    (   A == I -> nth1(B, Gamma, GO), D is D0 + 1 / (GI + GO)
    ;   B == I -> nth1(A, Gamma, GO), D is D0 + 1 / (GI + GO)
    ;   D = D0
    ).

rating(Games, Prior, Gamma, Scale, MeanLog, Player, I, Log, rating(Player, Elo, Error)) :-
    Elo is Scale * (Log - MeanLog),
    nth1(I, Gamma, GI),
    foldl(information(I, Gamma, GI), Games, 0, F0),
    F is F0 + Prior * GI / (GI + 1) ** 2,
    (   F > 0 -> Error is Scale / sqrt(F) ; Error = inf ).

information(I, Gamma, GI, game(A, B, _), F0, F) :-
    (   A == I -> nth1(B, Gamma, GO), F is F0 + GI * GO / (GI + GO) ** 2
    ;   B == I -> nth1(A, Gamma, GO), F is F0 + GI * GO / (GI + GO) ** 2
    ;   F = F0
    ).
