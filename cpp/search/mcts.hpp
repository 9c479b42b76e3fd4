#pragma once
// Monte-Carlo tree search (UCT) shared by the games that search by
// sampling, with an MCTS-solver, first-play urgency, optional leaf values
// and priors, and tree reuse between searches of one game.
//
// The game meets Game (game.hpp) and values a leaf in one of two ways:
//
//   int playout(const State&, Rng&);     // a game to the end: the winning
//                                        // player (0/1), -1 for a draw
//   double value(const State&, Rng&);    // optional, used instead of
//                                        // playout(): the expected result
//                                        // for the side to move, in [0, 1]
//
// and may add
//
//   void priors(const State&, const std::vector<Move>& moves, std::vector<float>& out);
//       one prior per move in [0, 1], larger for moves that look better for
//       the player making them (e.g. a value of the position after the
//       move), used as a progressive bias: prior_weight * p / (visits + 1)
//       is added to the child's UCT value, and unvisited children are tried
//       best prior first. With MctsOptions::prior_mix > 0 the priors are
//       instead taken as static values of the children (e.g. a network's
//       value of each child, computed when the parent is expanded): a
//       child's first visit backs up its prior instead of a new leaf value,
//       an unvisited child is worth prior + first_play_bonus, and a visited
//       one prior_mix * prior + (1 - prior_mix) * mean + the UCT term.
//
//   bool tree_moves(const State&, std::vector<Move>& out);
//       the moves the tree considers below the root (all legal moves, or a
//       subset that the game's knowledge says are the only sensible ones);
//       true when it left legal moves out. Such a node is never proven won
//       or drawn from its children (the moves left out might do better),
//       only lost, when a child is a proven win. The root is searched with
//       every legal move unless MctsOptions::filter_root; a filtered root
//       whose every move is proven lost is widened to every legal move.
//
// Negamax backup (MctsOptions::negamax, with static child values): every
// node also holds a value for the player who moved into it: its static
// value while it has no children, else 1 - the largest value among its
// children (a proven child counts 1, 0 or 0.5), kept up to date on the path
// of each simulation. That value takes the static value's place in the
// exploitation term, so that a refutation found deep in the tree reaches
// the root at once instead of through the slowly moving means.
//
// Solver: terminal positions are proven; a position is proven won for the
// side to move when one child is a proven win, lost when every child is a
// proven loss, drawn when every child is proven and the best is a draw.
// Proven values propagate up the tree, a proven-lost child is never
// selected again while another is open, and a proven win at the root is
// played at once (the search stops).
//
// Contempt (MctsOptions::contempt = c): a drawn game, played out or
// proven, is worth 0.5 - c to the side to move at the root and 0.5 + c to
// the other, so that the root's side prefers an open line to a sure draw
// while it looks no worse than that. Leaf values from the game are taken
// as they are. A proof stays what the game says (a proven draw is
// reported as a draw); only its worth in the tree moves.
//
// Tree reuse (MctsOptions::reuse): one Mcts object keeps its tree between
// calls of run(). When the new root is the old root or a position one or
// two plies below it that the tree holds (the engine's move, then the
// opponent's), that subtree becomes the new tree, with its statistics;
// otherwise the search starts afresh. The game's State must then be
// equality-comparable. With contempt, a tree is not reused for a root
// whose side to move differs from the last one's. Reuse changes only what
// a search knows when it starts, never which positions it accepts.
//
// The tree lives in one vector owned by the Mcts object, so a search is
// reentrant across objects; one object must not be used by two threads at
// once.
#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <optional>
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

template <class G>
concept HasLeafValue = requires(G& g, const typename G::State& s, Rng& rng) {
  { g.value(s, rng) } -> std::convertible_to<double>;
};

template <class G>
concept HasPriors = requires(G& g, const typename G::State& s, const std::vector<typename G::Move>& moves,
                             std::vector<float>& out) {
  g.priors(s, moves, out);
};

