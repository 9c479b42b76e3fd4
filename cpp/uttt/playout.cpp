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

}  // namespace

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

unsigned game_threats(const State& s, int player) {
  // Boards whose win completes a line of won boards, then those of them
  // where one free cell completes a small line.
  unsigned boards = kWinningCells[s.won[player]] & ~s.finished() & kFull;
  unsigned threats = 0;
  for (unsigned b = boards; b; b &= b - 1) {
    const int i = __builtin_ctz(b);
    if (kWinningCells[s.cells[player][i]] & s.free_cells(i)) threats |= 1u << i;
  }
  return threats;
}

Move winning_move(const State& s) {
  const int p = s.side;
  const unsigned boards = kWinningCells[s.won[p]] & s.available_boards();
  for (unsigned b = boards; b; b &= b - 1) {
    const int i = __builtin_ctz(b);
    const unsigned cells = kWinningCells[s.cells[p][i]] & s.free_cells(i);
    if (cells) return make_move(i, __builtin_ctz(cells));
  }
  return 255;
}

namespace {

// Whether move m lets the opponent win the game at once, given the
// opponent's game threats before the move.
inline bool gives_win(const State& s, Move m, unsigned threats) {
  const int b = board_of(m), c = cell_of(m), p = s.side;
  const unsigned mine = s.cells[p][b] | (1u << c);
  const unsigned all = mine | s.cells[p ^ 1][b];
  bool finishes = kHasLine[mine] || all == kFull;
  if (threats >> b & 1) {
    // The move may block the threat in its own board.
    if (finishes || !(kWinningCells[s.cells[p ^ 1][b]] & ~all & kFull)) threats &= ~(1u << b);
  }
  if (!threats) return false;
  const bool target_finished = (s.finished() >> c & 1) || (c == b && finishes);
  return target_finished || (threats >> c & 1);
}

}  // namespace

Outcome policy_playout(State s, Rng& rng, Policy policy) {
  if (policy == Policy::kRandom) return random_playout(s, rng);
  while (!s.over()) {
    const Move win = winning_move(s);
    if (win != 255) {
      apply_unhashed(s, win);
      break;
    }
    Move m = random_move(s, rng);
    if (policy == Policy::kWinAvoid) {
      const unsigned threats = game_threats(s, s.side ^ 1);
      if (threats)
        for (int tries = 0; tries < 6 && gives_win(s, m, threats); ++tries) m = random_move(s, rng);
    }
    apply_unhashed(s, m);
  }
  return s.outcome;
}

}  // namespace tabula::uttt
