#include "crosscut/search.hpp"

#include <algorithm>
#include <cstdlib>

#include "crosscut/evaluation.hpp"
#include "search/alphabeta.hpp"

namespace tabula::crosscut {

void Game::order(const State& s, std::vector<Move>& out) {
  const int h = s.height, w = s.width;
  auto rank = [&](Move m) {
    if (on_perimeter(h, w, m)) return -1;
    const int r = m / w, c = m % w;
    return std::abs(2 * r - (h - 1)) + std::abs(2 * c - (w - 1));
  };
  std::stable_sort(out.begin(), out.end(), [&](Move a, Move b) { return rank(a) < rank(b); });
}

bool Game::terminal(const State& s, int& score) {
  if (!s.over()) return false;
  score = s.winner == kDraw ? 0 : (s.winner == s.to_move ? 1 : -1);
  return true;
}

int Game::evaluate(const State& s) { return crosscut::evaluate(s); }

SearchResult best_move(const Position& p, const search::Limits& limits, const search::StopFn& stop,
                       unsigned log2_tt) {
  Game game;
  return search::alpha_beta(game, p, limits, stop, log2_tt);
}

}  // namespace tabula::crosscut