template <class G>
concept HasTreeMoves = requires(G& g, const typename G::State& s, std::vector<typename G::Move>& out) {
  { g.tree_moves(s, out) } -> std::convertible_to<bool>;
};

template <class G>
concept MctsGame = Game<G> &&(PlayoutGame<G> || HasLeafValue<G>);

struct MctsOptions {
  double exploration = 1.1;  // UCT constant c in value + c * sqrt(ln N / n)
  // Value given to a child never visited; negative: every child is tried
  // once before any is tried twice (classic UCT).
  double fpu = -1.0;
  double prior_mix = 0.0;         // > 0: priors are static child values (see above)
  double first_play_bonus = 0.4;  // with prior_mix: an unvisited child's bonus
  // With prior_mix: a child's static value is replaced by the negamax of the
  // static values below it in the tree (see "Negamax backup" above), and a
  // new leaf is expanded at its first visit, its value the negamax of its
  // children's static values.
  bool negamax = false;
  double prior_weight = 0.0;  // weight of the priors hook, when the game has one
  bool solver = true;         // prove wins, losses and draws
  double contempt = 0.0;      // a draw's worth below 0.5 for the root's side (see above)
  bool reuse = false;         // keep the tree between run() calls (see above)
  bool filter_root = false;   // the root too takes the game's tree_moves
  // A visited child with more than wide_children children of its own has
  // its exploration term multiplied by wide_exploration (0: off): in UTTT,
  // a move that gives the opponent the free choice.
  std::int32_t wide_children = 0;
  double wide_exploration = 1.0;
  std::uint32_t expand_after = 1;                     // a leaf is expanded once visited this often
  std::size_t max_tree_nodes = std::size_t{1} << 22;  // past this, leaves stop expanding
  // Past this many nodes the tree's capacity goes straight to
  // max_tree_nodes instead of doubling (see make_room()).
  std::size_t doubling_limit = std::size_t{1} << 17;
  std::uint64_t seed = 0x5EED;
};

// The root's children after a search, for callers that merge several
// searches (root parallelism).
template <class Move>
struct RootStat {
  Move move{};
  std::uint64_t visits = 0;
  double score = 0.0;  // summed results for the side to move at the root
  int proof = 0;       // +1 proven win for the side to move, -1 loss, 2 draw, 0 open
};

template <MctsGame G>
class Mcts {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  explicit Mcts(G& game, const MctsOptions& options = {})
      : game_(game), options_(options), rng_(options.seed) {}

  const MctsOptions& options() const { return options_; }
  // Forgets the kept tree.
  void clear() {
    tree_.clear();
    root_state_.reset();
    root_stats_.clear();
  }
  // Simulations the kept tree already held at the start of the last run().
  std::uint64_t reused_visits() const { return reused_visits_; }
  std::size_t tree_size() const { return tree_.size(); }
  // Nodes the tree can hold without reallocating.
  std::size_t tree_capacity() const { return tree_.capacity(); }
  // Whether a run() on `root` would start from the kept tree (see reroot()).
  bool follows(const State& root) const { return reusable(root) && find(root) >= 0; }
  // Gives back the second buffer that rerooting copies into (kept between
  // calls otherwise, so that a game's next reroot finds its memory ready).
  void release_spare() { std::vector<Node>().swap(spare_); }

