// Playing for the opponent's mistakes: the choice never gives away what
// minimax would keep, and when it departs from minimax it is for replies
// that really lose.
#include <gtest/gtest.h>

#include <chrono>

#include "common/rng.hpp"
#include "fourmation/bots.hpp"
#include "fourmation/search.hpp"
#include "fourmation/state.hpp"
#include "search/score.hpp"
#include "test_support.hpp"

namespace tabula::fourmation {
namespace {

using tabula::testing::sanitized;
using testing::BruteForce;

search::Limits node_limited(std::uint64_t nodes) { return search::Limits::of_nodes(nodes); }

// A random position `plies` cubes into an n x n game, or the empty board
// when the random game ends sooner.
State random_position(int n, int plies, Rng& rng) {
  State s = initial_state(n);
  int cells[kMaxMoves];
  for (int p = 0; p < plies; ++p) {
    const int count = legal_moves(s, cells);
    if (count == 0) break;
    const State next = apply(s, cells[rng.below(count)]);
    if (outcome(next) != Outcome::kOngoing) break;
    s = next;
  }
  return s;
}

TEST(FourmationMistakes, OffMeansPlainMinimax) {
  Rng rng(7);
  for (int k = 0; k < 20; ++k) {
    const State s = random_position(7, 4 + static_cast<int>(rng.below(12)), rng);
    search::TranspositionTable a(16), b(16);
    bool departed = true;
    const SearchResult plain = search(s, node_limited(20000), false, a, {}, &departed);
    const SearchResult minimax = minimax_search(s, node_limited(20000), b, {}, s.side);
    EXPECT_EQ(plain.move, minimax.move) << to_string(s);
    EXPECT_EQ(plain.score, minimax.score) << to_string(s);
    EXPECT_FALSE(departed);
  }
}

// Where everything can be solved, the move chosen keeps the position's
// game-theoretic value, from a small budget (the minimax search's 1,024
// nodes) to none.
TEST(FourmationMistakes, KeepsTheGameValueOnSmallBoards) {
  Rng rng(99);
  const int positions = sanitized() ? 20 : 150;
  for (int k = 0; k < positions; ++k) {
    const int n = k % 2 ? 5 : 4;
    const State s = random_position(n, (n == 5 ? 7 : 2) + static_cast<int>(rng.below(7)), rng);
    if (legal_mask(s).none()) continue;
    BruteForce bf;
    const int truth = bf.value(s);
    for (std::uint64_t nodes : {1024u, 3000u, 0u}) {
      search::TranspositionTable tt(16);
      const SearchResult r = search(s, node_limited(nodes), true, tt);
      ASSERT_TRUE(r.move);
      EXPECT_EQ(-bf.value(apply(s, *r.move)), truth) << to_string(s) << "nodes " << nodes;
    }
  }
}

// In games against the report's bot, every departure from the minimax
// move is checked with searches four times larger: the move chosen is not
// a forced loss, and some sensible reply to it really loses.
TEST(FourmationMistakes, DeparturesAreSoundAndAimAtRealMistakes) {
  const std::uint64_t nodes = 20000;
  const int games = 16;
  int departures = 0;
  for (int game = 0; game < games; ++game) {
    Rng rng(1000 + game);
    const int engine = game % 2 == 0 ? kBlack : kWhite;
    search::TranspositionTable tt(18);
    State s = initial_state(game % 4 < 2 ? 7 : 6);
    while (outcome(s) == Outcome::kOngoing) {
      int cell;
      if (s.side == engine) {
        bool departed = false;
        const SearchResult r = search(s, node_limited(nodes), true, tt, {}, &departed);
        cell = *r.move;
        if (departed) {
          ++departures;
          const State child = apply(s, cell);
          search::TranspositionTable check(18);
          const SearchResult reply = minimax_search(child, node_limited(4 * nodes), check, {}, s.side);
          EXPECT_FALSE(search::is_decisive(reply.score) && reply.score > 0) << to_string(child);
          const Bits ours = threats(child, s.side);
          bool some_reply_loses = false;
          for (Bits b = legal_mask(child); b.any() && !some_reply_loses; b.pop_lowest()) {
            if (hands_over_four(child, b.lowest(), ours)) continue;
            const State next = apply(child, b.lowest());
            if (outcome(next) != Outcome::kOngoing) continue;
            const SearchResult win = minimax_search(next, node_limited(4 * nodes), check, {}, s.side);
            some_reply_loses = search::is_decisive(win.score) && win.score > 0;
          }
          EXPECT_TRUE(some_reply_loses) << to_string(child);
        }
      } else {
        cell = report_bot(s, rng).move;
      }
      s = apply(s, cell);
    }
  }
  // The games must have put the choice to work, or this test proves nothing.
  RecordProperty("departures", departures);
  EXPECT_GT(departures, 0);
}

// Minimax and mistake seeking together stop by themselves, not long after
// the deadline (by the CPU time they used, which load can only lower).
TEST(FourmationMistakes, StaysWithinTheBudget) {
  search::TranspositionTable tt(18);
  Rng rng(5);
  const State s = random_position(9, 10, rng);
  const auto cpu_before = tabula::testing::thread_cpu_time();
  const SearchResult r = search(s, search::Limits::of_time(std::chrono::milliseconds(150)), true, tt);
  const auto cpu = tabula::testing::thread_cpu_time() - cpu_before;
  EXPECT_TRUE(r.move);
  EXPECT_FALSE(r.aborted);
  EXPECT_LT(cpu.count(), 0.15 + (sanitized() ? 1.5 : 0.5));
}

// The minimax search polls at most twice in 2,000 nodes, so a stop on
// the sixth poll comes while mistakes are sought.
TEST(FourmationMistakes, StopCallbackAbortsTheWholeSearch) {
  search::TranspositionTable tt(16);
  Rng rng(6);
  const State s = random_position(8, 8, rng);
  int calls = 0;
  auto limits = node_limited(2000);
  limits.poll_every = 1024;
  const SearchResult r = search(s, limits, true, tt, [&calls] { return ++calls > 5; });
  EXPECT_GT(calls, 5);
  EXPECT_TRUE(r.aborted);
}

}  // namespace
}  // namespace tabula::fourmation
