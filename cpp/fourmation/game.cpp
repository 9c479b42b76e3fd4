#include "fourmation/game.hpp"

namespace tabula::fourmation {

void SearchGame::order(const State& s, std::vector<Move>& moves) {
  int cells[kMaxMoves];
  const int count = evaluator_.ordered_moves(s, cells, true);
  moves.clear();
  for (int i = 0; i < count; ++i) moves.push_back(cells[i]);
}

bool SearchGame::terminal(const State& s, int& score) {
  if (Rules::terminal(s, score)) return true;
  // Decided one or two plies ahead: scored as if decided here (the
  // distances of forced results may be off by up to two plies).
  switch (evaluator_.verdict(s)) {
    case Verdict::kWinNow:
      score = 1;
      return true;
    case Verdict::kLostNext:
      score = -1;
      return true;
    default:
      return false;
  }
}

int SearchGame::draw_score(const State& s) const {
  const int loss = kContempt - kDrawDistance * s.occupied().count();
  return s.side == contempt_side_ ? -loss : loss;
}

int SearchGame::max_plies(const State& s) const { return (geometry(s.n).board & ~s.occupied()).count(); }

}  // namespace tabula::fourmation