  // Limits: time, deadline and max_nodes (simulations made by this call)
  // apply; poll_every counts simulations. Without any bound the search
  // stops at once.
  Result<Move> run(const State& root, const Limits& limits, const StopFn& stop = {}) {
    Budget budget(limits, stop);
    Result<Move> result;
    if (!reusable(root) || !reroot(root)) {
      tree_.assign(1, Node{});
      root_state_ = root;
    }
    reused_visits_ = tree_[0].visits;
    contempt_side_ = game_.side(root);
    if (winner(root) != kOngoing) return finish(result, budget, 0);
    if (!tree_[0].expanded) expand(0, root);
    if (tree_[0].partial && (!options_.filter_root || all_children_lost(0))) widen_root(root);
    if (tree_[0].child_count == 0) return finish(result, budget, 0);
    result.move = tree_[tree_[0].first_child].move;
    if (tree_[0].child_count == 1 || (!limits.timed() && limits.max_nodes == 0)) {
      pick(result);
      return finish(result, budget, 0);
    }

    // The budget is ticked after each simulation, so that max_nodes counts
    // simulations exactly.
    int deepest = 0;
    while (!root_decided()) {
      deepest = std::max(deepest, simulate(root));
      if (tree_[0].partial && root_child_lost_ && all_children_lost(0)) widen_root(root);
      root_child_lost_ = false;
      if (budget.tick()) break;
    }
    pick(result);
    return finish(result, budget, deepest);
  }

  // The root's children as the last run() left them (kept when the tree
  // is not: root parallelism merges them after every thread's run).
  const std::vector<RootStat<Move>>& root_stats() const { return root_stats_; }

 private:
  static constexpr int kOngoing = -2;
  static constexpr int kDraw = -1;
  // Proofs, for the player who moved into the node.
  static constexpr std::int8_t kOpen = 0, kWon = 1, kLost = -1, kDrawn = 2;

  struct Node {
    Move move{};
    std::int8_t proof = kOpen;
    bool expanded = false;
    bool partial = false;  // expanded with the game's tree_moves, which left moves out
    std::int32_t first_child = -1;
    std::int32_t child_count = 0;
    std::uint32_t visits = 0;
    float prior = 0.0f;
    float value = 0.0f;  // negamax backup: for the player who moved into the node
    double score = 0.0;  // for the player who moved into the node: win 1, draw 0.5
  };

  // One selection, expansion, evaluation and backpropagation; returns the
  // depth reached.
  int simulate(const State& root) {
    State s = root;
    std::int32_t node = 0;
    path_.assign(1, 0);
    movers_.assign(1, -1);
    int outcome = kOngoing;
    double value = -1.0;  // a leaf value for movers_.back(), when not a game result
    for (;;) {
      Node& n = tree_[node];
      if (n.proof != kOpen) {
        outcome = proven_outcome(n, movers_.back());
        break;
      }
      if (!n.expanded) {
        const int w = winner(s);
        if (w != kOngoing) {
          outcome = w;
          if (options_.solver) prove_terminal(node, w);
          break;
        }
        if (n.visits >= options_.expand_after && tree_.size() < options_.max_tree_nodes) {
          expand(node, s);
        } else {
          value = leaf_value(s);
          break;
        }
      }
      const int side = game_.side(s);
      const std::int32_t child = select_child(node, side);
      movers_.push_back(side);
      s = game_.apply(s, tree_[child].move);
      path_.push_back(child);
      node = child;
      if (tree_[child].visits == 0 && tree_[child].proof == kOpen) {
        const int w = winner(s);
        if (w != kOngoing) {
          outcome = w;
          if (options_.solver) prove_terminal(child, w);
        } else if (negamax() && tree_.size() < options_.max_tree_nodes) {
          expand(child, s);
          value = negamax_value(child, game_.side(s));
          tree_[child].value = static_cast<float>(value);
        } else {
          value = static_values() ? static_cast<double>(tree_[child].prior) : leaf_value(s);
        }
        break;
      }
    }
    backpropagate(outcome, value);
    return static_cast<int>(path_.size()) - 1;
  }

  // The result for the player who moved into the leaf, from a game value
  // for the side to move there.
  double leaf_value(const State& s) {
    if constexpr (HasLeafValue<G>) {
      return 1.0 - static_cast<double>(game_.value(s, rng_));
    } else {
      const int w = game_.playout(s, rng_);
      const int mover = 1 - game_.side(s);
      return w == kDraw ? draw_value(mover) : (w == mover ? 1.0 : 0.0);
    }
  }

