#pragma once
// Builds 4Mation positions from text for the tests, and solves small ones.
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "fourmation/state.hpp"

namespace tabula::fourmation::testing {

// Rows of 'W', 'B', '.'; `side` to move; the last cube at (row, col) or (-1, -1).
inline State from_rows(const std::vector<std::string>& rows, int side, int last_row, int last_col) {
  const int n = static_cast<int>(rows.size());
  std::vector<Cell> grid;
  for (const auto& row : rows)
    for (char ch : row) grid.push_back(ch == 'W' ? Cell::kWhite : ch == 'B' ? Cell::kBlack : Cell::kEmpty);
  return make_state(n, grid.data(), side, last_row < 0 ? kNoCell : cell_of(last_row, last_col));
}

// Exact value for the side to move (+1 win, 0 draw, -1 loss) by plain
// negamax over the rules, memoised on the hash.
class BruteForce {
 public:
  int value(const State& s) {
    const Outcome o = outcome(s);
    if (o == Outcome::kDraw) return 0;
    if (o != Outcome::kOngoing) return (o == Outcome::kWhiteWins) == (s.side == kWhite) ? 1 : -1;
    if (auto it = memo_.find(s.hash); it != memo_.end()) return it->second;
    int best = -1;
    int cells[kMaxMoves];
    const int count = legal_moves(s, cells);
    for (int i = 0; i < count && best < 1; ++i) best = std::max(best, -value(apply(s, cells[i])));
    memo_[s.hash] = best;
    return best;
  }

 private:
  std::unordered_map<std::uint64_t, int> memo_;
};

}  // namespace tabula::fourmation::testing
