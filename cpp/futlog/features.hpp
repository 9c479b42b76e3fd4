#pragma once
// The learned evaluation's inputs: binary features of a position seen from
// the side to move (its goal to attack is always "up"), with left-right
// mirror images sharing every feature (cells are indexed by |x|). So the
// evaluation is mirror-symmetric and colour-symmetric by construction.
//
// The main input is a move distance from the ball to every vertex: a 0-1
// breadth-first search over the free edges in which a step out of a
// visited vertex (a bounce: the same move goes on) costs nothing and a
// step out of a fresh vertex (the move ended there) costs one move. It is
// optimistic (edges the path itself marks are not removed), and cheap.
#include <array>
#include <cstdint>

#include "futlog/rules.hpp"
#include "futlog/vertex_sets.hpp"

namespace tabula::futlog::features {

inline constexpr int kRows = 13;          // y from the mover's side, -6..6
inline constexpr int kCells = 5 * kRows;  // |x| 0..4 times the row
inline constexpr int kMaxDistance = 7;    // distances 0..7; 8: farther or unreachable
inline constexpr int kBuckets = kMaxDistance + 2;

inline constexpr int kBiasFeature = 0;
inline constexpr int kBallBase = 1;                                         // ball cell
inline constexpr int kGoalPairBase = kBallBase + kCells;                    // (attack, defence) distance pair
inline constexpr int kFreeBase = kGoalPairBase + kBuckets * kBuckets;       // free edges at the ball
inline constexpr int kCellDistanceBase = kFreeBase + 9;                     // cell times distance bucket
inline constexpr int kVisitedBase = kCellDistanceBase + kCells * kBuckets;  // visited cell
inline constexpr int kEdgeBase = kVisitedBase + kCells;  // marked edge, mover's frame, mirror-tied
inline constexpr int kCount = kEdgeBase + kEdges;        // 1162 (some edge slots never used)

// A position's active features (each 1), at most kMaxActive of them.
inline constexpr int kMaxActive = 1 + 1 + 1 + 1 + kVertices + kVertices + kEdges;
struct Active {
  std::array<std::uint16_t, kMaxActive> index{};
  int count = 0;
  int attack_distance = 0;  // moves to the goal the side to move attacks (capped)
  int defence_distance = 0;
  // Every move of the side to move ends stuck or in its own goal (no fresh
  // vertex and not the goal it attacks can be reached within the move, even
  // ignoring the edges the move itself marks): it has lost.
  bool lost = false;
  void add(int i) { index[count++] = static_cast<std::uint16_t>(i); }
};

// Each edge turned upside down (y -> -y), and the feature slot of an edge:
// the smaller of its id and its mirror's, so mirror images share a slot.
struct EdgeTables {
  std::array<std::int16_t, kEdges> flip{};
  std::array<std::int16_t, kEdges> slot{};
};
constexpr EdgeTables make_edge_tables() {
  EdgeTables t{};
  for (int e = 0; e < kEdges; ++e) {
    const int a = kGeometry.end_a[e], b = kGeometry.end_b[e];
    const int fa = vertex_id(vertex_x(a), -vertex_y(a)), fb = vertex_id(vertex_x(b), -vertex_y(b));
    for (int d = 0; d < 8; ++d)
      if (kGeometry.edge[fa][d] != kNoEdge && kGeometry.next[fa][d] == fb) t.flip[e] = kGeometry.edge[fa][d];
    const int m = kGeometry.mirror_edge[e];
    t.slot[e] = static_cast<std::int16_t>(e < m ? e : m);
  }
  return t;
}
inline constexpr EdgeTables kEdgeTables = make_edge_tables();

// Cell index of vertex v as the side to move sees it.
constexpr int cell(int v, int turn) {
  const int x = vertex_x(v), y = vertex_y(v);
  const int ay = turn == 0 ? y : -y;
  return (x < 0 ? -x : x) * kRows + (ay + 6);
}
struct CellTables {
  std::array<std::array<std::uint8_t, kGrid>, 2> of{};
};
constexpr CellTables make_cell_tables() {
  CellTables t{};
  for (int turn = 0; turn < 2; ++turn)
    for (int v = 0; v < kGrid; ++v) t.of[turn][v] = static_cast<std::uint8_t>(cell(v, turn));
  return t;
}
inline constexpr CellTables kCellOf = make_cell_tables();

// The vertices where a move can end: neither touched, nor the ball, nor a
// goal (leaving one costs a move).
inline VertexSet fresh_exits(const State& s, const FreeEdges& edges) {
  return ~(edges.touched | vertex_bit(s.ball)) & ~kDirections.goals;
}

// The move distances from the ball to every vertex (kBuckets - 1 when
// farther than kMaxDistance or unreachable), level by level on vertex
// sets: at each distance, first the vertices reached for free (bounces
// out of touched vertices and the ball), then one move on from the fresh
// ones. Goal vertices are reached but never left.
inline void move_distances(const State& s, const FreeEdges& edges, std::array<std::uint8_t, kGrid>& dist) {
  dist.fill(kBuckets - 1);
  const VertexSet free_exit = (edges.touched | vertex_bit(s.ball)) & ~kDirections.goals;
  const VertexSet fresh_exit = fresh_exits(s, edges);
  VertexSet reached = vertex_bit(s.ball), level = reached;
  for (int k = 0;; ++k) {
    for (VertexSet grown = level; grown;) {
      grown = step_all(edges, grown & free_exit) & ~reached;
      reached |= grown;
      level |= grown;
    }
    for_each_vertex(level, [&](int v) { dist[v] = static_cast<std::uint8_t>(k); });
    if (k == kMaxDistance) break;
    level = step_all(edges, level & fresh_exit) & ~reached;
    if (!level) break;
    reached |= level;
  }
}

inline void move_distances(const State& s, std::array<std::uint8_t, kGrid>& dist) {
  FreeEdges edges;
  free_edges(s, edges);
  move_distances(s, edges, dist);
}

inline void extract(const State& s, Active& a) {
  a.count = 0;
  FreeEdges edges;
  free_edges(s, edges);
  std::array<std::uint8_t, kGrid> dist;
  move_distances(s, edges, dist);
  const int attack_y = s.turn == 0 ? 6 : -6;
  int da = kBuckets - 1, dd = kBuckets - 1;
  for (int x = -1; x <= 1; ++x) {
    const int ua = dist[vertex_id(x, attack_y)], ud = dist[vertex_id(x, -attack_y)];
    if (ua < da) da = ua;
    if (ud < dd) dd = ud;
  }
  a.attack_distance = da;
  a.defence_distance = dd;
  // A fresh vertex reachable within this move (distance 0): the move can end there.
  bool fresh = false;
  const VertexSet fresh_vertices = fresh_exits(s, edges);
  for (int v = 0; v < kGrid && !fresh; ++v)
    fresh = kGeometry.valid[v] && dist[v] == 0 && contains(fresh_vertices, v);
  a.lost = !fresh && da != 0;
  const auto& cells = kCellOf.of[s.turn];
  a.add(kBiasFeature);
  a.add(kBallBase + cells[s.ball]);
  a.add(kGoalPairBase + da * kBuckets + dd);
  a.add(kFreeBase + free_edge_count(s, s.ball));
  for (int v = 0; v < kGrid; ++v) {
    if (!kGeometry.valid[v] || v == s.ball) continue;
    const int c = cells[v];
    a.add(kCellDistanceBase + c * kBuckets + dist[v]);
    if (contains(edges.touched, v)) a.add(kVisitedBase + c);
  }
  const EdgeSet played = played_edges(s);
  for_each_edge(played, [&](int e) {
    const int f = s.turn == 0 ? e : kEdgeTables.flip[e];
    a.add(kEdgeBase + kEdgeTables.slot[f]);
  });
}

}  // namespace tabula::futlog::features
