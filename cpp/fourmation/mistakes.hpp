#pragma once
// Playing for the opponent's mistakes. Minimax assumes a perfect opponent:
// once the search sees that the opponent can hold a position (on 7 x 7 and
// smaller boards, a draw is usually within its reach), every move that keeps
// that value looks the same to it. Against a fallible opponent they are not
// the same: after some of them, many of the opponent's sensible replies lose
// by force. Among the moves whose value is close to the best, this picks the
// one after which the largest share of sensible replies loses.
#include <cstdint>
#include <optional>

#include "fourmation/state.hpp"
#include "search/limits.hpp"
#include "search/transposition_table.hpp"

namespace tabula::fourmation {

struct MistakeSeeking {
  int move = kNoCell;  // kNoCell: keep the minimax move (nothing better, or out of time)
  std::uint64_t nodes = 0;
  bool aborted = false;  // the stop callback fired
};

// `preferred` is the minimax search's move, kept on ties; `minimax_nodes`
// what that search cost: the searches here are sized from it. Gives up
// (no choice) when `deadline` (if any) passes or `stop` returns true.
MistakeSeeking seek_mistakes(const State& s, int preferred, std::uint64_t minimax_nodes,
                             std::optional<search::Clock::time_point> deadline,
                             search::TranspositionTable& tt, const search::StopFn& stop,
                             std::uint32_t poll_every);

}  // namespace tabula::fourmation
