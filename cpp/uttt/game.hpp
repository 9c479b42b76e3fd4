#pragma once
// UTTT as the shared searches see it (search/game.hpp): rules, random
// playouts for MCTS, and a perft leaf counter that counts the last two
// plies without playing them.
#include <cstdint>
#include <vector>

#include "common/rng.hpp"
#include "uttt/leaf_count.hpp"
#include "uttt/playout.hpp"
#include "uttt/state.hpp"

namespace tabula::uttt {

struct Game {
  using State = uttt::State;
  using Move = uttt::Move;

  static constexpr int kLeafCounterDepth = 2;

  void moves(const State& s, std::vector<Move>& out) {
    MoveList list;
    generate_moves(s, list);
    out.assign(list.begin(), list.end());
  }
  State apply(const State& s, const Move& m) { return applied(s, m); }
  int side(const State& s) { return s.side; }
  bool terminal(const State& s, int& score) {
    switch (s.outcome) {
      case Outcome::kOngoing:
        return false;
      case Outcome::kDraw:
        score = 0;
        return true;
      default:
        // The player who just moved won.
        score = -1;
        return true;
    }
  }
  int playout(const State& s, Rng& rng) {
    switch (random_playout(s, rng)) {
      case Outcome::kXWins:
        return kX;
      case Outcome::kOWins:
        return kO;
      default:
        return -1;
    }
  }
  std::uint64_t count_leaves(const State& s, int depth) {
    return depth <= 1 ? count_moves(s) : count_two_plies(s);
  }
};

// The same rules with perft counting only the last ply without playing it,
// as perft is usually reported.
struct LastPlyGame : Game {
  static constexpr int kLeafCounterDepth = 1;
};

}  // namespace tabula::uttt
