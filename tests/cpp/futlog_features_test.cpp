// The learned evaluation's fast paths against plain references: the
// bit-parallel move distances and touched vertices (vertex_sets.hpp) against
// a relaxation over single vertices, and the network's sum for each hidden
// size against a loop written out here.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "common/rng.hpp"
#include "futlog/learned_eval.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/search.hpp"
#include "futlog/vertex_sets.hpp"
#include "futlog_search_support.hpp"
#include "test_support.hpp"

namespace tabula::futlog {
namespace {

std::vector<State> positions(int games) { return testing::random_positions(games, 11, 7); }

// The distances by their definition: relax every vertex until nothing
// changes (leaving a touched vertex or the ball costs nothing, leaving a
// fresh one a move; goals are never left; beyond kMaxDistance is far).
std::array<std::uint8_t, kGrid> reference_distances(const State& s) {
  std::array<int, kGrid> d;
  d.fill(100);
  d[s.ball] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int q = 0; q < kGrid; ++q) {
      if (!kGeometry.valid[q] || d[q] == 100 || is_goal_y(vertex_y(q))) continue;
      const int next = d[q] + ((q == s.ball || visited(s, q)) ? 0 : 1);
      if (next > features::kMaxDistance) continue;
      for (int dir = 0; dir < 8; ++dir) {
        if (!edge_free(s, q, dir)) continue;
        int& w = d[kGeometry.next[q][dir]];
        if (next < w) w = next, changed = true;
      }
    }
  }
  std::array<std::uint8_t, kGrid> out;
  for (int v = 0; v < kGrid; ++v) out[v] = static_cast<std::uint8_t>(std::min(d[v], features::kBuckets - 1));
  return out;
}

TEST(FutlogFeatures, TouchedVerticesAreTheVisitedOnes) {
  FreeEdges edges;
  for (const State& s : positions(tabula::testing::scaled(20, 4))) {
    free_edges(s, edges);
    for (int v = 0; v < kGrid; ++v) {
      if (!kGeometry.valid[v]) continue;
      ASSERT_EQ(contains(edges.touched, v), visited(s, v)) << "vertex " << v;
      for (int d = 0; d < 8; ++d) ASSERT_EQ(contains(edges.free[d], v), edge_free(s, v, d));
    }
  }
}

TEST(FutlogFeatures, MoveDistancesMatchTheirDefinition) {
  std::array<std::uint8_t, kGrid> fast;
  // Positions with more vertices at distance 0 than the ball and its free
  // neighbours: some were reached by bouncing on, through a chain.
  int bounced = 0;
  const std::vector<State> all = positions(tabula::testing::scaled(20, 4));
  for (const State& s : all) {
    features::move_distances(s, fast);
    const auto ref = reference_distances(s);
    for (int v = 0; v < kGrid; ++v) {
      if (!kGeometry.valid[v]) continue;
      ASSERT_EQ(fast[v], ref[v]) << "vertex " << v << " ball " << int(s.ball);
    }
    int zero = 0;
    for (int v = 0; v < kGrid; ++v) zero += kGeometry.valid[v] && ref[v] == 0;
    bounced += zero > free_edge_count(s, s.ball) + 1;
  }
  EXPECT_GT(all.size(), static_cast<std::size_t>(tabula::testing::scaled(500, 100)));  // 20 games or 4
  EXPECT_GT(bounced, 0);  // the sample does exercise chains of bounces
}

// The network's output written out plainly, for any hidden size.
float reference_logit(const LearnedEval& eval, const State& s) {
  features::Active a;
  features::extract(s, a);
  const int h = eval.hidden();
  const std::vector<float>& p = eval.parameters();
  const std::size_t b1 = static_cast<std::size_t>(features::kCount) * h;
  double z = p[b1 + 2 * h];
  for (int j = 0; j < h; ++j) {
    double acc = p[b1 + j];
    for (int i = 0; i < a.count; ++i) acc += p[static_cast<std::size_t>(a.index[i]) * h + j];
    z += p[b1 + h + j] * std::clamp(acc, 0.0, 1.0);
  }
  return static_cast<float>(z);
}

TEST(FutlogFeatures, NetworkSumForEveryHiddenSize) {
  const std::vector<State> all = positions(2);
  std::mt19937 rng(5);
  std::normal_distribution<float> weight(0.0f, 0.05f);
  for (const int hidden : {5, 16, 32, 64}) {
    std::vector<float> p(LearnedEval::parameter_count(hidden));
    for (float& w : p) w = weight(rng);
    const LearnedEval eval = LearnedEval::from_parameters(hidden, p);
    for (const State& s : all)
      ASSERT_NEAR(eval.logit(s), reference_logit(eval, s), 1e-4) << "hidden " << hidden;
  }
}

}  // namespace
}  // namespace tabula::futlog
