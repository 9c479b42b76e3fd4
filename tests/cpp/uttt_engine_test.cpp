#include <gtest/gtest.h>

#include <chrono>

#include "uttt/engine.hpp"
#include "uttt/priorities.hpp"
#include "uttt_test_support.hpp"

namespace tabula::uttt {
namespace {

search::MctsLimits iterations(std::uint64_t n) {
  search::MctsLimits limits;
  limits.budget = std::chrono::milliseconds(0);
  limits.max_iterations = n;
  return limits;
}

auto never = [] { return false; };

TEST(UtttEngine, ReturnsALegalMove) {
  const auto result = engine_move(initial_state(), iterations(2000), never);
  ASSERT_TRUE(result.has_move);
  EXPECT_TRUE(is_legal(initial_state(), result.best));
}

TEST(UtttEngine, NoMoveWhenTheGameIsOver) {
  State s = initial_state();
  Rng rng(3);
  while (!s.over()) apply(s, random_move(s, rng));
  EXPECT_FALSE(engine_move(s, iterations(100), never).has_move);
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
  const auto result = engine_move(s, iterations(3000), never);
  EXPECT_EQ(result.best, make_move(2, 4));
}

TEST(UtttEngine, StopsWhenAsked) {
  int calls = 0;
  auto stop_soon = [&] { return ++calls > 2; };
  search::MctsLimits limits;
  limits.budget = std::chrono::milliseconds(60'000);
  const auto result = engine_move(initial_state(), limits, stop_soon);
  EXPECT_TRUE(result.aborted);
  EXPECT_LT(result.seconds, 5.0);
}

TEST(UtttEngine, RespectsItsTimeBudget) {
  search::MctsLimits limits;
  limits.budget = std::chrono::milliseconds(200);
  const auto result = engine_move(initial_state(), limits, never);
  EXPECT_LT(result.seconds, testing::is_sanitized_build() ? 3.0 : 1.0);
  EXPECT_GT(result.iterations, 100u);
}

TEST(UtttEngine, BeatsGreedyMostOfTheTime) {
  // A short match: MCTS (4000 iterations a move) against the course's greedy.
  const int games = testing::is_sanitized_build() ? 4 : 20;
  int engine_wins = 0, greedy_wins = 0;
  for (int g = 0; g < games; ++g) {
    State s = initial_state();
    const int engine_side = g % 2;
    auto limits = iterations(4000);
    limits.seed = g + 1;
    while (!s.over()) apply(s, s.side == engine_side ? engine_move(s, limits, never).best : greedy(s));
    if (s.outcome == (engine_side == kX ? Outcome::kXWins : Outcome::kOWins)) ++engine_wins;
    if (s.outcome == (engine_side == kX ? Outcome::kOWins : Outcome::kXWins)) ++greedy_wins;
  }
  EXPECT_GT(engine_wins, games * 3 / 4) << "greedy won " << greedy_wins;
}

}  // namespace
}  // namespace tabula::uttt
