#include "fourmation/playout.hpp"

namespace tabula::fourmation {

State random_playout(const State& start, Rng& rng, std::vector<int>* moves) {
  State s = start;
  int cells[kMaxMoves];
  for (;;) {
    const int count = legal_moves(s, cells);
    if (count == 0) return s;
    const int cell = cells[rng.below(static_cast<std::uint32_t>(count))];
    if (moves) moves->push_back(cell);
    s = apply(s, cell);
  }
}

}  // namespace tabula::fourmation
