#pragma once
// Monte-Carlo tree search (UCT) with random playouts, generic over a traits
// struct G:
//
//   using State = ...; using Move = ...;
//   static void moves(const State&, std::vector<Move>&);
//   static State apply(const State&, const Move&);
//   static int side(const State&);          // player to move, 0 or 1
//   static int winner(const State&);        // -2 ongoing, -1 draw, 0/1 the winner
//   static int playout(const State&, Rng&); // random game to the end: -1 draw, 0/1
//
// The tree lives in one vector owned by the search, so a search is
// reentrant and frees everything when it returns.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <vector>

#include "common/deadline.hpp"
#include "common/rng.hpp"

namespace tabula::search {

struct MctsLimits {
  std::chrono::milliseconds budget{1000};  // <= 0: no time limit
  std::uint64_t max_iterations = 0;        // 0: no limit (then a budget is needed)
  double exploration = 1.1;
  std::size_t max_tree_nodes = std::size_t{1} << 21;  // past this, leaves stop expanding
  std::uint64_t seed = 0x5EED;
};

template <class Move>
struct MctsResult {
  bool has_move = false;
  Move best{};
  std::uint64_t iterations = 0;
  double win_rate = 0.0;  // of the chosen move, for the player to move
  bool aborted = false;
  double seconds = 0.0;
};

template <class G, class StopFn>
MctsResult<typename G::Move> mcts(const typename G::State& root, const MctsLimits& limits, StopFn stop) {
  using State = typename G::State;
  using Move = typename G::Move;
  struct Node {
    Move move{};
    std::int32_t parent = -1;
    std::int32_t first_child = -1;
    std::int32_t child_count = 0;
    bool expanded = false;
    std::uint32_t visits = 0;
    double score = 0.0;  // for the player who made `move`: win 1, draw 0.5
  };

  MctsResult<Move> result;
  Deadline deadline(limits.budget);
  Rng rng(limits.seed);
  std::vector<Node> tree(1);
  std::vector<Move> buffer;
  std::vector<std::int32_t> path;
  std::vector<int> movers;  // movers[i]: the player who made path[i]'s move

  G::moves(root, buffer);
  if (buffer.empty()) return result;
  result.has_move = true;
  result.best = buffer.front();
  if (buffer.size() == 1) return result;

  auto expand = [&](std::int32_t index, const State& s) {
    buffer.clear();
    G::moves(s, buffer);
    tree[index].expanded = true;
    tree[index].first_child = static_cast<std::int32_t>(tree.size());
    tree[index].child_count = static_cast<std::int32_t>(buffer.size());
    for (const Move& m : buffer) {
      Node child;
      child.move = m;
      child.parent = index;
      tree.push_back(child);
    }
  };

  std::uint64_t it = 0;
  for (;; ++it) {
    if ((it & 255) == 0) {
      if (stop()) {
        result.aborted = true;
        break;
      }
      if (deadline.expired()) break;
    }
    if (limits.max_iterations && it >= limits.max_iterations) break;
    if (limits.max_iterations == 0 && deadline.is_unlimited()) break;

    // Selection.
    State s = root;
    std::int32_t node = 0;
    path.clear();
    movers.clear();
    path.push_back(0);
    movers.push_back(-1);
    while (tree[node].expanded && tree[node].child_count > 0) {
      const Node& parent = tree[node];
      const double log_n = std::log(static_cast<double>(parent.visits) + 1.0);
      std::int32_t best = parent.first_child;
      double best_value = -1.0;
      for (std::int32_t c = parent.first_child; c < parent.first_child + parent.child_count; ++c) {
        const Node& child = tree[c];
        const double value = child.visits == 0 ? 1e9 + rng.below(1000)  // unvisited first, in random order
                                               : child.score / child.visits +
                                                     limits.exploration * std::sqrt(log_n / child.visits);
        if (value > best_value) {
          best_value = value;
          best = c;
        }
      }
      node = best;
      movers.push_back(G::side(s));
      s = G::apply(s, tree[node].move);
      path.push_back(node);
      if (tree[node].visits == 0) break;
    }
    // Expansion happens on the second visit, so leaves cost no memory.
    int outcome = G::winner(s);
    if (outcome == -2 && tree[node].visits > 0 && !tree[node].expanded &&
        tree.size() < limits.max_tree_nodes) {
      expand(node, s);
      if (tree[node].child_count > 0) {
        node = tree[node].first_child + static_cast<std::int32_t>(rng.below(tree[node].child_count));
        movers.push_back(G::side(s));
        s = G::apply(s, tree[node].move);
        path.push_back(node);
        outcome = G::winner(s);
      }
    }
    if (outcome == -2) outcome = G::playout(s, rng);

    // Backpropagation: each node scores for the player who moved into it.
    for (std::size_t i = path.size(); i-- > 1;) {
      Node& n = tree[path[i]];
      n.visits += 1;
      n.score += outcome == -1 ? 0.5 : (outcome == movers[i] ? 1.0 : 0.0);
    }
    tree[0].visits += 1;
  }

  // The most visited move is the most robust choice.
  const Node& r = tree[0];
  std::uint32_t most = 0;
  for (std::int32_t c = r.first_child; c < r.first_child + r.child_count; ++c)
    if (tree[c].visits > most) {
      most = tree[c].visits;
      result.best = tree[c].move;
      result.win_rate = tree[c].score / tree[c].visits;
    }
  result.iterations = it;
  result.seconds = deadline.elapsed_seconds();
  return result;
}

}  // namespace tabula::search
