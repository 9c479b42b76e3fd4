#include "uttt/priorities.hpp"

#include <algorithm>

namespace tabula::uttt {

namespace {

bool is_corner(int cell) { return kCorners >> cell & 1; }

// Can the player to move win the whole game with one move?
bool mover_wins_game_next(const State& t) {
  const int p = t.side;
  // Only boards that would complete a line on the U-board matter.
  const unsigned decisive = kWinningCells[t.won[p]] & t.available_boards();
  for (unsigned boards = decisive; boards; boards &= boards - 1) {
    const int b = __builtin_ctz(boards);
    if ((kWinningCells[t.cells[p][b]] & t.free_cells(b)) && kHasLine[t.won[p] | (1u << b)]) return true;
  }
  return false;
}

unsigned winning_cells(const State& t, int player, int board) {
  return kWinningCells[t.cells[player][board]] & t.free_cells(board);
}

// The a-priori order before the category sort: the boards by the mover's
// best individual moves on the U-board, each board's cells likewise.
MoveList a_priori_moves(const State& s) {
  MoveList out;
  const unsigned available = s.available_boards();
  auto add_board = [&](int b) {
    const CellOrder cells = best_individual_moves(small_board_view(s, s.side, b));
    for (int i = 0; i < cells.size; ++i) out.moves[out.size++] = make_move(b, cells.cells[i]);
  };
  if (__builtin_popcount(available) == 1) {
    add_board(__builtin_ctz(available));
  } else {
    const CellOrder boards = best_individual_moves(u_board_view(s, s.side));
    for (int i = 0; i < boards.size; ++i)
      if (available >> boards.cells[i] & 1) add_board(boards.cells[i]);
  }
  return out;
}

}  // namespace

BoardView small_board_view(const State& s, int player, int board) {
  return {s.cells[player][board], s.cells[player ^ 1][board], 0};
}

BoardView u_board_view(const State& s, int player) { return {s.won[player], s.won[player ^ 1], s.drawn}; }

int move_priority(const BoardView& b, int cell) {
  const unsigned bit = 1u << cell;
  if (!(b.free() & bit)) return -1;
  if (kHasLine[b.own | bit]) return 0;
  if (kHasLine[b.opp | bit]) return 1;
  if (b.free() == kFull && is_corner(cell)) return 2;
  if (b.own == 0) {
    if ((b.opp & kCentre) ? is_corner(cell) : bit == kCentre) return 3;
  }
  if (kWinningCells[b.own | bit] & (b.free() & ~bit)) return 4;
  return is_corner(cell) ? 5 : 6;
}

CellOrder best_individual_moves(const BoardView& b) {
  // One priority per free cell, then a stable bucket pass.
  std::array<unsigned, 7> cells_with{};
  for (unsigned free = b.free(); free; free &= free - 1) {
    const int cell = __builtin_ctz(free);
    cells_with[move_priority(b, cell)] |= 1u << cell;
  }
  CellOrder order;
  for (unsigned mask : cells_with)
    for (; mask; mask &= mask - 1) order.cells[order.size++] = static_cast<std::int8_t>(__builtin_ctz(mask));
  return order;
}

Move narrow_greedy(const State& s) {
  const unsigned available = s.available_boards();
  int board = __builtin_ctz(available);
  if (__builtin_popcount(available) > 1) {
    const CellOrder boards = best_individual_moves(u_board_view(s, s.side));
    for (int i = 0; i < boards.size; ++i)
      if (available >> boards.cells[i] & 1) {
        board = boards.cells[i];
        break;
      }
  }
  return make_move(board, best_individual_moves(small_board_view(s, s.side, board)).cells[0]);
}

// The course's reading of the seed's ten categories (specs/uttt.md,
// "bestMoves: how the categories are assigned"): every judgement is made on
// the state after the move, the first rule that applies gives the category,
// and the harmful ones are tried first. Category 5 is never given.
Category move_category(const State& s, Move m) {
  const int me = s.side, opp = me ^ 1;
  const State t = applied(s, m);
  // 1. The move wins the game.
  if (t.outcome == (me == kX ? Outcome::kXWins : Outcome::kOWins)) return {1, 0};
  // 2. The opponent can win the game with his next move (in T, or anywhere
  //    when T is finished).
  if (mover_wins_game_next(t)) return {10, 0};
  // 3. T is finished: the opponent chooses any open board. This includes a
  //    move that finishes T itself and one that ends the game drawn.
  if (t.forced < 0) return {9, 0};
  const int b = t.forced;
  // 4. The opponent can win T in one move: 7 when at least one of his
  //    winning replies sends us to a finished board or to one we can win in
  //    one move (a reply in T's own cell sends us to T, which he has just
  //    won: finished), 8 otherwise.
  const unsigned opp_wins = winning_cells(t, opp, b);
  if (opp_wins) {
    for (unsigned cells = opp_wins; cells; cells &= cells - 1) {
      const State u = applied(t, make_move(b, __builtin_ctz(cells)));
      if (u.forced < 0 || winning_cells(u, me, u.forced) != 0) return {7, 0};
    }
    return {8, 0};
  }
  // 5. We can win T in one move: the opponent is sent to block.
  if (winning_cells(t, me, b)) return {6, 0};
  // 6. T is open and nobody can win it in one move: by the opponent's marks
  //    in T; in category 4 more of ours (the move included) come first.
  const int opp_marks = t.marks(opp, b);
  if (opp_marks == 0) return {2, 0};
  if (opp_marks == 1) return {3, 0};
  return {4, t.marks(me, b)};
}

MoveList best_moves(const State& s) {
  MoveList moves = a_priori_moves(s);
  std::array<std::pair<int, int>, 81> keys{};
  for (int i = 0; i < moves.size; ++i) {
    const Category c = move_category(s, moves.moves[i]);
    keys[i] = {c.rank, c.rank == 4 ? -c.own_marks : 0};
  }
  std::array<int, 81> order{};
  for (int i = 0; i < moves.size; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.begin() + moves.size,
                   [&](int a, int b) { return keys[a] < keys[b]; });
  MoveList sorted;
  for (int i = 0; i < moves.size; ++i) sorted.moves[sorted.size++] = moves.moves[order[i]];
  return sorted;
}

// The first of best_moves without sorting: the smallest key, earliest in
// the a-priori order; nothing beats category 1.
Move greedy(const State& s) {
  const MoveList moves = a_priori_moves(s);
  std::pair<int, int> best_key{11, 0};
  Move best = moves.moves[0];
  for (Move m : moves) {
    const Category c = move_category(s, m);
    const std::pair<int, int> key{c.rank, c.rank == 4 ? -c.own_marks : 0};
    if (key < best_key) {
      best_key = key;
      best = m;
      if (c.rank == 1) break;
    }
  }
  return best;
}

}  // namespace tabula::uttt
