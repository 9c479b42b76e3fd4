// The engine: legal answers, immediate wins, time and stop limits, and the
// evaluation's symmetry.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

#include "futlog/evaluation.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/search.hpp"
#include "futlog_search_support.hpp"
#include "search/score.hpp"
#include "test_support.hpp"

namespace tabula::futlog {
namespace {

search::Limits of_seconds(double seconds) {
  auto limits = search::Limits::of_time(std::chrono::milliseconds(static_cast<int>(seconds * 1000)));
  limits.poll_every = 1;
  return limits;
}

using testing::with_edges;

using testing::expect_consistent;

// A short timed search answers legally however little of it a loaded
// machine lets run; a node budget, which load cannot shrink, shows that
// it searches below the root.
TEST(FutlogSearch, LegalFromStart) {
  const State s;
  expect_consistent(s, best_move(s, of_seconds(0.05)));
  const SearchResult r = best_move(s, search::Limits::of_nodes(2000));
  expect_consistent(s, r);
  EXPECT_GE(r.depth, 2);
}

TEST(FutlogSearch, ScoresThroughThePost) {
  // Ball on (1,4), player 1: stepping to the visited post bounces into goal.
  const State s = with_edges({{{0, 0}, {1, 1}}}, {1, 4}, 0);
  const SearchResult r = best_move(s, search::Limits::of_nodes(20000));
  expect_consistent(s, r);
  EXPECT_EQ(goal_for(apply(s, *r.move)), 1);
  EXPECT_GT(r.score, search::kWin / 2);
  EXPECT_EQ(r.proven, search::Proven::kWin);
}

TEST(FutlogSearch, PlayerTwoScoresDownwards) {
  const State s = with_edges({{{0, 0}, {1, 1}}}, {-1, -4}, 1);
  const SearchResult r = best_move(s, search::Limits::of_nodes(20000));
  EXPECT_EQ(goal_for(apply(s, *r.move)), 2);
}

TEST(FutlogSearch, NoMoveNoResult) {
  const State s = with_edges({{{3, 3}, {3, 4}}, {{3, 4}, {4, 5}}}, {4, 5}, 1);
  ASSERT_TRUE(game_over(s));
  EXPECT_FALSE(best_move(s, of_seconds(0.05)).move);
}

TEST(FutlogSearch, StopCallbackAborts) {
  int calls = 0;
  const SearchResult r = best_move(State{}, of_seconds(0), [&] { return ++calls > 1000; });
  EXPECT_TRUE(r.aborted);
  EXPECT_TRUE(r.move);
  EXPECT_EQ(calls, 1001);
}

TEST(FutlogSearch, TimeBudgetOnTheWidestPosition) {
  const State s = testing::widest_position();
  OutcomeGenerator gen;
  std::vector<Outcome> outs;
  ASSERT_TRUE(gen.generate(s, outs));
  EXPECT_EQ(outs.size(), 9646u);
  // The clock is polled at every node, so even here the search stops by
  // itself, not long after its deadline (by the CPU time it used, which
  // load can only lower).
  const auto cpu_before = tabula::testing::thread_cpu_time();
  const SearchResult r = best_move(s, of_seconds(0.3));
  const auto cpu = tabula::testing::thread_cpu_time() - cpu_before;
  expect_consistent(s, r);
  EXPECT_FALSE(r.aborted);
  EXPECT_LT(cpu.count(), 0.3 + (tabula::testing::sanitized() ? 5.0 : 1.0));
}

TEST(FutlogSearch, NodeLimit) {
  auto limits = search::Limits::of_nodes(500);
  limits.poll_every = 1;
  const SearchResult r = best_move(State{}, limits);
  EXPECT_TRUE(r.move);
  EXPECT_EQ(r.nodes, 500u);
}

TEST(FutlogEvaluation, MirrorAndColourSymmetry) {
  const State s = with_edges({{{0, 0}, {1, 1}}, {{1, 1}, {2, 1}}}, {2, 1}, 0);
  EXPECT_EQ(evaluate(s), evaluate(mirror(s)));
  // The same picture turned upside down with the other player to move.
  const State t = with_edges({{{0, 0}, {1, -1}}, {{1, -1}, {2, -1}}}, {2, -1}, 1);
  EXPECT_EQ(evaluate(s), evaluate(t));
  // Closer to the goal it attacks is better for the side to move.
  const State near = with_edges({{{0, 0}, {0, 1}}}, {0, 3}, 0);
  const State far = with_edges({{{0, 0}, {0, 1}}}, {0, -3}, 0);
  EXPECT_GT(evaluate(near), evaluate(far));
}

TEST(FutlogCapacity, GeneratorCapStopsContrivedExplosions) {
  // Every inner edge of the field free but the ball surrounded by visited
  // vertices: a small cap is hit and reported, and what is listed is legal.
  State s;
  for (int x = -3; x <= 3; ++x)
    for (int y = -4; y <= 4; ++y) {
      const int v = vertex_id(x, y);
      if ((x + y) % 2 == 0) set_edge(s.marked, kGeometry.edge[v][0]);
    }
  s.ball = kCentre;
  OutcomeGenerator small(2000);
  std::vector<Outcome> outs;
  std::vector<std::vector<std::uint8_t>> paths;
  EXPECT_FALSE(small.generate(s, outs, &paths));
  ASSERT_FALSE(outs.empty());
  ASSERT_EQ(paths.size(), outs.size());
  for (std::size_t i = 0; i < outs.size(); ++i) {
    std::vector<Point> pts;
    for (auto v : paths[i]) pts.push_back({vertex_x(v), vertex_y(v)});
    State after;
    ASSERT_EQ(replay(s, pts, after), PathStatus::kComplete);
    ASSERT_EQ(after, apply(s, outs[i]));
  }
}

}  // namespace
}  // namespace tabula::futlog
