#pragma once
// The Porto report's move value (lower is better): -100 a winning move, 100
// a move after which the opponent can flip a disc it placed or flipped,
// otherwise the smallest of the report's segment-length formulas (see
// docs/crosscut.md for the reading of each).
#include "crosscut/position.hpp"

namespace tabula::crosscut {

inline constexpr int kValueWin = -100;
inline constexpr int kValueExposed = 100;

// Value of `player`'s placement at `cell`, measured on `after`, the board
// that placement produced (its to_move is ignored): the report's level-2
// bot plays each move and then values the new state. The discs the move
// "placed or flipped" are read from `after` as the mover's discs in line
// with the move: the placed disc and the runs of the mover's discs that
// start next to it in the four directions (for a perimeter placement,
// whose disc is gone, those runs alone). Every flipped disc is among
// them. Returns false when `after` cannot follow a placement of `player`
// at `cell`: off the board, an interior square without `player`'s disc, or
// a perimeter square that is not empty or has no disc of `player` next to
// it.
bool report_value(const Position& after, int player, int cell, int& value);

}  // namespace tabula::crosscut
