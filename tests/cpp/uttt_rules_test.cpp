#include <gtest/gtest.h>

#include "search/perft.hpp"
#include "test_support.hpp"
#include "uttt/game.hpp"
#include "uttt/playout.hpp"
#include "uttt/state.hpp"

namespace tabula::uttt {
namespace {

using testing::cells_from_rows;
using testing::mask_of;

// Published counts from the initial position, with either leaf counter.
TEST(UtttPerft, InitialPositionDepthsOneToSix) {
  const std::uint64_t expected[] = {1, 81, 720, 6336, 55080, 473256, 4020960};
  const State s = initial_state();
  Game two_plies;
  LastPlyGame last_ply;
  for (int depth = 0; depth <= 6; ++depth) {
    EXPECT_EQ(search::perft(two_plies, s, depth), expected[depth]) << "depth " << depth;
    EXPECT_EQ(search::perft(last_ply, s, depth), expected[depth]) << "depth " << depth;
  }
}

TEST(UtttPerft, StopsWhenAsked) {
  Game game;
  int calls = 0;
  EXPECT_FALSE(search::perft(game, initial_state(), 7, [&] { return ++calls > 3; }).has_value());
  EXPECT_EQ(calls, 4);
}

TEST(UtttRules, FirstMoveAnywhere) {
  const State s = initial_state();
  EXPECT_EQ(count_moves(s), 81);
  EXPECT_EQ(s.available_boards(), kFull);
  EXPECT_EQ(s.side, kX);
}

TEST(UtttRules, MoveSendsOpponentToTheBoardOfItsCell) {
  State s = initial_state();
  apply(s, make_move(4, 2));  // centre board, cell ne
  EXPECT_EQ(s.forced, 2);
  EXPECT_EQ(s.available_boards(), 1u << 2);
  EXPECT_EQ(s.side, kO);
  EXPECT_EQ(count_moves(s), 9);
  EXPECT_FALSE(is_legal(s, make_move(4, 0)));
  EXPECT_TRUE(is_legal(s, make_move(2, 4)));
}

TEST(UtttRules, SentToAFinishedBoardPlaysAnyUnfinishedBoard) {
  // x has won board nw; o to move after x played cell nw somewhere.
  const auto cells = cells_from_rows({"xxx......", "oo.......", ".........",  //
                                      ".........", ".........", ".........",  //
                                      ".........", ".........", "........."});
  State s = build_state(cells, 0);
  EXPECT_EQ(s.side, kO);
  EXPECT_EQ(s.won[kX], 1u);
  EXPECT_EQ(s.forced, -1);
  EXPECT_EQ(s.available_boards(), kFull & ~1u);
  EXPECT_EQ(count_moves(s), 81 - 9);  // o's marks are in board nw too
}

TEST(UtttRules, FinishedBoardsAreFrozen) {
  const auto cells = cells_from_rows({"x........", ".x.......", "..x......",  //
                                      "oo.......", ".........", ".........",  //
                                      ".........", ".........", "o........"});
  const State s = build_state(cells, -1);
  EXPECT_TRUE(s.won[kX] & 1u);
  for (int cell = 0; cell < 9; ++cell) EXPECT_FALSE(is_legal(s, make_move(0, cell)));
}

TEST(UtttRules, FullBoardWithoutLineIsDrawn) {
  EXPECT_EQ(board_result(mask_of("xoxxoooxx", 'x'), mask_of("xoxxoooxx", 'o'), 0), Outcome::kDraw);
  EXPECT_EQ(board_result(mask_of("xxx......", 'x'), 0, 0), Outcome::kXWins);
  EXPECT_EQ(board_result(0, mask_of("o...o...o", 'o'), 0), Outcome::kOWins);
  EXPECT_EQ(board_result(0, mask_of("..o.o.o..", 'o'), 0), Outcome::kOWins);
  EXPECT_EQ(board_result(mask_of("x..x..x..", 'x'), 0, 0), Outcome::kXWins);
  EXPECT_EQ(board_result(mask_of("xo.......", 'x'), mask_of("xo.......", 'o'), 0), Outcome::kOngoing);
}

TEST(UtttRules, UBoardDrawnCellsCountForNobody) {
  // x, r, x on the top row is no line; r everywhere else is a draw.
  EXPECT_EQ(board_result(0b101, 0, 0b010), Outcome::kOngoing);
  EXPECT_EQ(board_result(0b101, 0, kFull & ~0b101u), Outcome::kDraw);
}

TEST(UtttRules, WinningThreeBoardsInARowEndsTheGame) {
  // x owns boards nw and n; x to move in board ne, where cell c completes a line.
  const auto cells = cells_from_rows({"xxxxxx.o.", "oo.oo.x.x", "o.oo.....",  //
                                      ".........", ".........", ".........",  //
                                      ".........", ".........", "........."});
  State s = build_state(cells, 2);
  ASSERT_EQ(s.side, kX) << "x and o have the same number of marks";
  ASSERT_EQ(s.forced, 2);
  ASSERT_TRUE(is_legal(s, make_move(2, 4)));
  apply(s, make_move(2, 4));
  EXPECT_EQ(s.outcome, Outcome::kXWins);
  EXPECT_EQ(count_moves(s), 0);
  EXPECT_EQ(s.available_boards(), 0u);
  MoveList moves;
  generate_moves(s, moves);
  EXPECT_EQ(moves.size, 0);
}

TEST(UtttRules, NextPlayerByCounting) {
  auto cells = cells_from_rows({"x........", ".........", ".........", ".........", ".........", ".........",
                                ".........", ".........", "........."});
  EXPECT_EQ(build_state(cells, 0).side, kO);
  cells[kO][8] = 1;
  EXPECT_EQ(build_state(cells, 0).side, kX);
}

TEST(UtttRules, FromPartsRejectsContradictions) {
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  cells[kX][0] = 1;
  cells[kO][0] = 1;
  EXPECT_FALSE(from_parts(cells, -1).has_value());
  cells[kO][0] = 2;
  EXPECT_TRUE(from_parts(cells, 3).has_value());
  EXPECT_FALSE(from_parts(cells, 9).has_value());
  cells[kX][0] = 0x7;  // board 0 won by x: cannot be the forced board
  EXPECT_FALSE(from_parts(cells, 0).has_value());
}

TEST(UtttRules, HashIsIncrementalAndDistinguishesSideAndForcedBoard) {
  State a = initial_state();
  apply(a, make_move(0, 4));
  State b = initial_state();
  apply(b, make_move(0, 5));
  EXPECT_NE(a.hash, b.hash);
  EXPECT_EQ(a.hash, compute_hash(a));
  EXPECT_EQ(b.hash, compute_hash(b));
}

}  // namespace
}  // namespace tabula::uttt
