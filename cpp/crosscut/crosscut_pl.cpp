// SWI-Prolog bridge: converts the report's state/6 terms, players and moves
// to the core's values and back. Every predicate is reentrant (only atoms
// and functors made at install time are shared).
#include <chrono>
#include <cstdint>
#include <vector>

#include "bridge/errors.hpp"
#include "bridge/foreign.hpp"
#include "bridge/search_info.hpp"
#include "bridge/signals.hpp"
#include "bridge/terms.hpp"
#include "common/rng.hpp"
#include "crosscut/evaluation.hpp"
#include "crosscut/playout.hpp"
#include "crosscut/position.hpp"
#include "crosscut/report_value.hpp"
#include "crosscut/search.hpp"
#include "search/perft.hpp"

namespace tabula::crosscut {
namespace {

// Made once by install_tabula_crosscut, read-only afterwards.
atom_t ATOM_x, ATOM_R, ATOM_B, ATOM_draw;
functor_t FUNCTOR_state6, FUNCTOR_move2;

// The state term, read: board as a Position (winner and to_move not set).
struct StateIn {
  Position pos;
  std::int64_t turn = 1;
};

// Reads state(Turn, RedType, BlueType, Board, Height, Length): type_error
// (crosscut_state, S) when a field has the wrong type (Turn, Height or
// Length not an integer, Board not a list of lists of 'R', 'B', x),
// domain_error(crosscut_state, S) when the values are out of range or the
// board's size is not Height x Length.
bool get_state(term_t t, StateIn& out) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  if (!PL_is_functor(t, FUNCTOR_state6)) return pl::type_error("crosscut_state", t);
  term_t arg = PL_new_term_ref();
  std::int64_t h, w;
  for (int i : {1, 4, 5, 6}) {
    _PL_get_arg(i, t, arg);
    if (PL_is_variable(arg)) return pl::instantiation_error(t);
  }
  for (int i : {1, 5, 6}) {
    _PL_get_arg(i, t, arg);
    if (!PL_is_integer(arg)) return pl::type_error("crosscut_state", t);
  }
  _PL_get_arg(1, t, arg);
  // Turn is bounded so that next_turn/2 cannot overflow.
  if (!PL_get_int64(arg, &out.turn) || out.turn < 1 || out.turn > (std::int64_t{1} << 62))
    return pl::domain_error("crosscut_state", t);
  _PL_get_arg(5, t, arg);
  if (!PL_get_int64(arg, &h)) return pl::domain_error("crosscut_state", t);
  _PL_get_arg(6, t, arg);
  if (!PL_get_int64(arg, &w)) return pl::domain_error("crosscut_state", t);
  if (h < kMinSide || h > kMaxSide || w < kMinSide || w > kMaxSide || !valid_size(int(h), int(w)))
    return pl::domain_error("crosscut_state", t);
  out.pos = initial_position(static_cast<int>(h), static_cast<int>(w));
  _PL_get_arg(4, t, arg);
  const pl::Grid g = pl::read_grid(arg, kMaxSide, kMaxSide, [&](int r, int c, term_t cell) {
    atom_t a;
    if (!PL_get_atom(cell, &a) || (a != ATOM_R && a != ATOM_B && a != ATOM_x)) return false;
    if (r < h && c < w && a != ATOM_x)
      out.pos.discs[a == ATOM_R ? kRed : kBlue] |= bit(r * static_cast<int>(w) + c);
    return true;
  });
  switch (g.status) {
    case pl::Grid::Status::kOk:
      if (g.rows != h || g.cols != w) return pl::domain_error("crosscut_state", t);
      return true;
    case pl::Grid::Status::kPartial:
      return pl::instantiation_error(t);
    default:
      return pl::type_error("crosscut_state", t);
  }
}

// 'R' or 'B'.
bool get_player(term_t t, int& player) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  atom_t a;
  if (!PL_get_atom(t, &a)) return pl::type_error("atom", t);
  if (a == ATOM_R)
    player = kRed;
  else if (a == ATOM_B)
    player = kBlue;
  else
    return pl::domain_error("crosscut_player", t);
  return true;
}

// move(Number, Letter): sets `cell` to -1 when off the board (then the move
// is simply illegal).
bool get_move(term_t t, const Position& p, int& cell) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  if (!PL_is_functor(t, FUNCTOR_move2)) return pl::type_error("crosscut_move", t);
  term_t arg = PL_new_term_ref();
  std::int64_t number, letter;
  _PL_get_arg(1, t, arg);
  if (!pl::get_int64(arg, number)) return false;
  _PL_get_arg(2, t, arg);
  if (!pl::get_int64(arg, letter)) return false;
  if (number < 1 || number > p.height || letter < 1 || letter > p.width)
    cell = -1;
  else
    cell = cell_of(p.height, p.width, static_cast<int>(number), static_cast<int>(letter));
  return true;
}

