#pragma once
// Unbounded best-first minimax (Cohen-Solal 2020) with an optional UCT-like
// exploration term, for games whose nodes are expensive and whose
// branching is huge and uneven. The tree grows one expansion at a time:
// from the root, follow at each node the child with the best minimax value
// for the side to move there (plus the exploration bonus), expand the leaf
// reached (every child is generated and statically evaluated), and back the
// minimax values up the path. A node whose value is a forced result (a
// terminal position, or minimax over proven children) is closed: the
// search never enters it again, and a closed root ends the search at once.
//
// Contract as for the other searches (limits.hpp, result.hpp): the budget
// counts one node per child evaluated and looks at the node cap, the clock
// and the stop callback every Limits::poll_every of them; an expansion cut
// short by the budget is dropped whole. The root's expansion is the
// exception: the clock never cuts it (the node cap and the callback do,
// and then the best move it evaluated is played). Limits::max_depth, when
// set, caps the tree's depth in plies: the children created at that depth
// keep their static values and are closed as they are created.
#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <unordered_map>
#include <vector>

#include "search/game.hpp"
#include "search/limits.hpp"
#include "search/result.hpp"
#include "search/score.hpp"

namespace tabula::search {

// Optional hook: the evaluation together with a proof when the position is
// decided within the next plies (proven = +1: the side to move wins with
// its next move; -1: whatever it plays loses at once; -2: whatever it
// plays, the opponent's reply wins; 0: not known):
//   int evaluate_proven(const State&, int& proven);
template <class G>
concept HasProvenEvaluation = requires(G& g, const typename G::State& s, int& proven) {
  { g.evaluate_proven(s, proven) } -> std::convertible_to<int>;
};

// Optional hook: called with a position before its children are
// evaluated, so that the evaluation can share work among them:
//   void prepare_children(const State&);
template <class G>
concept HasChildPreparation = requires(G& g, const typename G::State& s) {
  g.prepare_children(s);
};

// Optional hook for BestFirstOptions::transpositions: a hash of the whole
// position (equal positions, equal hashes; others differ but by chance;
// not one shared by symmetric images, whose moves differ):
//   std::uint64_t position_hash(const State&);
template <class G>
concept HasPositionHash = requires(G& g, const typename G::State& s) {
  { g.position_hash(s) } -> std::convertible_to<std::uint64_t>;
};

struct BestFirstOptions {
  // Weight of the exploration bonus c * sqrt(ln(N + 1) / (n + 1)), in the
  // game's evaluation units (0: pure best-first minimax).
  double exploration = 0.0;
  // Share of the minimax value in the selection key; the rest is the mean
  // of the values backed up through the child (as in MCTS), which is less
  // fooled by the maximum of many noisy evaluations. 1: pure minimax.
  double minimax_share = 1.0;
  // Bonus of a child never entered (first-play urgency), evaluation units.
  double first_play = 0.0;
  // The same bonus at the root (NaN: first_play).
  double root_first_play = std::numeric_limits<double>::quiet_NaN();
  // A leaf is expanded on its second entry: the first only backs its
  // static value up into the means, which costs no evaluation. With
  // first-play urgency this samples many children cheaply (as MCTS-style
  // engines for this game do) instead of expanding each of them.
  bool lazy_expansion = false;
  // The move played ranks open children by value + visit_weight *
  // ln(visits + 3) (0: by value alone, or by visits with most_visited).
  double visit_weight = 0.0;
  // The move played: the root child of best minimax value (false), or the
  // most entered one (true); proven results come first either way.
  bool most_visited = false;
  // Backed-up values enter the means clamped to +-sample_bound (a forced
  // result counts as the evaluation's extreme, not as kWin).
  int sample_bound = 1000;
  // Tree size cap (nodes): the search ends when the next expansion might
  // exceed it. A node holds a move and a few counters (for Futlog about 90
  // bytes: 2^21 nodes are about 190 MB, reached after several seconds).
  std::size_t max_tree_nodes = std::size_t{1} << 21;
  // Descent (Cohen-Solal 2020): each iteration goes on from the leaf it
  // expanded, expanding the best child in turn, until it reaches a closed
  // node (a game's end, a proof or the depth cap). The tree's values then
  // rest on ends of games rather than on static values: for training
  // positions, not for play.
  bool descent = false;
  // Keep the tree between run() calls: a run whose root is the last run's
  // root, or a position one or two plies below it that the kept tree
  // expanded (our move, then the reply), starts from that subtree, its
  // values and counts. Only the nodes a run evaluates count in its
  // budget. Not with Limits::max_depth (the cap is counted from the root).
  bool reuse = false;
  // Transpositions: a leaf about to be expanded whose position the tree
  // has already expanded elsewhere (another move order) shares that
  // node's children instead, and with them their search, at no cost. The
  // tree becomes a graph: a shared node's value is brought up to date only
  // along the paths the search takes through it. Needs HasPositionHash
  // and a game whose positions never repeat along a line (no cycles); not
  // with descent, and for_each_expanded then visits shared parts once per
  // path. With Limits::max_depth, twins at different depths can carry a
  // shared part a few plies past the cap.
  bool transpositions = false;
};

template <EvaluatedGame G>
class BestFirst {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  explicit BestFirst(G& game, BestFirstOptions options = {}) : game_(game), options_(options) {}