  void backpropagate(int outcome, double value) {
    // value is for the mover into the last node; a game outcome is turned
    // into a value for each mover on the way up.
    const int leaf_mover = movers_.back();
    for (std::size_t i = path_.size(); i-- > 1;) {
      Node& n = tree_[path_[i]];
      n.visits += 1;
      if (outcome != kOngoing)
        n.score += outcome == kDraw ? draw_value(movers_[i]) : (outcome == movers_[i] ? 1.0 : 0.0);
      else
        n.score += movers_[i] == leaf_mover ? value : 1.0 - value;
    }
    tree_[0].visits += 1;
    // A proof found by this simulation may decide the nodes above it.
    const bool proved = proved_;
    if (proved_) {
      proved_ = false;
      for (std::size_t i = path_.size() - 1; i-- > 0;) {
        try_prove(path_[i]);
        if (tree_[path_[i]].proof == kOpen) break;
      }
      if (path_.size() > 1 && tree_[path_[1]].proof == kLost) root_child_lost_ = true;
    }
    // A node's value depends only on its children's values and proofs: when
    // no proof changed and one value is unchanged, so is every value above.
    if (negamax())
      for (std::size_t i = path_.size() - 1; i-- > 0;) {
        Node& n = tree_[path_[i]];
        if (!n.expanded || n.child_count == 0) break;
        const auto v = static_cast<float>(negamax_value(path_[i], movers_[i + 1]));
        if (v == n.value && !proved) break;
        n.value = v;
      }
  }

  static int proven_outcome(const Node& n, int mover) {
    if (n.proof == kDrawn) return kDraw;
    return n.proof == kWon ? mover : 1 - mover;
  }

  void prove_terminal(std::int32_t node, int w) {
    // Only the player who moved can have won by moving; a loss by one's own
    // move is recorded as such for games that allow it.
    const int mover = movers_.back();
    tree_[node].proof = w == kDraw ? kDrawn : (w == mover ? kWon : kLost);
    proved_ = true;
  }

  // Proves a node from its children, when they decide it.
  void try_prove(std::int32_t index) {
    Node& n = tree_[index];
    if (n.proof != kOpen || !n.expanded || n.child_count == 0) return;
    bool all = true, draw = false;
    for (std::int32_t c = n.first_child; c < n.first_child + n.child_count; ++c) {
      const std::int8_t p = tree_[c].proof;
      if (p == kWon) {
        n.proof = kLost;
        return;
      }
      if (p == kOpen)
        all = false;
      else if (p == kDrawn)
        draw = true;
    }
    if (all && !n.partial) n.proof = draw ? kDrawn : kWon;
  }

  bool all_children_lost(std::int32_t index) const {
    const Node& n = tree_[index];
    for (std::int32_t c = n.first_child; c < n.first_child + n.child_count; ++c)
      if (tree_[c].proof != kLost) return false;
    return true;
  }

  static constexpr bool kHasPriors = HasPriors<G>;
  bool static_values() const { return kHasPriors && options_.prior_mix > 0.0; }
  bool negamax() const { return static_values() && options_.negamax; }

  // A draw's worth to `mover` (contempt).
  double draw_value(int mover) const {
    return mover == contempt_side_ ? 0.5 - options_.contempt : 0.5 + options_.contempt;
  }
  // A node's value from a child that `mover` moved into: its proof, else
  // its value.
  float child_value(const Node& c, int mover) const {
    if (c.proof == kDrawn) return static_cast<float>(draw_value(mover));
    return c.proof == kWon ? 1.0f : c.proof == kLost ? 0.0f : c.value;
  }
  // 1 - the best value among the children of an expanded node where `side`
  // is to move.
  double negamax_value(std::int32_t index, int side) const {
    const Node& n = tree_[index];
    float best = 0.0f;
    for (std::int32_t c = n.first_child; c < n.first_child + n.child_count; ++c)
      best = std::max(best, child_value(tree_[c], side));
    return 1.0 - static_cast<double>(best);
  }

