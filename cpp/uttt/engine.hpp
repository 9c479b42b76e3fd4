#pragma once
// The UTTT engine's move choice: Monte-Carlo tree search with random
// playouts, which suits a game whose tactics are long-range.
#include <chrono>
#include <cstdint>
#include <vector>

#include "search/mcts.hpp"
#include "uttt/playout.hpp"
#include "uttt/state.hpp"

namespace tabula::uttt {

struct MctsTraits {
  using State = uttt::State;
  using Move = uttt::Move;
  static void moves(const State& s, std::vector<Move>& out) {
    MoveList list;
    generate_moves(s, list);
    out.assign(list.begin(), list.end());
  }
  static State apply(const State& s, const Move& m) { return applied(s, m); }
  static int side(const State& s) { return s.side; }
  static int winner(const State& s) {
    switch (s.outcome) {
      case Outcome::kOngoing:
        return -2;
      case Outcome::kDraw:
        return -1;
      case Outcome::kXWins:
        return kX;
      case Outcome::kOWins:
        return kO;
    }
    return -1;
  }
  static int playout(const State& s, Rng& rng) {
    State end = s;
    end.outcome = random_playout(s, rng);
    return winner(end);
  }
};

template <class StopFn>
search::MctsResult<Move> engine_move(const State& s, const search::MctsLimits& limits, StopFn stop) {
  return search::mcts<MctsTraits>(s, limits, stop);
}

}  // namespace tabula::uttt
