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

}  // namespace tabula::uttt