  Result<Move> run(const State& root, const Limits& limits, const StopFn& stop = {}) {
    Budget budget(limits, stop);
    Result<Move> result;
    shared_ = 0;
    BudgetWatch<G> watch(game_, budget);
    max_depth_ = limits.max_depth > 0 ? std::min(limits.max_depth, kMaxPly - 2) : kMaxPly - 2;
    const bool kept = options_.reuse && limits.max_depth <= 0 && reroot(root);
    reused_nodes_ = kept ? nodes_.size() : 0;
    root_state_.reset();
    if (options_.reuse) root_state_ = root;
    if (!kept) {
      nodes_.clear();
      expanded_.clear();
      // The tree's storage is reserved whole, up front (address space
      // only: pages are touched as the tree grows, under the clock). Grown
      // by doubling, it was copied at once at 2^19 nodes, a 45 MB step
      // that took 30 to 180 ms on a shared machine with no poll inside it,
      // and carried 1 s searches past their deadline.
      const bool few = !options_.reuse && limits.max_nodes > 0 && limits.max_nodes < options_.max_tree_nodes;
      nodes_.reserve(few ? static_cast<std::size_t>(limits.max_nodes) + 1 : options_.max_tree_nodes);
      nodes_.push_back(Node{});
      nodes_[0].side = static_cast<std::uint8_t>(game_.side(root));
      int score;
      if (game_.terminal(root, score)) return finish(result, budget);
      // Every move at the root is evaluated whatever the clock says: a
      // move chosen unseen can hand the opponent the game, and the root
      // costs milliseconds at most (Futlog's densest test position, 7 ms).
      // The node cap and the stop callback still cut it.
      budget.hold_deadline(true);
      const bool expanded = expand(0, root, 0, budget);
      budget.hold_deadline(false);
      if (!expanded) {
        result.move = partial_root_choice(result.score);
        return finish(result, budget);
      }
    }
    if (nodes_[0].count == 0) return finish(result, budget);
    result.depth = 1;

    std::vector<std::uint32_t> path;
    std::vector<State> states;
    while (!nodes_[0].closed && !budget.stopped()) {
      // Descend along the best children to a leaf.
      path.assign(1, 0);
      states.assign(1, root);
      while (nodes_[path.back()].expanded() && nodes_[path.back()].count > 0) {
        const std::uint32_t c = select(path.back());
        states.push_back(game_.apply(states.back(), nodes_[c].move));
        path.push_back(c);
      }
      std::uint32_t leaf = path.back();
      const int ply = static_cast<int>(path.size()) - 1;
      if (options_.lazy_expansion && leaf != 0 && nodes_[leaf].visits == 0) {
        // First entry: its static value into the means, no evaluation.
        // Such iterations tick no node, so the clock is polled here.
        back_up_sample(path);
        if (budget.poll()) break;
        continue;
      }
      if (nodes_.size() + kMaxChildrenGuess > options_.max_tree_nodes) break;
      std::uint64_t key = 0;
      bool share = false;
      if constexpr (HasPositionHash<G>) {
        share = options_.transpositions;
        if (share) {
          key = game_.position_hash(states.back());
          if (const auto twin = expanded_.find(key); twin != expanded_.end() && twin->second != leaf) {
            // Shares the twin's children: no evaluation, so the clock is
            // polled here.
            nodes_[leaf].first = nodes_[twin->second].first;
            nodes_[leaf].count = nodes_[twin->second].count;
            nodes_[leaf].value = nodes_[twin->second].value;
            nodes_[leaf].closed = nodes_[twin->second].closed;
            if (nodes_[leaf].count > 0) update(leaf);
            ++shared_;
            for (std::size_t i = path.size() - 1; i-- > 0;) update(path[i]);
            back_up_sample(path);
            if (budget.poll()) break;
            continue;
          }
        }
      }
      if (!expand(leaf, states.back(), ply, budget)) break;
      if (share) expanded_.emplace(key, leaf);
      result.depth = std::max(result.depth, ply + 1);
      // Descent stopped by the budget still backs up what it expanded.
      const bool cut = options_.descent && !nodes_[leaf].closed && !descend(path, states, budget, result);
      leaf = path.back();  // descent may have gone further
      // Back the values up: minimax along the path, and the leaf's new
      // value into every mean.
      for (std::size_t i = path.size() - 1; i-- > 0;) update(path[i]);
      back_up_sample(path);
      if (cut) break;
    }

    // The move: the root child ranked first (ranking()).
    const std::uint32_t best = ranked_children().front();
    result.move = nodes_[best].move;
    result.score = value_for(0, best);
    if (result.score > kDecisive)
      result.proven = Proven::kWin;
    else if (result.score < -kDecisive)
      result.proven = Proven::kLoss;
    return finish(result, budget);
  }

