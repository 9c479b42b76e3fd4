#pragma once
// Ultimate Tic-Tac-Toe position as bitboards.
#include <array>
#include <cstdint>
#include <optional>

#include "uttt/tables.hpp"

namespace tabula::uttt {

// Players: 0 is `x` (moves first), 1 is `0`.
inline constexpr int kX = 0;
inline constexpr int kO = 1;

// A move is board * 9 + cell, both in position order.
using Move = std::uint8_t;
inline constexpr Move make_move(int board, int cell) { return static_cast<Move>(board * 9 + cell); }
inline constexpr int board_of(Move m) { return m / 9; }
inline constexpr int cell_of(Move m) { return m % 9; }

enum class Outcome : std::uint8_t { kOngoing, kXWins, kOWins, kDraw };

// Up to 81 legal moves.
struct MoveList {
  std::array<Move, 81> moves;
  int size = 0;
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
};

struct State {
  std::array<std::array<std::uint16_t, 9>, 2> cells{};  // [player][board]: 9-bit masks
  std::array<std::uint16_t, 2> won{};                   // boards won, per player
  std::uint16_t drawn = 0;                              // boards full with no line
  std::int8_t forced = -1;                              // board to play in, -1: any unfinished
  std::uint8_t side = kX;                               // player to move
  Outcome outcome = Outcome::kOngoing;
  std::uint64_t hash = 0;

  unsigned finished() const { return won[0] | won[1] | drawn; }
  unsigned free_cells(int board) const { return ~(cells[0][board] | cells[1][board]) & kFull; }
  bool over() const { return outcome != Outcome::kOngoing; }
  // Boards the player to move may play in (mask), 0 when the game is over.
  unsigned available_boards() const;
  int marks(int player, int board) const { return __builtin_popcount(cells[player][board]); }
  // Marks on the whole grid: the plies played.
  int plies() const {
    int n = 0;
    for (int b = 0; b < 9; ++b) n += __builtin_popcount(static_cast<unsigned>(cells[0][b] | cells[1][b]));
    return n;
  }

  friend bool operator==(const State& a, const State& b) {
    return a.cells == b.cells && a.forced == b.forced && a.side == b.side;
  }
};

State initial_state();

// A position from the cell masks of both players and the cell of the last
// move (-1 when there was none). Next player by counting marks: x when the
// counts are equal. Any cell pattern is accepted (course tests build odd
// ones); a board holding lines of both players counts as won by x.
// Without the hash (with_hash false) the state is only fit for rules, not
// for searches: the bridge, which never searches a rebuilt state, skips it.
State build_state(const std::array<std::array<std::uint16_t, 9>, 2>& cells, int last_cell,
                  bool with_hash = true);

// A position from cell masks and the forced board (-1: any unfinished).
// Returns nothing when the parts contradict each other: overlapping cells,
// counts that no game reaches, or a forced board that is finished.
std::optional<State> from_parts(const std::array<std::array<std::uint16_t, 9>, 2>& cells, int forced,
                                bool with_hash = true);

void generate_moves(const State& s, MoveList& out);
int count_moves(const State& s);
bool is_legal(const State& s, Move m);
// Plays a legal move (not checked: use is_legal first on untrusted input).
void apply(State& s, Move m);
// The same without updating the hash, for playouts that never look at it.
void apply_unhashed(State& s, Move m);
inline State applied(State s, Move m) {
  apply(s, m);
  return s;
}

// Result of any nine cells: the owner of a line (x first), drawn when no
// cell is free, ongoing otherwise. `blocked` marks cells owned by nobody
// (drawn boards on the U-board).
Outcome board_result(unsigned x, unsigned o, unsigned blocked);

std::uint64_t compute_hash(const State& s);

}  // namespace tabula::uttt
