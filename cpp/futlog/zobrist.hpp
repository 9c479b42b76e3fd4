#pragma once
// Zobrist hashing of a position: marked edges, ball and side to move. The
// mirrored keys give the hash of the left-right mirror in the same pass.
#include <array>
#include <cstdint>

#include "common/zobrist.hpp"
#include "futlog/state.hpp"

namespace tabula::futlog {

inline constexpr auto kEdgeKeys = zobrist_keys<kEdges>(0xF07106EDull);
inline constexpr auto kBallKeys = zobrist_keys<kGrid>(0xF0710BA1ull);
inline constexpr std::uint64_t kSideKey = 0x9D1C5A4E37B2F813ull;

inline std::uint64_t hash(const State& s) {
  std::uint64_t h = kBallKeys[s.ball] ^ (s.turn ? kSideKey : 0);
  for_each_edge(s.marked, [&](int e) { h ^= kEdgeKeys[e]; });
  return h;
}

// The smaller of the hashes of s and of its mirror: equal for mirror images.
inline std::uint64_t symmetric_hash(const State& s) {
  std::uint64_t h = kBallKeys[s.ball], m = kBallKeys[kGeometry.mirror_vertex[s.ball]];
  for_each_edge(s.marked, [&](int e) {
    h ^= kEdgeKeys[e];
    m ^= kEdgeKeys[kGeometry.mirror_edge[e]];
  });
  const std::uint64_t side = s.turn ? kSideKey : 0;
  return (h < m ? h : m) ^ side;
}

}  // namespace tabula::futlog
