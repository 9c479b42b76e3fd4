#include "uttt/leaf_count.hpp"

namespace tabula::uttt {

namespace {

// Number of legal replies after move m, without building the new state:
// what apply() would decide, computed for the one board that changes.
int count_after(const State& s, Move m) {
  const int b = board_of(m), c = cell_of(m), p = s.side;
  const unsigned bit = 1u << c;
  const unsigned mine = s.cells[p][b] | bit;
  unsigned finished = s.finished();
  if (kHasLine[mine]) {
    if (kHasLine[s.won[p] | (1u << b)]) return 0;  // the game is won
    finished |= 1u << b;
  } else if ((mine | s.cells[p ^ 1][b]) == kFull) {
    finished |= 1u << b;
  }
  if (finished == kFull) return 0;  // drawn: no board left
  auto free_after = [&](int board) { return s.free_cells(board) & (board == b ? ~bit : ~0u); };
  if (!(finished >> c & 1)) return __builtin_popcount(free_after(c));
  int n = 0;
  for (unsigned boards = ~finished & kFull; boards; boards &= boards - 1)
    n += __builtin_popcount(free_after(__builtin_ctz(boards)));
  return n;
}

}  // namespace

std::uint64_t count_two_plies(const State& s) {
  if (s.over()) return 0;
  std::uint64_t total = 0;
  for (unsigned boards = s.available_boards(); boards; boards &= boards - 1) {
    const int b = __builtin_ctz(boards);
    for (unsigned free = s.free_cells(b); free; free &= free - 1)
      total += static_cast<std::uint64_t>(count_after(s, make_move(b, __builtin_ctz(free))));
  }
  return total;
}

}  // namespace tabula::uttt
