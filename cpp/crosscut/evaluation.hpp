#pragma once
// Static evaluation for the search: segment lengths, open lines and the
// segments one disc short of a win.
#include "crosscut/position.hpp"

namespace tabula::crosscut {

// Score of a running game for the side to move (positive: better for it).
int evaluate(const Position& p);

// The part of evaluate() that one side's discs earn.
int side_score(Mask own, Mask opp, int height, int width);

}  // namespace tabula::crosscut
