#pragma once
// Perft: the number of leaves of the legal move tree `depth` plies below a
// state, the standard cross-check of a move generator. One definition for
// every game: a finished game (a position without a legal move) before
// `depth` counts nothing, unless the game says that it counts as one leaf
// (kFinishedGameIsLeaf); a game may count the last plies faster than by
// playing them (count_leaves).
#include <cstdint>
#include <optional>
#include <vector>

#include "search/game.hpp"
#include "search/limits.hpp"

namespace tabula::search {

template <class G>
concept HasFinishedLeafRule = requires {
  { G::kFinishedGameIsLeaf } -> std::convertible_to<bool>;
};

template <Game G>
class Perft {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  explicit Perft(G& game) : game_(game) {}

  // Nothing when `stop` asked to give up; it is polled before every
  // subtree of at least kPollDepth plies.
  std::optional<std::uint64_t> run(const State& s, int depth, const StopFn& stop = {}) {
    stop_ = &stop;
    stopped_ = false;
    buffers_.resize(static_cast<std::size_t>(depth) + 1);
    const std::uint64_t n = count(s, depth);
    if (stopped_) return std::nullopt;
    return n;
  }

 private:
  static constexpr int kPollDepth = 3;

  std::uint64_t count(const State& s, int depth) {
    if (depth == 0) return 1;
    // The counter applies the finished-game rule itself.
    if constexpr (HasLeafCounter<G>) {
      if (depth <= G::kLeafCounterDepth) return game_.count_leaves(s, depth);
    }
    if (depth >= kPollDepth && *stop_ && (*stop_)()) stopped_ = true;
    if (stopped_) return 0;
    std::vector<Move>& moves = buffers_[depth];
    moves.clear();
    game_.moves(s, moves);
    if (moves.empty()) return finished_leaves();
    if (depth == 1) return moves.size();
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < moves.size() && !stopped_; ++i)
      total += count(game_.apply(s, moves[i]), depth - 1);
    return total;
  }

  // A position without a legal move is a finished game (in every game
  // here, a player who cannot move has lost, drawn or been skipped by the
  // rules already).
  static constexpr std::uint64_t finished_leaves() {
    if constexpr (HasFinishedLeafRule<G>) return G::kFinishedGameIsLeaf ? 1 : 0;
    return 0;
  }

  G& game_;
  const StopFn* stop_ = nullptr;
  bool stopped_ = false;
  std::vector<std::vector<Move>> buffers_;
};

template <Game G>
std::optional<std::uint64_t> perft(G& game, const typename G::State& s, int depth, const StopFn& stop = {}) {
  Perft<G> p(game);
  return p.run(s, depth, stop);
}

}  // namespace tabula::search
