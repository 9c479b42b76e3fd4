#pragma once
// The engine's search: the shared ID alpha-beta over SearchGame, then,
// when it finds no forced win, a choice among the near-best moves that
// plays for the opponent's mistakes (mistakes.hpp).
#include <cstdint>

#include "fourmation/state.hpp"
#include "search/limits.hpp"
#include "search/result.hpp"
#include "search/transposition_table.hpp"

namespace tabula::fourmation {

// Nodes between two looks at the clock and the stop callback (a node
// costs well under a microsecond).
inline constexpr std::uint32_t kPollEvery = 1024;

using SearchResult = search::Result<int>;

// Best move for the side to move. With seek_mistakes, the minimax search
// gets a third of the time budget and the mistake-seeking searches the
// rest; max_nodes bounds the minimax search, and the others are sized from
// what it cost. The reported score, depth and proof are the minimax
// search's, whose move mistake seeking may replace (then *departed is set).
// Without seek_mistakes: plain minimax on the whole budget.
SearchResult search(const State& s, const search::Limits& limits, bool seek_mistakes,
                    search::TranspositionTable& tt, const search::StopFn& stop = {},
                    bool* departed = nullptr);

// The minimax search alone, with draws scored as bad for `contempt_side`
// (whichever side is to move): a search on behalf of that side.
SearchResult minimax_search(const State& s, const search::Limits& limits, search::TranspositionTable& tt,
                            const search::StopFn& stop, int contempt_side);

}  // namespace tabula::fourmation
