#include "uttt/playout.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace tabula::uttt {

namespace {

// The k-th set bit of m (k < popcount(m)).
inline int nth_set_bit(unsigned m, unsigned k) {
#if defined(__BMI2__)
  return __builtin_ctz(_pdep_u32(1u << k, m));
#else
  while (k--) m &= m - 1;
  return __builtin_ctz(m);
#endif
}

// Number of legal replies after move m, without building the new state:
// what apply() would decide, computed for the one board that changes.
inline int count_after(const State& s, Move m) {
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

std::uint64_t perft(const State& s, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return static_cast<std::uint64_t>(count_moves(s));
  if (depth == 2) {
    if (s.over()) return 0;
    std::uint64_t total = 0;
    for (unsigned boards = s.available_boards(); boards; boards &= boards - 1) {
      const int b = __builtin_ctz(boards);
      for (unsigned free = s.free_cells(b); free; free &= free - 1)
        total += static_cast<std::uint64_t>(count_after(s, make_move(b, __builtin_ctz(free))));
    }
    return total;
  }
  MoveList moves;
  generate_moves(s, moves);
  std::uint64_t total = 0;
  for (Move m : moves) total += perft(applied(s, m), depth - 1);
  return total;
}

Move random_move(const State& s, Rng& rng) {
  if (s.forced >= 0) {
    const unsigned free = s.free_cells(s.forced);
    return make_move(s.forced, nth_set_bit(free, rng.below(__builtin_popcount(free))));
  }
  // Any unfinished board: pick among all their free cells at once.
  std::array<unsigned, 9> free{};
  unsigned total = 0;
  for (unsigned boards = ~s.finished() & kFull; boards; boards &= boards - 1) {
    const int b = __builtin_ctz(boards);
    free[b] = s.free_cells(b);
    total += __builtin_popcount(free[b]);
  }
  unsigned k = rng.below(total);
  for (int b = 0;; ++b) {
    const unsigned n = __builtin_popcount(free[b]);
    if (k < n) return make_move(b, nth_set_bit(free[b], k));
    k -= n;
  }
}

Outcome random_playout(State s, Rng& rng) {
  while (!s.over()) apply_unhashed(s, random_move(s, rng));
  return s.outcome;
}

}  // namespace tabula::uttt
