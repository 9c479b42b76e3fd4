#pragma once
// The course's stage-2 move priorities (lower is better).
#include <array>
#include <cstdint>

#include "uttt/state.hpp"

namespace tabula::uttt {

// One 3x3 board as seen by the player to evaluate: own marks, the
// opponent's, and cells owned by nobody (drawn boards on the U-board).
struct BoardView {
  unsigned own = 0, opp = 0, blocked = 0;
  unsigned free() const { return ~(own | opp | blocked) & kFull; }
};

BoardView small_board_view(const State& s, int player, int board);
BoardView u_board_view(const State& s, int player);

// Priority 0..6 of playing `cell` on a board (-1 when the cell is not free).
int move_priority(const BoardView& b, int cell);

// Free cells by priority; equal priorities keep position order.
struct CellOrder {
  std::array<std::int8_t, 9> cells{};
  int size = 0;
};
CellOrder best_individual_moves(const BoardView& b);

// The game must not be over.
Move narrow_greedy(const State& s);

// The UTTT-level category of a legal move (1 best .. 10 worst; 5 is never
// given), as the course reads the seed's ten items, and for category 4 the
// mover's marks in the board the opponent is sent to (more is better).
struct Category {
  int rank = 5;
  int own_marks = 0;
};
Category move_category(const State& s, Move m);

// All legal moves, best first; empty when the game is over.
MoveList best_moves(const State& s);
// The first of best_moves; the game must not be over.
Move greedy(const State& s);

}  // namespace tabula::uttt
