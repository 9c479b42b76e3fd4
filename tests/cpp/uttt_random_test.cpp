// Invariants over many uniformly random games.
#include <gtest/gtest.h>

#include "common/rng.hpp"
#include "test_support.hpp"
#include "uttt/leaf_count.hpp"
#include "uttt/playout.hpp"
#include "uttt/state.hpp"

namespace tabula::uttt {
namespace {

int total_marks(const State& s, int player) {
  int n = 0;
  for (int b = 0; b < 9; ++b) n += s.marks(player, b);
  return n;
}

TEST(UtttRandomGames, InvariantsHoldAtEveryPly) {
  Rng rng(12345);
  const int games = tabula::testing::scaled(3000, 300);
  for (int g = 0; g < games; ++g) {
    State s = initial_state();
    while (!s.over()) {
      // Marks: x moves first, so x has as many marks as 0 or one more.
      const int xs = total_marks(s, kX), os = total_marks(s, kO);
      ASSERT_TRUE(xs == os || xs == os + 1);
      ASSERT_EQ(s.side, xs == os ? kX : kO);
      ASSERT_EQ(s.hash, compute_hash(s));
      MoveList moves;
      generate_moves(s, moves);
      ASSERT_GT(moves.size, 0);
      ASSERT_EQ(moves.size, count_moves(s));
      const Move m = random_move(s, rng);
      ASSERT_TRUE(is_legal(s, m));
      const unsigned finished_before = s.finished();
      const State before = s;
      apply(s, m);
      // Finished boards never change again.
      for (int b = 0; b < 9; ++b)
        if (finished_before >> b & 1) {
          ASSERT_EQ(s.cells[kX][b], before.cells[kX][b]);
          ASSERT_EQ(s.cells[kO][b], before.cells[kO][b]);
        }
      // The opponent is sent to the board of the cell just played, unless
      // it is finished, then anywhere unfinished.
      if (!s.over()) {
        const int cell = cell_of(m);
        if (s.finished() >> cell & 1) {
          ASSERT_EQ(s.forced, -1);
          ASSERT_EQ(s.available_boards(), ~s.finished() & kFull);
        } else {
          ASSERT_EQ(s.forced, cell);
        }
      }
      // Won and drawn boards agree with the cells.
      for (int b = 0; b < 9; ++b) {
        const Outcome r = board_result(s.cells[kX][b], s.cells[kO][b], 0);
        ASSERT_EQ((s.won[kX] >> b) & 1, r == Outcome::kXWins ? 1 : 0);
        ASSERT_EQ((s.won[kO] >> b) & 1, r == Outcome::kOWins ? 1 : 0);
        ASSERT_EQ((s.drawn >> b) & 1, r == Outcome::kDraw ? 1 : 0);
      }
    }
    // The end: the U-board decides, and no move is left.
    const Outcome u = board_result(s.won[kX], s.won[kO], s.drawn);
    ASSERT_EQ(s.outcome, u);
    ASSERT_EQ(count_moves(s), 0);
    ASSERT_EQ(s.available_boards(), 0u);
    ASSERT_FALSE(is_legal(s, make_move(0, 0)));
  }
}

TEST(UtttRandomGames, BuildStateRebuildsEveryPosition) {
  Rng rng(99);
  for (int g = 0; g < 200; ++g) {
    State s = initial_state();
    int last = -1;
    while (!s.over()) {
      const State rebuilt = build_state(s.cells, last);
      ASSERT_EQ(rebuilt, s);
      ASSERT_EQ(rebuilt.hash, s.hash);
      const Move m = random_move(s, rng);
      last = cell_of(m);
      apply(s, m);
    }
  }
}

// perft's last two plies are counted without playing them; the counter
// must agree with playing every move and counting the replies.
TEST(UtttRandomGames, PerftShortcutAgreesWithPlayingTheMoves) {
  Rng rng(4242);
  for (int g = 0; g < 300; ++g) {
    State s = initial_state();
    while (!s.over()) {
      MoveList moves;
      generate_moves(s, moves);
      std::uint64_t played = 0;
      for (Move m : moves) played += static_cast<std::uint64_t>(count_moves(applied(s, m)));
      ASSERT_EQ(count_two_plies(s), played);
      apply(s, random_move(s, rng));
    }
    ASSERT_EQ(count_two_plies(s), 0u);
  }
}

TEST(UtttRandomGames, RandomMoveCoversEveryLegalMove) {
  Rng rng(7);
  const State s = initial_state();
  std::array<int, 81> seen{};
  for (int i = 0; i < 20000; ++i) ++seen[random_move(s, rng)];
  for (int m = 0; m < 81; ++m) EXPECT_GT(seen[m], 150) << "move " << m;
}

}  // namespace
}  // namespace tabula::uttt
