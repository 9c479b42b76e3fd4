#pragma once
// Perft and uniformly random games.
#include <cstdint>
#include <optional>

#include "common/rng.hpp"
#include "uttt/state.hpp"

namespace tabula::uttt {

// Leaves of the legal move tree `depth` plies deep (finished games before
// that depth count nothing). The last ply is counted, not played.
std::uint64_t perft(const State& s, int depth);

// perft that asks stop() between subtrees of 4 plies (a few milliseconds
// each) and gives up, returning nothing, when it says so.
template <class StopFn>
std::optional<std::uint64_t> perft_checked(const State& s, int depth, StopFn& stop) {
  if (depth <= 4) return perft(s, depth);
  if (stop()) return std::nullopt;
  MoveList moves;
  generate_moves(s, moves);
  std::uint64_t total = 0;
  for (Move m : moves) {
    const auto sub = perft_checked(applied(s, m), depth - 1, stop);
    if (!sub) return std::nullopt;
    total += *sub;
  }
  return total;
}

// A uniformly random legal move; the game must not be over.
Move random_move(const State& s, Rng& rng);

// Plays uniformly random moves until the game ends; returns the outcome.
Outcome random_playout(State s, Rng& rng);

}  // namespace tabula::uttt