// Puts (not unifies: `t` may be reused) move(Number, Letter) into `t`.
bool put_move(term_t t, const Position& p, int cell) {
  PL_put_variable(t);
  return PL_unify_term(t, PL_FUNCTOR, FUNCTOR_move2, PL_INT, number_of(p.height, p.width, cell), PL_INT,
                       letter_of(p.width, cell));
}

// Row `r` of the board (top first) as a fresh list.
bool put_row(term_t row, const Position& p, int r) {
  term_t cell = PL_new_term_ref();
  PL_put_nil(row);
  for (int c = p.width - 1; c >= 0; --c) {
    const int index = r * p.width + c;
    PL_put_atom(cell, test(p.discs[kRed], index) ? ATOM_R : test(p.discs[kBlue], index) ? ATOM_B : ATOM_x);
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
  return PL_cons_functor_v(s, FUNCTOR_state6, args) && PL_unify(out, s);
}

// The player whose turn `turn` is (odd: Red).
int turn_player(std::int64_t turn) { return turn % 2 == 1 ? kRed : kBlue; }

// The game as the board of `s` stands: the player of Turn made the last
// placement (next_turn/2 has not run yet).
Resolution resolution_of(const StateIn& s) {
  return resolve(s.pos.discs[kRed], s.pos.discs[kBlue], s.pos.height, s.pos.width, turn_player(s.turn));
}

// A Position for searching: `player` to move, winner decided.
Position playable(const StateIn& s, int player) {
  Position p = s.pos;
  p.to_move = static_cast<std::uint8_t>(player);
  p.winner = static_cast<std::int8_t>(resolution_of(s).winner);
  return p;
}

bool crosscut_valid_moves_(term_t state, term_t player, term_t moves) {
  StateIn s;
  int side = 0;
  if (!get_state(state, s) || !get_player(player, side)) return false;
  MoveList list;
  if (resolution_of(s).winner == kNobody)
    placements(s.pos.discs[side], s.pos.discs[1 - side], s.pos.height, s.pos.width, list);
  term_t result = PL_new_term_ref(), move = PL_new_term_ref(), nums = PL_new_term_refs(2);
  PL_put_nil(result);
  for (auto it = list.rbegin(); it != list.rend(); ++it) {
    if (!PL_put_integer(nums, number_of(s.pos.height, s.pos.width, *it)) ||
        !PL_put_integer(nums + 1, letter_of(s.pos.width, *it)) ||
        !PL_cons_functor_v(move, FUNCTOR_move2, nums) || !PL_cons_list(result, move, result))
      return false;
  }
  return PL_unify(moves, result);
}

bool crosscut_place_(term_t state, term_t player, term_t move, term_t state2) {
  StateIn s;
  int side = 0, cell = -1;
  if (!get_state(state, s) || !get_player(player, side) || !get_move(move, s.pos, cell)) return false;
  if (cell < 0 || resolution_of(s).winner != kNobody) return false;
  Position p = s.pos;
  if (!place(p.discs[side], p.discs[1 - side], p.height, p.width, cell)) return false;
  unsigned fresh_rows = 0;
  for_each_bit((p.discs[kRed] ^ s.pos.discs[kRed]) | (p.discs[kBlue] ^ s.pos.discs[kBlue]),
               [&](int at) { fresh_rows |= 1u << (at / p.width); });
  return put_state(state2, state, s.turn, p, false, fresh_rows);
}

bool crosscut_winner_(term_t state, term_t winner) {
  StateIn s;
  if (!get_state(state, s)) return false;
  const int w = resolution_of(s).winner;
  const atom_t a = w == kRed ? ATOM_R : w == kBlue ? ATOM_B : w == kDraw ? ATOM_draw : ATOM_x;
  return PL_unify_atom(winner, a);
}

bool crosscut_next_turn_(term_t state, term_t state2) {
  StateIn s;
  if (!get_state(state, s)) return false;
  // A skipped turn counts as a turn: Turn + 2 gives the mover the next one.
  const bool skipped = resolution_of(s).next == turn_player(s.turn);
  return put_state(state2, state, s.turn + (skipped ? 2 : 1), s.pos, true);
}

bool crosscut_value_(term_t state, term_t move, term_t player, term_t value) {
  StateIn s;
  int side = 0, cell = -1, v = 0;
  if (!get_state(state, s) || !get_move(move, s.pos, cell) || !get_player(player, side)) return false;
  if (cell < 0 || !report_value(s.pos, side, cell, v)) return false;
  return PL_unify_integer(value, v);
}

bool crosscut_evaluate_(term_t state, term_t player, term_t score) {
  StateIn s;
  int side = 0;
  if (!get_state(state, s) || !get_player(player, side)) return false;
  Position p = s.pos;
  p.to_move = static_cast<std::uint8_t>(side);
  return PL_unify_integer(score, evaluate(p));
}

// crosscut_search_(+State, +Player, +Millis, +MaxDepth, +MaxNodes, -Move,
// -Info): the engine's move for Player; Info = search(Score, Depth, Nodes,
// Millis, Proven). Millis and MaxNodes 0 mean no bound of that kind. Fails
// when the game is over.
bool crosscut_search_(term_t state, term_t player, term_t millis, term_t max_depth, term_t max_nodes,
                      term_t move, term_t info) {
  StateIn s;
  int side = 0, ms = 0, depth = 1, nodes = 0;
  if (!get_state(state, s) || !get_player(player, side)) return false;
  if (!pl::get_int_in(millis, 0, 86'400'000, "crosscut_millis", ms)) return false;
  if (!pl::get_int_in(max_depth, 1, 200, "crosscut_depth", depth)) return false;
  if (!pl::get_int_in(max_nodes, 0, 2'000'000'000, "crosscut_nodes", nodes)) return false;
  const Position p = playable(s, side);
  if (p.over()) return false;
  search::Limits limits = search::Limits::of_time(std::chrono::milliseconds(ms));
  limits.max_depth = depth;
  limits.max_nodes = static_cast<std::uint64_t>(nodes);
  limits.poll_every = kPollEvery;
  pl::SignalPoll poll;
  const SearchResult r = best_move(p, limits, poll.stop_fn());
  if (r.aborted || poll.raised() || !r.move) return false;
  term_t m = PL_new_term_ref();
  if (!put_move(m, p, *r.move)) return false;
  return PL_unify(move, m) && pl::unify_search_info(info, r);
}

bool crosscut_perft_(term_t state, term_t player, term_t depth, term_t leaves) {
  StateIn s;
  int side = 0, d = 0;
  if (!get_state(state, s) || !get_player(player, side)) return false;
  if (!pl::get_int_in(depth, 0, 64, "crosscut_depth", d)) return false;
  pl::SignalPoll poll;
  Game game;
  const auto n = search::perft(game, playable(s, side), d, poll.stop_fn());
  if (!n) return false;
  return pl::unify_uint64(leaves, *n);
}

// crosscut_random_game(+H, +W, +Seed, -Moves, -Winner): a whole random game.
bool crosscut_random_game_(term_t height, term_t width, term_t seed, term_t moves, term_t winner) {
  int h = kMinSide, w = kMinSide;
  std::uint64_t sd = 0;
  if (!pl::get_int_in(height, kMinSide, kMaxSide, "crosscut_size", h)) return false;
  if (!pl::get_int_in(width, kMinSide, kMaxSide, "crosscut_size", w)) return false;
  if (!pl::get_uint64(seed, sd)) return false;
  Rng rng(sd);
  std::vector<std::uint8_t> played;
  const Position p = initial_position(h, w);
  const Position end = random_game(p, rng, &played);
  const atom_t a = end.winner == kRed ? ATOM_R : end.winner == kBlue ? ATOM_B : ATOM_draw;
  return pl::unify_list(moves, played, [&](term_t t, std::uint8_t m) { return put_move(t, p, m); }) &&
         PL_unify_atom(winner, a);
}

}  // namespace
}  // namespace tabula::crosscut

TABULA_INSTALL(tabula_crosscut) {
  using namespace tabula::crosscut;
  namespace pl = tabula::pl;
  ATOM_x = PL_new_atom("x");
  ATOM_R = PL_new_atom("R");
  ATOM_B = PL_new_atom("B");
  ATOM_draw = PL_new_atom("draw");
  FUNCTOR_state6 = PL_new_functor(PL_new_atom("state"), 6);
  FUNCTOR_move2 = PL_new_functor(PL_new_atom("move"), 2);

  pl::define<crosscut_valid_moves_>("crosscut_valid_moves_", "crosscut:valid_moves/3");
  pl::define<crosscut_place_>("crosscut_place_", "crosscut:move/3");
  pl::define<crosscut_winner_>("crosscut_winner_", "crosscut:game_over/2");
  pl::define<crosscut_next_turn_>("crosscut_next_turn_", "crosscut:next_turn/2");
  pl::define<crosscut_value_>("crosscut_value_", "crosscut:value/4");
  pl::define<crosscut_evaluate_>("crosscut_evaluate_", "crosscut:value/3");
  pl::define<crosscut_search_>("crosscut_search_", "crosscut:choose_move/4");
  pl::define<crosscut_perft_>("crosscut_perft_", "crosscut_tools:crosscut_perft/3");
  pl::define<crosscut_random_game_>("crosscut_random_game_", "crosscut_tools:crosscut_random_game/4");
}
