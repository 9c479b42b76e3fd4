#pragma once
// The Futlog field as compile-time tables: 105 vertices, 356 edges, the 40
// edges marked from the start, and the left-right mirror of each.
//
// A vertex id is (y + 6) * 9 + (x + 4) on a 9 x 13 grid (x in -4..4,
// y in -6..6); 12 grid cells at y = +-6 are not on the field.
#include <array>
#include <cstdint>

namespace tabula::futlog {

inline constexpr int kGridWidth = 9;
inline constexpr int kGridHeight = 13;
inline constexpr int kGrid = kGridWidth * kGridHeight;  // 117 grid cells
inline constexpr int kVertices = 105;
inline constexpr int kEdges = 356;
inline constexpr int kPremarkedEdges = 40;
inline constexpr int kWords = (kEdges + 63) / 64;  // 6
inline constexpr int kNoEdge = -1;

// Directions 0..7 counter-clockwise from east; the opposite of d is d ^ 4.
inline constexpr int kDx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
inline constexpr int kDy[8] = {0, 1, 1, 1, 0, -1, -1, -1};

constexpr int vertex_id(int x, int y) { return (y + 6) * kGridWidth + (x + 4); }
constexpr int vertex_x(int v) { return v % kGridWidth - 4; }
constexpr int vertex_y(int v) { return v / kGridWidth - 6; }

constexpr bool in_field(int x, int y) { return x >= -4 && x <= 4 && y >= -5 && y <= 5; }
constexpr bool in_top_box(int x, int y) { return x >= -1 && x <= 1 && (y == 5 || y == 6); }
constexpr bool in_bottom_box(int x, int y) { return x >= -1 && x <= 1 && (y == -5 || y == -6); }
constexpr bool is_vertex(int x, int y) {
  return in_field(x, y) || ((y == 6 || y == -6) && x >= -1 && x <= 1);
}
constexpr bool is_goal_y(int y) { return y == 6 || y == -6; }

// Both ends in the field rectangle, or both in the same goal box.
constexpr bool joined(int x1, int y1, int x2, int y2) {
  return (in_field(x1, y1) && in_field(x2, y2)) || (in_top_box(x1, y1) && in_top_box(x2, y2)) ||
         (in_bottom_box(x1, y1) && in_bottom_box(x2, y2));
}

constexpr bool premarked(int x1, int y1, int x2, int y2) {
  if (x1 == x2 && (x1 == 4 || x1 == -4)) return true;                                       // side lines
  if (y1 == y2 && (y1 == 6 || y1 == -6)) return true;                                       // goal back lines
  if (x1 == x2 && (x1 == 1 || x1 == -1) && (y1 + y2 == 11 || y1 + y2 == -11)) return true;  // posts
  if (y1 == y2 && (y1 == 5 || y1 == -5))  // end lines but the mouth
    return !(x1 >= -1 && x1 <= 1 && x2 >= -1 && x2 <= 1);
  return false;
}

struct Geometry {
  std::array<bool, kGrid> valid{};
  std::array<std::array<std::int16_t, 8>, kGrid> edge{};  // edge id per direction, or kNoEdge
  std::array<std::array<std::uint8_t, 8>, kGrid> next{};  // neighbour per direction
  std::array<std::uint8_t, kEdges> end_a{}, end_b{};      // end_a < end_b
  std::array<std::uint64_t, kWords> premarked_mask{};
  std::array<std::int16_t, kEdges> mirror_edge{};
  std::array<std::uint8_t, kGrid> mirror_vertex{};
  int vertex_count = 0;
  int edge_count = 0;
  int premarked_count = 0;
};

constexpr Geometry make_geometry() {
  Geometry g{};
  for (int v = 0; v < kGrid; ++v) {
    const int x = vertex_x(v), y = vertex_y(v);
    g.valid[v] = is_vertex(x, y);
    if (g.valid[v]) ++g.vertex_count;
    g.mirror_vertex[v] = static_cast<std::uint8_t>(vertex_id(-x, y));
    for (int d = 0; d < 8; ++d) {
      g.edge[v][d] = kNoEdge;
      g.next[v][d] = 0;
    }
  }
  for (int v = 0; v < kGrid; ++v) {
    if (!g.valid[v]) continue;
    const int x = vertex_x(v), y = vertex_y(v);
    for (int d = 0; d < 8; ++d) {
      const int nx = x + kDx[d], ny = y + kDy[d];
      if (!is_vertex(nx, ny) || !joined(x, y, nx, ny)) continue;
      const int w = vertex_id(nx, ny);
      g.next[v][d] = static_cast<std::uint8_t>(w);
      if (w < v) continue;  // numbered from its lower end
      const int e = g.edge_count++;
      g.edge[v][d] = static_cast<std::int16_t>(e);
      g.edge[w][d ^ 4] = static_cast<std::int16_t>(e);
      g.end_a[e] = static_cast<std::uint8_t>(v);
      g.end_b[e] = static_cast<std::uint8_t>(w);
      if (premarked(x, y, nx, ny)) {
        g.premarked_mask[e >> 6] |= std::uint64_t{1} << (e & 63);
        ++g.premarked_count;
      }
    }
  }
  // Mirroring x -> -x maps direction d to the one with dx negated.
  constexpr int kMirrorDir[8] = {4, 3, 2, 1, 0, 7, 6, 5};
  for (int e = 0; e < g.edge_count; ++e) {
    const int a = g.end_a[e];
    for (int d = 0; d < 8; ++d)
      if (g.edge[a][d] == e) g.mirror_edge[e] = g.edge[g.mirror_vertex[a]][kMirrorDir[d]];
  }
  return g;
}

inline constexpr Geometry kGeometry = make_geometry();
static_assert(kGeometry.vertex_count == kVertices);
static_assert(kGeometry.edge_count == kEdges);
static_assert(kGeometry.premarked_count == kPremarkedEdges);

inline constexpr int kCentre = vertex_id(0, 0);

}  // namespace tabula::futlog
