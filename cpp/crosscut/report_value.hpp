#pragma once
// The Porto report's move value (lower is better): -100 a winning move, 100
// a move after which the opponent can flip a disc it placed or flipped,
// otherwise the smallest of the report's segment-length formulas (see
// docs/crosscut.md for the reading of each).
#include "crosscut/position.hpp"

namespace tabula::crosscut {

inline constexpr int kValueWin = -100;
inline constexpr int kValueExposed = 100;

// Value of `player` placing at `cell` on the board of `p` (whose to_move is
// ignored). Returns false when the placement is illegal.
bool report_value(const Position& p, int player, int cell, int& value);

}  // namespace tabula::crosscut
