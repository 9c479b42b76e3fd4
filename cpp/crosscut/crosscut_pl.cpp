// SWI-Prolog bridge: converts the report's state/6 terms, players and moves
// to the core's values and back. Every predicate is reentrant (only atoms
// and functors made at install time are shared).
#include <chrono>
#include <cstdint>
#include <vector>

#include "bridge/pl_support.hpp"
#include "common/rng.hpp"
#include "crosscut/evaluation.hpp"
#include "crosscut/playout.hpp"
#include "crosscut/position.hpp"
#include "crosscut/report_value.hpp"
#include "crosscut/search.hpp"

namespace tabula::crosscut {
namespace {

atom_t a_empty, a_red, a_blue, a_draw;
functor_t f_state6, f_move2, f_info4;

// The state term, read: board as a Position (winner and to_move not set).
struct StateIn {
  Position pos;
  std::int64_t turn = 1;
};

// Reads state(Turn, RedType, BlueType, Board, Height, Length). Raises
// instantiation_error for an unbound state and type_error(crosscut_state, S)
// for anything malformed.
bool get_state(term_t t, StateIn& out) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  if (!PL_is_functor(t, f_state6)) return pl::type_error("crosscut_state", t);
  term_t arg = PL_new_term_ref();
  std::int64_t h, w;
  _PL_get_arg(1, t, arg);
  // Turn is bounded so that next_turn/2 cannot overflow.
  if (!PL_get_int64(arg, &out.turn) || out.turn < 1 || out.turn > (std::int64_t{1} << 62))
    return pl::type_error("crosscut_state", t);
  _PL_get_arg(5, t, arg);
  if (!PL_get_int64(arg, &h)) return pl::type_error("crosscut_state", t);
  _PL_get_arg(6, t, arg);
  if (!PL_get_int64(arg, &w)) return pl::type_error("crosscut_state", t);
  if (!valid_size(static_cast<int>(h), static_cast<int>(w))) return pl::type_error("crosscut_state", t);
  out.pos = initial_position(static_cast<int>(h), static_cast<int>(w));
  _PL_get_arg(4, t, arg);
  term_t rows = PL_copy_term_ref(arg), row = PL_new_term_ref(), cells = PL_new_term_ref(),
         cell = PL_new_term_ref();
  int r = 0;
  while (PL_get_list(rows, row, rows)) {
    if (r >= h) return pl::type_error("crosscut_state", t);
    if (!PL_put_term(cells, row)) return false;
    int c = 0;
    while (PL_get_list(cells, cell, cells)) {
      atom_t a;
      if (c >= w || !PL_get_atom(cell, &a)) return pl::type_error("crosscut_state", t);
      const int index = r * static_cast<int>(w) + c;
      if (a == a_red)
        out.pos.discs[kRed] |= bit(index);
      else if (a == a_blue)
        out.pos.discs[kBlue] |= bit(index);
      else if (a != a_empty)
        return pl::type_error("crosscut_state", t);
      ++c;
    }
    if (!PL_get_nil(cells) || c != w) return pl::type_error("crosscut_state", t);
    ++r;
  }
  if (!PL_get_nil(rows) || r != h) return pl::type_error("crosscut_state", t);
  return true;
}

// 'R' or 'B'.
bool get_player(term_t t, int& player) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  atom_t a;
  if (!PL_get_atom(t, &a)) return pl::type_error("atom", t);
  if (a == a_red)
    player = kRed;
  else if (a == a_blue)
    player = kBlue;
  else
    return pl::domain_error("crosscut_player", t);
  return true;
}

// move(Number, Letter): sets `cell` to -1 when off the board (then the move
// is simply illegal).
bool get_move(term_t t, const Position& p, int& cell) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  if (!PL_is_functor(t, f_move2)) return pl::type_error("crosscut_move", t);
  term_t arg = PL_new_term_ref();
  std::int64_t number, letter;
  _PL_get_arg(1, t, arg);
  if (!PL_get_int64_ex(arg, &number)) return false;
  _PL_get_arg(2, t, arg);
  if (!PL_get_int64_ex(arg, &letter)) return false;
  if (number < 1 || number > p.height || letter < 1 || letter > p.width)
    cell = -1;
  else
    cell = cell_of(p.height, p.width, static_cast<int>(number), static_cast<int>(letter));
  return true;
}

