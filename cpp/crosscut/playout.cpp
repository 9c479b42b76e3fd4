#include "crosscut/playout.hpp"

namespace tabula::crosscut {

Position random_game(Position p, Rng& rng, std::vector<std::uint8_t>* moves) {
  MoveList legal;
  while (!p.over()) {
    legal_moves(p, legal);
    if (legal.empty()) break;  // only for a position given with a stale winner field
    const std::uint8_t m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    if (moves) moves->push_back(m);
    p = apply(p, m);
  }
  return p;
}

}  // namespace tabula::crosscut
