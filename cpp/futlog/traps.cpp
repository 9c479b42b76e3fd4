#include "futlog/traps.hpp"

#include <algorithm>

#include "futlog/vertex_sets.hpp"

namespace tabula::futlog {

namespace {

// The goal mouth a side attacks (turn 0 attacks y = 6).
VertexSet goal_mouth(int turn) {
  const int y = turn == 0 ? 6 : -6;
  return vertex_bit(vertex_id(-1, y)) | vertex_bit(vertex_id(0, y)) | vertex_bit(vertex_id(1, y));
}

// The vertices the side to move's ball can reach within its move
// (level 0 of features::move_distances): it bounces out of touched
// vertices and out of its start, and ends at a fresh vertex or a goal.
VertexSet move_reach(const State& s, const FreeEdges& edges) {
  const VertexSet ball = vertex_bit(s.ball);
  const VertexSet bounce = (edges.touched | ball) & ~kDirections.goals;
  VertexSet reached = ball;
  for (VertexSet grown = ball; grown;) {
    grown = step_all(edges, grown & bounce) & ~reached;
    reached |= grown;
  }
  return reached;
}

VertexSet fresh_vertices(const State& s, const FreeEdges& edges) {
  return kDirections.valid & ~(edges.touched | vertex_bit(s.ball)) & ~kDirections.goals;
}

}  // namespace

Immediate immediate(const State& s) {
  FreeEdges edges;
  free_edges(s, edges);
  const VertexSet reached = move_reach(s, edges);
  if (reached & goal_mouth(s.turn)) return Immediate::kScores;
  return (reached & fresh_vertices(s, edges)) ? Immediate::kOpen : Immediate::kLost;
}

bool may_be_trapped(const State& s) {
  FreeEdges edges;
  free_edges(s, edges);
  const VertexSet reached = move_reach(s, edges);
  const VertexSet ends = reached & fresh_vertices(s, edges);
  if (!ends) return false;  // (every move loses at once: not a trap's business)
  // A move ends at a fresh vertex and passes through touched ones only,
  // so after it the opponent bounces out of vertices touched now, the
  // ball's, and the end (where it starts: the part of its path after its
  // last visit there bounces on the others alone). So it can score only
  // from an end one free step away from the vertices that reach our goal
  // by such bounces: grown back from the goal (free edges go both ways).
  const VertexSet bounce = (edges.touched | vertex_bit(s.ball)) & ~kDirections.goals;
  VertexSet to_goal = goal_mouth(1 - s.turn);
  for (VertexSet grown = to_goal; grown;) {
    grown = step_all(edges, grown) & bounce & ~to_goal;
    to_goal |= grown;
  }
  return (ends & ~step_all(edges, to_goal)) == 0;
}

void TrapFinder::set_interrupt(std::function<bool()> interrupt) {
  interrupt_ = std::move(interrupt);
  for (Level& level : levels_) level.generator.set_interrupt(interrupt_);
}

namespace {

// Whether a move of `mover` that ends at cur (the ball's vertex, cur.turn
// still the mover's) is safe: it scores, or the opponent cannot score next.
bool safe_end(State cur, int mover) {
  if (const int g = goal_for(cur)) return g == mover;
  if (!has_free_edge(cur, cur.ball)) return false;  // stuck: the mover loses
  cur.turn ^= 1;
  return immediate(cur) != Immediate::kScores;
}

// Depth-first over the paths of the move from cur (the mover's ball in
// mid-move), at most `steps` steps in all: true when it meets a safe end.
// Paths are not deduplicated, so the walk is only a quick look.
bool probe(State& cur, int mover, int& steps) {
  const int at = cur.ball;
  for (int d = 0; d < 8; ++d) {
    if (!edge_free(cur, at, d)) continue;
    if (--steps < 0) return false;
    const State before = cur;
    const bool again = step(cur, d);
    const bool safe = again ? probe(cur, mover, steps) : safe_end(cur, mover);
    cur = before;
    if (safe) return true;
    if (steps < 0) return false;
  }
  return false;
}

// Moves ending nearest the goal their side attacks first: the mover's
// safest moves when it looks for one, the replier's most dangerous ones
// when it looks for a refutation, so that either look stops early.
void order_forward(std::vector<Outcome>& list, int turn) {
  auto progress = [turn](const Outcome& o) { return turn == 0 ? vertex_y(o.end) : -vertex_y(o.end); };
  std::stable_sort(list.begin(), list.end(),
                   [&](const Outcome& a, const Outcome& b) { return progress(a) > progress(b); });
}

}  // namespace

bool TrapFinder::trapped(const State& s) { return lost_within(s, 1); }

std::optional<Outcome> TrapFinder::trap_reply(const State& s) { return losing_reply(s, 1); }

bool TrapFinder::lost_within(const State& s, int depth) {
  interrupted_ = false;
  return lost(s, std::clamp(depth, 1, kMaxDepth));
}

std::optional<Outcome> TrapFinder::losing_reply(const State& s, int depth) {
  interrupted_ = false;
  return reply(s, std::clamp(depth, 1, kMaxDepth));
}

bool TrapFinder::lost(const State& s, int depth) {
  if (depth == 1) {
    // Most positions have a safe move among the first few paths: a quick
    // look first, the whole list of outcomes only when it finds none.
    State cur = s;
    int steps = kProbeSteps;
    if (probe(cur, s.turn + 1, steps)) return false;
  }
  Level& level = levels_[2 * (depth - 1)];
  level.generator.generate(s, level.list);
  if (level.generator.interrupted()) {
    interrupted_ = true;
    return false;
  }
  order_forward(level.list, s.turn);
  const int mover = s.turn + 1;
  for (std::size_t i = 0; i < level.list.size(); ++i) {
    const State t = apply(s, level.list[i]);
    if (const int g = goal_for(t)) {
      if (g == mover) return false;  // it scores
      continue;                      // its own goal
    }
    if (!has_free_edge(t, t.ball)) continue;  // stuck: it loses
    const Immediate next = immediate(t);
    if (next == Immediate::kScores) continue;
    if (next == Immediate::kLost || depth == 1) return false;
    if (!reply(t, depth - 1)) return false;  // (interrupted: false as well)
  }
  return true;
}

std::optional<Outcome> TrapFinder::reply(const State& s, int depth) {
  Level& level = levels_[2 * depth - 1];
  level.generator.generate(s, level.list);
  if (level.generator.interrupted()) {
    interrupted_ = true;
    return std::nullopt;
  }
  order_forward(level.list, s.turn);
  for (std::size_t i = 0; i < level.list.size(); ++i) {
    if (interrupt_ && interrupt_()) {
      interrupted_ = true;
      return std::nullopt;
    }
    const State x = apply(s, level.list[i]);
    // A reply that ends the game is the search's business (it sees it).
    if (goal_for(x) || !has_free_edge(x, x.ball)) continue;
    if (lost(x, depth)) return level.list[i];
    if (interrupted_) return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace tabula::futlog
