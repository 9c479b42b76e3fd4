#pragma once
// The rules of one step and of whole moves: bounce, goals, stuck positions,
// checking a path, prefixes, and lazy enumeration of every path.
#include <cstdint>
#include <vector>

#include "futlog/state.hpp"

namespace tabula::futlog {

// 0 when nobody has scored, else 1 or 2 (the player the goal counts for).
inline int goal_for(const State& s) {
  const int y = vertex_y(s.ball);
  return y == 6 ? 1 : y == -6 ? 2 : 0;
}

inline bool edge_free(const State& s, int v, int d) {
  const int e = kGeometry.edge[v][d];
  return e != kNoEdge && !test_edge(s.marked, e);
}
inline bool has_free_edge(const State& s, int v) {
  for (int d = 0; d < 8; ++d)
    if (edge_free(s, v, d)) return true;
  return false;
}
inline int free_edge_count(const State& s, int v) {
  int n = 0;
  for (int d = 0; d < 8; ++d) n += edge_free(s, v, d);
  return n;
}
// A vertex with at least one marked edge.
inline bool visited(const State& s, int v) {
  for (int d = 0; d < 8; ++d) {
    const int e = kGeometry.edge[v][d];
    if (e != kNoEdge && test_edge(s.marked, e)) return true;
  }
  return false;
}

// The game is over: a goal, or the player to move has no step (and wins:
// the player who brought the ball there loses).
inline bool game_over(const State& s) { return goal_for(s) != 0 || !has_free_edge(s, s.ball); }
// 1 or 2 when the game is over, else 0.
inline int winner(const State& s) {
  if (const int g = goal_for(s)) return g;
  // The statement: "pierde el jugador que llegó a dicha posición": the player
  // who ran the ball into the dead end loses, so the player to move wins.
  if (!has_free_edge(s, s.ball)) return s.turn + 1;
  return 0;
}

// Moves the ball in direction d over a free edge (checked by the caller) and
// marks it. Returns true when the same player must step again.
inline bool step(State& s, int d) {
  const int w = kGeometry.next[s.ball][d];
  const bool was_visited = visited(s, w);
  set_edge(s.marked, kGeometry.edge[s.ball][d]);
  s.ball = static_cast<std::uint8_t>(w);
  if (is_goal_y(vertex_y(w)) || !was_visited) return false;
  return has_free_edge(s, w);
}

// Direction from v to the vertex (x, y), or -1 when it is not a neighbour
// joined by an edge.
int direction_to(int v, int x, int y);

struct Point {
  int x, y;
  friend bool operator==(const Point&, const Point&) = default;
};

enum class PathStatus { kIllegal, kPrefix, kComplete };
// Replays `path` (positions after the start) from s. On kComplete, `out`
// holds the state after the move with the turn passed. An empty path is
// illegal; so is any path once the game is over.
PathStatus replay(const State& s, const std::vector<Point>& path, State& out);

// Enumerates every legal move path of a position lazily, depth first, in
// direction order. Memory is O(path length).
class PathEnumerator {
 public:
  explicit PathEnumerator(const State& s);
  // The next path (vertex ids after the start) and the state after it, or
  // false when there are no more.
  bool next(std::vector<std::uint8_t>& path, State& after);

 private:
  struct Frame {
    std::uint8_t vertex;
    std::uint8_t next_dir;
    std::int16_t edge_in;  // the edge stepped over to get here (kNoEdge at the root)
  };
  State cur_;
  std::vector<Frame> stack_;
};

// Number of distinct paths of a position (no limit; use on modest positions).
std::uint64_t count_paths(const State& s);

// Left-right mirror (x -> -x) of a state.
State mirror(const State& s);

}  // namespace tabula::futlog
