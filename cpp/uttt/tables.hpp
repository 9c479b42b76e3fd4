#pragma once
// Fixed facts of a 3x3 board: cells are bits 0..8 in position order
// nw, n, ne, w, c, e, sw, s, se.
#include <array>
#include <cstdint>

namespace tabula::uttt {

inline constexpr unsigned kFull = 0x1FF;
inline constexpr unsigned kCentre = 1u << 4;
inline constexpr unsigned kCorners = (1u << 0) | (1u << 2) | (1u << 6) | (1u << 8);

inline constexpr std::array<unsigned, 8> kLines = {
    0007, 0070, 0700,  // rows
    0111, 0222, 0444,  // columns
    0421, 0124,        // diagonals
};

// kHasLine[m]: the cells of mask m contain a full line.
inline constexpr std::array<bool, 512> kHasLine = [] {
  std::array<bool, 512> table{};
  for (unsigned m = 0; m < 512; ++m)
    for (unsigned line : kLines)
      if ((m & line) == line) table[m] = true;
  return table;
}();

// kWinningCells[m]: the cells that would complete a line for a player
// holding m (whether or not they are free).
inline constexpr std::array<std::uint16_t, 512> kWinningCells = [] {
  std::array<std::uint16_t, 512> table{};
  for (unsigned m = 0; m < 512; ++m)
    for (unsigned c = 0; c < 9; ++c)
      if (!(m >> c & 1) && kHasLine[m | (1u << c)]) table[m] |= static_cast<std::uint16_t>(1u << c);
  return table;
}();

}  // namespace tabula::uttt
