#pragma once
// The engine: the shared alpha-beta (search::AlphaBeta) over the distinct
// outcomes of each position, with the transposition table keyed by the
// mirror-symmetric hash. One node may cost milliseconds (thousands of
// outcomes), so callers poll the clock at every node (Limits::poll_every 1).
#include <cstdint>
#include <vector>

#include "futlog/outcomes.hpp"
#include "search/limits.hpp"
#include "search/result.hpp"

namespace tabula::futlog {

// Nodes between two looks at the clock and the stop callback: every node,
// since one may cost milliseconds.
inline constexpr std::uint32_t kPollEvery = 1;

// Futlog as the shared searches see it (search/game.hpp). Holds the
// outcome generator's tables, so one object serves one search at a time.
class Game {
 public:
  using State = futlog::State;
  using Move = Outcome;

  // The next iteration, several times as wide, would rarely finish.
  static constexpr double kNextIterationShare = 0.4;

  void moves(const State& s, std::vector<Move>& out) { generator_.generate(s, out); }
  // Children that end the game for the mover first, then by the static
  // evaluation of the child.
  void order(const State& s, std::vector<Move>& moves);
  State apply(const State& s, const Move& m) { return futlog::apply(s, m); }
  int side(const State& s) { return s.turn; }
  bool terminal(const State& s, int& score);
  int evaluate(const State& s);
  std::uint64_t hash(const State& s);
  // At the horizon the side to move still gets its immediate wins (a goal,
  // or leaving the opponent without a step): in dense positions a long
  // bounce chain is the usual way games end, and a static score misses it.
  int horizon(const State& s, int ply);
  // Late moves are first searched shallower: with hundreds of outcomes per
  // node this is what lets the search see a few moves further.
  int reduction(std::size_t index, int depth) const {
    return (index >= 3 && depth >= 2) ? 1 + (index >= 16 && depth >= 4) : 0;
  }
  // One generation can visit hundreds of thousands of positions (tens of
  // milliseconds): it looks at the search's limits as it goes.
  void watch(search::Budget* budget) {
    if (budget)
      generator_.set_interrupt([budget] { return budget->check(); });
    else
      generator_.set_interrupt({});
  }

 private:
  OutcomeGenerator generator_;
  std::vector<Move> scratch_;
  std::vector<std::pair<int, std::size_t>> keyed_;
  std::vector<Move> sorted_;
};

using SearchResult = search::Result<Outcome>;

// One search from s with a fresh engine (table of 2^log2_tt entries);
// path_of (outcomes.hpp) gives a path that plays the chosen outcome.
SearchResult best_move(const State& s, const search::Limits& limits, const search::StopFn& stop = {},
                       unsigned log2_tt = 18);

}  // namespace tabula::futlog
