#pragma once
// Uniformly random games, for tests and benchmarks (perft: search::perft over Game).
#include <cstdint>
#include <vector>

#include "common/rng.hpp"
#include "crosscut/position.hpp"

namespace tabula::crosscut {

// Plays uniformly random legal moves from `p` to the end. Returns the final
// position; `moves`, when given, receives the cells played.
Position random_game(Position p, Rng& rng, std::vector<std::uint8_t>* moves = nullptr);

}  // namespace tabula::crosscut
