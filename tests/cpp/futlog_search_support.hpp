#pragma once
// What Futlog's search tests share: the check of an answer, and positions
// from random games.
#include <gtest/gtest.h>

#include <vector>

#include "common/rng.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/search.hpp"
#include "test_support.hpp"

namespace tabula::futlog::testing {

// The path the engine returns replays to the outcome it chose.
inline void expect_consistent(const State& s, const SearchResult& r) {
  ASSERT_TRUE(r.move);
  std::vector<Point> pts;
  for (auto v : path_of(s, *r.move)) pts.push_back({vertex_x(v), vertex_y(v)});
  State after;
  ASSERT_EQ(replay(s, pts, after), PathStatus::kComplete);
  EXPECT_EQ(after, apply(s, *r.move));
}

// Positions from `games` random games, and every child of every
// `children_every`-th of them (children hold the long bounce chains a move
// has just marked; 0: no children).
inline std::vector<State> random_positions(int games, std::uint64_t seed, int children_every) {
  Game game;
  Rng rng(seed);
  OutcomeGenerator gen;
  std::vector<Outcome> children;
  std::vector<State> out;
  int n = 0;
  for (int g = 0; g < games; ++g)
    tabula::testing::random_walk(game, State{}, rng, [&](const State& s, const std::vector<Outcome>& moves) {
      if (moves.empty()) return;
      out.push_back(s);
      if (children_every == 0 || ++n % children_every != 0) return;
      gen.generate(s, children);
      for (const Outcome& c : children) {
        const State t = apply(s, c);
        if (!game_over(t)) out.push_back(t);
      }
    });
  return out;
}

}  // namespace tabula::futlog::testing