  bool root_decided() const {
    if (!options_.solver) return false;
    if (tree_[0].proof != kOpen) return true;
    return false;
  }

  // The winner of a finished game (0/1), kDraw, or kOngoing.
  int winner(const State& s) {
    int score;
    if (!game_.terminal(s, score)) return kOngoing;
    if (score == 0) return kDraw;
    const int mover = game_.side(s);
    return score > 0 ? mover : 1 - mover;
  }

  // `side` is to move at the node.
  std::int32_t select_child(std::int32_t index, int side) {
    const Node& parent = tree_[index];
    const auto drawn = static_cast<float>(draw_value(side));
    // c * sqrt(ln N / n) as c * sqrt(ln N) / sqrt(n), in single precision:
    // this loop is the tree's hot spot.
    const float c_log_n = static_cast<float>(options_.exploration) *
                          std::sqrt(std::log(static_cast<float>(parent.visits) + 1.0f));
    const bool use_priors = HasPriors<G> && options_.prior_weight > 0.0;
    const bool mix = static_values();
    const float lambda = static_cast<float>(options_.prior_mix);
    const bool use_value = negamax();
    const double fpu = options_.fpu < 0.0 ? 1e9 : options_.fpu;
    const bool wide = options_.wide_children > 0;
    const auto wide_factor = static_cast<float>(options_.wide_exploration);
    std::int32_t best = parent.first_child;
    double best_value = -1e18;
    for (std::int32_t i = parent.first_child; i < parent.first_child + parent.child_count; ++i) {
      const Node& child = tree_[i];
      double v;
      if (child.proof == kWon) return i;
      if (child.proof == kLost) {
        v = -1e12 + child.visits;  // only when every child is lost
      } else if (child.visits == 0) {
        if (mix)
          v = child.prior + options_.first_play_bonus;
        else
          v = fpu + (use_priors ? options_.prior_weight * child.prior : 0.0);
        // Ties among unvisited children break at random.
        v += 1e-6 * static_cast<double>(rng_.below(1024));
      } else {
        const float n = static_cast<float>(child.visits);
        float mean = child.proof == kDrawn ? drawn : static_cast<float>(child.score) / n;
        if (mix && child.proof == kOpen)
          mean = lambda * (use_value ? child.value : child.prior) + (1.0f - lambda) * mean;
        const float explore = wide && child.child_count > options_.wide_children ? wide_factor : 1.0f;
        v = mean + explore * c_log_n / std::sqrt(n);
        if (use_priors) v += options_.prior_weight * child.prior / (child.visits + 1.0);
      }
      if (v > best_value) {
        best_value = v;
        best = i;
      }
    }
    return best;
  }

  // Expands a node with the moves the tree considers there (every legal
  // move at the root unless filter_root, or with all set).
  void expand(std::int32_t index, const State& s, bool all = false) {
    buffer_.clear();
    bool partial = false;
    if constexpr (HasTreeMoves<G>) {
      if (all || (index == 0 && !options_.filter_root))
        game_.moves(s, buffer_);
      else
        partial = game_.tree_moves(s, buffer_);
    } else {
      game_.moves(s, buffer_);
    }
    make_room(buffer_.size());
    const auto first = static_cast<std::int32_t>(tree_.size());
    for (const Move& m : buffer_) {
      Node child;
      child.move = m;
      tree_.push_back(child);
    }
    if constexpr (HasPriors<G>) {
      if ((options_.prior_weight > 0.0 || options_.prior_mix > 0.0) && !buffer_.empty()) {
        priors_.clear();
        game_.priors(s, buffer_, priors_);
        for (std::size_t i = 0; i < buffer_.size() && i < priors_.size(); ++i) {
          tree_[first + static_cast<std::int32_t>(i)].prior = priors_[i];
          tree_[first + static_cast<std::int32_t>(i)].value = priors_[i];
        }
      }
    }
    Node& n = tree_[index];
    n.expanded = true;
    n.partial = partial;
    n.first_child = first;
    n.child_count = static_cast<std::int32_t>(buffer_.size());
  }

