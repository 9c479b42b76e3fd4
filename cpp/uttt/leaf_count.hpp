#pragma once
// Counting the leaves of the last two plies of perft without playing them.
#include <cstdint>

#include "uttt/state.hpp"

namespace tabula::uttt {

// Number of legal replies summed over every legal move of s: perft(s, 2).
std::uint64_t count_two_plies(const State& s);

}  // namespace tabula::uttt
