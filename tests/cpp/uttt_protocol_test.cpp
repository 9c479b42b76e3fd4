#include <gtest/gtest.h>

#include "uttt/protocol.hpp"

namespace tabula::uttt {
namespace {

TEST(UtttProtocol, MapsRowAndColumnToBoardAndCell) {
  EXPECT_EQ(protocol::to_row_col(make_move(0, 0)), std::make_pair(0, 0));
  EXPECT_EQ(protocol::to_row_col(make_move(8, 8)), std::make_pair(8, 8));
  EXPECT_EQ(protocol::to_row_col(make_move(2, 3)), std::make_pair(1, 6));  // ne board, w cell
  EXPECT_EQ(protocol::to_row_col(make_move(3, 2)), std::make_pair(3, 2));  // w board, ne cell
  for (int m = 0; m < 81; ++m) {
    const auto [r, c] = protocol::to_row_col(static_cast<Move>(m));
    EXPECT_EQ(protocol::from_row_col(r, c), static_cast<Move>(m));
  }
  EXPECT_FALSE(protocol::from_row_col(-1, -1));
  EXPECT_FALSE(protocol::from_row_col(9, 0));
}

TEST(UtttProtocol, TurnInputListsTheValidActionsInOrder) {
  const std::string first = protocol::turn_input(initial_state(), std::nullopt);
  EXPECT_EQ(first.substr(0, 14), "-1 -1\n81\n0 0\n0");
  State s = applied(initial_state(), make_move(4, 0));  // centre board, nw cell
  const std::string second = protocol::turn_input(s, make_move(4, 0));
  // The opponent's move, then the nine cells of the nw board.
  EXPECT_EQ(second, "3 3\n9\n0 0\n0 1\n0 2\n1 0\n1 1\n1 2\n2 0\n2 1\n2 2\n");
}

TEST(UtttProtocol, ParsesAnswersWithOrWithoutInformation) {
  auto r = protocol::parse_reply("4 4");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->row, 4);
  EXPECT_EQ(r->col, 4);
  EXPECT_FALSE(r->simulations);
  r = protocol::parse_reply("2 7 0.5634 93696");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->row, 2);
  EXPECT_EQ(r->col, 7);
  EXPECT_EQ(r->simulations, 93696);
  EXPECT_FALSE(protocol::parse_reply("pass"));
  EXPECT_FALSE(protocol::parse_reply(""));
}

}  // namespace
}  // namespace tabula::uttt
