#pragma once
// The CodinGame UTTT protocol as the match tools speak it. Each turn the
// player to move reads the opponent's last move "row col" ("-1 -1" on the
// game's first turn), then the number of valid actions and one "row col"
// line per action, and answers "row col" (anything after the two numbers
// is information: our player prints its simulation count there).
//
// CodinGame's row and column run 0..8 over the whole 9x9 grid, top-left
// first; our moves are board * 9 + cell with boards and cells in position
// order (nw, n, ne, w, c, e, sw, s, se).
#include <algorithm>
#include <charconv>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "uttt/state.hpp"

namespace tabula::uttt::protocol {

inline std::pair<int, int> to_row_col(Move m) {
  const int b = board_of(m), c = cell_of(m);
  return {3 * (b / 3) + c / 3, 3 * (b % 3) + c % 3};
}

inline std::optional<Move> from_row_col(int row, int col) {
  if (row < 0 || row > 8 || col < 0 || col > 8) return std::nullopt;
  return make_move(3 * (row / 3) + col / 3, 3 * (row % 3) + col % 3);
}

// The turn's input for the player to move after `last` (none on the first
// turn): the valid actions sorted by row, then column.
inline std::string turn_input(const State& s, std::optional<Move> last) {
  std::ostringstream out;
  if (last) {
    const auto [r, c] = to_row_col(*last);
    out << r << ' ' << c << '\n';
  } else {
    out << "-1 -1\n";
  }
  MoveList moves;
  generate_moves(s, moves);
  std::vector<std::pair<int, int>> cells;
  for (Move m : moves) cells.push_back(to_row_col(m));
  std::sort(cells.begin(), cells.end());
  out << cells.size() << '\n';
  for (const auto& [r, c] : cells) out << r << ' ' << c << '\n';
  return out.str();
}

// A player's answer: the two numbers first, then optional information.
struct Reply {
  int row = -1, col = -1;
  std::optional<long long> simulations;  // the last number after the move, if any
};

inline std::optional<Reply> parse_reply(std::string_view line) {
  std::istringstream in{std::string(line)};
  Reply r;
  if (!(in >> r.row >> r.col)) return std::nullopt;
  std::string word;
  while (in >> word) {
    long long v = 0;
    const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec == std::errc() && ptr == word.data() + word.size()) r.simulations = v;
  }
  return r;
}

}  // namespace tabula::uttt::protocol