// Puts (not unifies: `t` may be reused) move(Number, Letter) into `t`.
bool put_move(term_t t, const Position& p, int cell) {
  PL_put_variable(t);
  return PL_unify_term(t, PL_FUNCTOR, f_move2, PL_INT, number_of(p.height, p.width, cell), PL_INT,
                       letter_of(p.width, cell));
}

// Row `r` of the board (top first) as a fresh list.
bool put_row(term_t row, const Position& p, int r) {
  term_t cell = PL_new_term_ref();
  PL_put_nil(row);
  for (int c = p.width - 1; c >= 0; --c) {
    const int index = r * p.width + c;
    PL_put_atom(cell, test(p.discs[kRed], index) ? a_red : test(p.discs[kBlue], index) ? a_blue : a_empty);
    if (!PL_cons_list(row, cell, row)) return false;
  }
  return true;
}

// Board rows, top first, built back to front. Rows whose bit is clear in
// `fresh_rows` are shared with the board of `like` (a state/6 term already
// read by get_state), which saves building most of the board after a move.
bool put_board(term_t out, const Position& p, term_t like = 0, unsigned fresh_rows = ~0u) {
  term_t old_rows = 0;
  if (like) {
    old_rows = PL_new_term_refs(p.height);
    term_t list = PL_new_term_ref();
    _PL_get_arg(4, like, list);
    for (int r = 0; r < p.height; ++r)
      if (!PL_get_list(list, old_rows + r, list)) return false;
  }
  term_t rows = PL_new_term_ref(), row = PL_new_term_ref();
  PL_put_nil(rows);
  for (int r = p.height - 1; r >= 0; --r) {
    if (like && !(fresh_rows >> r & 1)) {
      if (!PL_put_term(row, old_rows + r)) return false;
    } else if (!put_row(row, p, r)) {
      return false;
    }
    if (!PL_cons_list(rows, row, rows)) return false;
  }
  return PL_unify(out, rows);
}

// state/6 like `like`, with `turn` and the board of `p`.
bool put_state(term_t out, term_t like, std::int64_t turn, const Position& p, bool same_board = false,
               unsigned fresh_rows = ~0u) {
  term_t args = PL_new_term_refs(6);
  if (!PL_put_int64(args, turn)) return false;
  _PL_get_arg(2, like, args + 1);
  _PL_get_arg(3, like, args + 2);
  if (same_board)
    _PL_get_arg(4, like, args + 3);
  else if (!put_board(args + 3, p, like, fresh_rows))
    return false;
  _PL_get_arg(5, like, args + 4);
  _PL_get_arg(6, like, args + 5);
  term_t s = PL_new_term_ref();
  return PL_cons_functor_v(s, f_state6, args) && PL_unify(out, s);
}

// The player whose turn `turn` is (odd: Red).
int turn_player(std::int64_t turn) { return turn % 2 == 1 ? kRed : kBlue; }

// kRed/kBlue (a winning segment; both: the player of Turn, who made the
// last move before next_turn/2), kDraw when nobody can place, else kNobody.
int winner_of(const StateIn& s) {
  const Position& p = s.pos;
  const bool red = has_segment(p.discs[kRed], p.height, p.width);
  const bool blue = has_segment(p.discs[kBlue], p.height, p.width);
  if (red && blue) return turn_player(s.turn);
  if (red) return kRed;
  if (blue) return kBlue;
  if (!has_placement(p.discs[kRed], p.discs[kBlue], p.height, p.width) &&
      !has_placement(p.discs[kBlue], p.discs[kRed], p.height, p.width))
    return kDraw;
  return kNobody;
}

// A Position for searching: `player` to move, winner decided.
Position playable(const StateIn& s, int player) {
  Position p = s.pos;
  p.to_move = static_cast<std::uint8_t>(player);
  p.winner = static_cast<std::int8_t>(winner_of(s));
  return p;
}

