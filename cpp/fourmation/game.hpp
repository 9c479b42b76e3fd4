#pragma once
// 4Mation as the shared searches see it (search/game.hpp): the rules
// alone (for perft), and the rules with the search's knowledge (for
// alpha-beta).
#include <cstdint>
#include <vector>

#include "fourmation/evaluation.hpp"
#include "fourmation/state.hpp"

namespace tabula::fourmation {

// The rules: a game is over when someone has four or the mover is stuck
// (a draw). Perft counts a finished game as a leaf where it ends.
struct Rules {
  using State = fourmation::State;
  using Move = int;  // a cell (cell_of)
  static constexpr bool kFinishedGameIsLeaf = true;
  static constexpr int kLeafCounterDepth = 1;

  void moves(const State& s, std::vector<Move>& out) {
    out.clear();
    for (Bits b = legal_mask(s); b.any(); b.pop_lowest()) out.push_back(b.lowest());
  }
  State apply(const State& s, const Move& m) { return fourmation::apply(s, m); }
  int side(const State& s) { return s.side; }
  // perft one ply deep: the legal cells, counted without playing them (a
  // finished game is one leaf).
  std::uint64_t count_leaves(const State& s, int) {
    if (s.winner >= 0) return 1;
    const int n = legal_mask(s).count();
    return n ? n : 1;
  }
  bool terminal(const State& s, int& score) {
    if (s.winner >= 0) {
      score = s.winner == s.side ? 1 : -1;
      return true;
    }
    if (legal_mask(s).none()) {
      score = 0;
      return true;
    }
    return false;
  }
};

// The rules with the search's knowledge: results decided one or two plies
// ahead count as decided here, losing cells are left out of the move
// order when a safe one exists, and draws are scored with contempt on
// behalf of `contempt_side`, so that the search keeps playing for a win.
class SearchGame : public Rules {
 public:
  // A draw scores kContempt below even, less kDrawDistance per cube on the
  // board: of two draws the later one is less bad, as it leaves the
  // opponent more moves in which to go wrong. It never scores as a gain.
  static constexpr int kContempt = 2000;
  static constexpr int kDrawDistance = 8;
  static_assert(kContempt > kDrawDistance * kMaxMoves);

  explicit SearchGame(int contempt_side) : contempt_side_(contempt_side) {}

  void order(const State& s, std::vector<Move>& moves);
  bool terminal(const State& s, int& score);
  int draw_score(const State& s) const;
  int evaluate(const State& s) { return evaluator_.evaluate(s); }
  // The contempt side is part of the key: draw scores depend on it.
  std::uint64_t hash(const State& s) const {
    return contempt_side_ == kWhite ? s.hash : s.hash ^ kContemptSideKey;
  }
  // The game cannot last longer than the empty cells.
  int max_plies(const State& s) const;

 private:
  static constexpr std::uint64_t kContemptSideKey = 0x9E6C63D0676A9A99ull;
  int contempt_side_;
  Evaluator evaluator_;
};

}  // namespace tabula::fourmation
