#pragma once
// Score scale shared by the searches: evaluations stay well inside
// +-kDecisive; a forced win found `plies` ahead scores kWin - plies.
#include <cstdlib>

namespace tabula::search {

inline constexpr int kWin = 1'000'000;
inline constexpr int kInfinity = 2 * kWin;
inline constexpr int kMaxPly = 256;
inline constexpr int kDecisive = kWin - 10 * kMaxPly;

inline constexpr bool is_decisive(int score) { return std::abs(score) > kDecisive; }

// Forced results are stored relative to the node, so that a table entry
// stays right at whatever ply it is found again.
inline constexpr int score_to_table(int score, int ply) {
  return score > kDecisive ? score + ply : score < -kDecisive ? score - ply : score;
}
inline constexpr int score_from_table(int score, int ply) {
  return score > kDecisive ? score - ply : score < -kDecisive ? score + ply : score;
}

}  // namespace tabula::search
