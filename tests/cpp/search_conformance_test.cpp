// One set of checks run on every game as the shared searches see it: the
// game contract (search/game.hpp) holds along random games, perft agrees
// with playing the moves, and alpha-beta searches honour their limits,
// return legal moves and depend on their inputs only.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "crosscut/search.hpp"
#include "fourmation/game.hpp"
#include "fourmation/search.hpp"
#include "futlog/search.hpp"
#include "search/alphabeta.hpp"
#include "search/perft.hpp"
#include "test_support.hpp"
#include "uttt/game.hpp"

namespace tabula {
namespace {

// What each game gives the checks: its rules object, a start position, and
// (for alpha-beta games) its search object.
struct UtttCase {
  using Rules = uttt::Game;
  static uttt::State start() { return uttt::initial_state(); }
  static constexpr int kWalks = 40;
};
struct FutlogCase {
  using Rules = futlog::Game;
  using Search = futlog::Game;
  static futlog::State start() { return futlog::State{}; }
  static Search search_game() { return Search(); }
  static constexpr int kWalks = 6;
};
struct FourmationCase {
  using Rules = fourmation::Rules;
  using Search = fourmation::SearchGame;
  static fourmation::State start() { return fourmation::initial_state(7); }
  static Search search_game() { return Search(fourmation::kWhite); }
  static constexpr int kWalks = 40;
};
struct CrossCutCase {
  using Rules = crosscut::Game;
  using Search = crosscut::Game;
  static crosscut::Position start() { return crosscut::initial_position(7, 7); }
  static Search search_game() { return {}; }
  static constexpr int kWalks = 40;
};

template <class Case>
class GameContract : public ::testing::Test {};
using AllGames = ::testing::Types<UtttCase, FutlogCase, FourmationCase, CrossCutCase>;
TYPED_TEST_SUITE(GameContract, AllGames);

// Along random games: a position has legal moves exactly when it is not
// finished, the side to move alternates (or stays, on a skipped turn),
// and perft(1) counts the moves while perft(2) agrees with playing them.
TYPED_TEST(GameContract, HoldsAlongRandomGames) {
  using Rules = typename TypeParam::Rules;
  Rules rules;
  Rng rng(1234);
  const int walks = testing::scaled(TypeParam::kWalks, TypeParam::kWalks / 4 + 1);
  int positions = 0;
  for (int w = 0; w < walks; ++w) {
    testing::random_walk(rules, TypeParam::start(), rng, [&](const auto& s, const auto& moves) {
      ++positions;
      int score = 0;
      const bool over = rules.terminal(s, score);
      std::vector<typename Rules::Move> generated;
      rules.moves(s, generated);
      ASSERT_EQ(over, generated.empty());
      ASSERT_EQ(generated.size(), moves.size());
      if (over || positions % 7 != 0) return;
      ASSERT_EQ(*search::perft(rules, s, 1), generated.size());
      std::uint64_t played = 0;
      for (const auto& m : generated) played += *search::perft(rules, rules.apply(s, m), 1);
      ASSERT_EQ(*search::perft(rules, s, 2), played);
    });
  }
  EXPECT_GT(positions, walks);
}

template <class Case>
class SearchContract : public ::testing::Test {};
using SearchGames = ::testing::Types<FutlogCase, FourmationCase, CrossCutCase>;
TYPED_TEST_SUITE(SearchContract, SearchGames);

template <class Case>
auto run(const typename Case::Rules::State& s, const search::Limits& limits,
         const search::StopFn& stop = {}) {
  auto game = Case::search_game();
  search::TranspositionTable tt(16);
  search::AlphaBeta<typename Case::Search> ab(game, tt);
  return ab.run(s, limits, stop);
}

// A node budget is exact, the move is legal, and the same search gives the
// same answer every time (nothing carries over between searches).
TYPED_TEST(SearchContract, NodeBudgetIsExactAndResultsRepeat) {
  EXPECT_EQ(run<TypeParam>(TypeParam::start(), search::Limits::of_nodes(3000)).nodes, 3000u);
  typename TypeParam::Rules rules;
  Rng rng(77);
  for (int w = 0; w < 3; ++w) {
    auto s = TypeParam::start();
    for (int ply = 0; ply < 6; ++ply) {
      std::vector<typename TypeParam::Rules::Move> moves;
      rules.moves(s, moves);
      if (moves.empty()) break;
      s = rules.apply(s, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
    auto limits = search::Limits::of_nodes(3000);
    limits.poll_every = 1;
    const auto a = run<TypeParam>(s, limits);
    const auto b = run<TypeParam>(s, limits);
    if (!a.move) continue;
    EXPECT_LE(a.nodes, 3000u);
    EXPECT_FALSE(a.aborted);
    std::vector<typename TypeParam::Rules::Move> moves;
    rules.moves(s, moves);
    EXPECT_NE(std::find(moves.begin(), moves.end(), *a.move), moves.end());
    EXPECT_TRUE(b.move && *a.move == *b.move);
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.depth, b.depth);
  }
}

// A fixed depth stops there; the stop callback aborts; a deadline is kept
// by the search's own clock, and its CPU time (which load can only lower)
// stays near it.
TYPED_TEST(SearchContract, HonoursDepthStopAndDeadline) {
  const auto s = TypeParam::start();
  const auto shallow = run<TypeParam>(s, search::Limits::of_depth(2));
  EXPECT_EQ(shallow.depth, 2);
  EXPECT_FALSE(shallow.aborted);

  int polls = 0;
  auto unbounded = search::Limits::of_depth(60);
  unbounded.poll_every = 1;
  const auto stopped = run<TypeParam>(s, unbounded, [&] { return ++polls > 10; });
  EXPECT_TRUE(stopped.aborted);
  EXPECT_EQ(polls, 11);
  EXPECT_TRUE(stopped.move);

  auto timed = search::Limits::of_time(std::chrono::milliseconds(50));
  timed.poll_every = 1;
  const auto cpu_before = testing::thread_cpu_time();
  const auto r = run<TypeParam>(s, timed);
  const auto cpu = testing::thread_cpu_time() - cpu_before;
  EXPECT_FALSE(r.aborted);
  EXPECT_TRUE(r.move);
  EXPECT_LT(cpu.count(), testing::sanitized() ? 5.0 : 1.0);
}

// A deadline already past does not cut the first iteration where the game
// holds it (search::HasFirstIterationRule): every root move is searched,
// so a move that wins at once is played. The node cap still cuts it. A
// game that does not hold it (Futlog's alpha-beta) stops at once.
TYPED_TEST(SearchContract, FirstIterationOutlivesAPassedDeadline) {
  using Search = typename TypeParam::Search;
  bool held = true;
  if constexpr (search::HasFirstIterationRule<Search>) held = Search::kFirstIterationHeld;
  search::Limits past;
  past.deadline = search::Clock::now() - std::chrono::seconds(1);
  past.poll_every = 1;

  typename TypeParam::Rules rules;
  Rng rng(2024);
  int wins_checked = 0;
  const auto visit = [&](const auto& s, const auto& moves) {
    if (moves.size() < 2) return;
    if (!held) {
      const auto r = run<TypeParam>(s, past);
      ASSERT_EQ(r.depth, 0);
      ASSERT_TRUE(r.move);
      return;
    }
    auto wins = [&](const auto& m) {
      int score = 0;
      return rules.terminal(rules.apply(s, m), score) && score < 0;
    };
    if (std::none_of(moves.begin(), moves.end(), wins)) return;
    const auto r = run<TypeParam>(s, past);
    ASSERT_GE(r.depth, 1);
    ASSERT_TRUE(r.move);
    ASSERT_TRUE(wins(*r.move));
    ++wins_checked;
  };
  for (int w = 0; w < testing::scaled(12, 4); ++w)
    testing::random_walk(rules, TypeParam::start(), rng, visit, held ? 100000 : 3);
  if (held) {
    EXPECT_GT(wins_checked, 0);
  }

  search::Limits capped = past;
  capped.max_nodes = 2;
  const auto cut = run<TypeParam>(TypeParam::start(), capped);
  EXPECT_EQ(cut.depth, 0);
  EXPECT_EQ(cut.nodes, held ? 2u : 1u);  // else the clock stops it at its first node
  EXPECT_TRUE(cut.move);
}

// A held deadline stops nothing; the node cap and the stop callback still
// do, and once released the deadline stops the search at the next look.
TEST(Budget, HeldDeadline) {
  search::Limits past;
  past.deadline = search::Clock::now() - std::chrono::seconds(1);
  past.poll_every = 1;
  bool stop = false;
  const search::StopFn stop_fn = [&] { return stop; };

  search::Budget held(past, stop_fn);
  held.hold_deadline(true);
  for (int i = 0; i < 100; ++i) ASSERT_FALSE(held.tick());
  EXPECT_FALSE(held.check());
  held.hold_deadline(false);
  EXPECT_TRUE(held.check());
  EXPECT_FALSE(held.aborted());

  search::Limits capped = past;
  capped.max_nodes = 3;
  search::Budget cap(capped, stop_fn);
  cap.hold_deadline(true);
  EXPECT_FALSE(cap.tick());
  EXPECT_FALSE(cap.tick());
  EXPECT_TRUE(cap.tick());

  search::Budget called(past, stop_fn);
  called.hold_deadline(true);
  EXPECT_FALSE(called.tick());
  stop = true;
  EXPECT_TRUE(called.tick());
  EXPECT_TRUE(called.aborted());
}

}  // namespace
}  // namespace tabula
