#pragma once
// Uniformly random moves and games.
#include <cstdint>

#include "common/rng.hpp"
#include "uttt/state.hpp"

namespace tabula::uttt {

// A uniformly random legal move; the game must not be over.
Move random_move(const State& s, Rng& rng);

// Plays uniformly random moves until the game ends; returns the outcome.
Outcome random_playout(State s, Rng& rng);

}  // namespace tabula::uttt
