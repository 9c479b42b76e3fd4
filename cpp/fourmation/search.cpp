#include "fourmation/search.hpp"

#include <algorithm>

#include "fourmation/game.hpp"
#include "fourmation/mistakes.hpp"
#include "search/alphabeta.hpp"

namespace tabula::fourmation {

namespace {

// With mistake seeking, the minimax search gets this share of the budget.
constexpr int kMinimaxShareDivisor = 3;

}  // namespace

SearchResult minimax_search(const State& s, const search::Limits& limits, search::TranspositionTable& tt,
                            const search::StopFn& stop, int contempt_side) {
  SearchGame game(contempt_side);
  search::AlphaBeta<SearchGame> engine(game, tt);
  return engine.run(s, limits, stop);
}

SearchResult search(const State& s, const search::Limits& limits, bool seek_mistakes,
                    search::TranspositionTable& tt, const search::StopFn& stop, bool* departed) {
  if (departed) *departed = false;
  if (!seek_mistakes) return minimax_search(s, limits, tt, stop, s.side);
  const auto start = search::Clock::now();
  std::optional<search::Clock::time_point> deadline = limits.deadline;
  if (!deadline && limits.time.count() > 0) deadline = start + limits.time;
  search::Limits minimax_limits = limits;
  if (deadline) {
    minimax_limits.deadline.reset();
    const auto total = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - start);
    minimax_limits.time = std::max(std::chrono::milliseconds(1), total / kMinimaxShareDivisor);
  }
  SearchResult out = minimax_search(s, minimax_limits, tt, stop, s.side);
  // A forced result needs no help from the opponent; a lost search has none.
  if (!out.move || out.aborted || search::is_decisive(out.score)) return out;
  const MistakeSeeking seeking =
      fourmation::seek_mistakes(s, *out.move, out.nodes, deadline, tt, stop, limits.poll_every);
  out.nodes += seeking.nodes;
  out.aborted = seeking.aborted;
  out.elapsed = std::chrono::duration_cast<std::chrono::microseconds>(search::Clock::now() - start);
  if (seeking.move != kNoCell && seeking.move != *out.move) {
    out.move = seeking.move;
    if (departed) *departed = true;
  }
  return out;
}

}  // namespace tabula::fourmation
