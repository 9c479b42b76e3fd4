#pragma once
// Bit masks over the cells of a board of up to 10 x 10. Cell index is
// row * width + column, rows counted from the top, both from 0.
#include <cstdint>

namespace tabula::crosscut {

__extension__ typedef unsigned __int128 Mask;

inline constexpr int kMinSide = 5;
inline constexpr int kMaxSide = 10;
inline constexpr int kMaxCells = kMaxSide * kMaxSide;

constexpr Mask bit(int cell) { return Mask{1} << cell; }
constexpr bool test(Mask m, int cell) { return ((m >> cell) & 1) != 0; }

inline int popcount(Mask m) {
  return __builtin_popcountll(static_cast<std::uint64_t>(m)) +
         __builtin_popcountll(static_cast<std::uint64_t>(m >> 64));
}

// Calls f(cell) for every set bit, lowest first.
template <class F>
void for_each_bit(Mask m, F f) {
  std::uint64_t lo = static_cast<std::uint64_t>(m);
  std::uint64_t hi = static_cast<std::uint64_t>(m >> 64);
  while (lo) {
    f(__builtin_ctzll(lo));
    lo &= lo - 1;
  }
  while (hi) {
    f(64 + __builtin_ctzll(hi));
    hi &= hi - 1;
  }
}

}  // namespace tabula::crosscut
