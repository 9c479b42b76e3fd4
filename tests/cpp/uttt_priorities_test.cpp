// The course's stage-2 priorities, on the statement's example and on boards
// built by hand for each rule.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.hpp"
#include "uttt/priorities.hpp"
#include "uttt/state.hpp"

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

// Hand-built positions for the course's reading of the ten categories
// (specs/uttt.md, "bestMoves: how the categories are assigned"). Boards are
// in position order, cells as 'x', 'o' (the player 0) and '.'. Each test
// gives the category of every move, worked out by hand in the comments,
// and the resulting bestMoves order.

std::vector<int> ranks_of(const State& st, const std::vector<Move>& moves) {
  std::vector<int> out;
  for (Move m : moves) out.push_back(move_category(st, m).rank);
  return out;
}

std::vector<Move> best_order(const State& st) {
  const MoveList best = best_moves(st);
  return std::vector<Move>(best.begin(), best.end());
}

std::vector<Move> in_board(int board, const std::vector<int>& cells) {
  std::vector<Move> out;
  for (int cell : cells) out.push_back(make_move(board, cell));
  return out;
}

// x to move in board c (empty); the cell played names the target T.
//   nw x.x......  x wins T at n, 0 has no mark              -> 6 (not 2)
//   n  xx..o....  x wins T at ne, 0 has one mark            -> 6 (not 3)
//   ne empty                                                -> 2
//   w  x...o....  one 0 mark, nobody wins in one            -> 3
//   c  after the move x's centre only                       -> 2
//   e  x...o...x  one 0 mark, two x marks, nobody wins      -> 3
//   sw oxo......  two 0 marks, nobody wins, one x mark      -> 4
//   s  oxo.x..o.  three 0 marks, nobody wins, two x marks   -> 4
//   se oo.......  0 wins at ne, which sends x to board ne:
//                 open, and x cannot win it in one          -> 8
State overlap_position() {
  return from_boards({"x.x......", "xx..o....", ".........", "x...o....", ".........", "x...o...x",
                      "oxo......", "oxo.x..o.", "oo......."},
                     c);
}

TEST(UtttCategories, CanWinTargetIsSixWhateverTheOpponentsMarks) {
  const State st = overlap_position();
  ASSERT_EQ(st.side, kX);
  ASSERT_EQ(st.available_boards(), 1u << c);
  const std::vector<Move> a_priori = in_board(c, {nw, ne, sw, se, c, n, w, e, s});
  EXPECT_EQ(ranks_of(st, a_priori), (std::vector<int>{6, 2, 4, 8, 2, 6, 3, 3, 4}));
  // Category 2: ne before c although c holds the move's own mark; category
  // 3: w before e although e holds more x marks (marks only count in 4);
  // category 4: s (two x marks) before sw (one) against the a-priori order.
  EXPECT_EQ(best_order(st), in_board(c, {ne, c, w, e, s, sw, nw, n, se}));
  EXPECT_EQ(greedy(st), make_move(c, ne));
  const Category to_sw = move_category(st, make_move(c, sw)), to_s = move_category(st, make_move(c, s));
  EXPECT_EQ(to_sw.own_marks, 1);
  EXPECT_EQ(to_s.own_marks, 2);
}

// x to move in board c (empty).
//   nw oo.o.....  0 wins at ne (sends x to ne, which x wins in one: good)
//                 and at sw (sends x to sw, open, no x win: bad) -> 7 (one
//                 good reply is enough)
//   n  xx.oo....  both can win T; 0's only win, at e, sends x to board e,
//                 open and no x win                          -> 8 (not 6)
//   ne xx.o.....  x wins at ne, one 0 mark                   -> 6
//   w  ox....o..  0 wins only at w, T's own cell: x is sent to T, which 0
//                 has just won                               -> 7
//   c  after the move x's centre only                        -> 2
//   e  x........  no 0 mark, one x mark                      -> 2
//   sw o...x....  one 0 mark                                 -> 3
//   s  o...o....  0 wins at se, which sends x to se, finished -> 7
//   se xxx.xx.o.  won by x                                   -> 9
State replies_position() {
  return from_boards({"oo.o.....", "xx.oo....", "xx.o.....", "ox....o..", ".........", "x........",
                      "o...x....", "o...o....", "xxx.xx.o."},
                     c);
}

TEST(UtttCategories, OneGoodWinningReplyMakesSeven) {
  const State st = replies_position();
  ASSERT_EQ(st.side, kX);
  const std::vector<Move> a_priori = in_board(c, {nw, ne, sw, se, c, n, w, e, s});
  EXPECT_EQ(ranks_of(st, a_priori), (std::vector<int>{7, 6, 3, 9, 2, 8, 7, 2, 7}));
  EXPECT_EQ(best_order(st), in_board(c, {c, e, sw, ne, nw, w, s, n, se}));
  EXPECT_EQ(greedy(st), make_move(c, c));
}

// x has won nw and n, 0 has won sw and s; x to move in board ne
// (x.x.o....).
//   n   completes ne and the line nw-n-ne                   -> 1
//   w   T empty, 0 cannot win anything                      -> 2
//   e   one 0 mark                                          -> 3
//   sw  T won by 0: 0 chooses, and wins se and the game     -> 10 (not 9)
//   s   likewise                                            -> 10
//   se  0 wins se (at nw) and the game; that reply would send
//       x to a finished board                               -> 10 (not 7)
State game_position() {
  return from_boards({"xxxoo....", "xxxoo....", "x.x.o....", ".........", "x....x...", "o........",
                      "ooo.xx...", "ooo.xx...", ".oo......"},
                     ne);
}

