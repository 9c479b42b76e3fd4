#include "fourmation/state.hpp"

#include "common/zobrist.hpp"

namespace tabula::fourmation {

namespace {

// Keys: cubes by colour and cell, the last cell, the side to move, the size.
constexpr int kCubeKeys = 0;
constexpr int kLastKeys = 2 * kBits;
constexpr int kSideKey = 3 * kBits;
constexpr int kSizeKeys = kSideKey + 1;
constexpr auto kKeys = zobrist_keys<kSizeKeys + kMaxSize + 1>(0x4D4A7104ull);

// Length of the run of `cubes` through `cell` (which counts as one) along `step`.
int run_through(const Bits& cubes, int cell, int step) {
  int length = 1;
  for (int i = cell + step, k = 0; k < 3 && i < kBits && cubes.test(i); i += step, ++k) ++length;
  for (int i = cell - step, k = 0; k < 3 && i >= 0 && cubes.test(i); i -= step, ++k) ++length;
  return length;
}

}  // namespace

std::uint64_t compute_hash(const State& s) {
  std::uint64_t h = kKeys[kSizeKeys + s.n];
  for (int colour = 0; colour < 2; ++colour)
    for (Bits b = s.cubes[colour]; b.any(); b.pop_lowest())
      h ^= kKeys[kCubeKeys + colour * kBits + b.lowest()];
  if (s.last != kNoCell) h ^= kKeys[kLastKeys + s.last];
  if (s.side == kBlack) h ^= kKeys[kSideKey];
  return h;
}

State initial_state(int n) {
  State s;
  s.n = static_cast<std::uint8_t>(n);
  s.hash = compute_hash(s);
  return s;
}

State make_state(int n, const Cell* grid, int side, int last) {
  State s;
  s.n = static_cast<std::uint8_t>(n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const Cell v = grid[r * n + c];
      if (v == Cell::kWhite) s.cubes[kWhite].set(cell_of(r, c));
      if (v == Cell::kBlack) s.cubes[kBlack].set(cell_of(r, c));
    }
  s.side = static_cast<std::uint8_t>(side);
  s.last = static_cast<std::int16_t>(last);
  if (has_four(s.cubes[kWhite]))
    s.winner = kWhite;
  else if (has_four(s.cubes[kBlack]))
    s.winner = kBlack;
  s.hash = compute_hash(s);
  return s;
}

Bits legal_mask(const State& s) {
  if (s.winner >= 0) return Bits{};
  const Geometry& g = geometry(s.n);
  const Bits free = ~s.occupied();
  return (s.last == kNoCell ? g.board : g.neighbours[s.last]) & free;
}

int legal_moves(const State& s, int* out) {
  int count = 0;
  for (Bits b = legal_mask(s); b.any(); b.pop_lowest()) out[count++] = b.lowest();
  return count;
}

bool is_legal(const State& s, int cell) { return cell >= 0 && cell < kBits && legal_mask(s).test(cell); }

State place(const State& s, int cell, int colour) {
  State t = s;
  t.cubes[colour].set(cell);
  t.hash ^= kKeys[kCubeKeys + colour * kBits + cell];
  if (t.last != kNoCell) t.hash ^= kKeys[kLastKeys + t.last];
  t.last = static_cast<std::int16_t>(cell);
  t.hash ^= kKeys[kLastKeys + cell];
  if (t.winner < 0 && makes_four(s.cubes[colour], cell)) t.winner = static_cast<std::int8_t>(colour);
  return t;
}

State apply(const State& s, int cell) {
  State t = place(s, cell, s.side);
  t.side = static_cast<std::uint8_t>(other(s.side));
  t.hash ^= kKeys[kSideKey];
  return t;
}

Outcome outcome(const State& s) {
  if (s.winner == kWhite) return Outcome::kWhiteWins;
  if (s.winner == kBlack) return Outcome::kBlackWins;
  return legal_mask(s).any() ? Outcome::kOngoing : Outcome::kDraw;
}

bool makes_four(const Bits& cubes, int cell) {
  for (int step : kDirections)
    if (run_through(cubes, cell, step) >= 4) return true;
  return false;
}

bool has_four(const Bits& cubes) {
  for (int step : kDirections) {
    const Bits two = cubes & cubes.down(step);
    if ((two & two.down(2 * step)).any()) return true;
  }
  return false;
}

Bits threats(const State& s, int colour) {
  const Bits& c = s.cubes[colour];
  Bits hits;
  for (int step : kDirections) {
    // after[k]: cube k steps further along; before[k]: k steps back.
    const Bits a1 = c.down(step), a2 = c.down(2 * step), a3 = c.down(3 * step);
    const Bits b1 = c.up(step), b2 = c.up(2 * step), b3 = c.up(3 * step);
    hits = hits | (a1 & a2 & a3) | (b1 & a1 & a2) | (b2 & b1 & a1) | (b3 & b2 & b1);
  }
  return hits & geometry(s.n).board & ~s.occupied();
}

std::string to_string(const State& s) {
  std::string out;
  for (int r = 0; r < s.n; ++r) {
    for (int c = 0; c < s.n; ++c) {
      const int i = cell_of(r, c);
      out += s.cubes[kWhite].test(i) ? 'W' : s.cubes[kBlack].test(i) ? 'B' : '.';
    }
    out += '\n';
  }
  return out;
}

bool hands_over_four(const State& s, int cell, const Bits& opponent_threats) {
  Bits answers = geometry(s.n).neighbours[cell] & opponent_threats;
  answers.reset(cell);
  return answers.any();
}

}  // namespace tabula::fourmation
