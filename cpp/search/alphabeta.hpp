#pragma once
// Iterative-deepening negamax alpha-beta (principal variation search) with a
// transposition table, shared by every game that searches by alpha-beta.
// The game is an object meeting EvaluatedGame (game.hpp); its optional hooks
// add the history heuristic, a horizon step and late-move reductions.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "search/game.hpp"
#include "search/limits.hpp"
#include "search/result.hpp"
#include "search/score.hpp"
#include "search/transposition_table.hpp"

namespace tabula::search {

// How many plies at most a game can still last from a state (optional):
// an iteration that deep ends only in terminal positions, so its value is
// exact and a non-decisive score is a proven draw.
template <class G>
concept HasLengthBound = requires(G& g, const typename G::State& s) {
  { g.max_plies(s) } -> std::convertible_to<int>;
};

// The share of the time budget after which no new iteration starts
// (optional, default one half): the next iteration would not finish.
template <class G>
concept HasIterationShare = requires {
  { G::kNextIterationShare } -> std::convertible_to<double>;
};

// Whether the first iteration runs to its end past the deadline (optional,
// default true). A move chosen before every root move was searched once
// may miss a win at once, which a slow start (a loaded machine, a
// sanitizer build) must not cause. The node cap and the stop callback
// still cut it. A game whose first iteration can cost far more than a
// budget sets it false.
template <class G>
concept HasFirstIterationRule = requires {
  { G::kFirstIterationHeld } -> std::convertible_to<bool>;
};

template <EvaluatedGame G>
class AlphaBeta {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  // Both are the caller's: a game object carries the game's parameters and
  // caches, the table may be reused by later searches of the same caller.
  AlphaBeta(G& game, TranspositionTable& tt) : game_(game), tt_(tt) {
    if constexpr (HasMoveKeys<G>) history_.assign(2 * G::kMoveKeys, 0);
    // Sized once: deeper plies must never reallocate a shallower ply's list.
    buffers_.resize(kMaxPly);
    permutations_.resize(kMaxPly);
  }

  Result<Move> run(const State& root, const Limits& limits, const StopFn& stop = {}) {
    Budget budget(limits, stop);
    budget_ = &budget;
    if constexpr (WatchesBudget<G>) game_.watch(&budget);
    tt_.new_search();

    Result<Move> result;
    std::vector<Move> root_moves;
    generate(root, root_moves);
    if (root_moves.empty()) return finish(result, budget);
    result.move = root_moves.front();

    int max_depth = limits.max_depth > 0 ? std::min(limits.max_depth, kMaxPly - 2) : kMaxPly - 2;
    int length_bound = kMaxPly;
    if constexpr (HasLengthBound<G>) {
      length_bound = std::max(1, game_.max_plies(root));
      max_depth = std::min(max_depth, length_bound);
    }
    double next_iteration_share = 0.5;
    if constexpr (HasIterationShare<G>) next_iteration_share = G::kNextIterationShare;
    bool hold_first_iteration = true;
    if constexpr (HasFirstIterationRule<G>) hold_first_iteration = G::kFirstIterationHeld;

    std::vector<int> root_scores(root_moves.size(), -kInfinity);
    const int root_side = game_.side(root);
    for (int depth = 1; depth <= max_depth; ++depth) {
      int alpha = -kInfinity;
      const int beta = kInfinity;
      int best_index = -1;
      int best_score = -kInfinity;
      std::fill(root_scores.begin(), root_scores.end(), -kInfinity);
      budget.hold_deadline(hold_first_iteration && depth == 1);
      for (std::size_t i = 0; i < root_moves.size(); ++i) {
        const State child = game_.apply(root, root_moves[i]);
        int score;
        if (game_.side(child) == root_side)
          score = negamax(child, depth - 1, alpha, beta, 1);
        else if (i == 0)
          score = -negamax(child, depth - 1, -beta, -alpha, 1);
        else {
          score = -negamax(child, depth - 1, -alpha - 1, -alpha, 1);
          if (!budget.stopped() && score > alpha) score = -negamax(child, depth - 1, -beta, -alpha, 1);
        }
        if (budget.stopped()) break;
        root_scores[i] = score;
        if (score > best_score) {
          best_score = score;
          best_index = static_cast<int>(i);
        }
        alpha = std::max(alpha, score);
      }
      budget.hold_deadline(false);
      // A partial iteration still improves on the last one: its first move is
      // the previous best, and any move found better was searched in full.
      if (best_index >= 0) {
        result.move = root_moves[best_index];
        result.score = best_score;
        // A forced win is proven even by a partial iteration (that move was
        // searched in full); a forced loss only by a complete one.
        result.proven = best_score > kDecisive ? Proven::kWin : Proven::kUnknown;
      }
      if (budget.stopped()) break;
      result.depth = depth;
      if (best_score < -kDecisive)
        result.proven = Proven::kLoss;
      else if (!is_decisive(best_score) && depth >= length_bound)
        result.proven = Proven::kDraw;
      sort_root(root_moves, root_scores);
      if (is_decisive(best_score)) break;  // a forced result is known
      if (budget.used_fraction() > next_iteration_share) break;
    }
    return finish(result, budget);
  }

