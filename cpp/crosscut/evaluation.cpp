#include "crosscut/evaluation.hpp"

#include <cstdint>

namespace tabula::crosscut {
namespace {

int longest_run(std::uint32_t x) {
  int n = 0;
  while (x) {
    x &= x >> 1;
    ++n;
  }
  return n;
}

// Lines are read as words of bits: rows[r] bit c, columns[c] bit r.
struct Lines {
  std::uint32_t rows[kMaxSide] = {};
  std::uint32_t cols[kMaxSide] = {};
  Lines(Mask m, int height, int width) {
    for (int r = 0; r < height; ++r) {
      rows[r] = static_cast<std::uint32_t>(m >> (r * width)) & ((1u << width) - 1);
      for (int c = 0; c < width; ++c)
        if (rows[r] >> c & 1) cols[c] |= 1u << r;
    }
  }
};

// One line's worth for its owner: its interior run and how open it is.
int line_score(std::uint32_t own, std::uint32_t opp, int need) {
  const int run = longest_run(own);
  const int count = __builtin_popcount(own);
  int score = run * run * 4;
  if (opp == 0) score += count * count * 3;
  if (run == need - 1) score += 40;  // one disc from the win
  if (run >= need) score += 400;
  return score;
}

}  // namespace

int side_score(Mask own, Mask opp, int height, int width) {
  const Lines mine(own, height, width), theirs(opp, height, width);
  int score = 0;
  for (int r = 1; r < height - 1; ++r) score += line_score(mine.rows[r], theirs.rows[r], width - 2);
  for (int c = 1; c < width - 1; ++c) score += line_score(mine.cols[c], theirs.cols[c], height - 2);
  return score;
}

int evaluate(const Position& p) {
  const int me = p.to_move, them = 1 - me;
  return side_score(p.discs[me], p.discs[them], p.height, p.width) -
         side_score(p.discs[them], p.discs[me], p.height, p.width) + 10;
}

}  // namespace tabula::crosscut
