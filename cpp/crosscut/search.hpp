#pragma once
// The engine: iterative-deepening alpha-beta (search::AlphaBeta) with a
// transposition table over CrossCut positions.
#include <cstdint>
#include <functional>

#include "crosscut/position.hpp"
#include "search/alphabeta.hpp"

namespace tabula::crosscut {

struct Traits {
  using State = Position;
  using Move = std::uint8_t;
  static constexpr int kMoveKeys = kMaxCells;
  static void moves(const State& s, std::vector<Move>& out);
  static State apply(const State& s, const Move& m) { return crosscut::apply(s, m); }
  static int side(const State& s) { return s.to_move; }
  static bool terminal(const State& s, int& score);
  static int evaluate(const State& s);
  static std::uint64_t hash(const State& s) { return crosscut::hash(s); }
  static int move_key(const Move& m) { return m; }
};

using SearchResult = search::Result<std::uint8_t>;

// Best move for the side to move of a running game. `stop` is polled during
// the search (e.g. for Prolog signals); a fresh table of 2^log2_tt entries
// is used for each call.
SearchResult best_move(const Position& p, const search::Limits& limits, const std::function<bool()>& stop,
                       unsigned log2_tt = 18);

}  // namespace tabula::crosscut