foreign_t pl_valid_moves(term_t state, term_t player, term_t moves) {
  return pl::guarded([&]() -> foreign_t {
    StateIn s;
    int side = 0;
    if (!get_state(state, s) || !get_player(player, side)) return FALSE;
    MoveList list;
    if (winner_of(s) == kNobody)
      placements(s.pos.discs[side], s.pos.discs[1 - side], s.pos.height, s.pos.width, list);
    term_t result = PL_new_term_ref(), move = PL_new_term_ref(), nums = PL_new_term_refs(2);
    PL_put_nil(result);
    for (auto it = list.rbegin(); it != list.rend(); ++it) {
      if (!PL_put_integer(nums, number_of(s.pos.height, s.pos.width, *it)) ||
          !PL_put_integer(nums + 1, letter_of(s.pos.width, *it)) || !PL_cons_functor_v(move, f_move2, nums) ||
          !PL_cons_list(result, move, result))
        return FALSE;
    }
    return PL_unify(moves, result);
  });
}

foreign_t pl_place(term_t state, term_t player, term_t move, term_t state2) {
  return pl::guarded([&]() -> foreign_t {
    StateIn s;
    int side = 0, cell = -1;
    if (!get_state(state, s) || !get_player(player, side) || !get_move(move, s.pos, cell)) return FALSE;
    if (cell < 0 || winner_of(s) != kNobody) return FALSE;
    Position p = s.pos;
    if (!place(p.discs[side], p.discs[1 - side], p.height, p.width, cell)) return FALSE;
    unsigned fresh_rows = 0;
    for_each_bit((p.discs[kRed] ^ s.pos.discs[kRed]) | (p.discs[kBlue] ^ s.pos.discs[kBlue]),
                 [&](int at) { fresh_rows |= 1u << (at / p.width); });
    return put_state(state2, state, s.turn, p, false, fresh_rows);
  });
}

foreign_t pl_winner(term_t state, term_t winner) {
  return pl::guarded([&]() -> foreign_t {
    StateIn s;
    if (!get_state(state, s)) return FALSE;
    const int w = winner_of(s);
    const atom_t a = w == kRed ? a_red : w == kBlue ? a_blue : w == kDraw ? a_draw : a_empty;
    return PL_unify_atom(winner, a);
  });
}

foreign_t pl_next_turn(term_t state, term_t state2) {
  return pl::guarded([&]() -> foreign_t {
    StateIn s;
    if (!get_state(state, s)) return FALSE;
    const Position& p = s.pos;
    const int next = turn_player(s.turn + 1);
    std::int64_t turn = s.turn + 1;
    // The next player has no placement but the current one has: skipped.
    if (!has_placement(p.discs[next], p.discs[1 - next], p.height, p.width) &&
        has_placement(p.discs[1 - next], p.discs[next], p.height, p.width))
      turn = s.turn + 2;
    return put_state(state2, state, turn, p, true);
  });
}

foreign_t pl_value(term_t state, term_t move, term_t player, term_t value) {
  return pl::guarded([&]() -> foreign_t {
    StateIn s;
    int side = 0, cell = -1, v = 0;
    if (!get_state(state, s) || !get_move(move, s.pos, cell) || !get_player(player, side)) return FALSE;
    if (cell < 0 || !report_value(s.pos, side, cell, v)) return FALSE;
    return PL_unify_integer(value, v);
  });
}

foreign_t pl_evaluate(term_t state, term_t player, term_t score) {
  return pl::guarded([&]() -> foreign_t {
    StateIn s;
    int side = 0;
    if (!get_state(state, s) || !get_player(player, side)) return FALSE;
    Position p = s.pos;
    p.to_move = static_cast<std::uint8_t>(side);
    return PL_unify_integer(score, evaluate(p));
  });
}

// crosscut_search(+State, +Player, +Millis, +MaxDepth, -Move, -Info)
foreign_t pl_search(term_t state, term_t player, term_t millis, term_t max_depth, term_t move, term_t info) {
  return pl::guarded([&]() -> foreign_t {
    StateIn s;
    int side = 0, ms = 0, depth = 1;
    if (!get_state(state, s) || !get_player(player, side)) return FALSE;
    if (!pl::get_int_in(millis, 0, 86'400'000, "crosscut_millis", ms)) return FALSE;
    if (!pl::get_int_in(max_depth, 1, 200, "crosscut_depth", depth)) return FALSE;
    const Position p = playable(s, side);
    if (p.over()) return FALSE;
    pl::SignalPoll poll(0);
    search::Limits limits;
    limits.max_depth = depth;
    limits.budget = std::chrono::milliseconds(ms);
    const SearchResult r = best_move(p, limits, [&poll] { return poll(); });
    if (r.aborted || poll.raised()) return FALSE;
    if (!r.has_move) return FALSE;
    term_t m = PL_new_term_ref();
    if (!put_move(m, p, r.best)) return FALSE;
    return PL_unify(move, m) &&
           PL_unify_term(info, PL_FUNCTOR, f_info4, PL_INT, r.score, PL_INT, r.depth, PL_INT64,
                         static_cast<std::int64_t>(r.nodes), PL_FLOAT, r.seconds);
  });
}

