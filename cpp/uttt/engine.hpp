#pragma once
// The UTTT engine's move choice: Monte-Carlo tree search (search/mcts.hpp)
// with an MCTS-solver and informed playouts (a win of the game in one is
// always played, and a move that lets the opponent win the game in one is
// redrawn), optionally over several threads (root parallelism).
//
// Two ways to call it:
//  - engine_move(state, limits, stop, seed): stateless, one search from
//    scratch; the same seed and node budget give the same move.
//  - Engine: a handle that keeps its search tree between calls, for the
//    moves of one game. move(state, ...) accepts any position; when the
//    position is one the kept tree reached (the handle's last root, or two
//    plies below it: our move then the opponent's), the search starts
//    from that subtree and its statistics, else from scratch. States stay
//    plain values: the handle holds only a cache.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <thread>
#include <vector>

#include "search/limits.hpp"
#include "search/mcts.hpp"
#include "search/result.hpp"
#include "uttt/game.hpp"
#include "uttt/network.hpp"
#include "uttt/playout.hpp"

namespace tabula::uttt {

// Simulations between two looks at the clock and the stop callback. A
// simulation that expands a wide node values each child with the network
// (up to 81 evaluations, tens of microseconds), so 64 keeps the longest
// stretch between polls near a millisecond or two.
inline constexpr std::uint32_t kPollEvery = 64;

// How the engine values a new leaf.
enum class Leaf : std::uint8_t {
  kPlayout,  // one playout of the policy
  kNetwork,  // the value network (network.hpp); a win of the game in one counts as won
  kMixed,    // the mean of the network's value and one playout's result
};

// UTTT as the engine's MCTS sees it: the rules plus a leaf value.
struct SearchGame : Game {
  Policy policy = Policy::kWinAvoid;
  const Network* network = nullptr;  // set: leaves are valued by it
  bool mixed = false;                // with a network: average it with a playout

  int playout(const State& s, Rng& rng) {
    switch (policy_playout(s, rng, policy)) {
      case Outcome::kXWins:
        return kX;
      case Outcome::kOWins:
        return kO;
      default:
        return -1;
    }
  }
  const Network* prior_network = nullptr;  // set: priors of new children from it

  // Priors: the network's value of the position after each move, for the
  // player making it (a move that wins the game: 1).
  void priors(const State& s, const std::vector<Move>& moves, std::vector<float>& out) {
    out.resize(moves.size());
    if (!prior_network) {
      std::fill(out.begin(), out.end(), 0.5f);
      return;
    }
    const Network::Children children(*prior_network, s);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const State t = applied(s, moves[i]);
      if (t.over())
        out[i] = t.outcome == Outcome::kDraw ? 0.5f : 1.0f;
      else if (winning_move(t) != 255)
        out[i] = 0.0f;
      else
        out[i] = 1.0f - children.value(t, moves[i]);
    }
  }

  // Opening knowledge for the tree below the root (search/mcts.hpp's
  // tree_moves): up to mirror_plies marks, a player sent to an empty board
  // sends the opponent back to it (the cell of the board's own index:
  // the line both sides of strong play follow there); up to
  // free_move_plies marks, a move that sends the opponent to a finished
  // board, giving it the free choice, is left out while another move
  // remains. Negative: off, as by default: against the strongest public
  // bot, which searches this way, neither scored better
  // (bench/results/uttt.md, "Opening knowledge in the tree").
  int mirror_plies = -1;
  int free_move_plies = -1;
  // When not negative, the knowledge applies only where this side moves
  // (the opponent's, to model a bot that searches this way).
  int knowledge_side = -1;
  // The plies they cover when switched on (the settings measured).
  static constexpr int kMirrorPlies = 20;
  static constexpr int kFreeMovePlies = 30;

