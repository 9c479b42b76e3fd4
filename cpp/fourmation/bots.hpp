#pragma once
// The course's weaker players: random, and the report's bot done right.
#include "common/rng.hpp"
#include "fourmation/state.hpp"

namespace tabula::fourmation {

// The report's greedy weight of a cube of `colour` on `cell`: walking out
// from the cell in both directions of a line, 2 per own cube and 1 per
// empty cell until an opponent cube or the edge; the best of the four lines.
int line_value(const State& s, int cell, int colour);

enum class BotReason { kNone, kRandom, kWin, kForcedWin, kBlock, kGreedy };

struct BotChoice {
  int move = kNoCell;
  BotReason reason = BotReason::kNone;
};

// Level 1: a uniformly random legal cell.
BotChoice random_bot(const State& s, Rng& rng);

// Level 2: win at once if possible; keep to moves after which the opponent
// cannot complete four (taking a threatened cell blocks it); among those,
// play a forced win found within `win_plies` plies; else the greedy
// line_value choice, ties broken at random.
BotChoice report_bot(const State& s, Rng& rng, int win_plies = 5);

// Does the side to move force four within `plies` of its own and the
// opponent's moves (an odd count: the last one is its own)?
bool forced_win(const State& s, int plies);

}  // namespace tabula::fourmation
