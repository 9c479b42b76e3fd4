// The match statistics (common/match_stats.hpp, followed by the runner's
// library(tabula/tournament_stats)): worked
// examples of the Elo conversion, the moments and the LLR, and simulated
// matches of known strength that the SPRT must decide right.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "common/match_stats.hpp"

namespace {

using namespace tabula::match;

TEST(MatchStats, EloAndScoreConvert) {
  EXPECT_DOUBLE_EQ(score_of_elo(0), 0.5);
  EXPECT_NEAR(score_of_elo(400), 10.0 / 11.0, 1e-12);
  EXPECT_NEAR(elo_of_score(10.0 / 11.0), 400, 1e-9);
  EXPECT_NEAR(elo_of_score(score_of_elo(-123.4)), -123.4, 1e-9);
  EXPECT_TRUE(std::isinf(elo_of_score(1)) && elo_of_score(1) > 0);
  EXPECT_TRUE(std::isinf(elo_of_score(0)) && elo_of_score(0) < 0);
}

TEST(MatchStats, PairMomentsCountHalfPoints) {
  // Ten pairs split 1-1 ... as 0.5 and 1.5: pair scores 0.25 and 0.75.
  const Moments m = pair_moments({0, 10, 0, 10, 0});
  EXPECT_EQ(m.n, 20);
  EXPECT_DOUBLE_EQ(m.mean, 0.5);
  EXPECT_DOUBLE_EQ(m.variance, 0.0625);
}

TEST(MatchStats, LlrWorkedExamples) {
  // s0 = 0.5, s1 = 0.6 (elo1 = 400 log10 1.5).
  const double elo1 = 400 * std::log10(1.5);
  // Pairs: n 20, mean 0.5, variance 1/16: 20 * 0.1 * (1 - 1.1) / (1/8) = -1.6.
  EXPECT_NEAR(llr(Pentanomial{0, 10, 0, 10, 0}, 0, elo1), -1.6, 1e-9);
  // Games 6-0-4: n 10, mean 0.6, variance 0.24: 10 * 0.1 * 0.1 / 0.48.
  EXPECT_NEAR(llr(Trinomial{6, 0, 4}, 0, elo1), 0.1 / 0.48, 1e-9);
  // Undefined without spread: no evidence either way yet.
  EXPECT_EQ(llr(Pentanomial{0, 0, 0, 0, 7}, 0, elo1), 0);
  EXPECT_EQ(llr(Trinomial{}, 0, elo1), 0);
}

TEST(MatchStats, WaldBounds) {
  const Sprt t{0, 50, 0.05, 0.05};
  EXPECT_NEAR(t.upper(), std::log(19.0), 1e-12);
  EXPECT_NEAR(t.lower(), -std::log(19.0), 1e-12);
  EXPECT_EQ(t.verdict(3.0), Verdict::kAcceptH1);
  EXPECT_EQ(t.verdict(-3.0), Verdict::kAcceptH0);
  EXPECT_EQ(t.verdict(0.0), Verdict::kContinue);
}

TEST(MatchStats, PairedGamesNarrowTheIntervalWhenOpeningsDecide) {
  // Eight of ten openings split 1-1: the same 10-10 in games, but most of
  // the games' spread is the openings', which the pairs remove.
  const Pentanomial pairs{1, 0, 8, 0, 1};
  const EloEstimate by_pairs = elo_estimate(pair_moments(pairs));
  const EloEstimate by_games = elo_estimate(game_moments({10, 0, 10}));
  EXPECT_DOUBLE_EQ(by_pairs.elo, 0);
  EXPECT_DOUBLE_EQ(by_games.elo, 0);
  EXPECT_LT(by_pairs.hi, by_games.hi);
  EXPECT_GT(by_pairs.lo, by_games.lo);
  EXPECT_LT(by_pairs.lo, 0);
}

// Plays simulated pairs (independent games A wins with the score of
// `true_elo`; no draws) until the SPRT decides or `max_pairs` is reached.
Verdict simulate(double true_elo, const Sprt& test, std::mt19937_64& rng, int max_pairs = 20000) {
  std::bernoulli_distribution win(score_of_elo(true_elo));
  Pentanomial pairs{};
  for (int i = 0; i < max_pairs; ++i) {
    ++pairs[2 * (int(win(rng)) + int(win(rng)))];
    const Verdict v = test.verdict(llr(pairs, test.elo0, test.elo1));
    if (v != Verdict::kContinue) return v;
  }
  return Verdict::kContinue;
}

TEST(MatchStats, SprtDecidesClearCases) {
  const Sprt test{0, 50};
  std::mt19937_64 rng(7);
  for (int run = 0; run < 20; ++run) {
    EXPECT_EQ(simulate(150, test, rng), Verdict::kAcceptH1);
    EXPECT_EQ(simulate(-100, test, rng), Verdict::kAcceptH0);
  }
}

TEST(MatchStats, SprtErrorRatesNearTheirNominalValues) {
  // At exactly elo0 the test wrongly accepts H1 with probability about
  // alpha, at elo1 it wrongly accepts H0 with about beta (0.05 each; the
  // bounds allow for the approximation and 400 runs' sampling error).
  const Sprt test{0, 50};
  std::mt19937_64 rng(11);
  int false_h1 = 0, false_h0 = 0;
  const int runs = 400;
  for (int run = 0; run < runs; ++run) {
    false_h1 += simulate(0, test, rng) == Verdict::kAcceptH1;
    false_h0 += simulate(50, test, rng) == Verdict::kAcceptH0;
  }
  EXPECT_LT(false_h1, runs / 10);
  EXPECT_LT(false_h0, runs / 10);
  EXPECT_GT(false_h1 + false_h0, 0);  // the test does take risks
}

}  // namespace
