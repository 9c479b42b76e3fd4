#include "crosscut/playout.hpp"

namespace tabula::crosscut {

std::uint64_t perft(const Position& p, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  legal_moves(p, moves);
  if (depth == 1) return moves.size();
  std::uint64_t leaves = 0;
  for (std::uint8_t m : moves) leaves += perft(apply(p, m), depth - 1);
  return leaves;
}

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
