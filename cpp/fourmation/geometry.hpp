#pragma once
// Per-size constant tables: the cells of the board and each cell's
// 8-neighbourhood. Built once per size, read-only afterwards.
#include <array>

#include "fourmation/bits.hpp"

namespace tabula::fourmation {

struct Geometry {
  int n = 0;
  Bits board;                          // the n x n cells
  std::array<Bits, kBits> neighbours;  // 8-neighbours of each cell, on the board
};

// The tables of an n x n board, kMinSize <= n <= kMaxSize.
const Geometry& geometry(int n);

// Line directions as index steps: horizontal, vertical, diagonal, anti-diagonal.
inline constexpr std::array<int, 4> kDirections{1, kStride, kStride + 1, kStride - 1};

}  // namespace tabula::fourmation
