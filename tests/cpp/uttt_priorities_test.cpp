// The course's stage-2 priorities, on the statement's example and on boards
// built by hand for each rule.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "uttt/priorities.hpp"
#include "uttt/state.hpp"
#include "uttt_test_support.hpp"

namespace tabula::uttt {
namespace {

using testing::mask_of;

// Nine boards in position order, nine cells each ('x', 'o', '.').
State from_boards(const std::array<std::string, 9>& boards, int last_cell) {
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  for (int b = 0; b < 9; ++b) {
    cells[kX][b] = static_cast<std::uint16_t>(mask_of(boards[b], 'x'));
    cells[kO][b] = static_cast<std::uint16_t>(mask_of(boards[b], 'o'));
  }
  return build_state(cells, last_cell);
}

BoardView view(const std::string& nine, char me) {
  const char them = me == 'x' ? 'o' : 'x';
  return {mask_of(nine, me), mask_of(nine, them), 0};
}

std::vector<int> best_cells(const BoardView& b) {
  const CellOrder order = best_individual_moves(b);
  std::vector<int> out;
  for (int i = 0; i < order.size; ++i) out.push_back(order.cells[i]);
  return out;
}

constexpr int nw = 0, n = 1, ne = 2, w = 3, c = 4, e = 5, sw = 6, s = 7, se = 8;

// The statement's figure: last move in cell w, x to move.
State statement_example() {
  return from_boards({"o.xx.x..x", "x..o.o.o.", "o.o.....x", "o........", "xxx.....o", "ox.......",
                      "........o", ".x..o..x.", ".o..o.xox"},
                     w);
}

TEST(UtttPriorities, StatementExampleBestIndividualMoves) {
  const State st = statement_example();
  ASSERT_EQ(st.side, kX);
  ASSERT_EQ(st.available_boards(), 1u << w);
  EXPECT_EQ(best_cells(small_board_view(st, kX, w)), (std::vector<int>{c, ne, sw, se, n, w, e, s}));
}

TEST(UtttPriorities, StatementExampleBestMovesAndGreedy) {
  const State st = statement_example();
  const MoveList best = best_moves(st);
  std::vector<int> order;
  for (Move m : best) order.push_back(cell_of(m));
  EXPECT_EQ(order, (std::vector<int>{sw, w, e, s, n, ne, c, se}));
  EXPECT_EQ(greedy(st), make_move(w, sw));
}

TEST(UtttPriorities, StatementExampleCategories) {
  const State st = statement_example();
  const std::vector<std::pair<int, int>> expected = {{sw, 3}, {w, 3},  {e, 3}, {s, 3},
                                                     {n, 7},  {ne, 8}, {c, 9}, {se, 9}};
  for (const auto& [cell, rank] : expected)
    EXPECT_EQ(move_category(st, make_move(w, cell)).rank, rank) << cell;
}

TEST(UtttPriorities, StatementExampleSeedExamplesOnBoardNe) {
  // "in board ne, for player 0, move n has priority 0; for x it has 1".
  const State st = statement_example();
  EXPECT_EQ(move_priority(small_board_view(st, kO, ne), n), 0);
  EXPECT_EQ(move_priority(small_board_view(st, kX, ne), n), 1);
}

TEST(UtttPriorities, EachRule) {
  EXPECT_EQ(move_priority(view("xx....o.o", 'x'), ne), 0);  // completes the top row
  EXPECT_EQ(move_priority(view("oo......x", 'x'), ne), 1);  // blocks the top row
  EXPECT_EQ(move_priority(view(".........", 'x'), se), 2);  // corner of an empty board
  EXPECT_EQ(move_priority(view(".........", 'x'), c), 3);   // no mark of ours, centre free
  EXPECT_EQ(move_priority(view("....o....", 'x'), nw), 3);  // no mark of ours, they hold the centre
  EXPECT_EQ(move_priority(view("....o....", 'x'), n), 6);
  EXPECT_EQ(move_priority(view("x...o....", 'x'), n), 4);    // x at nw, n: then ne wins
  EXPECT_EQ(move_priority(view("x...o...o", 'x'), sw), 4);   // nw, sw: then w wins
  EXPECT_EQ(move_priority(view("x.o.o...x", 'x'), n), 6);    // no line left open for x via n
  EXPECT_EQ(move_priority(view("ox.o.....", 'x'), se), 5);   // a plain corner
  EXPECT_EQ(move_priority(view("xo.o.x.o.", 'x'), se), 4);   // ne-e-se left open
  EXPECT_EQ(move_priority(view("x........", 'x'), nw), -1);  // occupied
}

TEST(UtttPriorities, SmallestApplicableWins) {
  // Both a win for us and a block of theirs: the win (0) counts.
  EXPECT_EQ(move_priority(view("xx.oo....", 'x'), ne), 0);
  EXPECT_EQ(move_priority(view("xx.oo....", 'x'), e), 1);
}

TEST(UtttPriorities, BestIndividualMovesKeepPositionOrderOnTies) {
  EXPECT_EQ(best_cells(view(".........", 'x')), (std::vector<int>{nw, ne, sw, se, c, n, w, e, s}));
}

TEST(UtttPriorities, NarrowGreedyWithSeveralBoardsPicksTheBestBoardFirst) {
  // The initial state: the U-board is empty, so a corner board, then its corner.
  EXPECT_EQ(narrow_greedy(initial_state()), make_move(nw, nw));
  // With one board available it is that board's best move.
  EXPECT_EQ(narrow_greedy(statement_example()), make_move(w, c));
}

TEST(UtttPriorities, UBoardViewCountsDrawnBoardsForNobody) {
  const State st = from_boards({"xxx......", "xoxxoooxx", "ooo......", ".........", ".........", ".........",
                                ".........", ".........", "........."},
                               0);
  const BoardView u = u_board_view(st, kX);
  EXPECT_EQ(u.own, 1u);
  EXPECT_EQ(u.opp, 1u << ne);
  EXPECT_EQ(u.blocked, 1u << n);
  EXPECT_EQ(u.free(), kFull & ~0b111u);
}

TEST(UtttCategories, WinningTheGameIsFirst) {
  // x holds boards nw and n; in board ne (forced) cell c wins it and the game.
  const State st = from_boards({"xxxoo.o..", "xxxoo.o..", "...x.x.oo", ".........", ".........", ".........",
                                ".........", ".........", "........."},
                               ne);
  ASSERT_EQ(st.side, kX);
  ASSERT_EQ(st.forced, ne);
  EXPECT_EQ(move_category(st, make_move(ne, c)).rank, 1);
  EXPECT_EQ(greedy(st), make_move(ne, c));
}

TEST(UtttCategories, BoardsWithoutOpponentMarksComeFirstAndFinishedBoardsLate) {
  State st = initial_state();
  apply(st, make_move(c, c));  // o must play in c
  // o playing cell n of board c sends x to board n, where x has no mark: 2.
  EXPECT_EQ(move_category(st, make_move(c, n)).rank, 2);
}

TEST(UtttCategories, OpponentWhoCanWinTheGameThereIsTheWorst) {
  // o holds boards nw and n and threatens board ne; x (to move in board w)
  // must not send o to board ne.
  const State st = from_boards({"ooo......", "ooo......", "oo.......", "x.......x", "xx.......", "x.x......",
                                "x...x....", ".........", "........."},
                               w);
  ASSERT_EQ(st.side, kX);
  EXPECT_EQ(move_category(st, make_move(w, ne)).rank, 10);
  EXPECT_NE(cell_of(greedy(st)), ne);
}

TEST(UtttCategories, MoreOwnMarksComeFirstInCategoryFour) {
  // o to move in board c. Cell nw sends x to board nw (x: 2 marks, o: 1),
  // cell ne to board ne (x: 2, o: 2); nobody can win either in one move, so
  // both are category 4 and ne, where o has more marks, comes first although
  // nw comes first a priori.
  const State st = from_boards({"xo...x...", ".........", "xo...xo..", ".........", ".......x.", ".........",
                                ".........", ".........", "....o...."},
                               c);
  ASSERT_EQ(st.side, kO);
  ASSERT_EQ(st.forced, c);
  const Category to_nw = move_category(st, make_move(c, nw));
  const Category to_ne = move_category(st, make_move(c, ne));
  EXPECT_EQ(to_nw.rank, 4);
  EXPECT_EQ(to_ne.rank, 4);
  EXPECT_EQ(to_nw.own_marks, 1);
  EXPECT_EQ(to_ne.own_marks, 2);
  const MoveList best = best_moves(st);
  int pos_nw = -1, pos_ne = -1;
  for (int i = 0; i < best.size; ++i) {
    if (best.moves[i] == make_move(c, nw)) pos_nw = i;
    if (best.moves[i] == make_move(c, ne)) pos_ne = i;
  }
  EXPECT_LT(pos_ne, pos_nw);
}

}  // namespace
}  // namespace tabula::uttt