  // Calls visit(state, value, visits) for every expanded node of the last
  // search below the root: its position, its backed-up minimax value for
  // the side to move there, and the times the search went through it. A
  // trainer fits the evaluation to these values (learning from the whole
  // tree, not the root alone).
  template <class Visit>
  void for_each_expanded(const State& root, Visit&& visit) const {
    if (nodes_.empty() || !nodes_[0].expanded()) return;
    std::vector<std::pair<std::uint32_t, State>> stack{{0, root}};
    while (!stack.empty()) {
      const auto [n, s] = stack.back();
      stack.pop_back();
      if (n != 0) visit(s, nodes_[n].value, nodes_[n].visits);
      for (std::uint32_t c = nodes_[n].first; c < nodes_[n].first + nodes_[n].count; ++c)
        if (nodes_[c].expanded() && nodes_[c].count > 0)
          stack.emplace_back(c, game_.apply(s, nodes_[c].move));
    }
  }

  // Number of tree nodes of the last search, and the nodes its storage
  // holds (reserved when the search starts, so a search never copies it).
  std::size_t tree_size() const { return nodes_.size(); }
  std::size_t tree_capacity() const { return nodes_.capacity(); }
  // With reuse: the nodes the last run found in the kept tree (0: it
  // started afresh).
  std::size_t reused_nodes() const { return reused_nodes_; }
  // With transpositions: the leaves of the last run that shared an
  // expanded twin's children instead of being expanded.
  std::size_t shared_expansions() const { return shared_; }
  // Forgets the kept tree (a new game).
  void clear() {
    nodes_.clear();
    expanded_.clear();
    root_state_.reset();
  }

  // The root's moves of the last search, best first: proven wins, then
  // the open ones expanded by value (or by visits with most_visited), then
  // the open ones never expanded, then proven losses; each with its value
  // for the side to move at the root.
  std::vector<std::pair<Move, int>> ranking() const {
    std::vector<std::pair<Move, int>> out;
    if (nodes_.empty() || !nodes_[0].expanded()) return out;
    for (const std::uint32_t c : ranked_children()) out.emplace_back(nodes_[c].move, value_for(0, c));
    return out;
  }

  // The root's moves of the last search in ranking() order, each with its
  // value for the side to move at the root, the times the search went
  // through it, and whether it was expanded (its value has seen replies).
  struct RootChild {
    Move move{};
    int value = 0;
    std::uint32_t visits = 0;
    bool expanded = false;
  };
  std::vector<RootChild> root_children() const {
    std::vector<RootChild> out;
    if (nodes_.empty() || !nodes_[0].expanded()) return out;
    for (const std::uint32_t c : ranked_children())
      out.push_back({nodes_[c].move, value_for(0, c), nodes_[c].visits, nodes_[c].expanded()});
    return out;
  }

