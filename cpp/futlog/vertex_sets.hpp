#pragma once
// Sets of vertices as 128-bit masks over the grid ids (117 cells), and a
// position's free edges as one such set per direction (the vertices whose
// edge in that direction is free). A step of every vertex of a set at once
// is then a shift, which makes searches over the field bit-parallel
// (features.hpp's move distances).
#include <array>
#include <bit>
#include <cstdint>

#include "futlog/rules.hpp"

namespace tabula::futlog {

__extension__ typedef unsigned __int128 VertexSet;  // GCC and Clang

constexpr VertexSet vertex_bit(int v) { return VertexSet{1} << v; }
constexpr bool contains(VertexSet set, int v) { return ((set >> v) & 1) != 0; }

// Calls f(v) for every vertex of the set, in increasing order.
template <class F>
void for_each_vertex(VertexSet set, F f) {
  for (std::uint64_t w = static_cast<std::uint64_t>(set); w; w &= w - 1) f(std::countr_zero(w));
  for (std::uint64_t w = static_cast<std::uint64_t>(set >> 64); w; w &= w - 1) f(64 + std::countr_zero(w));
}

struct DirectionTables {
  std::array<VertexSet, 8> has_edge{};           // vertices with an edge in direction d
  std::array<VertexSet, 8> premarked{};          // ... and that edge marked from the start
  std::array<std::uint8_t, kEdges> direction{};  // of each edge, from end_a to end_b
  VertexSet goals = 0;                           // the vertices at y = +-6
  VertexSet valid = 0;                           // every vertex of the field and goals
};
constexpr DirectionTables make_direction_tables() {
  DirectionTables t{};
  for (int v = 0; v < kGrid; ++v) {
    if (!kGeometry.valid[v]) continue;
    t.valid |= vertex_bit(v);
    if (is_goal_y(vertex_y(v))) t.goals |= vertex_bit(v);
    for (int d = 0; d < 8; ++d) {
      const int e = kGeometry.edge[v][d];
      if (e == kNoEdge) continue;
      t.has_edge[d] |= vertex_bit(v);
      if ((kGeometry.premarked_mask[e >> 6] >> (e & 63)) & 1) t.premarked[d] |= vertex_bit(v);
      if (kGeometry.end_a[e] == v) t.direction[e] = static_cast<std::uint8_t>(d);
    }
  }
  return t;
}
inline constexpr DirectionTables kDirections = make_direction_tables();

// Every vertex of `from` moved one step in direction d (the caller keeps
// only vertices that have an edge that way, so nothing leaves the field).
inline VertexSet shifted(VertexSet from, int d) {
  const int delta = kDx[d] + kGridWidth * kDy[d];
  return delta > 0 ? from << delta : from >> -delta;
}

struct FreeEdges {
  std::array<VertexSet, 8> free{};  // vertices whose edge in direction d is free
  VertexSet touched = 0;            // vertices with a marked edge (rules.hpp's visited())
};

// Adds the edges of `played` to `marked`: per direction, the vertices
// whose edge that way is marked.
inline void mark_edges(const EdgeSet& played, std::array<VertexSet, 8>& marked) {
  for_each_edge(played, [&](int e) {
    const int d = kDirections.direction[e];
    marked[d] |= vertex_bit(kGeometry.end_a[e]);
    marked[d ^ 4] |= vertex_bit(kGeometry.end_b[e]);
  });
}

inline void free_edges_of_marked(const std::array<VertexSet, 8>& marked, FreeEdges& out) {
  out.touched = 0;
  for (int d = 0; d < 8; ++d) {
    out.free[d] = kDirections.has_edge[d] & ~marked[d];
    out.touched |= marked[d];
  }
}

inline void free_edges(const State& s, FreeEdges& out) {
  std::array<VertexSet, 8> marked = kDirections.premarked;
  mark_edges(played_edges(s), marked);
  free_edges_of_marked(marked, out);
}

// The vertices one free edge away from some vertex of `from`.
inline VertexSet step_all(const FreeEdges& edges, VertexSet from) {
  VertexSet to = 0;
  for (int d = 0; d < 8; ++d) to |= shifted(from & edges.free[d], d);
  return to;
}

}  // namespace tabula::futlog
