#pragma once
// Iterative-deepening negamax alpha-beta with a transposition table, shared
// by every game. A game plugs in through a traits struct G:
//
//   using State = ...; using Move = ...;
//   static void moves(const State&, std::vector<Move>&);  // legal moves, best guess first
//   static State apply(const State&, const Move&);
//   static int side(const State&);                // who is to move (0 or 1)
//   static bool terminal(const State&, int& score);  // game over? score for the side
//                                                 // to move: +kWin won, -kWin lost, 0 draw
//   static int evaluate(const State&);            // heuristic for the side to move, |v| < kWin/2
//   static std::uint64_t hash(const State&);
//
// Optional: `static constexpr int kMoveKeys` and `static int move_key(const Move&)`
// enable the history heuristic for move ordering.
//
// Games where a turn may be skipped are supported: a child whose side to move
// is the parent's is searched without negation.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "common/deadline.hpp"
#include "search/transposition_table.hpp"

namespace tabula::search {

inline constexpr int kWin = 1'000'000;
inline constexpr int kInfinity = 2 * kWin;
inline constexpr int kMaxPly = 256;

// Scores beyond this are wins or losses found by search (ply-adjusted).
inline constexpr bool is_decisive(int score) { return std::abs(score) > kWin - 10 * kMaxPly; }

struct Limits {
  int max_depth = 64;
  std::chrono::milliseconds budget{1000};  // <= 0: no time limit
  std::uint64_t max_nodes = 0;             // 0: no node limit
};

template <class Move>
struct Result {
  bool has_move = false;
  Move best{};
  int score = 0;
  int depth = 0;  // deepest fully completed iteration
  std::uint64_t nodes = 0;
  bool aborted = false;  // the stop callback asked us to quit (e.g. a Prolog signal)
  double seconds = 0.0;
};

template <class G>
concept HasMoveKeys = requires(const typename G::Move& m) {
  { G::kMoveKeys } -> std::convertible_to<int>;
  { G::move_key(m) } -> std::convertible_to<int>;
};

template <class G, class StopFn>
class AlphaBeta {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  AlphaBeta(TranspositionTable& tt, StopFn stop) : tt_(tt), stop_(stop) {
    if constexpr (HasMoveKeys<G>) history_.assign(2 * G::kMoveKeys, 0);
    // Sized once: deeper plies must never reallocate a shallower ply's list.
    buffers_.resize(kMaxPly);
    permutations_.resize(kMaxPly);
  }

  Result<Move> run(const State& root, const Limits& limits) {
    Deadline deadline(limits.budget);
    deadline_ = &deadline;
    limits_ = limits;
    nodes_ = 0;
    stopped_ = aborted_ = false;
    tt_.new_search();

    Result<Move> result;
    std::vector<Move> root_moves;
    G::moves(root, root_moves);
    if (root_moves.empty()) return result;
    result.has_move = true;
    result.best = root_moves.front();

    std::vector<int> root_scores(root_moves.size(), -kInfinity);
    const int root_side = G::side(root);
    for (int depth = 1; depth <= limits.max_depth; ++depth) {
      int alpha = -kInfinity;
      const int beta = kInfinity;
      int best_index = -1;
      int best_score = -kInfinity;
      for (std::size_t i = 0; i < root_moves.size(); ++i) {
        const State child = G::apply(root, root_moves[i]);
        int score;
        if (G::side(child) == root_side)
          score = negamax(child, depth - 1, alpha, beta, 1);
        else if (i == 0)
          score = -negamax(child, depth - 1, -beta, -alpha, 1);
        else {
          score = -negamax(child, depth - 1, -alpha - 1, -alpha, 1);
          if (!stopped_ && score > alpha) score = -negamax(child, depth - 1, -beta, -alpha, 1);
        }
        if (stopped_) break;
        root_scores[i] = score;
        if (score > best_score) {
          best_score = score;
          best_index = static_cast<int>(i);
        }
        alpha = std::max(alpha, score);
      }
      // A partial iteration still improves on the last one: its first move is
      // the previous best, and any move found better was searched in full.
      if (best_index >= 0) {
        result.best = root_moves[best_index];
        result.score = best_score;
      }
      if (stopped_) break;
      result.depth = depth;
      // Best first for the next iteration; stable so ties keep the game's order.
      std::vector<std::size_t> order(root_moves.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return root_scores[a] > root_scores[b]; });
      std::vector<Move> sorted_moves;
      std::vector<int> sorted_scores;
      for (std::size_t i : order) {
        sorted_moves.push_back(root_moves[i]);
        sorted_scores.push_back(root_scores[i]);
      }
      root_moves.swap(sorted_moves);
      root_scores.swap(sorted_scores);
      if (is_decisive(best_score)) break;         // a forced result is known
      if (deadline.used_fraction() > 0.5) break;  // the next iteration would not finish
    }
    result.nodes = nodes_;
    result.aborted = aborted_;
    result.seconds = deadline.elapsed_seconds();
    return result;
  }