 private:
  static constexpr std::uint32_t kUnexpanded = std::numeric_limits<std::uint32_t>::max();
  static constexpr std::size_t kMaxChildrenGuess = 16384;

  struct Node {
    Move move{};
    int value = 0;         // for the side to move at this node
    std::int64_t sum = 0;  // of the values backed up through it, its side's view
    std::uint32_t visits = 0;
    std::uint32_t first = 0;
    std::uint32_t count = kUnexpanded;
    std::uint8_t side = 0;
    bool closed = false;  // value exact (or depth-capped): never entered again
    bool expanded() const { return count != kUnexpanded; }
  };

  std::vector<std::uint32_t> ranked_children() const {
    const Node& r = nodes_[0];
    std::vector<std::uint32_t> order;
    for (std::uint32_t c = r.first; c < r.first + r.count; ++c) order.push_back(c);
    // Proven wins, then open children already expanded (their value has
    // seen the replies), then open ones never expanded (a static value
    // only: the search ran out before looking at them), then proven losses.
    auto rank = [&](std::uint32_t c) {
      const int q = value_for(0, c);
      return q > kDecisive ? 3 : q < -kDecisive ? 0 : nodes_[c].expanded() ? 2 : 1;
    };
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      const int ka = rank(a), kb = rank(b);
      if (ka != kb) return ka > kb;
      if (options_.visit_weight > 0 && ka == 2) {
        const double wa = value_for(0, a) + options_.visit_weight * std::log(nodes_[a].visits + 3.0);
        const double wb = value_for(0, b) + options_.visit_weight * std::log(nodes_[b].visits + 3.0);
        if (wa != wb) return wa > wb;
      }
      if (options_.most_visited && ka == 2 && nodes_[a].visits != nodes_[b].visits)
        return nodes_[a].visits > nodes_[b].visits;
      const int qa = value_for(0, a), qb = value_for(0, b);
      if (qa != qb) return qa > qb;
      return nodes_[a].visits > nodes_[b].visits;
    });
    return order;
  }

  // The value of the path's last node into the visits and sums of all.
  void back_up_sample(const std::vector<std::uint32_t>& path) {
    const Node& leaf = nodes_[path.back()];
    const int sample = std::clamp(leaf.value, -options_.sample_bound, options_.sample_bound);
    const int leaf_side = leaf.side;
    for (const std::uint32_t n : path) {
      ++nodes_[n].visits;
      nodes_[n].sum += nodes_[n].side == leaf_side ? sample : -sample;
    }
  }

  // The child's value seen by the side to move at `parent`.
  int value_for(std::uint32_t parent, std::uint32_t child) const {
    const int v = nodes_[child].value;
    return nodes_[child].side == nodes_[parent].side ? v : -v;
  }

  // Descent's continuation: from the node just expanded (path.back()),
  // expand the best open child, then its best, until a closed node;
  // false when the budget or the tree cap stopped it (the path then ends
  // at the last node expanded).
  bool descend(std::vector<std::uint32_t>& path, std::vector<State>& states, Budget& budget,
               Result<Move>& result) {
    while (!nodes_[path.back()].closed && nodes_[path.back()].count > 0) {
      const std::uint32_t c = select(path.back());
      const int ply = static_cast<int>(path.size());
      if (nodes_.size() + kMaxChildrenGuess > options_.max_tree_nodes) return false;
      const State s = game_.apply(states.back(), nodes_[c].move);
      if (!expand(c, s, ply, budget)) return false;
      states.push_back(s);
      path.push_back(c);
      result.depth = std::max(result.depth, ply + 1);
    }
    return true;
  }

  // Makes the subtree of `root` the whole tree when the kept tree holds it
  // expanded within two plies of its root; false otherwise.
  bool reroot(const State& root) {
    if constexpr (!std::equality_comparable<State>) {
      return false;
    } else {
      if (!root_state_ || nodes_.empty() || !nodes_[0].expanded()) return false;
      if (*root_state_ == root) return true;
      std::uint32_t found = kUnexpanded;
      int shift = 0;
      const Node& r = nodes_[0];
      for (std::uint32_t c = r.first; c < r.first + r.count && found == kUnexpanded; ++c) {
        const State s1 = game_.apply(*root_state_, nodes_[c].move);
        if (s1 == root) {
          found = c, shift = 1;
          break;
        }
        const Node& n1 = nodes_[c];
        if (!n1.expanded()) continue;
        for (std::uint32_t d = n1.first; d < n1.first + n1.count; ++d)
          if (game_.apply(s1, nodes_[d].move) == root) {
            found = d, shift = 2;
            break;
          }
      }
      if (found == kUnexpanded || !nodes_[found].expanded() || nodes_[found].count == 0) return false;
      // Copy the subtree breadth-first, so that children stay contiguous.
      // A forced result's value counts plies from the root: the new root
      // is `shift` plies nearer. Children shared by transposed nodes are
      // copied once, and stay shared.
      spare_.clear();
      spare_.reserve(nodes_.capacity());
      spare_.push_back(nodes_[found]);
      // With transpositions, where each old child went (kUnexpanded: not
      // kept): a shared range is copied the first time and found after.
      std::vector<std::uint32_t> moved;
      if (options_.transpositions) moved.assign(nodes_.size(), kUnexpanded);
      for (std::size_t i = 0; i < spare_.size(); ++i) {
        Node& n = spare_[i];
        if (n.value > kDecisive) n.value += shift;
        if (n.value < -kDecisive) n.value -= shift;
        if (!n.expanded()) continue;
        const std::uint32_t old_first = n.first;
        if (options_.transpositions && n.count > 0 && moved[old_first] != kUnexpanded) {
          n.first = moved[old_first];
          continue;
        }
        n.first = static_cast<std::uint32_t>(spare_.size());
        for (std::uint32_t c = old_first; c < old_first + spare_[i].count; ++c) {
          if (options_.transpositions) moved[c] = static_cast<std::uint32_t>(spare_.size());
          spare_.push_back(nodes_[c]);
        }
      }
      if (options_.transpositions) {
        // The positions expanded in the kept part, under their new indices
        // (the new root was copied on its own, to index 0).
        std::unordered_map<std::uint64_t, std::uint32_t> kept;
        for (const auto& [key, old] : expanded_) {
          const std::uint32_t now = old == found ? 0 : moved[old];
          if (now != kUnexpanded) kept.emplace(key, now);
        }
        expanded_.swap(kept);
      }
      nodes_.swap(spare_);
      return true;
    }
  }

  static int clamp_eval(int v) { return std::clamp(v, -kDecisive / 2, kDecisive / 2); }

  // Generates and evaluates the children of `n` (state s at `ply`); false
  // when the budget stopped it (the node then stays unexpanded). Children
  // at the depth cap are closed here, all at once, with their static
  // values: closing them one selection at a time would cost a descent
  // from the root each and evaluate nothing.
  bool expand(std::uint32_t n, const State& s, int ply, Budget& budget) {
    const bool at_cap = ply + 1 >= max_depth_;
    game_.moves(s, moves_);
    if constexpr (HasChildPreparation<G>) game_.prepare_children(s);
    const std::uint32_t first = static_cast<std::uint32_t>(nodes_.size());
    for (const Move& m : moves_) {
      if (budget.tick()) {
        // The root keeps the children evaluated so far, for
        // partial_root_choice; it stays unexpanded.
        if (n != 0) nodes_.resize(first);
        return false;
      }
      Node c;
      c.move = m;
      const State t = game_.apply(s, m);
      c.side = static_cast<std::uint8_t>(game_.side(t));
      int score;
      if (game_.terminal(t, score)) {
        c.value = score > 0 ? kWin - (ply + 1) : score < 0 ? -(kWin - (ply + 1)) : draw_score(t);
        c.closed = true;
      } else if constexpr (HasProvenEvaluation<G>) {
        int proven = 0;
        c.value = clamp_eval(game_.evaluate_proven(t, proven));
        if (proven != 0) {  // decided two (or, for -2, three) plies on
          c.value = proven > 0 ? kWin - (ply + 2) : -(kWin - (ply + 1 - proven));
          c.closed = true;
        }
      } else {
        c.value = clamp_eval(game_.evaluate(t));
      }
      c.closed |= at_cap;
      nodes_.push_back(c);
    }
    Node& node = nodes_[n];
    node.first = first;
    node.count = static_cast<std::uint32_t>(moves_.size());
    if (node.count == 0) {  // not terminal, but no move
      node.value = clamp_eval(game_.evaluate(s));
      node.closed = true;
      return true;
    }
    update(n);
    return true;
  }

  // The move when the budget cut the root's expansion (expand left the
  // children it evaluated after the root, the moves in moves_): the best
  // of those not proven lost, else the first move not evaluated, else the
  // least bad proven loss; `score` gets its value (0: not evaluated).
  std::optional<Move> partial_root_choice(int& score) const {
    const std::size_t evaluated = nodes_.size() - 1;
    std::uint32_t best = 0;
    for (std::uint32_t c = 1; c <= evaluated; ++c)
      if (best == 0 || value_for(0, c) > value_for(0, best)) best = c;
    if (best != 0 && (value_for(0, best) >= -kDecisive || evaluated == moves_.size())) {
      score = value_for(0, best);
      return nodes_[best].move;
    }
    score = 0;
    if (evaluated < moves_.size()) return moves_[evaluated];
    return std::nullopt;  // no move at all
  }

  int draw_score(const State& t) {
    if constexpr (HasDrawScore<G>)
      return game_.draw_score(t);
    else
      return 0;
  }

  // Minimax over the children; closed when proven or when every child is.
  void update(std::uint32_t n) {
    Node& node = nodes_[n];
    int best = -kInfinity;
    bool all_closed = true;
    for (std::uint32_t c = node.first; c < node.first + node.count; ++c) {
      best = std::max(best, value_for(n, c));
      all_closed &= nodes_[c].closed;
    }
    node.value = best;
    node.closed = all_closed || best > kDecisive || best < -kDecisive;
  }

  // The open child with the best value plus exploration bonus.
  std::uint32_t select(std::uint32_t n) {
    const Node& node = nodes_[n];
    const double log_n = std::log(static_cast<double>(node.visits) + 1.0);
    const double first_play =
        n == 0 && !std::isnan(options_.root_first_play) ? options_.root_first_play : options_.first_play;
    double best = -std::numeric_limits<double>::infinity();
    std::uint32_t pick = node.first;
    for (std::uint32_t c = node.first; c < node.first + node.count; ++c) {
      if (nodes_[c].closed) continue;
      const Node& child = nodes_[c];
      double key = value_for(n, c);
      if (child.visits == 0) {
        key += first_play;
      } else if (options_.minimax_share < 1.0) {
        const double mean =
            static_cast<double>(child.side == node.side ? child.sum : -child.sum) / child.visits;
        key = options_.minimax_share * key + (1.0 - options_.minimax_share) * mean;
      }
      if (options_.exploration > 0)
        key += options_.exploration * std::sqrt(log_n / (static_cast<double>(child.visits) + 1.0));
      if (key > best) {
        best = key;
        pick = c;
      }
    }
    return pick;  // an open node always has an open child
  }

  Result<Move>& finish(Result<Move>& result, const Budget& budget) {
    result.nodes = budget.nodes();
    result.elapsed = budget.elapsed();
    result.aborted = budget.aborted();
    return result;
  }

  G& game_;
  BestFirstOptions options_;
  std::vector<Node> nodes_;
  std::vector<Node> spare_;          // the next tree, while rerooting
  std::optional<State> root_state_;  // with reuse: the kept tree's root
  std::size_t reused_nodes_ = 0;
  std::unordered_map<std::uint64_t, std::uint32_t> expanded_;  // with transpositions: position -> node
  std::size_t shared_ = 0;
  std::vector<Move> moves_;
  int max_depth_ = kMaxPly - 2;
};

template <EvaluatedGame G>
Result<typename G::Move> best_first(G& game, const typename G::State& root, const Limits& limits,
                                    const StopFn& stop = {}, BestFirstOptions options = {}) {
  BestFirst<G> search(game, options);
  return search.run(root, limits, stop);
}

}  // namespace tabula::search
