#pragma once
// A Futlog position: the marked edges (including the 40 border edges), the
// ball and the player to move. A plain value, copied freely.
#include <array>
#include <bit>
#include <cstdint>

#include "futlog/geometry.hpp"

namespace tabula::futlog {

using EdgeSet = std::array<std::uint64_t, kWords>;

inline bool test_edge(const EdgeSet& s, int e) { return (s[e >> 6] >> (e & 63)) & 1u; }
inline void set_edge(EdgeSet& s, int e) { s[e >> 6] |= std::uint64_t{1} << (e & 63); }
inline void clear_edge(EdgeSet& s, int e) { s[e >> 6] &= ~(std::uint64_t{1} << (e & 63)); }
// Written out: GCC 12 at -O3 -march=native (AVX-512) folds the loop form
// of this sum to a wrong constant.
inline int count_edges(const EdgeSet& s) {
  static_assert(kWords == 6);
  return std::popcount(s[0]) + std::popcount(s[1]) + std::popcount(s[2]) + std::popcount(s[3]) +
         std::popcount(s[4]) + std::popcount(s[5]);
}
// Calls f(edge) for each edge in the set, in increasing order.
template <class F>
void for_each_edge(const EdgeSet& s, F f) {
  for (int i = 0; i < kWords; ++i)
    for (std::uint64_t w = s[i]; w; w &= w - 1) f(i * 64 + std::countr_zero(w));
}

struct State {
  EdgeSet marked = kGeometry.premarked_mask;
  std::uint8_t ball = kCentre;
  std::uint8_t turn = 0;  // 0: player 1 (attacks y = 6), 1: player 2 (attacks y = -6)

  friend bool operator==(const State&, const State&) = default;
};

// The edges marked during play (the state minus the border).
inline EdgeSet played_edges(const State& s) {
  EdgeSet p = s.marked;
  for (int i = 0; i < kWords; ++i) p[i] &= ~kGeometry.premarked_mask[i];
  return p;
}

}  // namespace tabula::futlog