  // Gives the root every legal move: a new block of children at the end
  // of the tree, the children it had keeping their statistics and
  // subtrees (their old block stays unused).
  void widen_root(const State& root) {
    const Node old = tree_[0];
    expand(0, root, true);
    Node& r = tree_[0];
    for (std::int32_t c = r.first_child; c < r.first_child + r.child_count; ++c)
      for (std::int32_t o = old.first_child; o < old.first_child + old.child_count; ++o)
        if (tree_[o].move == tree_[c].move) tree_[c] = tree_[o];
    r.visits = old.visits;
    r.score = old.score;
    if (negamax()) r.value = static_cast<float>(negamax_value(0, game_.side(root)));
  }

  // The move to play: a proven win at once, else the most visited child
  // that is not a proven loss, the most visited proven draw taking its
  // place when that child was never visited or looks worse than a draw,
  // else (every move loses) the most visited. (With static child values a
  // move valued below a draw, e.g. one after which the opponent wins at
  // once, may never be visited; its default mean of 0.5 once made it the
  // move over a proven draw.)
  void pick(Result<Move>& result) {
    const Node& r = tree_[0];
    std::int32_t best = -1;
    auto better = [&](std::int32_t a, std::int32_t b) {
      if (b < 0) return true;
      return tree_[a].visits > tree_[b].visits;
    };
    for (std::int32_t c = r.first_child; c < r.first_child + r.child_count; ++c)
      if (tree_[c].proof == kWon) {
        best = c;
        break;
      }
    if (best < 0) {
      // When the open moves look worse than a proven draw, take the draw.
      std::int32_t draw = -1;
      for (std::int32_t c = r.first_child; c < r.first_child + r.child_count; ++c) {
        if (tree_[c].proof == kLost) continue;
        if (tree_[c].proof == kDrawn && (draw < 0 || better(c, draw))) draw = c;
        if (tree_[c].proof != kDrawn && better(c, best)) best = c;
      }
      if (draw >= 0 && (best < 0 || tree_[best].visits == 0 || mean(best) < draw_value(contempt_side_)))
        best = draw;
    }
    if (best < 0)
      for (std::int32_t c = r.first_child; c < r.first_child + r.child_count; ++c)
        if (better(c, best)) best = c;
    const Node& b = tree_[best];
    result.move = b.move;
    const double m = b.proof == kWon ? 1.0 : b.proof == kLost ? 0.0 : b.proof == kDrawn ? 0.5 : mean(best);
    result.score = static_cast<int>(std::lround(1000.0 * (2.0 * m - 1.0)));
    if (r.proof == kLost || b.proof == kWon)
      result.proven = Proven::kWin;
    else if (r.proof == kWon)
      result.proven = Proven::kLoss;
    else if (r.proof == kDrawn)
      result.proven = Proven::kDraw;
  }

  double mean(std::int32_t i) const { return tree_[i].visits ? tree_[i].score / tree_[i].visits : 0.5; }

  Result<Move> finish(Result<Move>& result, const Budget& budget, int deepest) {
    root_stats_.clear();
    if (!tree_.empty() && tree_[0].expanded)
      for (std::int32_t c = tree_[0].first_child; c < tree_[0].first_child + tree_[0].child_count; ++c)
        root_stats_.push_back({tree_[c].move, tree_[c].visits, tree_[c].score, tree_[c].proof});
    result.nodes = budget.nodes();
    result.depth = deepest;
    result.aborted = budget.aborted();
    result.elapsed = budget.elapsed();
    if (!options_.reuse) {
      tree_.clear();
      tree_.shrink_to_fit();
      root_state_.reset();
    }
    return result;
  }

