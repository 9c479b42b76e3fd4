#include "crosscut/search.hpp"

#include <algorithm>
#include <cstdlib>

#include "crosscut/evaluation.hpp"

namespace tabula::crosscut {

void Traits::moves(const State& s, std::vector<Move>& out) {
  legal_moves(s, out);
  // Perimeter placements always flip: try them first, then the squares
  // nearest the centre.
  const int h = s.height, w = s.width;
  auto rank = [&](Move m) {
    if (on_perimeter(h, w, m)) return -1;
    const int r = m / w, c = m % w;
    return std::abs(2 * r - (h - 1)) + std::abs(2 * c - (w - 1));
  };
  std::stable_sort(out.begin(), out.end(), [&](Move a, Move b) { return rank(a) < rank(b); });
}

bool Traits::terminal(const State& s, int& score) {
  if (!s.over()) return false;
  score = s.winner == kDraw ? 0 : (s.winner == s.to_move ? 1 : -1);
  return true;
}

int Traits::evaluate(const State& s) { return crosscut::evaluate(s); }

SearchResult best_move(const Position& p, const search::Limits& limits, const std::function<bool()>& stop,
                       unsigned log2_tt) {
  return search::best_move<Traits>(p, limits, stop, log2_tt);
}

}  // namespace tabula::crosscut
