#pragma once
// Random games, for tests and benchmarks (perft: search::perft over Rules).
#include <vector>

#include "common/rng.hpp"
#include "fourmation/state.hpp"

namespace tabula::fourmation {

// Plays uniformly random legal moves to the end; returns the final state
// and appends the cells played to `moves` when it is not null.
State random_playout(const State& s, Rng& rng, std::vector<int>* moves = nullptr);

}  // namespace tabula::fourmation