  // Past 2^17 nodes the tree's capacity goes straight to its cap, so that
  // it is copied once (5 MB) and never again: doubling on to the cap
  // copied hundreds of MB in the middle of a search, and 14 of 1,085
  // answers at 1 s a move came 10 to 300 ms late (a jump at a million
  // nodes still stalled 25 ms between two polls). Only address space is
  // reserved; pages are touched as the tree grows. (Reserving the cap at
  // every search's start cost 40 ms per search under AddressSanitizer.)
  void make_room(std::size_t children) {
    if (tree_.size() + children <= tree_.capacity() || tree_.size() < options_.doubling_limit) return;
    tree_.reserve(std::max(options_.max_tree_nodes + kMostChildren, tree_.size() + children));
  }
  // Children one expansion may add past max_tree_nodes (a UTTT node has at
  // most 81).
  static constexpr std::size_t kMostChildren = 4096;

  // The node of the kept tree whose position is `root`, within two plies
  // of the kept root (0: the root itself); -1 when there is none.
  // Whether the kept tree may serve a search of `root`: with contempt, not
  // when the side to move changed, as the draws below were scored for the
  // other side.
  bool reusable(const State& root) const {
    if (!options_.reuse) return false;
    return options_.contempt == 0.0 || !root_state_ || game_.side(*root_state_) == game_.side(root);
  }

  std::int32_t find(const State& root) const {
    if constexpr (!std::equality_comparable<State>) {
      return -1;
    } else {
      if (!root_state_ || tree_.empty()) return -1;
      if (*root_state_ == root) return 0;
      const Node& r = tree_[0];
      if (!r.expanded) return -1;
      for (std::int32_t c = r.first_child; c < r.first_child + r.child_count; ++c) {
        const State s1 = game_.apply(*root_state_, tree_[c].move);
        if (s1 == root) return c;
        const Node& n1 = tree_[c];
        if (!n1.expanded) continue;
        for (std::int32_t d = n1.first_child; d < n1.first_child + n1.child_count; ++d)
          if (game_.apply(s1, tree_[d].move) == root) return d;
      }
      return -1;
    }
  }

  // Makes the subtree of `root` the whole tree when the kept tree holds it
  // within two plies; false otherwise.
  bool reroot(const State& root) {
    if constexpr (!std::equality_comparable<State>) {
      return false;
    } else {
      const std::int32_t found = find(root);
      if (found < 0) return false;
      if (found == 0) return true;
      // Copy the subtree breadth-first so that children stay contiguous.
      spare_.clear();
      spare_.reserve(tree_.capacity());  // the tree grows on in spare_'s memory
      spare_.push_back(tree_[found]);
      for (std::size_t i = 0; i < spare_.size(); ++i) {
        if (!spare_[i].expanded) continue;
        const std::int32_t old_first = spare_[i].first_child;
        spare_[i].first_child = static_cast<std::int32_t>(spare_.size());
        for (std::int32_t c = old_first; c < old_first + spare_[i].child_count; ++c)
          spare_.push_back(tree_[c]);
      }
      tree_.swap(spare_);
      spare_.clear();
      root_state_ = root;
      return true;
    }
  }

  G& game_;
  MctsOptions options_;
  Rng rng_;
  std::vector<Node> tree_;
  std::vector<Node> spare_;
  std::optional<State> root_state_;
  std::uint64_t reused_visits_ = 0;
  std::vector<RootStat<Move>> root_stats_;
  bool proved_ = false;
  bool root_child_lost_ = false;  // the last simulation proved a root child lost
  int contempt_side_ = 0;         // the root's side to move in this run
  std::vector<Move> buffer_;
  std::vector<float> priors_;
  std::vector<std::int32_t> path_;
  std::vector<int> movers_;
};

}  // namespace tabula::search