 private:
  Result<Move> finish(Result<Move>& result, const Budget& budget) {
    result.nodes = budget.nodes();
    result.aborted = budget.aborted();
    result.elapsed = budget.elapsed();
    budget_ = nullptr;
    if constexpr (WatchesBudget<G>) game_.watch(nullptr);
    return result;
  }

  // Best first for the next iteration; stable, so ties keep the game's order.
  static void sort_root(std::vector<Move>& moves, std::vector<int>& scores) {
    std::vector<std::size_t> order(moves.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
    std::vector<Move> sorted_moves;
    std::vector<int> sorted_scores;
    sorted_moves.reserve(moves.size());
    sorted_scores.reserve(moves.size());
    for (std::size_t i : order) {
      sorted_moves.push_back(moves[i]);
      sorted_scores.push_back(scores[i]);
    }
    moves.swap(sorted_moves);
    scores.swap(sorted_scores);
  }

  void generate(const State& s, std::vector<Move>& moves) {
    game_.moves(s, moves);
    if constexpr (HasOrdering<G>) game_.order(s, moves);
  }

  int leaf_value(const State& s, int ply) {
    if constexpr (HasHorizon<G>)
      return game_.horizon(s, ply);
    else
      return game_.evaluate(s);
  }

  int negamax(const State& s, int depth, int alpha, int beta, int ply) {
    if (budget_->tick()) return 0;
    int terminal_score;
    if (game_.terminal(s, terminal_score)) {
      if (terminal_score > 0) return kWin - ply;
      if (terminal_score < 0) return -kWin + ply;
      if constexpr (HasDrawScore<G>) return game_.draw_score(s);
      return 0;
    }
    if (ply >= kMaxPly - 1) return game_.evaluate(s);
    if (depth <= 0) return leaf_value(s, ply);

    const std::uint64_t key = game_.hash(s);
    // Without a table move the game's own first guess leads.
    unsigned tt_move = 0;
    if (const TTEntry* e = tt_.probe(key)) {
      tt_move = e->move_index;
      if (e->depth >= depth) {
        const int score = score_from_table(e->score, ply);
        if (e->bound == Bound::kExact) return score;
        if (e->bound == Bound::kLower && score >= beta) return score;
        if (e->bound == Bound::kUpper && score <= alpha) return score;
      }
    }

    std::vector<Move>& moves = buffers_[ply];
    std::vector<std::uint16_t>& original_index = permutations_[ply];
    moves.clear();
    generate(s, moves);
    if (moves.empty()) return game_.evaluate(s);
    order_moves(s, moves, original_index, tt_move);

    const int side = game_.side(s);
    const int alpha0 = alpha;
    int best = -kInfinity;
    std::size_t best_index = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      // apply() may reuse buffers_ deeper down, so copy the move first.
      const Move m = moves[i];
      const State child = game_.apply(s, m);
      int score;
      if (game_.side(child) == side) {
        score = negamax(child, depth - 1, alpha, beta, ply + 1);
      } else if (i == 0) {
        score = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      } else {
        score = alpha + 1;
        // A late move is first searched shallower; one that then looks
        // better than the best so far is searched again at full depth.
        if constexpr (HasReductions<G>) {
          const int r = game_.reduction(i, depth);
          if (r > 0) score = -negamax(child, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
        }
        if (!budget_->stopped() && score > alpha)
          score = -negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
        if (!budget_->stopped() && score > alpha && score < beta)
          score = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      }
      if (budget_->stopped()) return 0;
      if (score > best) {
        best = score;
        best_index = i;
      }
      if (score > alpha) alpha = score;
      if (alpha >= beta) {
        reward(side, m, depth);
        break;
      }
    }
    const Bound bound = best <= alpha0 ? Bound::kUpper : best >= beta ? Bound::kLower : Bound::kExact;
    // The table keeps indices into the game's own move order, which
    // order_moves permuted.
    tt_.store(key, depth, score_to_table(best, ply), bound, original_index[best_index]);
    return best;
  }

  void order_moves(const State& s, std::vector<Move>& moves, std::vector<std::uint16_t>& original_index,
                   unsigned tt_move) {
    original_index.resize(moves.size());
    std::iota(original_index.begin(), original_index.end(), std::uint16_t{0});
    if constexpr (HasMoveKeys<G>) {
      const int side = game_.side(s);
      keyed_.resize(moves.size());
      for (std::size_t i = 0; i < moves.size(); ++i) {
        int score = history_[side * G::kMoveKeys + game_.move_key(moves[i])];
        if (i == tt_move) score = 1 << 30;
        keyed_[i] = {score, i};
      }
      std::stable_sort(keyed_.begin(), keyed_.end(),
                       [](const auto& a, const auto& b) { return a.first > b.first; });
      sorted_.clear();
      for (std::size_t k = 0; k < keyed_.size(); ++k) {
        sorted_.push_back(moves[keyed_[k].second]);
        original_index[k] = static_cast<std::uint16_t>(keyed_[k].second);
      }
      moves.swap(sorted_);
    } else {
      (void)s;
      if (tt_move > 0 && tt_move < moves.size()) {
        std::rotate(moves.begin(), moves.begin() + tt_move, moves.begin() + tt_move + 1);
        std::rotate(original_index.begin(), original_index.begin() + tt_move,
                    original_index.begin() + tt_move + 1);
      }
    }
  }

  void reward(int side, const Move& m, int depth) {
    if constexpr (HasMoveKeys<G>) {
      int& h = history_[side * G::kMoveKeys + game_.move_key(m)];
      h = std::min(h + depth * depth, 1 << 20);
    } else {
      (void)side, (void)m, (void)depth;
    }
  }

  G& game_;
  TranspositionTable& tt_;
  Budget* budget_ = nullptr;
  std::vector<std::vector<Move>> buffers_;
  std::vector<std::vector<std::uint16_t>> permutations_;
  std::vector<int> history_;
  std::vector<std::pair<int, std::size_t>> keyed_;
  std::vector<Move> sorted_;
};

// One search with a fresh table of 2^log2_entries entries.
template <EvaluatedGame G>
Result<typename G::Move> alpha_beta(G& game, const typename G::State& root, const Limits& limits,
                                    const StopFn& stop = {}, unsigned log2_entries = 20) {
  TranspositionTable tt(log2_entries);
  AlphaBeta<G> search(game, tt);
  return search.run(root, limits, stop);
}

}  // namespace tabula::search