std::int64_t perft_polled(const Position& p, int depth, pl::SignalPoll& poll) {
  if (depth == 0) return 1;
  MoveList moves;
  legal_moves(p, moves);
  if (depth == 1) return static_cast<std::int64_t>(moves.size());
  std::int64_t leaves = 0;
  for (std::uint8_t m : moves) {
    if (poll()) return -1;
    const std::int64_t n = perft_polled(apply(p, m), depth - 1, poll);
    if (n < 0) return -1;
    leaves += n;
  }
  return leaves;
}

foreign_t pl_perft(term_t state, term_t player, term_t depth, term_t leaves) {
  return pl::guarded([&]() -> foreign_t {
    StateIn s;
    int side = 0, d = 0;
    if (!get_state(state, s) || !get_player(player, side)) return FALSE;
    if (!pl::get_int_in(depth, 0, 64, "crosscut_depth", d)) return FALSE;
    pl::SignalPoll poll(8);
    const std::int64_t n = perft_polled(playable(s, side), d, poll);
    if (n < 0) return FALSE;
    return PL_unify_int64(leaves, n);
  });
}

// crosscut_random_game(+H, +W, +Seed, -Moves, -Winner): a whole random game.
foreign_t pl_random_game(term_t height, term_t width, term_t seed, term_t moves, term_t winner) {
  return pl::guarded([&]() -> foreign_t {
    int h = kMinSide, w = kMinSide;
    std::uint64_t sd = 0;
    if (!pl::get_int_in(height, kMinSide, kMaxSide, "crosscut_size", h)) return FALSE;
    if (!pl::get_int_in(width, kMinSide, kMaxSide, "crosscut_size", w)) return FALSE;
    if (!PL_get_uint64_ex(seed, &sd)) return FALSE;
    Rng rng(sd);
    std::vector<std::uint8_t> played;
    const Position p = initial_position(h, w);
    const Position end = random_game(p, rng, &played);
    const atom_t a = end.winner == kRed ? a_red : end.winner == kBlue ? a_blue : a_draw;
    return pl::unify_list(moves, played, [&](term_t t, std::uint8_t m) { return put_move(t, p, m); }) &&
           PL_unify_atom(winner, a);
  });
}

}  // namespace
}  // namespace tabula::crosscut

using namespace tabula::crosscut;

extern "C" __attribute__((visibility("default"))) install_t install_tabula_crosscut(void) {
  a_empty = PL_new_atom("x");
  a_red = PL_new_atom("R");
  a_blue = PL_new_atom("B");
  a_draw = PL_new_atom("draw");
  f_state6 = PL_new_functor(PL_new_atom("state"), 6);
  f_move2 = PL_new_functor(PL_new_atom("move"), 2);
  f_info4 = PL_new_functor(PL_new_atom("info"), 4);
  PL_register_foreign("crosscut_valid_moves", 3, reinterpret_cast<pl_function_t>(pl_valid_moves), 0);
  PL_register_foreign("crosscut_place", 4, reinterpret_cast<pl_function_t>(pl_place), 0);
  PL_register_foreign("crosscut_winner", 2, reinterpret_cast<pl_function_t>(pl_winner), 0);
  PL_register_foreign("crosscut_next_turn", 2, reinterpret_cast<pl_function_t>(pl_next_turn), 0);
  PL_register_foreign("crosscut_value", 4, reinterpret_cast<pl_function_t>(pl_value), 0);
  PL_register_foreign("crosscut_evaluate", 3, reinterpret_cast<pl_function_t>(pl_evaluate), 0);
  PL_register_foreign("crosscut_search", 6, reinterpret_cast<pl_function_t>(pl_search), 0);
  PL_register_foreign("crosscut_perft", 4, reinterpret_cast<pl_function_t>(pl_perft), 0);
  PL_register_foreign("crosscut_random_game", 5, reinterpret_cast<pl_function_t>(pl_random_game), 0);
}