TEST(UtttCategories, GameWinsAndGameLossesComeFirstAndLast) {
  const State st = game_position();
  ASSERT_EQ(st.side, kX);
  ASSERT_EQ(st.available_boards(), 1u << ne);
  const std::vector<Move> a_priori = in_board(ne, {n, w, e, sw, s, se});
  EXPECT_EQ(ranks_of(st, a_priori), (std::vector<int>{1, 2, 3, 10, 10, 10}));
  EXPECT_EQ(best_order(st), a_priori);
  EXPECT_EQ(greedy(st), make_move(ne, n));
}

// x to move in board c (x.......x); n is drawn, ne won by 0.
//   c   wins board c itself: T is finished                  -> 9
//   n   T drawn                                             -> 9
//   ne  T won by 0                                          -> 9
//   w   ox...o...: two 0 marks, nobody wins in one          -> 4
//   e   empty                                               -> 2
//   sw  one 0 mark                                          -> 3
//   s   xx.......: x wins it in one                         -> 6
State finished_targets_position() {
  return from_boards({".........", "xoxxoooxx", "oooox.xo.", "ox...o...", "x.......x", ".........",
                      "....o....", "xx.......", "........."},
                     c);
}

TEST(UtttCategories, FinishedTargetsAreNine) {
  const State st = finished_targets_position();
  ASSERT_EQ(st.side, kX);
  const std::vector<Move> a_priori = in_board(c, {c, n, ne, w, e, sw, s});
  EXPECT_EQ(ranks_of(st, a_priori), (std::vector<int>{9, 9, 9, 4, 2, 3, 6}));
  EXPECT_EQ(best_order(st), in_board(c, {e, sw, w, s, c, n, ne}));
}

TEST(UtttCategories, AMoveThatEndsTheGameDrawnIsNine) {
  // Every board but c is won, with no line of boards; x fills c's last
  // cell without a line: c is drawn and so is the game.
  const State st = from_boards({"xxxoo....", "oooxx....", "xxxoo....", "xxxoo....", "xoxo.xoxo", "oooxx....",
                                "oooxx....", "xxxoo....", "oooxx...."},
                               c);
  ASSERT_EQ(st.side, kX);
  EXPECT_EQ(move_category(st, make_move(c, c)).rank, 9);
  EXPECT_TRUE(applied(st, make_move(c, c)).outcome == Outcome::kDraw);
  EXPECT_EQ(greedy(st), make_move(c, c));
}

// x to move in board c (ox.....o.): playing its centre sends 0 to c itself,
// where the move counts as one of x's marks.
//   ne  empty                                               -> 2
//   sw  one 0 mark                                          -> 3
//   se  x.x......: x wins it in one                         -> 6
//   w   oxo......: two 0 marks, one x mark                  -> 4
//   c   two 0 marks, x's n and the move                     -> 4, before w
//   e   oo.......: 0 wins at ne, sending x to ne (open, no
//       x win)                                              -> 8
TEST(UtttCategories, TheMoveCountsAmongTheMarksOfItsOwnBoard) {
  const State st = from_boards({"x........", "x........", ".........", "oxo......", "ox.....o.", "oo.......",
                                "o........", "x........", "x.x......"},
                               c);
  ASSERT_EQ(st.side, kX);
  const std::vector<Move> a_priori = in_board(c, {ne, sw, se, w, c, e});
  EXPECT_EQ(ranks_of(st, a_priori), (std::vector<int>{2, 3, 6, 4, 4, 8}));
  EXPECT_EQ(move_category(st, make_move(c, c)).own_marks, 2);
  EXPECT_EQ(move_category(st, make_move(c, w)).own_marks, 1);
  EXPECT_EQ(best_order(st), in_board(c, {ne, sw, c, w, se, e}));
}

TEST(UtttCategories, SeveralBoardsFollowTheUBoardOrderWithDrawnBoardsBlocked) {
  // nw is drawn and the last move was in cell nw: 0 chooses among the eight
  // empty boards. On the U-board the drawn cell is neither free nor anyone's
  // mark, so the board is not empty (no priority 2 for corners) and the
  // centre comes first: c, ne, sw, se, n, w, e, s. Every move sends x to an
  // open board without a 0 mark (2), except those in cell nw, which send
  // him to the drawn board (9).
  const State st = from_boards({"xoxxoooxx", ".........", ".........", ".........", ".........", ".........",
                                ".........", ".........", "........."},
                               nw);
  ASSERT_EQ(st.side, kO);
  const std::vector<int> boards = {c, ne, sw, se, n, w, e, s};
  std::vector<Move> expected;
  for (int b : boards)
    for (int cell : {ne, sw, se, c, n, w, e, s}) expected.push_back(make_move(b, cell));
  for (int b : boards) expected.push_back(make_move(b, nw));
  EXPECT_EQ(best_order(st), expected);
  EXPECT_EQ(greedy(st), make_move(c, ne));
  EXPECT_EQ(narrow_greedy(st), make_move(c, nw));
}

}  // namespace
}  // namespace tabula::uttt
