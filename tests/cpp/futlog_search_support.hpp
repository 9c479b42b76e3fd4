#pragma once
// What every Futlog search test checks of an answer.
#include <gtest/gtest.h>

#include <vector>

#include "futlog/outcomes.hpp"
#include "futlog/search.hpp"

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

}  // namespace tabula::futlog::testing
