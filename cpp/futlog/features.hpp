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
// optimistic beyond the current move (edges the path itself marks are not
// removed), exact within it (position_features), and cheap.
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
  // Every move of the side to move ends stuck or in its own goal (neither a
  // fresh vertex nor the goal it attacks is at distance 0): it has lost.
  bool lost = false;
  // The side to move can score with this move (its goal is at distance 0).
  bool wins = false;
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

// The feature of edge e marked during play, seen by the side `turn`.
constexpr int edge_feature(int e, int turn) {
  return kEdgeBase + kEdgeTables.slot[turn == 0 ? e : kEdgeTables.flip[e]];
}

// The vertices where a move can end: neither touched, nor the ball, nor a
// goal (leaving one costs a move).
inline VertexSet fresh_exits(const State& s, const FreeEdges& edges) {
  return kDirections.valid & ~(edges.touched | vertex_bit(s.ball)) & ~kDirections.goals;
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

// What the distances say beyond the features: the move distances to the
// goals, and the two proofs (see Active).
struct Summary {
  int attack_distance = 0;
  int defence_distance = 0;
  bool lost = false;
  bool wins = false;
};

// The valid vertices in id order, and per side to move the first feature
// of each one's cell-by-distance block.
struct VertexTables {
  std::array<std::uint8_t, kVertices> valid{};
  std::array<std::array<std::uint16_t, kVertices>, 2> distance_base{};
};
constexpr VertexTables make_vertex_tables() {
  VertexTables t{};
  int k = 0;
  for (int v = 0; v < kGrid; ++v) {
    if (!kGeometry.valid[v]) continue;
    t.valid[k] = static_cast<std::uint8_t>(v);
    for (int turn = 0; turn < 2; ++turn)
      t.distance_base[turn][k] = static_cast<std::uint16_t>(kCellDistanceBase + cell(v, turn) * kBuckets);
    ++k;
  }
  return t;
}
inline constexpr VertexTables kVertexTables = make_vertex_tables();

// The features of the position itself (bias, ball cell, goal distances,
// free edges at the ball, cell by move distance), written to out (room
// for kMaxActive); returns their number: everything but the position's
// history (history_features).
inline int position_features(const State& s, const FreeEdges& edges, std::uint16_t* out, Summary& sum) {
  std::array<std::uint8_t, kGrid> dist;
  move_distances(s, edges, dist);
  const int attack_y = s.turn == 0 ? 6 : -6;
  int da = kBuckets - 1, dd = kBuckets - 1;
  for (int x = -1; x <= 1; ++x) {
    const int ua = dist[vertex_id(x, attack_y)], ud = dist[vertex_id(x, -attack_y)];
    if (ua < da) da = ua;
    if (ud < dd) dd = ud;
  }
  sum.attack_distance = da;
  sum.defence_distance = dd;
  // The distances are exact at 0: a vertex at distance 0 is reached by a
  // simple path whose inner vertices all bounce, which is a legal move. So
  // the side to move scores now when its goal is at 0, and when neither
  // that goal nor a fresh vertex is (where a move could end), every move
  // ends stuck or in its own goal.
  bool fresh = false;
  for_each_vertex(fresh_exits(s, edges), [&](int v) { fresh |= dist[v] == 0; });
  sum.wins = da == 0;
  sum.lost = !fresh && da != 0;
  const auto& cells = kCellOf.of[s.turn];
  out[0] = static_cast<std::uint16_t>(kBiasFeature);
  out[1] = static_cast<std::uint16_t>(kBallBase + cells[s.ball]);
  out[2] = static_cast<std::uint16_t>(kGoalPairBase + da * kBuckets + dd);
  out[3] = static_cast<std::uint16_t>(kFreeBase + free_edge_count(s, s.ball));
  // Every vertex's distance feature, then the ball's taken out (the last
  // one moved into its place): a loop with no test, which the compiler
  // vectorises.
  const auto& base = kVertexTables.distance_base[s.turn];
  std::uint16_t* d = out + 4;
  int ball_at = 0;
  for (int k = 0; k < kVertices; ++k) {
    const int v = kVertexTables.valid[k];
    d[k] = static_cast<std::uint16_t>(base[k] + dist[v]);
    if (v == s.ball) ball_at = k;
  }
  d[ball_at] = d[kVertices - 1];
  return 4 + kVertices - 1;
}

// The features of the position's history: the visited cells other than the
// ball's, and the edges marked during play.
template <class Add>
void history_features(const State& s, const FreeEdges& edges, Add add) {
  const auto& cells = kCellOf.of[s.turn];
  for_each_vertex(edges.touched & ~vertex_bit(s.ball), [&](int v) { add(kVisitedBase + cells[v]); });
  for_each_edge(played_edges(s), [&](int e) { add(edge_feature(e, s.turn)); });
}

inline void extract(const State& s, Active& a) {
  FreeEdges edges;
  free_edges(s, edges);
  Summary sum;
  int count = position_features(s, edges, a.index.data(), sum);
  history_features(s, edges, [&](int i) { a.index[count++] = static_cast<std::uint16_t>(i); });
  a.count = count;
  a.attack_distance = sum.attack_distance;
  a.defence_distance = sum.defence_distance;
  a.lost = sum.lost;
  a.wins = sum.wins;
}

}  // namespace tabula::futlog::features
