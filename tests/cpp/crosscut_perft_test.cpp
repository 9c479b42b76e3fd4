// Perft counts (checked against the pure-Prolog reference, see
// tests/prolog/test_crosscut_differential.pl) and random games.
#include <gtest/gtest.h>

#include "common/rng.hpp"
#include "crosscut/playout.hpp"
#include "crosscut/search.hpp"
#include "search/perft.hpp"
#include "test_support.hpp"

namespace tabula::crosscut {
namespace {

using tabula::testing::sanitized;

std::uint64_t perft(const Position& p, int depth) {
  Game game;
  return *search::perft(game, p, depth);
}

TEST(CrossCutPerft, EmptyBoards) {
  EXPECT_EQ(perft(initial_position(5, 5), 0), 1u);
  EXPECT_EQ(perft(initial_position(5, 5), 1), 9u);
  EXPECT_EQ(perft(initial_position(5, 5), 2), 72u);
  EXPECT_EQ(perft(initial_position(5, 5), 3), 516u);  // 504 placements + flips from the edge
  EXPECT_EQ(perft(initial_position(5, 5), 4), 3172u);
  EXPECT_EQ(perft(initial_position(5, 5), 5), 16892u);
  EXPECT_EQ(perft(initial_position(5, 6), 3), 1334u);
  EXPECT_EQ(perft(initial_position(6, 5), 3), 1334u);
  EXPECT_EQ(perft(initial_position(6, 6), 3), 3376u);
  EXPECT_EQ(perft(initial_position(7, 7), 2), 600u);
  EXPECT_EQ(perft(initial_position(10, 10), 2), 4032u);
  if (!sanitized()) {
    EXPECT_EQ(perft(initial_position(5, 5), 6), 68808u);
    EXPECT_EQ(perft(initial_position(6, 6), 4), 44304u);
    EXPECT_EQ(perft(initial_position(10, 10), 3), 250016u);
  }
}

TEST(CrossCutPerft, FinishedGamesHaveNoMoves) {
  Rng rng(5);
  const Position end = random_game(initial_position(5, 5), rng);
  ASSERT_TRUE(end.over());
  EXPECT_EQ(perft(end, 1), 0u);
  EXPECT_EQ(perft(end, 0), 1u);
}

TEST(CrossCutPlayout, GamesEndAndRepeatWithTheSeed) {
  for (int h = kMinSide; h <= kMaxSide; ++h)
    for (int w = kMinSide; w <= kMaxSide; ++w) {
      Rng a(h * 100 + w), b(h * 100 + w);
      std::vector<std::uint8_t> ma, mb;
      const Position pa = random_game(initial_position(h, w), a, &ma);
      const Position pb = random_game(initial_position(h, w), b, &mb);
      EXPECT_EQ(pa, pb);
      EXPECT_EQ(ma, mb);
      EXPECT_TRUE(pa.over());
      EXPECT_LE(ma.size(), 1000u);
      if (pa.winner == kRed || pa.winner == kBlue) {
        EXPECT_TRUE(has_segment(pa.discs[pa.winner], h, w));
      }
    }
}

}  // namespace
}  // namespace tabula::crosscut
