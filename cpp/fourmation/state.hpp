#pragma once
// The 4Mation position and its rules: placing cubes next to the last one,
// four or more in a row wins, a player with no legal cell draws.
#include <cstdint>
#include <string>

#include "fourmation/bits.hpp"
#include "fourmation/geometry.hpp"

namespace tabula::fourmation {

enum Colour : std::uint8_t { kWhite = 0, kBlack = 1 };
inline constexpr int other(int colour) { return colour ^ 1; }

enum class Outcome : std::uint8_t { kOngoing, kWhiteWins, kBlackWins, kDraw };

// What a cell holds, for building positions from outside.
enum class Cell : std::uint8_t { kEmpty, kWhite, kBlack };

inline constexpr int kNoCell = -1;
inline constexpr int kMaxMoves = kMaxSize * kMaxSize;

struct State {
  Bits cubes[2];                // by colour
  std::uint64_t hash = 0;       // Zobrist: cubes, side to move, last cube
  std::int16_t last = kNoCell;  // cell of the last cube placed, or kNoCell
  std::uint8_t n = 0;
  std::uint8_t side = kWhite;  // colour to move
  std::int8_t winner = -1;     // colour with four in a row, or -1

  Bits occupied() const { return cubes[0] | cubes[1]; }
  friend bool operator==(const State&, const State&) = default;
};

// The empty n x n board, white to move.
State initial_state(int n);

// A position from a grid of n * n cells in row-major order. `last` is a cell
// index (cell_of) or kNoCell. When both colours have four, white is reported
// as the winner (it cannot happen in play).
State make_state(int n, const Cell* grid, int side, int last);

// Legal cells for the side to move (none once the game is over).
Bits legal_mask(const State& s);
// Legal cells in increasing cell order (= row-major); returns the count.
int legal_moves(const State& s, int* out);
bool is_legal(const State& s, int cell);

// Places the mover's cube on a legal `cell` and passes the turn.
State apply(const State& s, int cell);
// Places a cube of `colour` on a legal cell without passing the turn
// (the side to move stays as it was).
State place(const State& s, int cell, int colour);

Outcome outcome(const State& s);

// Does `cubes` contain four in a row anywhere?
bool has_four(const Bits& cubes);
// Would a cube on `cell` make four in a row for `cubes`?
bool makes_four(const Bits& cubes, int cell);
// Empty cells where a cube of `colour` would make four in a row.
Bits threats(const State& s, int colour);
// Would a cube on `cell` let the next player complete four at once? (Its
// `opponent_threats`, the next player's threats(), neighbour the cell.)
bool hands_over_four(const State& s, int cell, const Bits& opponent_threats);

std::uint64_t compute_hash(const State& s);

// Plain text rendering for tests and debugging.
std::string to_string(const State& s);

}  // namespace tabula::fourmation