  bool tree_moves(const State& s, std::vector<Move>& out) {
    moves(s, out);
    if (mirror_plies < 0 && free_move_plies < 0) return false;
    if (knowledge_side >= 0 && s.side != knowledge_side) return false;
    const std::size_t legal = out.size();
    const int plies = s.plies();
    if (plies <= mirror_plies && s.forced >= 0 && (s.cells[kX][s.forced] | s.cells[kO][s.forced]) == 0) {
      out.assign(1, make_move(s.forced, s.forced));
      return legal > 1;
    }
    if (plies > free_move_plies) return false;
    const unsigned finished = s.finished();
    // Only a move that closes its board can end the game or change which
    // boards are finished.
    auto gives_free_move = [&](Move m) {
      const int b = board_of(m), c = cell_of(m);
      const unsigned mine = s.cells[s.side][b] | (1u << c);
      if (kHasLine[mine] || (mine | s.cells[1 - s.side][b]) == kFull) {
        const State t = applied(s, m);
        return !t.over() && t.forced < 0;
      }
      return (finished >> c & 1) != 0;
    };
    std::size_t kept = 0;
    for (std::size_t i = 0; i < legal; ++i)
      if (!gives_free_move(out[i])) out[kept++] = out[i];
    if (kept == 0) return false;  // every move gives the free choice: keep them all
    out.resize(kept);
    return kept < legal;
  }

  // The expected result for the side to move.
  double value(const State& s, Rng& rng) {
    if (network) {
      if (winning_move(s) != 255) return 1.0;
      const double v = network->evaluate(s);
      if (!mixed) return v;
      const int w = playout(s, rng);
      return 0.5 * v + (w < 0 ? 0.25 : (w == s.side ? 0.5 : 0.0));
    }
    const int w = playout(s, rng);
    return w < 0 ? 0.5 : (w == s.side ? 1.0 : 0.0);
  }
};

struct EngineOptions {
  search::MctsOptions mcts = defaults();
  Policy policy = Policy::kWinAvoid;  // of the playouts (Leaf::kPlayout, kMixed)
  Leaf leaf = Leaf::kNetwork;
  std::shared_ptr<const Network> network;  // for the network's uses; empty: the embedded one
  int threads = 1;                         // > 1: root parallelism, one tree per thread
  // SearchGame's opening knowledge in the tree (negative: off), for both
  // sides or only where the root's opponent moves.
  int mirror_plies = -1;
  int free_move_plies = -1;
  bool knowledge_for_opponent = false;

  // The search settings of the default engine (bench/results/uttt.md),
  // chosen by matches against the strongest public bot: exploration 0.45
  // (self-play alone preferred 0.2, which loses far more often against it);
  // the network's value of every child computed when its parent is
  // expanded and used as a static value mixed 0.4 into the child's mean,
  // with an unvisited child worth that value + 0.4; that static value
  // replaced by the negamax of the static values below the child (the
  // negamax backup: 57% in self-play, and 58% against the bot where the
  // plain static value scored 43% from the same openings).
  static search::MctsOptions defaults() {
    search::MctsOptions o;
    o.exploration = 0.45;
    o.prior_mix = 0.4;
    o.first_play_bonus = 0.4;
    o.negamax = true;
    o.solver = true;
    o.max_tree_nodes = std::size_t{1} << 24;
    return o;
  }
  // The same search valuing leaves by informed playouts instead of the
  // network.
  static EngineOptions playouts() {
    EngineOptions e;
    e.leaf = Leaf::kPlayout;
    e.mcts.prior_mix = 0.0;
    return e;
  }
  // Plain UCT with uniformly random playouts and no solver (the engine
  // before the informed search), for matches against it.
  static EngineOptions plain_uct() {
    EngineOptions e;
    e.mcts = search::MctsOptions{};
    e.mcts.exploration = 1.1;
    e.mcts.solver = false;
    e.mcts.max_tree_nodes = std::size_t{1} << 21;
    e.policy = Policy::kRandom;
    e.leaf = Leaf::kPlayout;
    return e;
  }
};

class Engine {
 public:
  explicit Engine(const EngineOptions& options = {}, bool keep_tree = true) : options_(options) {
    const int n = std::max(1, options.threads);
    for (int i = 0; i < n; ++i) {
      auto w = std::make_unique<Worker>();
      w->game.policy = options.policy;
      w->game.mirror_plies = options.mirror_plies;
      w->game.free_move_plies = options.free_move_plies;
      const Network* net = options.network ? options.network.get() : &Network::embedded();
      if (options.leaf != Leaf::kPlayout) w->game.network = net;
      w->game.mixed = options.leaf == Leaf::kMixed;
      if (options.mcts.prior_weight > 0.0 || options.mcts.prior_mix > 0.0) w->game.prior_network = net;
      search::MctsOptions o = options.mcts;
      o.reuse = keep_tree;
      o.seed = options.mcts.seed + 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(i);
      w->mcts = std::make_unique<search::Mcts<SearchGame>>(w->game, o);
      workers_.push_back(std::move(w));
    }
  }

