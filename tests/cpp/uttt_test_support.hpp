#pragma once
// Builds UTTT positions from text for the tests: nine rows of nine cells,
// top to bottom as the big board is drawn, 'x', 'o' or '.'.
#include <array>
#include <cstdint>
#include <string>

#include "uttt/state.hpp"

namespace tabula::uttt::testing {

inline std::array<std::array<std::uint16_t, 9>, 2> cells_from_rows(const std::array<std::string, 9>& rows) {
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const int board = (r / 3) * 3 + c / 3, cell = (r % 3) * 3 + c % 3;
      const char ch = rows[r][c];
      if (ch == 'x') cells[kX][board] |= static_cast<std::uint16_t>(1u << cell);
      if (ch == 'o') cells[kO][board] |= static_cast<std::uint16_t>(1u << cell);
    }
  return cells;
}

// Cells of one 3x3 board from a string of nine characters.
inline unsigned mask_of(const std::string& nine, char who) {
  unsigned m = 0;
  for (int i = 0; i < 9; ++i)
    if (nine[i] == who) m |= 1u << i;
  return m;
}

}  // namespace tabula::uttt::testing
