#pragma once
// What every search returns, whatever the algorithm.
#include <chrono>
#include <cstdint>
#include <optional>

namespace tabula::search {

// The game-theoretic value of the root for the side to move, when the
// search proved it.
enum class Proven : std::uint8_t { kUnknown, kWin, kLoss, kDraw };

template <class Move>
struct Result {
  std::optional<Move> move;  // empty when the side to move has no move
  // For the side to move at the root. Alpha-beta: the game's evaluation
  // units, beyond +-kDecisive a forced result (score.hpp). MCTS: the
  // expected result of the chosen move scaled to -1000..1000.
  int score = 0;
  int depth = 0;            // alpha-beta: deepest completed iteration; MCTS: deepest tree line
  std::uint64_t nodes = 0;  // alpha-beta: nodes visited; MCTS: simulations
  std::chrono::microseconds elapsed{0};
  Proven proven = Proven::kUnknown;
  bool aborted = false;  // the stop callback ended the search

  double seconds() const { return std::chrono::duration<double>(elapsed).count(); }
};

}  // namespace tabula::search
