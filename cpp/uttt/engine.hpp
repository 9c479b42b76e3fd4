#pragma once
// The UTTT engine's move choice: Monte-Carlo tree search with random
// playouts, which suits a game whose tactics are long-range.
#include <cstdint>

#include "search/limits.hpp"
#include "search/mcts.hpp"
#include "search/result.hpp"
#include "uttt/game.hpp"

namespace tabula::uttt {

// Simulations between two looks at the clock and the stop callback (one
// simulation is a few microseconds).
inline constexpr std::uint32_t kPollEvery = 256;

inline search::Result<Move> engine_move(const State& s, const search::Limits& limits,
                                        const search::StopFn& stop = {}, std::uint64_t seed = 0x5EED) {
  Game game;
  search::MctsOptions options;
  options.seed = seed;
  search::Mcts<Game> mcts(game, options);
  return mcts.run(s, limits, stop);
}

}  // namespace tabula::uttt
