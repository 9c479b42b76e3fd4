#pragma once
// Perft and uniformly random games, for tests and benchmarks.
#include <cstdint>
#include <vector>

#include "common/rng.hpp"
#include "crosscut/position.hpp"

namespace tabula::crosscut {

// Move sequences of exactly `depth` moves from `p` (finished games before
// `depth` count 0; depth 0 gives 1).
std::uint64_t perft(const Position& p, int depth);

// Plays uniformly random legal moves from `p` to the end. Returns the final
// position; `moves`, when given, receives the cells played.
Position random_game(Position p, Rng& rng, std::vector<std::uint8_t>* moves = nullptr);

}  // namespace tabula::crosscut
