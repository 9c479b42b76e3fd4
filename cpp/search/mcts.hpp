#pragma once
// Monte-Carlo tree search (UCT) with random playouts, shared by the games
// that search by sampling. The game meets Game (game.hpp) and adds
//
//   int playout(const State&, Rng&);  // a random game to the end: the
//                                     // winning player (0/1), -1 for a draw
//
// The tree lives in one vector owned by the search, so a search is
// reentrant and frees everything when it returns.
#include <cmath>
#include <cstdint>
#include <vector>

#include "common/rng.hpp"
#include "search/game.hpp"
#include "search/limits.hpp"
#include "search/result.hpp"

namespace tabula::search {

template <class G>
concept PlayoutGame = Game<G> && requires(G& g, const typename G::State& s, Rng& rng) {
  { g.playout(s, rng) } -> std::convertible_to<int>;
};

struct MctsOptions {
  double exploration = 1.1;
  std::size_t max_tree_nodes = std::size_t{1} << 21;  // past this, leaves stop expanding
  std::uint64_t seed = 0x5EED;
};

template <PlayoutGame G>
class Mcts {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  Mcts(G& game, const MctsOptions& options = {}) : game_(game), options_(options) {}

  // Limits: time, deadline and max_nodes (simulations) apply; poll_every
  // counts simulations. Without any bound the search stops at once.
  Result<Move> run(const State& root, const Limits& limits, const StopFn& stop = {}) {
    Budget budget(limits, stop);
    Result<Move> result;
    Rng rng(options_.seed);
    tree_.assign(1, Node{});
    buffer_.clear();
    game_.moves(root, buffer_);
    if (buffer_.empty()) return finish(result, budget, 0);
    result.move = buffer_.front();
    if (buffer_.size() == 1 || (!limits.timed() && limits.max_nodes == 0)) return finish(result, budget, 0);

    int deepest = 0;
    while (!budget.tick()) {
      // Selection.
      State s = root;
      std::int32_t node = 0;
      path_.assign(1, 0);
      movers_.assign(1, -1);
      while (tree_[node].expanded && tree_[node].child_count > 0) {
        node = select_child(tree_[node], rng);
        movers_.push_back(game_.side(s));
        s = game_.apply(s, tree_[node].move);
        path_.push_back(node);
        if (tree_[node].visits == 0) break;
      }
      // Expansion happens on the second visit, so leaves cost no memory.
      int outcome = winner(s);
      if (outcome == kOngoing && tree_[node].visits > 0 && !tree_[node].expanded &&
          tree_.size() < options_.max_tree_nodes) {
        expand(node, s);
        if (tree_[node].child_count > 0) {
          node = tree_[node].first_child + static_cast<std::int32_t>(rng.below(tree_[node].child_count));
          movers_.push_back(game_.side(s));
          s = game_.apply(s, tree_[node].move);
          path_.push_back(node);
          outcome = winner(s);
        }
      }
      if (outcome == kOngoing) outcome = game_.playout(s, rng);
      deepest = std::max(deepest, static_cast<int>(path_.size()) - 1);

      // Backpropagation: each node scores for the player who moved into it.
      for (std::size_t i = path_.size(); i-- > 1;) {
        Node& n = tree_[path_[i]];
        n.visits += 1;
        n.score += outcome == kDraw ? 0.5 : (outcome == movers_[i] ? 1.0 : 0.0);
      }
      tree_[0].visits += 1;
    }

    // The most visited move is the most robust choice.
    const Node& r = tree_[0];
    std::uint32_t most = 0;
    for (std::int32_t c = r.first_child; c < r.first_child + r.child_count; ++c)
      if (tree_[c].visits > most) {
        most = tree_[c].visits;
        result.move = tree_[c].move;
        result.score = static_cast<int>(std::lround(1000.0 * (2.0 * tree_[c].score / tree_[c].visits - 1.0)));
      }
    return finish(result, budget, deepest);
  }

 private:
  static constexpr int kOngoing = -2;
  static constexpr int kDraw = -1;

  struct Node {
    Move move{};
    std::int32_t parent = -1;
    std::int32_t first_child = -1;
    std::int32_t child_count = 0;
    bool expanded = false;
    std::uint32_t visits = 0;
    double score = 0.0;  // for the player who made `move`: win 1, draw 0.5
  };

  Result<Move> finish(Result<Move>& result, const Budget& budget, int deepest) {
    result.nodes = tree_[0].visits;
    result.depth = deepest;
    result.aborted = budget.aborted();
    result.elapsed = budget.elapsed();
    tree_.clear();
    tree_.shrink_to_fit();
    return result;
  }

  // The winner of a finished game (0/1), kDraw, or kOngoing.
  int winner(const State& s) {
    int score;
    if (!game_.terminal(s, score)) return kOngoing;
    if (score == 0) return kDraw;
    const int mover = game_.side(s);
    return score > 0 ? mover : 1 - mover;
  }

  std::int32_t select_child(const Node& parent, Rng& rng) {
    const double log_n = std::log(static_cast<double>(parent.visits) + 1.0);
    std::int32_t best = parent.first_child;
    double best_value = -1.0;
    for (std::int32_t c = parent.first_child; c < parent.first_child + parent.child_count; ++c) {
      const Node& child = tree_[c];
      const double value = child.visits == 0 ? 1e9 + rng.below(1000)  // unvisited first, in random order
                                             : child.score / child.visits +
                                                   options_.exploration * std::sqrt(log_n / child.visits);
      if (value > best_value) {
        best_value = value;
        best = c;
      }
    }
    return best;
  }

  void expand(std::int32_t index, const State& s) {
    buffer_.clear();
    game_.moves(s, buffer_);
    tree_[index].expanded = true;
    tree_[index].first_child = static_cast<std::int32_t>(tree_.size());
    tree_[index].child_count = static_cast<std::int32_t>(buffer_.size());
    for (const Move& m : buffer_) {
      Node child;
      child.move = m;
      child.parent = index;
      tree_.push_back(child);
    }
  }

  G& game_;
  MctsOptions options_;
  std::vector<Node> tree_;
  std::vector<Move> buffer_;
  std::vector<std::int32_t> path_;
  std::vector<int> movers_;
};

}  // namespace tabula::search
