#pragma once
// CrossCut rules (Mark Steere, 2023): placements with the official
// all-or-nothing flip rule, perimeter placements that must flip, wins by a
// segment spanning the interior, skipped turns and draws.
#include <cstdint>
#include <vector>

#include "crosscut/mask.hpp"

namespace tabula::crosscut {

inline constexpr int kRed = 0;
inline constexpr int kBlue = 1;
// Position::winner values besides kRed and kBlue.
inline constexpr int kNobody = -1;
inline constexpr int kDraw = 2;

struct Position {
  Mask discs[2] = {0, 0};  // kRed, kBlue
  std::uint8_t height = 5;
  std::uint8_t width = 5;
  std::uint8_t to_move = kRed;   // meaningless once the game is over
  std::int8_t winner = kNobody;  // kRed, kBlue, kDraw or kNobody while running

  bool over() const { return winner != kNobody; }
  int cells() const { return height * width; }
  bool operator==(const Position&) const = default;
};

using MoveList = std::vector<std::uint8_t>;

bool valid_size(int height, int width);
Position initial_position(int height, int width);

bool on_perimeter(int height, int width, int cell);

// One placement of `own`'s colour at `cell` on a board where `own` and
// `opp` are the discs of the mover and of the opponent. Returns false when
// illegal (occupied, or a perimeter square that does not flip); otherwise
// updates own/opp (flips applied, a perimeter disc already removed).
bool place(Mask& own, Mask& opp, int height, int width, int cell);

// The flanked enemy discs of a placement at `cell` before the flip rule.
Mask flanked(Mask own, Mask opp, int height, int width, int cell);

// True if `discs` holds a run of width-2 in a row or height-2 in a column.
bool has_segment(Mask discs, int height, int width);
// Length of the longest horizontal or vertical run of `discs` through `cell`.
int run_through(Mask discs, int height, int width, int cell);
// Longest horizontal (axis 0) or vertical (axis 1) run of `discs` through `cell`.
int run_along(Mask discs, int height, int width, int cell, int axis);

bool has_placement(Mask own, Mask opp, int height, int width);

// Legal placements of `side`, in the report's order: rows from the bottom,
// then columns from the left.
void placements(Mask own, Mask opp, int height, int width, MoveList& out);
void legal_moves(const Position& p, MoveList& out);

// The position after the side to move places at `cell` (which must be
// legal): the winner is decided (the mover first), then the next mover with
// skips, or a draw when neither side can place.
Position apply(const Position& p, int cell);
// apply() when `cell` may be illegal: false, and `out` untouched, if it is.
bool try_apply(const Position& p, int cell, Position& out);

// What a board reached by a placement of `mover` means: the winner (kRed,
// kBlue; both with a segment: the mover; kDraw when nobody can place;
// kNobody while the game goes on) and who places next: the opponent,
// unless the opponent cannot place and the mover can (a skipped turn).
struct Resolution {
  int winner = kNobody;
  int next = kRed;
};
Resolution resolve(Mask red, Mask blue, int height, int width, int mover);

std::uint64_t hash(const Position& p);

// Move notation of the report: row from the bottom, column, both from 1.
inline int cell_of(int height, int width, int number, int letter) {
  return (height - number) * width + (letter - 1);
}
inline int number_of(int height, int width, int cell) { return height - cell / width; }
inline int letter_of(int width, int cell) { return cell % width + 1; }

}  // namespace tabula::crosscut
