// The engine's search, its tactical shortcuts and the course's bots, checked
// against plain exhaustive solvers that use nothing but the rules.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/rng.hpp"
#include "fourmation/bots.hpp"
#include "fourmation/evaluation.hpp"
#include "fourmation/game.hpp"
#include "fourmation/search.hpp"
#include "fourmation/state.hpp"
#include "test_support.hpp"

namespace tabula::fourmation {
namespace {

using tabula::testing::sanitized;
using testing::BruteForce;
using testing::from_rows;

search::Limits limits_of(int budget_ms, int max_depth = 0) {
  search::Limits limits;
  limits.time = std::chrono::milliseconds(budget_ms);
  limits.max_depth = max_depth;
  return limits;
}

SearchResult run(const State& s, int budget_ms = 0, int max_depth = 0) {
  search::TranspositionTable tt(18);
  return search(s, limits_of(budget_ms, max_depth), true, tt);
}

// The proven value as +1 win, 0 draw, -1 loss (nothing when unproven).
std::optional<int> verdict(const SearchResult& r) {
  switch (r.proven) {
    case search::Proven::kWin:
      return 1;
    case search::Proven::kLoss:
      return -1;
    case search::Proven::kDraw:
      return 0;
    default:
      return std::nullopt;
  }
}

TEST(FourmationSearch, SolvesFourByFourFromTheStart) {
  const SearchResult r = run(initial_state(4));
  ASSERT_TRUE(r.move);
  BruteForce bf;
  EXPECT_EQ(verdict(r), bf.value(initial_state(4)));
}

// Perfect play on small boards: at random positions the search proves the
// same value as the exhaustive solver, and its move keeps that value.
TEST(FourmationSearch, MatchesExhaustiveSolverOnSmallBoards) {
  Rng rng(2024);
  const int positions = sanitized() ? 15 : 120;
  for (int k = 0; k < positions; ++k) {
    const int n = k % 3 == 2 ? 5 : 4;
    State s = initial_state(n);
    const int plies = (n == 5 ? 6 : 1) + static_cast<int>(rng.below(n == 5 ? 8 : 10));
    int cells[kMaxMoves];
    for (int p = 0; p < plies; ++p) {
      const int count = legal_moves(s, cells);
      if (count == 0) break;
      s = apply(s, cells[rng.below(count)]);
    }
    if (outcome(s) != Outcome::kOngoing) continue;
    BruteForce bf;
    const int truth = bf.value(s);
    const SearchResult r = run(s);
    ASSERT_TRUE(verdict(r).has_value()) << to_string(s);
    EXPECT_EQ(verdict(r), truth) << to_string(s);
    EXPECT_EQ(-bf.value(apply(s, *r.move)), truth) << to_string(s);
  }
}

TEST(FourmationSearch, TakesAnImmediateWin) {
  const State s =
      from_rows({"WWW....", ".BB....", ".......", ".......", ".......", ".......", "......."}, kWhite, 1, 2);
  const SearchResult r = run(s, 1000);
  EXPECT_EQ(r.move, cell_of(0, 3));
  EXPECT_GT(r.score, 0);
  EXPECT_EQ(r.proven, search::Proven::kWin);
}

TEST(FourmationSearch, DoesNotHandOverAFour) {
  // Black threatens 0-3 and its last cube is at 1-1: white's cells next to
  // 0-3 (0-2, 1-2) would let black complete four.
  const State t =
      from_rows({"BBB....", "WB.....", "W......", ".......", ".......", ".......", "......."}, kWhite, 1, 1);
  const SearchResult r = run(t, 1000);
  ASSERT_TRUE(r.move);
  const Bits theirs = threats(t, kBlack);
  Bits answers = geometry(7).neighbours[*r.move] & theirs;
  answers.reset(*r.move);
  EXPECT_TRUE(answers.none()) << *r.move;
}

TEST(FourmationSearch, TacticalVerdictMatchesTwoPlyLookahead) {
  Rng rng(99);
  const int games = sanitized() ? 60 : 400;
  Rules rules;
  for (int game = 0; game < games; ++game) {
    tabula::testing::random_walk(rules, initial_state(4 + game % 6), rng,
                                 [](const State& s, const std::vector<int>& moves) {
                                   if (moves.empty()) return;
                                   bool win_now = false, all_lose = true;
                                   for (int cell : moves) {
                                     const State t = apply(s, cell);
                                     if (outcome(t) != Outcome::kOngoing && outcome(t) != Outcome::kDraw)
                                       win_now = true;
                                     bool loses = false;
                                     int replies[kMaxMoves];
                                     const int n = legal_moves(t, replies);
                                     for (int j = 0; j < n; ++j)
                                       if (apply(t, replies[j]).winner == other(s.side)) loses = true;
                                     if (!loses) all_lose = false;
                                   }
                                   const Verdict v = tactical_verdict(s);
                                   if (win_now) {
                                     ASSERT_EQ(v, Verdict::kWinNow) << to_string(s);
                                   } else if (all_lose) {
                                     ASSERT_EQ(v, Verdict::kLostNext) << to_string(s);
                                   } else {
                                     ASSERT_EQ(v, Verdict::kUnknown) << to_string(s);
                                   }
                                 });
  }
}

TEST(FourmationSearch, OrderedMovesArePermutationOfLegalMoves) {
  Rng rng(1);
  State s = initial_state(8);
  int cells[kMaxMoves], ordered[kMaxMoves];
  for (int count; (count = legal_moves(s, cells)) > 0; s = apply(s, cells[rng.below(count)])) {
    ASSERT_EQ(ordered_moves(s, ordered), count);
    std::sort(ordered, ordered + count);
    for (int i = 0; i < count; ++i) ASSERT_EQ(ordered[i], cells[i]);
  }
}

TEST(FourmationSearch, EvaluationIsAntisymmetricAndBounded) {
  Rng rng(8);
  Rules rules;
  for (int game = 0; game < 50; ++game)
    tabula::testing::random_walk(rules, initial_state(6 + game % 7), rng,
                                 [](const State& s, const std::vector<int>&) {
                                   State flipped = s;
                                   flipped.side = static_cast<std::uint8_t>(other(s.side));
                                   flipped.hash = compute_hash(flipped);
                                   EXPECT_EQ(evaluate(s), -evaluate(flipped));
                                   EXPECT_LT(std::abs(evaluate(s)), 100000);
                                 });
}

TEST(FourmationSearch, StopCallbackEndsTheSearch) {
  search::TranspositionTable tt(16);
  int calls = 0;
  const SearchResult r = search(initial_state(12), limits_of(0), true, tt, [&calls] { return ++calls > 3; });
  EXPECT_TRUE(r.aborted);
  EXPECT_TRUE(r.move);
  EXPECT_EQ(r.proven, search::Proven::kUnknown);
}

// It stops by itself, not long after its deadline (by the CPU time it
// used, which load can only lower).
TEST(FourmationSearch, StopsAtItsDeadline) {
  const auto cpu_before = tabula::testing::thread_cpu_time();
  const SearchResult r = run(initial_state(12), 200);
  const auto cpu = tabula::testing::thread_cpu_time() - cpu_before;
  EXPECT_TRUE(r.move);
  EXPECT_FALSE(r.aborted);
  EXPECT_LT(cpu.count(), 0.2 + (sanitized() ? 3.0 : 1.0));
  // No depth is asserted: a machine that stalls this thread past the
  // deadline may leave even the first iteration unfinished.
}

TEST(FourmationSearch, NoMoveWhenTheGameIsOver) {
  EXPECT_FALSE(run(from_rows({"BW..", "WB..", "....", "...."}, kWhite, 0, 0)).move);
  EXPECT_FALSE(run(from_rows({"WWWW", "BBB.", "....", "...."}, kBlack, 0, 3)).move);
}

// --- the course's bots

TEST(FourmationBots, LineValueOfTheReportsExample) {
  // Black to place; X = 1-2 weighs 5 (horizontal), Y = 3-3 weighs 6 (vertical).
  const State s = from_rows({".BWB", ".B.B", "...B", ".W.."}, kBlack, 2, 3);
  EXPECT_EQ(line_value(s, cell_of(1, 2), kBlack), 5);
  EXPECT_EQ(line_value(s, cell_of(3, 3), kBlack), 6);
  // An empty 7x7 board: a middle cell sees 6 empty cells on each line.
  EXPECT_EQ(line_value(initial_state(7), cell_of(3, 3), kWhite), 6);
  EXPECT_EQ(line_value(initial_state(7), cell_of(0, 0), kWhite), 6);
}

bool forced_win_brute(const State& s, int plies) {
  if (plies <= 0 || outcome(s) != Outcome::kOngoing) return false;
  int cells[kMaxMoves];
  const int count = legal_moves(s, cells);
  for (int i = 0; i < count; ++i) {
    const State t = apply(s, cells[i]);
    if (t.winner == s.side) return true;
    if (plies < 3 || outcome(t) != Outcome::kOngoing) continue;
    int replies[kMaxMoves];
    const int n = legal_moves(t, replies);
    bool all = true;
    for (int j = 0; j < n && all; ++j) all = forced_win_brute(apply(t, replies[j]), plies - 2);
    if (all) return true;
  }
  return false;
}

TEST(FourmationBots, ForcedWinMatchesBruteForce) {
  Rng rng(17);
  const int games = sanitized() ? 20 : 120;
  int found = 0;
  for (int game = 0; game < games; ++game) {
    State s = initial_state(5 + game % 3);
    int cells[kMaxMoves];
    for (int count; (count = legal_moves(s, cells)) > 0; s = apply(s, cells[rng.below(count)])) {
      const bool w = forced_win(s, 3);
      ASSERT_EQ(w, forced_win_brute(s, 3)) << to_string(s);
      found += w;
    }
  }
  EXPECT_GT(found, 0);
}

TEST(FourmationBots, ReportBotWinsBlocksAndStaysSafe) {
  Rng rng(4);
  // A win is taken.
  const State win =
      from_rows({"WWW....", "BB.....", ".......", ".......", ".......", ".......", "......."}, kWhite, 1, 2);
  EXPECT_EQ(report_bot(win, rng).move, cell_of(0, 3));
  EXPECT_EQ(report_bot(win, rng).reason, BotReason::kWin);
  // Over many random positions: never a move that hands over a four when a
  // safe one exists; a win whenever one is there.
  const int games = sanitized() ? 30 : 200;
  for (int game = 0; game < games; ++game) {
    State s = initial_state(5 + game % 5);
    int cells[kMaxMoves];
    for (int count; (count = legal_moves(s, cells)) > 0; s = apply(s, cells[rng.below(count)])) {
      const BotChoice c = report_bot(s, rng, 3);
      ASSERT_TRUE(is_legal(s, c.move));
      const Bits theirs = threats(s, other(s.side));
      auto unsafe = [&](int cell) {
        Bits a = geometry(s.n).neighbours[cell] & theirs;
        a.reset(cell);
        return a.any();
      };
      bool any_win = false, any_safe = false;
      for (int i = 0; i < count; ++i) {
        if (apply(s, cells[i]).winner == s.side) any_win = true;
        if (!unsafe(cells[i])) any_safe = true;
      }
      if (any_win) {
        ASSERT_EQ(apply(s, c.move).winner, s.side);
      } else if (any_safe) {
        ASSERT_FALSE(unsafe(c.move)) << to_string(s);
      }
    }
  }
}

TEST(FourmationBots, RandomBotPlaysLegalMoves) {
  Rng rng(6);
  State s = initial_state(6);
  while (outcome(s) == Outcome::kOngoing) {
    const BotChoice c = random_bot(s, rng);
    ASSERT_TRUE(is_legal(s, c.move));
    s = apply(s, c.move);
  }
  EXPECT_EQ(random_bot(s, rng).move, kNoCell);
}

// The search beats the report's bot.
TEST(FourmationBots, SearchBeatsReportBot) {
  Rng rng(12);
  const int games = sanitized() ? 2 : 10;
  int search_wins = 0;
  for (int game = 0; game < games; ++game) {
    State s = initial_state(7);
    const int search_side = game % 2;
    search::TranspositionTable tt(18);
    while (outcome(s) == Outcome::kOngoing) {
      int move;
      if (s.side == search_side) {
        move = *search(s, limits_of(50), true, tt).move;
      } else {
        move = report_bot(s, rng).move;
      }
      ASSERT_TRUE(is_legal(s, move));
      s = apply(s, move);
    }
    if (s.winner == search_side) ++search_wins;
  }
  EXPECT_GE(search_wins, games * 8 / 10);
}

}  // namespace
}  // namespace tabula::fourmation
