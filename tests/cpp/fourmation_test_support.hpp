#pragma once
// Builds 4Mation positions from text for the tests.
#include <cstdlib>
#include <string>
#include <vector>

#include "fourmation/state.hpp"

namespace tabula::fourmation::testing {

// Rows of 'W', 'B', '.'; `side` to move; the last cube at (row, col) or (-1, -1).
inline State from_rows(const std::vector<std::string>& rows, int side, int last_row, int last_col) {
  const int n = static_cast<int>(rows.size());
  std::vector<Cell> grid;
  for (const auto& row : rows)
    for (char ch : row) grid.push_back(ch == 'W' ? Cell::kWhite : ch == 'B' ? Cell::kBlack : Cell::kEmpty);
  return make_state(n, grid.data(), side, last_row < 0 ? kNoCell : cell_of(last_row, last_col));
}

inline bool sanitized() { return std::getenv("TABULA_SANITIZED") != nullptr; }

}  // namespace tabula::fourmation::testing
