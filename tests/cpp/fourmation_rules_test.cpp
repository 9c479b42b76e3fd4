// Rules of 4Mation: placement next to the last cube, fours in every
// direction and at the edges, the stuck draw, hashing, perft.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "common/rng.hpp"
#include "fourmation/game.hpp"
#include "fourmation/playout.hpp"
#include "fourmation/state.hpp"
#include "search/perft.hpp"
#include "test_support.hpp"

namespace tabula::fourmation {
namespace {

using tabula::testing::sanitized;
using testing::from_rows;

TEST(FourmationRules, FirstCubeAnywhere) {
  for (int n = kMinSize; n <= kMaxSize; ++n) {
    const State s = initial_state(n);
    int cells[kMaxMoves];
    EXPECT_EQ(legal_moves(s, cells), n * n) << n;
    EXPECT_EQ(cells[0], cell_of(0, 0));
    EXPECT_EQ(cells[n * n - 1], cell_of(n - 1, n - 1));
    EXPECT_EQ(outcome(s), Outcome::kOngoing);
    EXPECT_EQ(s.side, kWhite);
  }
}

TEST(FourmationRules, NextCubeTouchesTheLastOne) {
  const State s = initial_state(7);
  int cells[kMaxMoves];
  EXPECT_EQ(legal_moves(apply(s, cell_of(0, 0)), cells), 3);  // corner
  EXPECT_EQ(legal_moves(apply(s, cell_of(0, 3)), cells), 5);  // edge
  EXPECT_EQ(legal_moves(apply(s, cell_of(3, 3)), cells), 8);  // middle
  EXPECT_EQ(legal_moves(apply(s, cell_of(6, 6)), cells), 3);  // far corner
  const State t = apply(apply(s, cell_of(3, 3)), cell_of(2, 2));
  // Next to black's cube at 2-2, not to white's at 3-3; 3-3 itself is taken.
  EXPECT_EQ(legal_moves(t, cells), 7);
  EXPECT_TRUE(is_legal(t, cell_of(1, 1)));
  EXPECT_FALSE(is_legal(t, cell_of(4, 4)));
  EXPECT_FALSE(is_legal(t, cell_of(3, 3)));
  EXPECT_FALSE(is_legal(t, cell_of(0, 0)));
  EXPECT_FALSE(is_legal(t, -1));
  EXPECT_FALSE(is_legal(t, 500));
  EXPECT_EQ(t.side, kWhite);
}

TEST(FourmationRules, PlaceKeepsTheTurn) {
  const State s = initial_state(5);
  const State t = place(s, cell_of(1, 1), kWhite);
  EXPECT_EQ(t.side, kWhite);
  EXPECT_TRUE(t.cubes[kWhite].test(cell_of(1, 1)));
  EXPECT_EQ(t.last, cell_of(1, 1));
  EXPECT_EQ(t.hash, compute_hash(t));
}

struct Line {
  int r, c, dr, dc;
};

// Four cubes placed along a line through legal play make a win, whichever
// direction, at every edge of the largest board (the multiword boundaries).
TEST(FourmationRules, FourInEveryDirectionAndAtTheEdges) {
  const std::vector<Line> lines = {
      {0, 0, 0, 1},   {0, 8, 0, 1},  {11, 8, 0, 1}, {5, 0, 0, 1},  {3, 4, 0, 1},  // horizontal
      {0, 0, 1, 0},   {8, 11, 1, 0}, {2, 5, 1, 0},  {4, 3, 1, 0},  {8, 0, 1, 0},  // vertical
      {0, 0, 1, 1},   {8, 8, 1, 1},  {2, 7, 1, 1},  {5, 1, 1, 1},                 // diagonal
      {0, 11, 1, -1}, {8, 3, 1, -1}, {3, 3, 1, -1}, {6, 9, 1, -1},                // anti-diagonal
  };
  for (int n : {4, 7, 12}) {
    for (const Line& ln : lines) {
      const int end_r = ln.r + 3 * ln.dr, end_c = ln.c + 3 * ln.dc;
      if (ln.r >= n || ln.c >= n || end_r < 0 || end_r >= n || end_c < 0 || end_c >= n) continue;
      // White builds the line; black's cubes are placed where they block nothing.
      std::vector<std::string> rows(n, std::string(n, '.'));
      for (int k = 0; k < 3; ++k) rows[ln.r + k * ln.dr][ln.c + k * ln.dc] = 'W';
      State s = from_rows(rows, kWhite, ln.r + 2 * ln.dr, ln.c + 2 * ln.dc);
      EXPECT_EQ(outcome(s), Outcome::kOngoing);
      ASSERT_TRUE(is_legal(s, cell_of(end_r, end_c))) << n << " " << ln.r << "," << ln.c;
      const State won = apply(s, cell_of(end_r, end_c));
      EXPECT_EQ(outcome(won), Outcome::kWhiteWins) << n << " " << ln.r << "," << ln.c;
      EXPECT_TRUE(has_four(won.cubes[kWhite]));
      int cells[kMaxMoves];
      EXPECT_EQ(legal_moves(won, cells), 0);  // no move after the end
    }
  }
}

TEST(FourmationRules, ThreeIsNotEnoughAndLinesDoNotWrap) {
  // Three in a row, and lines that would only be four across the edge.
  const State three = from_rows({"WWW.", "....", "....", "...."}, kBlack, 0, 2);
  EXPECT_EQ(outcome(three), Outcome::kOngoing);
  const State wrap = from_rows({"..WW", "WW..", "....", "...."}, kBlack, 1, 1);
  EXPECT_EQ(outcome(wrap), Outcome::kOngoing);
  EXPECT_FALSE(has_four(wrap.cubes[kWhite]));
  std::vector<std::string> rows(12, std::string(12, '.'));
  rows[3][10] = rows[3][11] = rows[4][0] = rows[4][1] = 'B';  // horizontal wrap
  rows[0][1] = rows[1][0] = rows[1][11] = rows[2][10] = 'W';  // anti-diagonal wrap
  const State big = from_rows(rows, kWhite, 4, 1);
  EXPECT_FALSE(has_four(big.cubes[kBlack]));
  EXPECT_FALSE(has_four(big.cubes[kWhite]));
  EXPECT_EQ(outcome(big), Outcome::kOngoing);
}

TEST(FourmationRules, FiveOrMoreWins) {
  // Filling the gap of WW.WW makes five.
  State s = from_rows({"WW.WW", "BB.B.", ".....", ".....", "....."}, kWhite, 1, 3);
  ASSERT_TRUE(is_legal(s, cell_of(0, 2)));
  EXPECT_EQ(outcome(apply(s, cell_of(0, 2))), Outcome::kWhiteWins);
}

TEST(FourmationRules, StuckPlayerDraws) {
  // Black's last cube in the corner has no free neighbour: white is stuck.
  const State s = from_rows({"BW..", "WB..", "....", "...."}, kWhite, 0, 0);
  EXPECT_EQ(outcome(s), Outcome::kDraw);
  int cells[kMaxMoves];
  EXPECT_EQ(legal_moves(s, cells), 0);
  // Reached by play: the last free neighbour of a cube is taken and the mover's
  // cube has no free neighbour either.
  State t = from_rows({".W..", "WB..", "....", "...."}, kBlack, 1, 1);
  // Black at 0-0: its neighbours 0-1, 1-0, 1-1 are all taken.
  ASSERT_TRUE(is_legal(t, cell_of(0, 0)));
  t = apply(t, cell_of(0, 0));
  EXPECT_EQ(outcome(t), Outcome::kDraw);
}

TEST(FourmationRules, WinThatLeavesTheOpponentStuckIsAWin) {
  // White completes the column at 3-0; all neighbours of 3-0 are taken.
  const State s = from_rows(
      {
          "W...",
          "W...",
          "WBB.",
          ".B..",
      },
      kWhite, 2, 1);
  ASSERT_TRUE(is_legal(s, cell_of(3, 0)));
  const State t = apply(s, cell_of(3, 0));
  EXPECT_EQ(outcome(t), Outcome::kWhiteWins);
}

TEST(FourmationRules, ThreeByThreeCannotBeWon) {
  Rng rng(7);
  for (int game = 0; game < 2000; ++game)
    EXPECT_EQ(outcome(random_playout(initial_state(3), rng)), Outcome::kDraw);
}

TEST(FourmationRules, MakeStateFindsExistingFours) {
  EXPECT_EQ(outcome(from_rows({"B...", ".B..", "..B.", "...B"}, kWhite, 3, 3)), Outcome::kBlackWins);
  EXPECT_EQ(outcome(from_rows({"...W", "..W.", ".W..", "W..."}, kBlack, 3, 0)), Outcome::kWhiteWins);
  // Both: white is reported, as the reference does.
  EXPECT_EQ(outcome(from_rows({"WWWW", "BBBB", "....", "...."}, kWhite, 1, 3)), Outcome::kWhiteWins);
}

TEST(FourmationRules, HashIsIncrementalAndDistinguishesTheLastCube) {
  Rng rng(11);
  for (int game = 0; game < 200; ++game) {
    State s = initial_state(3 + game % 10);
    int cells[kMaxMoves];
    for (int count; (count = legal_moves(s, cells)) > 0;) {
      s = apply(s, cells[rng.below(count)]);
      ASSERT_EQ(s.hash, compute_hash(s));
    }
  }
  const State a = from_rows({"WB..", "....", "....", "...."}, kWhite, 0, 0);
  const State b = from_rows({"WB..", "....", "....", "...."}, kWhite, 0, 1);
  const State c = from_rows({"WB..", "....", "....", "...."}, kBlack, 0, 1);
  EXPECT_NE(a.hash, b.hash);
  EXPECT_NE(b.hash, c.hash);
  EXPECT_NE(initial_state(4).hash, initial_state(5).hash);
}

// Threat cells agree with trying every empty cell.
TEST(FourmationRules, ThreatsMatchBruteForce) {
  Rng rng(5);
  const int games = sanitized() ? 100 : 600;
  for (int game = 0; game < games; ++game) {
    State s = initial_state(4 + game % 9);
    int cells[kMaxMoves];
    for (int count; (count = legal_moves(s, cells)) > 0;) {
      for (int colour = 0; colour < 2; ++colour) {
        const Bits t = threats(s, colour);
        for (int r = 0; r < s.n; ++r)
          for (int c = 0; c < s.n; ++c) {
            const int i = cell_of(r, c);
            const bool expected = !s.occupied().test(i) && makes_four(s.cubes[colour], i);
            ASSERT_EQ(t.test(i), expected) << to_string(s) << r << "," << c;
          }
      }
      s = apply(s, cells[rng.below(count)]);
    }
  }
}

// Values from the independent reference (tests/reference/fourmation_ref.pl,
// ref_perft/3), which the plunit suites also compare at random positions.
TEST(FourmationRules, PerftFromTheStart) {
  const struct {
    int n, depth;
    std::uint64_t leaves;
  } cases[] = {{3, 1, 9},    {3, 2, 40},   {3, 3, 160},  {3, 4, 496},  {3, 5, 1232}, {3, 6, 2400},
               {4, 1, 16},   {4, 2, 84},   {4, 3, 408},  {4, 4, 1764}, {4, 5, 6736}, {4, 6, 22832},
               {5, 1, 25},   {5, 2, 144},  {5, 3, 768},  {5, 4, 3768}, {7, 1, 49},   {7, 2, 312},
               {7, 3, 1824}, {12, 1, 144}, {12, 2, 1012}};
  Rules rules;
  for (const auto& c : cases)
    EXPECT_EQ(search::perft(rules, initial_state(c.n), c.depth), c.leaves) << c.n << " " << c.depth;
}

TEST(FourmationRules, PerftStopsWhenAsked) {
  Rules rules;
  EXPECT_FALSE(search::perft(rules, initial_state(12), 8, [] { return true; }).has_value());
}

TEST(FourmationRules, RandomGamesEnd) {
  Rng rng(3);
  int wins = 0, draws = 0;
  for (int game = 0; game < 3000; ++game) {
    std::vector<int> moves;
    const State end = random_playout(initial_state(4 + game % 9), rng, &moves);
    const Outcome o = outcome(end);
    ASSERT_NE(o, Outcome::kOngoing);
    ASSERT_LE(static_cast<int>(moves.size()), end.n * end.n);
    if (o == Outcome::kDraw)
      ++draws;
    else
      ++wins;
    // The winner made the last move.
    if (o == Outcome::kWhiteWins) {
      EXPECT_EQ(moves.size() % 2, 1u);
    }
    if (o == Outcome::kBlackWins) {
      EXPECT_EQ(moves.size() % 2, 0u);
    }
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(draws, 0);
}

}  // namespace
}  // namespace tabula::fourmation
