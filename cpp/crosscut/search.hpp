#pragma once
// The engine: the shared iterative-deepening alpha-beta (search::AlphaBeta)
// over CrossCut positions.
#include <cstdint>
#include <vector>

#include "crosscut/position.hpp"
#include "search/limits.hpp"
#include "search/result.hpp"

namespace tabula::crosscut {

// Nodes between two looks at the clock and the stop callback (a node
// costs about a microsecond).
inline constexpr std::uint32_t kPollEvery = 1024;

// CrossCut as the shared searches see it (search/game.hpp).
struct Game {
  using State = Position;
  using Move = std::uint8_t;
  static constexpr int kMoveKeys = kMaxCells;

  void moves(const State& s, std::vector<Move>& out) { legal_moves(s, out); }
  // Perimeter squares first (they always flip), then the squares nearest
  // the centre.
  void order(const State& s, std::vector<Move>& moves);
  State apply(const State& s, const Move& m) { return crosscut::apply(s, m); }
  int side(const State& s) { return s.to_move; }
  bool terminal(const State& s, int& score);
  int evaluate(const State& s);
  std::uint64_t hash(const State& s) { return crosscut::hash(s); }
  int move_key(const Move& m) { return m; }
};

using SearchResult = search::Result<std::uint8_t>;

// Best move for the side to move of a running game, with a fresh table of
// 2^log2_tt entries.
SearchResult best_move(const Position& p, const search::Limits& limits, const search::StopFn& stop = {},
                       unsigned log2_tt = 18);

}  // namespace tabula::crosscut
