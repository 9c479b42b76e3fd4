#pragma once
// What every C++ suite shares: the build's sanitizer setting (to scale
// work, never to bound time), the CPU time of budget checks, a random
// legal game walk over any game meeting search::Game, and each game's
// position builders (positions written as text).
#include <time.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/rng.hpp"
#include "crosscut/position.hpp"
#include "fourmation/state.hpp"
#include "futlog/rules.hpp"
#include "search/game.hpp"
#include "uttt/state.hpp"

namespace tabula::testing {

// True in the ASan/UBSan build (CTest sets TABULA_SANITIZED for every test).
inline bool sanitized() {
  const char* v = std::getenv("TABULA_SANITIZED");
  return v != nullptr && std::strcmp(v, "0") != 0;
}

// Work scaled for the build: `full` in release, `reduced` under sanitizers.
inline int scaled(int full, int reduced) { return sanitized() ? reduced : full; }

// CPU time used by the calling thread. Budget tests bound this rather
// than wall time: a search that honours its wall-clock deadline cannot
// use more CPU than that, however busy the machine is.
inline std::chrono::duration<double> thread_cpu_time() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return std::chrono::duration<double>(static_cast<double>(ts.tv_sec) +
                                       1e-9 * static_cast<double>(ts.tv_nsec));
}

// Plays uniformly random legal moves from `s` until the game is over (or
// `max_plies`), calling visit(state, moves) at every position reached,
// the final one included (with no moves). Returns the final state.
template <search::Game G, class Visit>
typename G::State random_walk(G& game, typename G::State s, Rng& rng, Visit visit, int max_plies = 100000) {
  std::vector<typename G::Move> moves;
  for (int ply = 0;; ++ply) {
    moves.clear();
    int score;
    const bool over = game.terminal(s, score);
    if (!over) game.moves(s, moves);
    visit(s, moves);
    if (over || moves.empty() || ply >= max_plies) return s;
    s = game.apply(s, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
  }
}

}  // namespace tabula::testing

namespace tabula::uttt::testing {

inline std::array<std::array<std::uint16_t, 9>, 2> cells_from_rows(const std::array<std::string, 9>& rows) {
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const int board = (r / 3) * 3 + c / 3, cell = (r % 3) * 3 + c % 3;
      const char ch = rows[r][c];
      if (ch == 'x') cells[kX][board] |= static_cast<std::uint16_t>(1u << cell);
      if (ch == 'o') cells[kO][board] |= static_cast<std::uint16_t>(1u << cell);
    }
  return cells;
}

// Cells of one 3x3 board from a string of nine characters.
inline unsigned mask_of(const std::string& nine, char who) {
  unsigned m = 0;
  for (int i = 0; i < 9; ++i)
    if (nine[i] == who) m |= 1u << i;
  return m;
}

}  // namespace tabula::uttt::testing

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

namespace tabula::crosscut::testing {

// Rows top first: '.' empty, 'R' red, 'B' blue; `to_move` to move.
inline Position board(const std::vector<std::string>& rows, int to_move = kRed) {
  Position p = initial_position(static_cast<int>(rows.size()), static_cast<int>(rows[0].size()));
  for (int r = 0; r < p.height; ++r)
    for (int c = 0; c < p.width; ++c) {
      const char ch = rows[r][c];
      if (ch == 'R') p.discs[kRed] |= bit(r * p.width + c);
      if (ch == 'B') p.discs[kBlue] |= bit(r * p.width + c);
    }
  p.to_move = static_cast<std::uint8_t>(to_move);
  return p;
}

}  // namespace tabula::crosscut::testing

namespace tabula::futlog::testing {

// A position with the given edges marked (each from a vertex to a
// neighbour), the ball on `ball` and `turn` (0 or 1) to move.
inline State with_edges(std::initializer_list<std::pair<Point, Point>> edges, Point ball, int turn) {
  State s;
  for (const auto& [p, q] : edges) {
    const int v = vertex_id(p.x, p.y);
    set_edge(s.marked, kGeometry.edge[v][direction_to(v, q.x, q.y)]);
  }
  s.ball = static_cast<std::uint8_t>(vertex_id(ball.x, ball.y));
  s.turn = static_cast<std::uint8_t>(turn);
  return s;
}

// The position with the most distinct outcomes found: 9,646 (184,597
// paths; bench/futlog_movegen_bench). With player 1 to move (turn 0) it
// has no forced result, so a search there runs to its limits; player 2
// (turn 1) scores at once.
inline State widest_position(int turn = 0) {
  State s;
  const EdgeSet played = {16135597067373813760ull, 9541786205943092538ull,  7005461971889776635ull,
                          2558252997340074504ull,  12249995293327654272ull, 114231ull};
  for (int i = 0; i < kWords; ++i) s.marked[i] |= played[i];
  s.ball = static_cast<std::uint8_t>(vertex_id(0, -1));
  s.turn = static_cast<std::uint8_t>(turn);
  return s;
}

}  // namespace tabula::futlog::testing
