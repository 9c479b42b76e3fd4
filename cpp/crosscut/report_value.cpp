#include "crosscut/report_value.hpp"

#include <algorithm>

namespace tabula::crosscut {
namespace {

// Longest run of `discs` in row r (axis 0) or column c (axis 1), interior only.
int longest_in_line(Mask discs, int height, int width, int cell, int axis) {
  const int r0 = cell / width, c0 = cell % width;
  const int n = axis == 0 ? width : height;
  int best = 0, run = 0;
  for (int i = 1; i < n - 1; ++i) {
    const int at = axis == 0 ? r0 * width + i : i * width + c0;
    run = test(discs, at) ? run + 1 : 0;
    best = std::max(best, run);
  }
  return best;
}

// The mover's discs in line with `cell`: the runs of `own` that start next
// to it in the four directions.
Mask runs_from(Mask own, int height, int width, int cell) {
  const int r0 = cell / width, c0 = cell % width;
  constexpr int kSteps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  Mask runs = 0;
  for (const auto& step : kSteps)
    for (int r = r0 + step[0], c = c0 + step[1]; r >= 0 && r < height && c >= 0 && c < width;
         r += step[0], c += step[1]) {
      if (!test(own, r * width + c)) break;
      runs |= bit(r * width + c);
    }
  return runs;
}

}  // namespace

bool report_value(const Position& after, int player, int cell, int& value) {
  const int h = after.height, w = after.width;
  if (cell < 0 || cell >= h * w) return false;
  const Mask own = after.discs[player], opp = after.discs[1 - player];
  const Mask runs = runs_from(own, h, w, cell);
  if (on_perimeter(h, w, cell)) {
    if (test(own | opp, cell) || runs == 0) return false;
  } else if (!test(own, cell)) {
    return false;
  }
  if (has_segment(own, h, w)) {
    value = kValueWin;
    return true;
  }
  // The placed disc (if interior) and those it may have flipped.
  const Mask changed = (own & bit(cell)) | runs;
  // Exposed: some opponent placement would flip one of them.
  const Mask empty = ~(own | opp);
  for (int at = 0; at < h * w; ++at) {
    if (!test(empty, at)) continue;
    Mask o = opp, e = own;
    if (place(o, e, h, w, at) && (changed & ~e)) {
      value = kValueExposed;
      return true;
    }
  }
  // The square the formulas measure from: the placed disc, or for a
  // perimeter placement the disc of those runs on the longest segment.
  int anchor = cell;
  if (!test(own, cell)) {
    int best = -1;
    for_each_bit(changed, [&](int at) {
      const int len = run_through(own, h, w, at);
      if (len > best) best = len, anchor = at;
    });
  }
  const int col_len = h - 2, row_len = w - 2;
  const int own_h = run_along(own, h, w, anchor, 0), own_v = run_along(own, h, w, anchor, 1);
  const int opp_h = longest_in_line(opp, h, w, anchor, 0), opp_v = longest_in_line(opp, h, w, anchor, 1);
  int result = std::min(col_len - own_v + opp_v, row_len - own_h + opp_h);

  // A segment two longer than every enemy segment touching it cannot be cut.
  int touching = 0;
  for_each_bit(changed, [&](int at) {
    const int r = at / w, c = at % w;
    const int nbr[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
    for (const auto& rc : nbr)
      if (rc[0] >= 0 && rc[0] < h && rc[1] >= 0 && rc[1] < w && test(opp, rc[0] * w + rc[1]))
        touching = std::max(touching, run_through(opp, h, w, rc[0] * w + rc[1]));
  });
  if (std::max(own_h, own_v) >= touching + 2)
    result = std::min(result, std::min(col_len - own_v, row_len - own_h));

  // A block: the anchor right at the end of an enemy segment in its line.
  const int r = anchor / w, c = anchor % w;
  int blocked[2] = {0, 0};
  for (int axis = 0; axis < 2; ++axis)
    for (int sign = -1; sign <= 1; sign += 2) {
      const int rr = r + sign * axis, cc = c + sign * (1 - axis);
      if (rr >= 0 && rr < h && cc >= 0 && cc < w && test(opp, rr * w + cc))
        blocked[axis] = std::max(blocked[axis], run_along(opp, h, w, rr * w + cc, axis));
    }
  if (blocked[0] > 0) result = std::min(result, row_len - blocked[0]);
  if (blocked[1] > 0) result = std::min(result, col_len - blocked[1]);
  value = result;
  return true;
}

}  // namespace tabula::crosscut
