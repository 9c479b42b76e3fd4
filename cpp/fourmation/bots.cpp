#include "fourmation/bots.hpp"

#include <array>

#include "fourmation/evaluation.hpp"

namespace tabula::fourmation {

namespace {

int ray(const State& s, int cell, int dr, int dc, int colour) {
  int value = 0;
  int r = row_of(cell) + dr, c = col_of(cell) + dc;
  for (; r >= 0 && r < s.n && c >= 0 && c < s.n; r += dr, c += dc) {
    const int i = cell_of(r, c);
    if (s.cubes[other(colour)].test(i)) break;
    value += s.cubes[colour].test(i) ? 2 : 1;
  }
  return value;
}

}  // namespace

int line_value(const State& s, int cell, int colour) {
  static constexpr int kLines[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  int best = 0;
  for (const auto& d : kLines)
    best = std::max(best, ray(s, cell, d[0], d[1], colour) + ray(s, cell, -d[0], -d[1], colour));
  return best;
}

BotChoice random_bot(const State& s, Rng& rng) {
  int cells[kMaxMoves];
  const int count = legal_moves(s, cells);
  if (count == 0) return {};
  return {cells[rng.below(static_cast<std::uint32_t>(count))], BotReason::kRandom};
}

bool forced_win(const State& s, int plies) {
  if (plies <= 0 || s.winner >= 0) return false;
  int cells[kMaxMoves];
  const int count = legal_moves(s, cells);
  for (int i = 0; i < count; ++i) {
    const State t = apply(s, cells[i]);
    if (t.winner == s.side) return true;
  }
  if (plies < 3) return false;
  for (int i = 0; i < count; ++i) {
    const State t = apply(s, cells[i]);
    int replies[kMaxMoves];
    const int n = legal_moves(t, replies);
    if (n == 0) continue;  // a draw, not a win
    bool all = true;
    for (int j = 0; j < n && all; ++j) all = forced_win(apply(t, replies[j]), plies - 2);
    if (all) return true;
  }
  return false;
}

BotChoice report_bot(const State& s, Rng& rng, int win_plies) {
  int cells[kMaxMoves];
  const int count = legal_moves(s, cells);
  if (count == 0) return {};
  const int me = s.side;
  const Bits mine = threats(s, me), theirs = threats(s, other(me));
  for (int i = 0; i < count; ++i)
    if (mine.test(cells[i])) return {cells[i], BotReason::kWin};

  // Moves that do not hand the opponent a four; all of them when none is safe.
  int safe[kMaxMoves] = {};
  int n_safe = 0;
  for (int i = 0; i < count; ++i)
    if (!hands_over_four(s, cells[i], theirs)) safe[n_safe++] = cells[i];
  const bool threatened = n_safe < count || (theirs & legal_mask(s)).any();
  if (n_safe == 0) {
    for (int i = 0; i < count; ++i) safe[i] = cells[i];
    n_safe = count;
  }

  for (int i = 0; i < n_safe; ++i) {
    const State t = apply(s, safe[i]);
    int replies[kMaxMoves];
    const int n = legal_moves(t, replies);
    if (n == 0 || win_plies < 3) continue;
    bool all = true;
    for (int j = 0; j < n && all; ++j) all = forced_win(apply(t, replies[j]), win_plies - 2);
    if (all) return {safe[i], BotReason::kForcedWin};
  }

  // Greedy: the report's weights, ties at random.
  int best = -1, ties = 0, choice = safe[0];
  for (int i = 0; i < n_safe; ++i) {
    const int v = line_value(s, safe[i], me);
    if (v > best) {
      best = v;
      ties = 1;
      choice = safe[i];
    } else if (v == best && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      choice = safe[i];
    }
  }
  // Standing on an opponent's threatened cell is the block the report looked for.
  if (theirs.test(choice) || threatened) {
    for (int i = 0; i < n_safe; ++i)
      if (theirs.test(safe[i])) return {safe[i], BotReason::kBlock};
    return {choice, BotReason::kBlock};
  }
  return {choice, BotReason::kGreedy};
}

}  // namespace tabula::fourmation
