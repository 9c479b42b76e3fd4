#include <gtest/gtest.h>

#include <chrono>

#include "test_support.hpp"
#include "uttt/engine.hpp"
#include "uttt/priorities.hpp"

namespace tabula::uttt {
namespace {

search::Limits iterations(std::uint64_t n) { return search::Limits::of_nodes(n); }

TEST(UtttEngine, ReturnsALegalMove) {
  const auto result = engine_move(initial_state(), iterations(2000));
  ASSERT_TRUE(result.move);
  EXPECT_TRUE(is_legal(initial_state(), *result.move));
}

// Root parallelism merges every thread's root statistics whether or not
// the trees are kept afterwards (a search that kept none merged thread 0's
// alone): the same searches give the same answer either way.
TEST(UtttEngine, ThreadsMergeWithOrWithoutKeptTrees) {
  State s = initial_state();
  Rng rng(5);
  for (int i = 0; i < 6; ++i) apply(s, random_move(s, rng));
  s.hash = compute_hash(s);
  for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
    EngineOptions o;
    o.threads = 2;
    o.mcts.seed = seed;
    Engine fresh(o, false), kept(o, true);
    const auto a = fresh.move(s, iterations(3000));
    const auto b = kept.move(s, iterations(3000));
    EXPECT_EQ(a.move, b.move) << "seed " << seed;
    EXPECT_EQ(a.score, b.score) << "seed " << seed;
    EXPECT_EQ(a.nodes, 3000u);
  }
}

TEST(UtttEngine, NoMoveWhenTheGameIsOver) {
  State s = initial_state();
  Rng rng(3);
  while (!s.over()) apply(s, random_move(s, rng));
  EXPECT_FALSE(engine_move(s, iterations(100)).move);
}

TEST(UtttEngine, TakesAnImmediateWinOfTheGame) {
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  cells[kX][0] = 0b000000111;  // board nw won
  cells[kX][1] = 0b000000111;  // board n won
  cells[kX][2] = 0b000101000;  // board ne: w and e, so c wins it
  cells[kO][0] = 0b000011000;
  cells[kO][1] = 0b000011000;
  cells[kO][2] = 0b110000010;
  cells[kO][8] = 0b000000001;
  const State s = build_state(cells, 2);
  ASSERT_EQ(s.side, kX);
  const auto result = engine_move(s, iterations(3000));
  EXPECT_EQ(result.move, make_move(2, 4));
}

TEST(UtttEngine, StopsWhenAsked) {
  int calls = 0;
  auto stop_soon = [&] { return ++calls > 2; };
  auto limits = search::Limits::of_time(std::chrono::milliseconds(60'000));
  limits.poll_every = 256;
  const auto result = engine_move(initial_state(), limits, stop_soon);
  EXPECT_TRUE(result.aborted);
  EXPECT_EQ(calls, 3);
  EXPECT_LE(result.nodes, 3u * 256u);
}

// The engine stops by itself at its deadline, not before (by its own
// clock) and not long after (by the CPU time it used, which a busy
// machine can only lower).
TEST(UtttEngine, StopsAtItsDeadline) {
  auto limits = search::Limits::of_time(std::chrono::milliseconds(100));
  const auto cpu_before = tabula::testing::thread_cpu_time();
  const auto result = engine_move(initial_state(), limits);
  const auto cpu = tabula::testing::thread_cpu_time() - cpu_before;
  EXPECT_FALSE(result.aborted);
  EXPECT_GE(result.elapsed, std::chrono::milliseconds(100));
  EXPECT_LT(cpu.count(), 1.0);
  EXPECT_GT(result.nodes, 0u);
  ASSERT_TRUE(result.move);
}

TEST(UtttEngine, BeatsGreedyMostOfTheTime) {
  // A short match: the engine (1500 simulations a move) against the course's greedy.
  const int games = tabula::testing::scaled(20, 2);
  int engine_wins = 0, greedy_wins = 0;
  for (int g = 0; g < games; ++g) {
    State s = initial_state();
    const int engine_side = g % 2;
    while (!s.over())
      apply(s, s.side == engine_side ? *engine_move(s, iterations(1500), {}, g + 1).move : greedy(s));
    if (s.outcome == (engine_side == kX ? Outcome::kXWins : Outcome::kOWins)) ++engine_wins;
    if (s.outcome == (engine_side == kX ? Outcome::kOWins : Outcome::kXWins)) ++greedy_wins;
  }
  EXPECT_GT(engine_wins, games * 3 / 4) << "greedy won " << greedy_wins;
}

}  // namespace
}  // namespace tabula::uttt
