#include "fourmation/evaluation.hpp"

#include <algorithm>
#include <array>

namespace tabula::fourmation {

namespace {

constexpr int kForbiddenWeight = 6;
constexpr int kForbiddenNearWeight = 10;

// Windows of four along `step` that hold no cube of the opponent, counted by
// how many cubes of `mine` they contain (index 1..3).
void count_windows(const Bits& mine, const Bits& free_or_mine, int step, std::array<int, 4>& counts) {
  const Bits f1 = free_or_mine.down(step), f2 = free_or_mine.down(2 * step), f3 = free_or_mine.down(3 * step);
  const Bits open = free_or_mine & f1 & f2 & f3;
  const Bits b0 = mine, b1 = mine.down(step), b2 = mine.down(2 * step), b3 = mine.down(3 * step);
  // Bit-sliced sum of four bits: ones + 2 * twos (a sum of 4 means four in a row).
  const Bits s1 = b0 ^ b1, c1 = b0 & b1, s2 = b2 ^ b3, c2 = b2 & b3;
  const Bits ones = s1 ^ s2, c3 = s1 & s2;
  const Bits twos = c1 ^ c2 ^ c3;
  const Bits many = (c1 & c2) | (c1 & c3) | (c2 & c3);
  counts[1] += (open & ones & ~twos & ~many).count();
  counts[2] += (open & ~ones & twos).count();
  counts[3] += (open & ones & twos).count();
}

// The cells and their 8 neighbours (padding bits included; callers mask).
Bits dilate(const Bits& b) {
  const Bits h = b | b.up(1) | b.down(1);
  return h | h.up(kStride) | h.down(kStride);
}

int side_score(const State& s, int colour, const Bits& threat_cells, const Bits& near) {
  const Geometry& g = geometry(s.n);
  const Bits free = g.board & ~s.occupied();
  const Bits free_or_mine = g.board & ~s.cubes[other(colour)];
  std::array<int, 4> counts{};
  for (int step : kDirections) count_windows(s.cubes[colour], free_or_mine, step, counts);
  // Cells the opponent may not take without handing over four: they narrow
  // its walk, and a walk with only such cells left is lost.
  const Bits forbidden = dilate(threat_cells) & free & ~threat_cells;
  return counts[1] + 6 * counts[2] + 20 * counts[3] + 40 * threat_cells.count() +
         60 * (threat_cells & near).count() + kForbiddenWeight * forbidden.count() +
         kForbiddenNearWeight * (forbidden & near).count();
}

// Cells within two king steps of the last cube: where the next two cubes can go.
Bits two_step_area(const State& s) {
  const Geometry& g = geometry(s.n);
  if (s.last == kNoCell) return g.board;
  Bits area = g.neighbours[s.last];
  for (Bits b = g.neighbours[s.last]; b.any(); b.pop_lowest()) area = area | g.neighbours[b.lowest()];
  return area;
}

}  // namespace

const Evaluator::Threats& Evaluator::threats_of(const State& s) {
  if (!last_.valid || last_.key != s.hash) {
    last_.key = s.hash;
    last_.valid = true;
    last_.mine = threats(s, s.side);
    last_.theirs = threats(s, other(s.side));
  }
  return last_;
}

Verdict Evaluator::verdict(const State& s) {
  const Bits legal = legal_mask(s);
  if (legal.none()) return Verdict::kUnknown;
  const Threats& tp = threats_of(s);
  if ((legal & tp.mine).any()) return Verdict::kWinNow;
  const Bits theirs = tp.theirs;
  if (theirs.none()) return Verdict::kUnknown;
  for (Bits b = legal; b.any(); b.pop_lowest()) {
    const int cell = b.lowest();
    if (!hands_over_four(s, cell, theirs)) return Verdict::kUnknown;  // a safe move exists
  }
  return Verdict::kLostNext;
}

int Evaluator::evaluate(const State& s) {
  const Bits near = two_step_area(s);
  const int me = s.side;
  const Threats tp = threats_of(s);
  return side_score(s, me, tp.mine, near) - side_score(s, other(me), tp.theirs, near);
}

int Evaluator::ordered_moves(const State& s, int* out, bool drop_losing) {
  const int count = legal_moves(s, out);
  if (count <= 1) return count;
  const int me = s.side;
  const Threats tp = threats_of(s);
  const Bits mine = tp.mine, theirs = tp.theirs;
  Bits losing;  // cells after which the opponent completes four
  std::array<int, kMaxMoves> score{};
  for (int i = 0; i < count; ++i) {
    const int cell = out[i];
    int v = 0;
    if (mine.test(cell)) v += 100000;
    if (theirs.test(cell)) v += 50000;
    if (hands_over_four(s, cell, theirs)) {
      v -= 80000;
      losing.set(cell);
    }
    // Line potential: own and opposing runs touching the cell.
    for (int step : kDirections) {
      for (int colour = 0; colour < 2; ++colour) {
        int run = 0;
        const Bits& cubes = s.cubes[colour];
        for (int j = cell + step, k = 0; k < 3 && j < kBits && cubes.test(j); j += step, ++k) ++run;
        for (int j = cell - step, k = 0; k < 3 && j >= 0 && cubes.test(j); j -= step, ++k) ++run;
        v += run * run * (colour == me ? 4 : 3);
      }
    }
    score[i] = v;
  }
  // Insertion sort, best first; ties keep the row-major order.
  for (int i = 1; i < count; ++i) {
    const int cell = out[i], v = score[i];
    int j = i;
    for (; j > 0 && score[j - 1] < v; --j) {
      out[j] = out[j - 1];
      score[j] = score[j - 1];
    }
    out[j] = cell;
    score[j] = v;
  }
  // Losing cells sort last; with a safe one left they change nothing.
  if (drop_losing && !losing.test(out[0]) && !mine.test(out[0])) {
    int kept = count;
    while (kept > 1 && losing.test(out[kept - 1]) && !mine.test(out[kept - 1])) --kept;
    return kept;
  }
  return count;
}

Verdict tactical_verdict(const State& s) { return Evaluator().verdict(s); }
int evaluate(const State& s) { return Evaluator().evaluate(s); }
int ordered_moves(const State& s, int* out, bool drop_losing) {
  return Evaluator().ordered_moves(s, out, drop_losing);
}

}  // namespace tabula::fourmation
