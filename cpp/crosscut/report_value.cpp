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

}  // namespace

bool report_value(const Position& p, int player, int cell, int& value) {
  const int h = p.height, w = p.width;
  if (cell < 0 || cell >= h * w) return false;
  const Mask own0 = p.discs[player], opp0 = p.discs[1 - player];
  Mask own = own0, opp = opp0;
  if (!place(own, opp, h, w, cell)) return false;
  if (has_segment(own, h, w)) {
    value = kValueWin;
    return true;
  }
  const Mask changed = own & ~own0;  // the placed disc (if interior) and the flipped ones
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
  // perimeter placement the flipped disc on the longest segment.
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
