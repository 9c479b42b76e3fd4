#include "crosscut/position.hpp"

#include <algorithm>

#include "common/zobrist.hpp"

namespace tabula::crosscut {
namespace {

constexpr int kDr[4] = {0, 0, 1, -1};
constexpr int kDc[4] = {1, -1, 0, 0};

// Run of `discs` from (r, c) in direction (dr, dc), not counting (r, c).
int count_from(Mask discs, int height, int width, int r, int c, int dr, int dc) {
  int n = 0;
  for (r += dr, c += dc; r >= 0 && r < height && c >= 0 && c < width && test(discs, r * width + c);
       r += dr, c += dc)
    ++n;
  return n;
}

int longest_through(Mask discs, int height, int width, Mask cells) {
  int best = 0;
  for_each_bit(cells, [&](int cell) { best = std::max(best, run_through(discs, height, width, cell)); });
  return best;
}

constexpr auto kKeys = zobrist_keys<2 * kMaxCells + 2 + 2 * (kMaxSide + 1)>(0xC505CC07u);

}  // namespace

bool valid_size(int height, int width) {
  return height >= kMinSide && height <= kMaxSide && width >= kMinSide && width <= kMaxSide;
}

Position initial_position(int height, int width) {
  Position p;
  p.height = static_cast<std::uint8_t>(height);
  p.width = static_cast<std::uint8_t>(width);
  return p;
}

bool on_perimeter(int height, int width, int cell) {
  const int r = cell / width, c = cell % width;
  return r == 0 || r == height - 1 || c == 0 || c == width - 1;
}

int run_along(Mask discs, int height, int width, int cell, int axis) {
  const int r = cell / width, c = cell % width;
  const int dr = axis, dc = 1 - axis;
  return 1 + count_from(discs, height, width, r, c, dr, dc) +
         count_from(discs, height, width, r, c, -dr, -dc);
}

int run_through(Mask discs, int height, int width, int cell) {
  return std::max(run_along(discs, height, width, cell, 0), run_along(discs, height, width, cell, 1));
}

Mask flanked(Mask own, Mask opp, int height, int width, int cell) {
  const int r0 = cell / width, c0 = cell % width;
  Mask flips = 0;
  for (int d = 0; d < 4; ++d) {
    Mask run = 0;
    int r = r0 + kDr[d], c = c0 + kDc[d];
    while (r >= 0 && r < height && c >= 0 && c < width && test(opp, r * width + c)) {
      run |= bit(r * width + c);
      r += kDr[d];
      c += kDc[d];
    }
    if (run && r >= 0 && r < height && c >= 0 && c < width && test(own, r * width + c)) flips |= run;
  }
  return flips;
}

bool place(Mask& own, Mask& opp, int height, int width, int cell) {
  const Mask here = bit(cell);
  if ((own | opp) & here) return false;
  const bool perimeter = on_perimeter(height, width, cell);
  const Mask flips = flanked(own, opp, height, width, cell);
  if (flips) {
    // All or nothing: the longest friendly segment created (through a flipped
    // disc or an interior placed disc, after the flips) must be strictly
    // longer than the longest enemy segment cut (before the move).
    const Mask counted = perimeter ? flips : (flips | here);
    const Mask own_after = own | counted;
    const int created = longest_through(own_after, height, width, counted);
    const int cut = longest_through(opp, height, width, flips);
    if (created > cut) {
      own = own_after;  // a perimeter disc is removed at once: never added
      opp &= ~flips;
      return true;
    }
  }
  if (perimeter) return false;
  own |= here;
  return true;
}

bool has_segment(Mask discs, int height, int width) {
  // A run of k from each start: AND of the discs shifted by 1..k-1 cells
  // (rows) or rows (columns). Horizontal starts are limited to columns
  // 0..width-k so that no run wraps into the next row.
  const int row_need = width - 2, col_need = height - 2;
  Mask rows = discs, cols = discs;
  for (int i = 1; i < row_need; ++i) rows &= discs >> i;
  if (rows) {
    Mask starts = 0;
    const Mask row_starts = (Mask{1} << (width - row_need + 1)) - 1;
    for (int r = 0; r < height; ++r) starts |= row_starts << (r * width);
    if (rows & starts) return true;
  }
  for (int i = 1; i < col_need; ++i) cols &= discs >> (i * width);
  return cols != 0;
}

bool has_placement(Mask own, Mask opp, int height, int width) {
  const int cells = height * width;
  // An empty interior square is always legal: look there first.
  for (int r = 1; r < height - 1; ++r)
    for (int c = 1; c < width - 1; ++c)
      if (!test(own | opp, r * width + c)) return true;
  for (int cell = 0; cell < cells; ++cell) {
    if (!on_perimeter(height, width, cell)) continue;
    Mask o = own, e = opp;
    if (place(o, e, height, width, cell)) return true;
  }
  return false;
}

void placements(Mask own, Mask opp, int height, int width, MoveList& out) {
  out.clear();
  for (int r = height - 1; r >= 0; --r)
    for (int c = 0; c < width; ++c) {
      const int cell = r * width + c;
      if (test(own | opp, cell)) continue;
      if (on_perimeter(height, width, cell)) {
        Mask o = own, e = opp;
        if (!place(o, e, height, width, cell)) continue;
      }
      out.push_back(static_cast<std::uint8_t>(cell));
    }
}

void legal_moves(const Position& p, MoveList& out) {
  if (p.over()) {
    out.clear();
    return;
  }
  placements(p.discs[p.to_move], p.discs[1 - p.to_move], p.height, p.width, out);
}

Resolution resolve(Mask red, Mask blue, int height, int width, int mover) {
  const Mask discs[2] = {red, blue};
  const int other = 1 - mover;
  if (has_segment(discs[mover], height, width)) return {mover, other};
  if (has_segment(discs[other], height, width)) return {other, other};
  if (has_placement(discs[other], discs[mover], height, width)) return {kNobody, other};
  if (has_placement(discs[mover], discs[other], height, width)) return {kNobody, mover};
  return {kDraw, other};
}

bool try_apply(const Position& p, int cell, Position& out) {
  if (p.over() || cell < 0 || cell >= p.cells()) return false;
  const int mover = p.to_move;
  Position q = p;
  if (!place(q.discs[mover], q.discs[1 - mover], p.height, p.width, cell)) return false;
  const Resolution r = resolve(q.discs[kRed], q.discs[kBlue], p.height, p.width, mover);
  q.winner = static_cast<std::int8_t>(r.winner);
  q.to_move = static_cast<std::uint8_t>(r.next);
  out = q;
  return true;
}

Position apply(const Position& p, int cell) {
  Position q;
  try_apply(p, cell, q);
  return q;
}

std::uint64_t hash(const Position& p) {
  std::uint64_t h = kKeys[2 * kMaxCells + p.to_move] ^ kKeys[2 * kMaxCells + 2 + p.height] ^
                    kKeys[2 * kMaxCells + 2 + kMaxSide + 1 + p.width];
  for (int side = 0; side < 2; ++side)
    for_each_bit(p.discs[side], [&](int cell) { h ^= kKeys[side * kMaxCells + cell]; });
  return h;
}

}  // namespace tabula::crosscut
