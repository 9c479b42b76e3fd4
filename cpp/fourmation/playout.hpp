#pragma once
// Perft and random games, for tests and benchmarks.
#include <cstdint>
#include <vector>

#include "common/rng.hpp"
#include "fourmation/state.hpp"

namespace tabula::fourmation {

// Leaves of the legal move tree `depth` plies deep; a finished game is a
// leaf where it ends. `stop` (may be null) is polled; when it returns true
// the count is abandoned and 0 returned with *stopped set.
std::uint64_t perft(const State& s, int depth, bool (*stop)(void*) = nullptr, void* ctx = nullptr,
                    bool* stopped = nullptr);

// Plays uniformly random legal moves to the end; returns the final state
// and appends the cells played to `moves` when it is not null.
State random_playout(const State& s, Rng& rng, std::vector<int>* moves = nullptr);

}  // namespace tabula::fourmation
