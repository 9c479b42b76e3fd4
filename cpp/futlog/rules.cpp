#include "futlog/rules.hpp"

namespace tabula::futlog {

int direction_to(int v, int x, int y) {
  const int dx = x - vertex_x(v), dy = y - vertex_y(v);
  for (int d = 0; d < 8; ++d)
    if (kDx[d] == dx && kDy[d] == dy) return kGeometry.edge[v][d] == kNoEdge ? -1 : d;
  return -1;
}

PathStatus replay(const State& s, const std::vector<Point>& path, State& out) {
  if (path.empty() || game_over(s)) return PathStatus::kIllegal;
  State cur = s;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const int d = direction_to(cur.ball, path[i].x, path[i].y);
    if (d < 0 || !edge_free(cur, cur.ball, d)) return PathStatus::kIllegal;
    const bool again = step(cur, d);
    if (!again) {
      if (i + 1 != path.size()) return PathStatus::kIllegal;
      cur.turn ^= 1;
      out = cur;
      return PathStatus::kComplete;
    }
  }
  return PathStatus::kPrefix;
}

PathEnumerator::PathEnumerator(const State& s) : cur_(s) {
  if (!game_over(s)) stack_.push_back(Frame{s.ball, 0, kNoEdge});
}

bool PathEnumerator::next(std::vector<std::uint8_t>& path, State& after) {
  while (!stack_.empty()) {
    Frame& f = stack_.back();
    int d = f.next_dir;
    while (d < 8 && !edge_free(cur_, f.vertex, d)) ++d;
    if (d == 8) {
      const int e = f.edge_in;
      stack_.pop_back();
      if (e != kNoEdge) clear_edge(cur_.marked, e);
      if (!stack_.empty()) cur_.ball = stack_.back().vertex;
      continue;
    }
    f.next_dir = static_cast<std::uint8_t>(d + 1);
    cur_.ball = f.vertex;
    const int e = kGeometry.edge[f.vertex][d];
    if (step(cur_, d)) {
      stack_.push_back(Frame{cur_.ball, 0, static_cast<std::int16_t>(e)});
      continue;
    }
    // A complete move: report it, then undo the last step.
    path.clear();
    for (std::size_t i = 1; i < stack_.size(); ++i) path.push_back(stack_[i].vertex);
    path.push_back(cur_.ball);
    after = cur_;
    after.turn ^= 1;
    clear_edge(cur_.marked, e);
    cur_.ball = stack_.back().vertex;
    return true;
  }
  return false;
}

std::uint64_t count_paths(const State& s) {
  PathEnumerator it(s);
  std::vector<std::uint8_t> path;
  State after;
  std::uint64_t n = 0;
  while (it.next(path, after)) ++n;
  return n;
}

State mirror(const State& s) {
  State m;
  m.marked = EdgeSet{};
  for_each_edge(s.marked, [&](int e) { set_edge(m.marked, kGeometry.mirror_edge[e]); });
  m.ball = kGeometry.mirror_vertex[s.ball];
  m.turn = s.turn;
  return m;
}

}  // namespace tabula::futlog
