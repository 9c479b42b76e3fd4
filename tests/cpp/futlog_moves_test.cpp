// Whole-move generation: every path versus the deduplicated outcomes, on
// random games, and the path reconstruction the engine relies on.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <tuple>

#include "common/rng.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/rules.hpp"
#include "futlog/search.hpp"
#include "futlog/zobrist.hpp"
#include "test_support.hpp"

namespace tabula::futlog {
namespace {

using tabula::testing::sanitized;

using Key = std::tuple<EdgeSet, int>;

// Plays random games, calling f(state) on every position reached.
template <class F>
void random_positions(int games, std::uint64_t seed, F f) {
  Rng rng(seed);
  Game game;
  for (int g = 0; g < games; ++g)
    tabula::testing::random_walk(game, State{}, rng,
                                 [&](const State& s, const std::vector<Outcome>&) { f(s); });
}

TEST(FutlogMoves, OutcomesAreTheDistinctEndsOfAllPaths) {
  OutcomeGenerator gen;
  std::vector<Outcome> outcomes;
  int positions = 0;
  random_positions(sanitized() ? 20 : 150, 42, [&](const State& s) {
    if (count_paths(s) > 200000) return;  // keep the test short
    ++positions;
    std::set<Key> from_paths;
    PathEnumerator it(s);
    std::vector<std::uint8_t> path;
    State after;
    while (it.next(path, after)) {
      // Every enumerated path replays to the same state.
      std::vector<Point> pts;
      for (auto v : path) pts.push_back({vertex_x(v), vertex_y(v)});
      State replayed;
      ASSERT_EQ(replay(s, pts, replayed), PathStatus::kComplete);
      ASSERT_EQ(replayed, after);
      // Every strict prefix is a prefix.
      for (std::size_t k = 1; k < pts.size(); ++k) {
        std::vector<Point> pre(pts.begin(), pts.begin() + static_cast<long>(k));
        ASSERT_EQ(replay(s, pre, replayed), PathStatus::kPrefix);
      }
      from_paths.insert({after.marked, after.ball});
    }
    gen.generate(s, outcomes);
    std::set<Key> from_outcomes;
    for (const Outcome& o : outcomes) {
      const State t = apply(s, o);
      ASSERT_EQ(t.turn, s.turn ^ 1);
      from_outcomes.insert({t.marked, t.ball});
      // The reconstructed path plays exactly this outcome.
      const auto p = path_of(s, o);
      ASSERT_FALSE(p.empty());
      std::vector<Point> pts;
      for (auto v : p) pts.push_back({vertex_x(v), vertex_y(v)});
      State replayed;
      ASSERT_EQ(replay(s, pts, replayed), PathStatus::kComplete);
      ASSERT_EQ(replayed, t);
    }
    ASSERT_EQ(from_outcomes.size(), outcomes.size()) << "duplicate outcomes";
    ASSERT_EQ(from_outcomes, from_paths);
    ASSERT_EQ(outcomes.empty(), game_over(s));
  });
  EXPECT_GT(positions, sanitized() ? 200 : 1000);  // fewer games under the sanitizers
}

TEST(FutlogMoves, HashesAgreeWithMirror) {
  random_positions(sanitized() ? 5 : 50, 7, [&](const State& s) {
    const State m = mirror(s);
    ASSERT_EQ(symmetric_hash(s), symmetric_hash(m));
    ASSERT_EQ(hash(mirror(m)), hash(s));
    ASSERT_EQ(count_paths(s) <= 20000 ? count_paths(s) : 0, count_paths(s) <= 20000 ? count_paths(m) : 0);
  });
}

// Depth-2 tree from the start: 8 first moves, each to an unvisited
// neighbour, then 7 answers (every neighbour but the centre is unvisited).
TEST(FutlogMoves, SmallPerft) {
  OutcomeGenerator gen;
  std::vector<Outcome> first, second;
  gen.generate(State{}, first);
  ASSERT_EQ(first.size(), 8u);
  std::size_t total = 0;
  for (const Outcome& o : first) {
    const State s = apply(State{}, o);
    EXPECT_EQ(count_paths(s), 7u);
    gen.generate(s, second);
    total += second.size();
  }
  EXPECT_EQ(total, 56u);
}

}  // namespace
}  // namespace tabula::futlog