 private:
  bool out_of_time() {
    if ((++nodes_ & 1023) != 0) return stopped_;
    if (stop_())
      stopped_ = aborted_ = true;
    else if (deadline_->expired())
      stopped_ = true;
    else if (limits_.max_nodes && nodes_ >= limits_.max_nodes)
      stopped_ = true;
    return stopped_;
  }

  // Mate scores are stored relative to the node so they stay valid at any ply.
  static int to_tt(int score, int ply) {
    return score > kWin - 10 * kMaxPly ? score + ply : score < -kWin + 10 * kMaxPly ? score - ply : score;
  }
  static int from_tt(int score, int ply) {
    return score > kWin - 10 * kMaxPly ? score - ply : score < -kWin + 10 * kMaxPly ? score + ply : score;
  }

  int negamax(const State& s, int depth, int alpha, int beta, int ply) {
    if (out_of_time()) return 0;
    int terminal_score;
    if (G::terminal(s, terminal_score)) {
      if (terminal_score > 0) return kWin - ply;
      if (terminal_score < 0) return -kWin + ply;
      return 0;
    }
    if (depth <= 0 || ply >= kMaxPly - 1) return G::evaluate(s);

    const std::uint64_t key = G::hash(s);
    unsigned tt_move = 0;
    if (const TTEntry* e = tt_.probe(key)) {
      tt_move = e->move_index;
      if (e->depth >= depth) {
        const int score = from_tt(e->score, ply);
        if (e->bound == Bound::kExact) return score;
        if (e->bound == Bound::kLower && score >= beta) return score;
        if (e->bound == Bound::kUpper && score <= alpha) return score;
      }
    }

    std::vector<Move>& moves = buffers_[ply];
    std::vector<std::uint16_t>& original_index = permutations_[ply];
    moves.clear();
    G::moves(s, moves);
    if (moves.empty()) return G::evaluate(s);
    order_moves(s, moves, original_index, tt_move);

    const int side = G::side(s);
    const int alpha0 = alpha;
    int best = -kInfinity;
    std::size_t best_index = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      // apply() may reuse buffers_ deeper down, so copy the move first.
      const Move m = moves[i];
      const State child = G::apply(s, m);
      int score;
      if (G::side(child) == side)
        score = negamax(child, depth - 1, alpha, beta, ply + 1);
      else if (i == 0)
        score = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      else {
        score = -negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
        if (!stopped_ && score > alpha && score < beta)
          score = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      }
      if (stopped_) return 0;
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
    // The TT keeps indices into the game's own move order, which
    // order_moves permuted.
    tt_.store(key, depth, to_tt(best, ply), bound, original_index[best_index]);
    return best;
  }

  void order_moves(const State& s, std::vector<Move>& moves, std::vector<std::uint16_t>& original_index,
                   unsigned tt_move) {
    original_index.resize(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) original_index[i] = static_cast<std::uint16_t>(i);
    if constexpr (HasMoveKeys<G>) {
      const int side = G::side(s);
      std::vector<std::pair<int, std::size_t>> keyed(moves.size());
      for (std::size_t i = 0; i < moves.size(); ++i) {
        int score = history_[side * G::kMoveKeys + G::move_key(moves[i])];
        if (i == tt_move) score = 1 << 30;
        keyed[i] = {score, i};
      }
      std::stable_sort(keyed.begin(), keyed.end(),
                       [](const auto& a, const auto& b) { return a.first > b.first; });
      std::vector<Move> sorted;
      sorted.reserve(moves.size());
      for (std::size_t k = 0; k < keyed.size(); ++k) {
        sorted.push_back(moves[keyed[k].second]);
        original_index[k] = static_cast<std::uint16_t>(keyed[k].second);
      }
      moves.swap(sorted);
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
      int& h = history_[side * G::kMoveKeys + G::move_key(m)];
      h = std::min(h + depth * depth, 1 << 20);
    } else {
      (void)side, (void)m, (void)depth;
    }
  }

  TranspositionTable& tt_;
  StopFn stop_;
  const Deadline* deadline_ = nullptr;
  Limits limits_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  bool aborted_ = false;
  std::vector<std::vector<Move>> buffers_;
  std::vector<int> history_;
  std::vector<std::vector<std::uint16_t>> permutations_;
};

// Convenience: one search with a fresh table of 2^log2_tt entries.
template <class G, class StopFn>
Result<typename G::Move> best_move(const typename G::State& root, const Limits& limits, StopFn stop,
                                   unsigned log2_tt = 20) {
  TranspositionTable tt(log2_tt);
  AlphaBeta<G, StopFn> engine(tt, stop);
  return engine.run(root, limits);
}

}  // namespace tabula::search
