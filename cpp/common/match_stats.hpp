#pragma once
// Statistics of a match between two engines A and B: the Elo difference
// with its 95% interval, and a sequential probability ratio test (SPRT)
// that stops a match once it has decided whether A is at least elo1
// stronger (H1) or at most elo0 (H0), with error rates alpha and beta.
//
// No program of the project uses it now that matches are played on the
// tournament runner: it stays as the C++ statement of the formulas that
// library(tabula/tournament_stats) follows, whose test reuses the worked
// examples of tests/cpp/search_match_stats_test.cpp.
//
// Games come in pairs that share an opening with the colours swapped
// (the tournament runner plays them so), and the two games of a pair are not
// independent: an opening that favours one colour makes 1-1 likelier
// than chance says. So the test counts pairs by A's total score in
// half-points (the pentanomial 0, 1/2, 1, 3/2, 2) and takes the variance
// between pairs; the per-game (trinomial) form is kept for unpaired games.
// Both use the usual normal approximation of the log-likelihood ratio:
// for samples of mean m and variance v, and expected scores s0 and s1
// under the two hypotheses, LLR = n (s1 - s0) (2 m - s0 - s1) / (2 v).
#include <array>
#include <cmath>
#include <limits>

namespace tabula::match {

// Expected score of the side that is `elo` stronger (logistic model).
inline double score_of_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// The inverse, +-infinity at scores 0 and 1.
inline double elo_of_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

// Mean and variance of samples counted by value: count[k] samples of
// value value[k].
struct Moments {
  double n = 0, mean = 0.5, variance = 0;
};
template <std::size_t K>
Moments moments(const std::array<double, K>& count, const std::array<double, K>& value) {
  Moments m;
  double sum = 0;
  for (std::size_t k = 0; k < K; ++k) m.n += count[k], sum += count[k] * value[k];
  if (m.n <= 0) return m;
  m.mean = sum / m.n;
  for (std::size_t k = 0; k < K; ++k) m.variance += count[k] * (value[k] - m.mean) * (value[k] - m.mean);
  m.variance /= m.n;
  return m;
}

// Pairs of games by A's total score: pairs[k] pairs where A scored k half
// points out of 4 (0: lost both, 4: won both).
using Pentanomial = std::array<int, 5>;
// Games by result: wins, draws, losses of A.
struct Trinomial {
  int wins = 0, draws = 0, losses = 0;
};

inline Moments pair_moments(const Pentanomial& pairs) {
  std::array<double, 5> count{}, value{};
  for (std::size_t k = 0; k < 5; ++k) count[k] = pairs[k], value[k] = static_cast<double>(k) / 4.0;
  return moments(count, value);
}
inline Moments game_moments(const Trinomial& t) {
  return moments<3>({double(t.wins), double(t.draws), double(t.losses)}, {1.0, 0.5, 0.0});
}

// The LLR of samples with these moments; 0 while it is undefined (no
// sample, or all samples equal so far: the approximation needs spread).
inline double llr(const Moments& m, double elo0, double elo1) {
  if (m.n <= 0 || m.variance <= 0) return 0;
  const double s0 = score_of_elo(elo0), s1 = score_of_elo(elo1);
  return m.n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
}
inline double llr(const Pentanomial& pairs, double elo0, double elo1) {
  return llr(pair_moments(pairs), elo0, elo1);
}
inline double llr(const Trinomial& t, double elo0, double elo1) { return llr(game_moments(t), elo0, elo1); }

enum class Verdict { kContinue, kAcceptH0, kAcceptH1 };

struct Sprt {
  double elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05;
  // Wald's bounds: stop for H1 above `upper`, for H0 below `lower`.
  double lower() const { return std::log(beta / (1 - alpha)); }
  double upper() const { return std::log((1 - beta) / alpha); }
  Verdict verdict(double llr_value) const {
    if (llr_value >= upper()) return Verdict::kAcceptH1;
    if (llr_value <= lower()) return Verdict::kAcceptH0;
    return Verdict::kContinue;
  }
};

// A's mean score and the Elo difference with its 95% interval, from
// samples whose mean is a score (per game or per pair).
struct EloEstimate {
  double score = 0.5, elo = 0, lo = 0, hi = 0;
};
inline EloEstimate elo_estimate(const Moments& m) {
  EloEstimate e;
  e.score = m.mean;
  e.elo = elo_of_score(m.mean);
  const double se = m.n > 0 ? std::sqrt(m.variance / m.n) : 0;
  e.lo = elo_of_score(m.mean - 1.959964 * se);
  e.hi = elo_of_score(m.mean + 1.959964 * se);
  return e;
}

}  // namespace tabula::match
