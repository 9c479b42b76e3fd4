#include <gtest/gtest.h>

#include <thread>

#include "uttt/thread_engine.hpp"

namespace tabula::uttt {
namespace {

search::Limits simulations(std::uint64_t n) { return search::Limits::of_nodes(n); }

State hashed(State s) {
  s.hash = compute_hash(s);
  return s;
}

// The most visited reply to `played` in a fresh search: a position two
// plies below the kept root that the kept tree has surely visited.
Move likely_reply(const State& after) {
  const auto r = engine_move(after, simulations(500));
  return *r.move;
}

class UtttThreadEngine : public ::testing::Test {
 protected:
  void SetUp() override { ThreadEngine::forget(); }
  void TearDown() override { ThreadEngine::forget(); }
};

TEST_F(UtttThreadEngine, KeepsOneTreeForTheThread) {
  EXPECT_EQ(ThreadEngine::kept_nodes(), 0u);
  const State s0 = hashed(initial_state());
  const auto r0 = ThreadEngine::move(s0, simulations(3000), 1);
  ASSERT_TRUE(r0.move);
  EXPECT_EQ(ThreadEngine::reused_visits(), 0u);
  EXPECT_GT(ThreadEngine::kept_nodes(), 0u);
  ThreadEngine::forget();
  EXPECT_EQ(ThreadEngine::kept_nodes(), 0u);
}

// One ply below the kept root (the engine playing the other side) and two
// plies below it (its move, then a reply): the search starts from the tree.
TEST_F(UtttThreadEngine, FollowsItsGameOneAndTwoPliesOn) {
  const State s0 = hashed(initial_state());
  const auto r0 = ThreadEngine::move(s0, simulations(3000), 1);
  const State s1 = hashed(applied(s0, *r0.move));
  const auto r1 = ThreadEngine::move(s1, simulations(3000), 1);
  EXPECT_GT(ThreadEngine::reused_visits(), 0u);
  const State s2 = hashed(applied(s1, *r1.move));
  const State s3 = hashed(applied(s2, likely_reply(s2)));
  const auto r3 = ThreadEngine::move(s3, simulations(3000), 1);
  EXPECT_GT(ThreadEngine::reused_visits(), 0u);
  ASSERT_TRUE(r3.move);
  EXPECT_TRUE(is_legal(s3, *r3.move));
}

// Another game, or another number of search threads: from scratch, the
// old tree dropped.
TEST_F(UtttThreadEngine, StartsAfreshOffItsGame) {
  const State s0 = hashed(initial_state());
  ThreadEngine::move(s0, simulations(3000), 1);
  State far = initial_state();
  Rng rng(11);
  for (int i = 0; i < 12; ++i) apply(far, random_move(far, rng));
  far = hashed(far);
  ThreadEngine::move(far, simulations(300), 1);
  EXPECT_EQ(ThreadEngine::reused_visits(), 0u);
  const State next = hashed(applied(far, *engine_move(far, simulations(10)).move));
  ThreadEngine::move(next, simulations(300), 2);
  EXPECT_EQ(ThreadEngine::reused_visits(), 0u);
}

// Each thread has its own tree.
TEST_F(UtttThreadEngine, OneTreePerThread) {
  const State s0 = hashed(initial_state());
  ThreadEngine::move(s0, simulations(2000), 1);
  const std::size_t mine = ThreadEngine::kept_nodes();
  std::size_t before = 1, after = 0;
  std::thread other([&] {
    before = ThreadEngine::kept_nodes();
    ThreadEngine::move(s0, simulations(500), 1);
    after = ThreadEngine::kept_nodes();
  });
  other.join();
  EXPECT_EQ(before, 0u);
  EXPECT_GT(after, 0u);
  EXPECT_EQ(ThreadEngine::kept_nodes(), mine);
}

// A search stopped from outside keeps no tree.
TEST_F(UtttThreadEngine, AStoppedSearchKeepsNothing) {
  const State s0 = hashed(initial_state());
  const auto r = ThreadEngine::move(s0, simulations(1'000'000), 1, [] { return true; });
  EXPECT_TRUE(r.aborted);
  EXPECT_EQ(ThreadEngine::kept_nodes(), 0u);
}

}  // namespace
}  // namespace tabula::uttt
