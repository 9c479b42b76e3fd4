#include "fourmation/playout.hpp"

namespace tabula::fourmation {

namespace {

struct PerftRun {
  bool (*stop)(void*);
  void* ctx;
  std::uint32_t calls = 0;
  bool stopped = false;

  std::uint64_t count(const State& s, int depth) {
    if (depth == 0) return 1;
    if (stop && (++calls & 4095) == 0 && stop(ctx)) stopped = true;
    if (stopped) return 0;
    Bits legal = legal_mask(s);
    if (legal.none()) return 1;
    if (depth == 1) return static_cast<std::uint64_t>(legal.count());
    std::uint64_t total = 0;
    for (; legal.any(); legal.pop_lowest()) total += count(apply(s, legal.lowest()), depth - 1);
    return total;
  }
};

}  // namespace

std::uint64_t perft(const State& s, int depth, bool (*stop)(void*), void* ctx, bool* stopped) {
  PerftRun run{stop, ctx};
  const std::uint64_t n = run.count(s, depth);
  if (stopped) *stopped = run.stopped;
  return run.stopped ? 0 : n;
}

State random_playout(const State& start, Rng& rng, std::vector<int>* moves) {
  State s = start;
  int cells[kMaxMoves];
  for (;;) {
    const int count = legal_moves(s, cells);
    if (count == 0) return s;
    const int cell = cells[rng.below(static_cast<std::uint32_t>(count))];
    if (moves) moves->push_back(cell);
    s = apply(s, cell);
  }
}

}  // namespace tabula::fourmation
