// The engine: it takes wins, stops threats, respects its limits, and beats
// random play.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>

#include "common/rng.hpp"
#include "crosscut/evaluation.hpp"
#include "crosscut/playout.hpp"
#include "crosscut/report_value.hpp"
#include "crosscut/search.hpp"
#include "search/score.hpp"
#include "test_support.hpp"

namespace tabula::crosscut {
namespace {

using testing::board;

search::Limits quick(int ms, int depth = 64) {
  search::Limits l;
  l.time = std::chrono::milliseconds(ms);
  l.max_depth = depth;
  return l;
}

TEST(CrossCutSearch, TakesAnImmediateWin) {
  const Position p = board({".......", ".RRR.R.", ".B.....", ".B.....", ".B.....", ".......", "......."});
  const SearchResult r = best_move(p, quick(500));
  ASSERT_TRUE(r.move);
  EXPECT_EQ(*r.move, 1 * 7 + 4);
  EXPECT_TRUE(search::is_decisive(r.score));
  EXPECT_GT(r.score, 0);
}

TEST(CrossCutSearch, BlocksTheOpponentsWin) {
  // Blue threatens (1,4); Red must take it (it cannot win at once).
  const Position p = board({".......", ".BBB.B.", ".......", "..R....", "...R...", ".......", "......."});
  const SearchResult r = best_move(p, quick(300, 3));
  ASSERT_TRUE(r.move);
  EXPECT_EQ(*r.move, 1 * 7 + 4);
}

TEST(CrossCutSearch, TheStopCallbackAborts) {
  std::atomic<int> calls{0};
  const SearchResult r = best_move(initial_position(9, 9), quick(0, 64), [&] { return ++calls > 3; });
  EXPECT_TRUE(r.aborted);
  EXPECT_TRUE(r.move);
}

// It stops by itself at its deadline, not before (by its own clock) and
// not long after (by the CPU time it used, which load can only lower).
TEST(CrossCutSearch, StopsAtItsDeadline) {
  const auto cpu_before = tabula::testing::thread_cpu_time();
  const SearchResult r = best_move(initial_position(10, 10), quick(100));
  const auto cpu = tabula::testing::thread_cpu_time() - cpu_before;
  EXPECT_TRUE(r.move);
  EXPECT_FALSE(r.aborted);
  EXPECT_GE(r.elapsed, std::chrono::milliseconds(50));
  EXPECT_LT(cpu.count(), 1.5);
  // No depth is asserted: a machine that stalls this thread past the
  // deadline may leave even the first iteration unfinished.
}

TEST(CrossCutSearch, BeatsRandomPlay) {
  Rng rng(11);
  int wins = 0;
  const int games = tabula::testing::scaled(20, 4);
  for (int g = 0; g < games; ++g) {
    Position p = initial_position(7, 7);
    const int engine = g % 2;
    MoveList moves;
    while (!p.over()) {
      if (p.to_move == engine) {
        p = apply(p, *best_move(p, quick(1000, 2)).move);
      } else {
        legal_moves(p, moves);
        p = apply(p, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      }
    }
    if (p.winner == engine) ++wins;
  }
  EXPECT_GE(wins, games * 9 / 10);
}

// Plain minimax without any table: can the side to move force a win
// within `plies` plies (skips included)?
bool forced_win(const Position& p, int plies) {
  if (p.over() || plies <= 0) return false;
  MoveList moves;
  legal_moves(p, moves);
  for (auto m : moves) {
    const Position q = apply(p, m);
    if (q.winner == p.to_move) return true;
    if (q.over()) continue;
    if (q.to_move == p.to_move) {
      if (forced_win(q, plies - 1)) return true;
      continue;
    }
    MoveList replies;
    legal_moves(q, replies);
    bool all_win = true;
    for (auto r : replies) {
      const Position t = apply(q, r);
      if (t.winner == p.to_move) continue;
      if (t.over() || t.to_move != p.to_move || !forced_win(t, plies - 2)) {
        all_win = false;
        break;
      }
    }
    if (all_win) return true;
  }
  return false;
}

TEST(CrossCutSearch, RedForcesAWinOnFiveByFive) {
  const Position p = initial_position(5, 5);
  const SearchResult r = best_move(p, quick(5000));
  ASSERT_TRUE(search::is_decisive(r.score));
  EXPECT_GT(r.score, 0);
  EXPECT_EQ(search::kWin - r.score, 5);  // Red's third disc wins
  // Checked without the search: the chosen move wins in 5 plies, and no
  // first move wins in 3.
  EXPECT_TRUE(forced_win(p, 5));
  EXPECT_FALSE(forced_win(p, 3));
  const Position q = apply(p, *r.move);
  MoveList replies;
  legal_moves(q, replies);
  for (auto m : replies) {
    const Position t = apply(q, m);
    EXPECT_TRUE(t.winner == kRed || (!t.over() && forced_win(t, 3)));
  }
}

TEST(CrossCutEvaluation, IsSymmetricAndFavoursLongerSegments) {
  const Position p = board({".......", ".RRR...", ".......", "...B...", ".......", ".......", "......."});
  Position q = p;
  q.to_move = kBlue;
  EXPECT_GT(evaluate(p), 0);
  EXPECT_LT(evaluate(q), 0);
  EXPECT_EQ(evaluate(p) - 10, -(evaluate(q) - 10));
  EXPECT_EQ(evaluate(initial_position(6, 8)), 10);
}

// The report's value is taken on the board a placement produced, as the
// report's level-2 bot calls it: `valued` plays the move, then values it.
bool valued(const Position& before, int player, int cell, int& value) {
  Position after = before;
  if (!place(after.discs[player], after.discs[1 - player], after.height, after.width, cell)) return false;
  return report_value(after, player, cell, value);
}

TEST(CrossCutReportValue, WinningMoveIsMinus100) {
  const Position p = board({".....", ".RR..", ".....", ".B...", "....."});
  int v = 0;
  ASSERT_TRUE(valued(p, kRed, 1 * 5 + 3, v));
  EXPECT_EQ(v, kValueWin);
}

TEST(CrossCutReportValue, ExposedMoveIs100) {
  // Red at (2,2) sits between Blue (2,1) and the empty (2,3) with Blue's
  // (2,4)... Blue placing at (2,3) would flank it.
  const Position p = board({".......", ".......", ".B...B.", ".......", ".......", ".......", "......."});
  int v = 0;
  ASSERT_TRUE(valued(p, kRed, 2 * 7 + 2, v));
  EXPECT_EQ(v, kValueExposed);
}

TEST(CrossCutReportValue, DefaultFormula) {
  const Position p = initial_position(7, 7);
  int v = 0;
  // Empty 7 x 7: (interior 5 - own 1) + opponent 0 on both axes.
  ASSERT_TRUE(valued(p, kRed, 3 * 7 + 3, v));
  EXPECT_EQ(v, 4);
  // Extending a segment lowers the value.
  const Position q = board({".......", ".......", ".......", ".RR....", ".......", ".......", "......."});
  ASSERT_TRUE(valued(q, kRed, 3 * 7 + 3, v));
  EXPECT_EQ(v, 2);
}

TEST(CrossCutReportValue, OnlyAfterAPlacementOfThePlayer) {
  const Position empty = initial_position(7, 7);
  int v = 0;
  // The board before the move: the interior square holds no disc yet.
  EXPECT_FALSE(report_value(empty, kRed, 3 * 7 + 3, v));
  // A perimeter square with no disc of the player next to it, off the board.
  EXPECT_FALSE(report_value(empty, kRed, 0, v));
  EXPECT_FALSE(report_value(empty, kRed, 49, v));
  EXPECT_FALSE(report_value(empty, kRed, -1, v));
  // The other player's disc.
  const Position q = board({".......", ".......", ".......", "...R...", ".......", ".......", "......."});
  EXPECT_TRUE(report_value(q, kRed, 3 * 7 + 3, v));
  EXPECT_FALSE(report_value(q, kBlue, 3 * 7 + 3, v));
  // Illegal placements have no board after them.
  EXPECT_FALSE(valued(empty, kRed, 0, v));
}

TEST(CrossCutReportValue, PerimeterPlacementIsMeasuredFromTheFlippedDiscs) {
  // Red on the top edge above Blue's (1,3) with Red's (2,3) below: Blue's
  // disc flips (2 created against 1 cut) and the edge disc is removed.
  const Position p = board({".......", "...B...", "...R...", ".......", ".......", ".......", "......."});
  Position after = p;
  ASSERT_TRUE(place(after.discs[kRed], after.discs[kBlue], 7, 7, 0 * 7 + 3));
  ASSERT_FALSE(test(after.discs[kRed] | after.discs[kBlue], 0 * 7 + 3));
  int v = 0;
  ASSERT_TRUE(report_value(after, kRed, 0 * 7 + 3, v));
  // From (1,3): column 5 - 2 + 0, row 5 - 1 + 0; the column of 2 cannot be
  // cut (no enemy disc touches it): 5 - 2.
  EXPECT_EQ(v, 3);
  // The edge square holds nothing, and a disc there would be no placement.
  Position odd = after;
  odd.discs[kBlue] |= bit(0 * 7 + 3);
  EXPECT_FALSE(report_value(odd, kRed, 0 * 7 + 3, v));
}

TEST(CrossCutReportValue, ExposingTheSegmentTheMoveJoinsIs100) {
  // Red extends its row to three; the new disc cannot be flipped, but Blue
  // placing at (4,1) would flip (3,1), an older disc of that segment (4
  // created against 3 cut): the move leaves the segment open to a flip.
  const Position p = board({".......", ".B.....", ".B.....", ".RR....", ".......", ".......", "......."});
  int v = 0;
  ASSERT_TRUE(valued(p, kRed, 3 * 7 + 3, v));
  EXPECT_EQ(v, kValueExposed);
}

TEST(CrossCutReportValue, BlockingAnEnemySegment) {
  // Right after the end of Blue's 4 in row 1: Blue flanks it from the edge
  // and wins, so the block is exposed (100).
  const Position p = board({".......", ".BBBB..", ".......", ".......", ".......", ".......", "......."});
  int v = 0;
  ASSERT_TRUE(valued(p, kRed, 1 * 7 + 5, v));
  EXPECT_EQ(v, kValueExposed);
  // Under Blue's column of 2, on Red's row of 4 that Blue cannot cut
  // (4 created against 4): 5 - 4 on the row.
  const Position q = board({".......", "...B...", "...B...", ".RR.R..", ".......", ".......", "......."});
  ASSERT_TRUE(valued(q, kRed, 3 * 7 + 3, v));
  EXPECT_EQ(v, 1);
  // A lone block below a column of 2 (Blue can flank it: exposed).
  const Position r = board({".......", "...B...", "...B...", ".......", ".......", ".......", "......."});
  ASSERT_TRUE(valued(r, kRed, 3 * 7 + 3, v));
  EXPECT_EQ(v, kValueExposed);
}

}  // namespace
}  // namespace tabula::crosscut