  // Forgets the kept trees (a new game).
  void clear() {
    for (auto& w : workers_) w->mcts->clear();
  }
  // Simulations the kept tree held when the last search started (thread 0).
  std::uint64_t reused_visits() const { return workers_[0]->mcts->reused_visits(); }
  // Whether a search of s would start from the kept trees.
  bool follows(const State& s) const { return workers_[0]->mcts->follows(s); }
  // Nodes the kept trees hold, over every thread.
  std::size_t tree_nodes() const {
    std::size_t n = 0;
    for (const auto& w : workers_) n += w->mcts->tree_size();
    return n;
  }
  // Gives back the memory that only the next reroot would use.
  void release_spare() {
    for (auto& w : workers_) w->mcts->release_spare();
  }

  // One search. With several threads, each runs to the same clock and
  // max_nodes is shared out among them (so the total is exact); the stop
  // callback is polled by the calling thread only, the others stop with it.
  search::Result<Move> move(const State& s, const search::Limits& limits, const search::StopFn& stop = {}) {
    for (auto& w : workers_) w->game.knowledge_side = options_.knowledge_for_opponent ? 1 - s.side : -1;
    if (workers_.size() == 1) return workers_[0]->mcts->run(s, limits, stop);
    const std::size_t n = workers_.size();
    std::atomic<bool> done{false};
    std::vector<search::Result<Move>> results(n);
    search::Limits shared = limits;
    if (!shared.deadline && shared.timed()) shared.deadline = search::Clock::now() + shared.time;
    auto limits_for = [&](std::size_t i) {
      search::Limits l = shared;
      if (limits.max_nodes) l.max_nodes = limits.max_nodes / n + (i < limits.max_nodes % n ? 1 : 0);
      return l;
    };
    std::vector<std::thread> helpers;
    for (std::size_t i = 1; i < n; ++i)
      helpers.emplace_back([&, i] {
        const search::StopFn helper_stop = [&done] { return done.load(std::memory_order_relaxed); };
        results[i] = workers_[i]->mcts->run(s, limits_for(i), helper_stop);
      });
    results[0] = workers_[0]->mcts->run(s, limits_for(0), stop);
    if (results[0].aborted) done = true;
    for (auto& t : helpers) t.join();
    return merge(results);
  }

 private:
  struct Worker {
    SearchGame game;
    std::unique_ptr<search::Mcts<SearchGame>> mcts;
  };

  // Sums the root statistics of every thread and picks as one search would.
  search::Result<Move> merge(std::vector<search::Result<Move>>& results) {
    search::Result<Move> out = results[0];
    out.nodes = 0;
    for (const auto& r : results) {
      out.nodes += r.nodes;
      out.depth = std::max(out.depth, r.depth);
      out.elapsed = std::max(out.elapsed, r.elapsed);
      if (r.proven != search::Proven::kUnknown && out.proven == search::Proven::kUnknown) {
        out.proven = r.proven;
        if (r.proven == search::Proven::kWin) out.move = r.move;
      }
    }
    if (out.proven == search::Proven::kWin || !out.move) return out;
    std::map<Move, search::RootStat<Move>> total;
    for (auto& w : workers_)
      for (const auto& st : w->mcts->root_stats()) {
        auto& t = total[st.move];
        t.move = st.move;
        t.visits += st.visits;
        t.score += st.score;
        if (st.proof != 0) t.proof = st.proof;
      }
    const search::RootStat<Move>* best = nullptr;
    for (const auto& [m, st] : total) {
      if (st.proof == -1) continue;
      if (!best || st.visits > best->visits) best = &st;
    }
    if (best) {
      out.move = best->move;
      const double mean = best->proof == 2 ? 0.5 : best->visits ? best->score / best->visits : 0.5;
      out.score = static_cast<int>(std::lround(1000.0 * (2.0 * mean - 1.0)));
    }
    return out;
  }

  EngineOptions options_;
  std::vector<std::unique_ptr<Worker>> workers_;
};

inline search::Result<Move> engine_move(const State& s, const search::Limits& limits,
                                        const search::StopFn& stop = {}, std::uint64_t seed = 0x5EED) {
  EngineOptions options;
  options.mcts.seed = seed;
  Engine engine(options, false);
  return engine.move(s, limits, stop);
}

}  // namespace tabula::uttt
