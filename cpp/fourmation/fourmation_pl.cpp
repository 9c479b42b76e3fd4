// SWI-Prolog bridge of 4Mation: converts the report's gameState/3 terms to
// the core's State and back. Nothing here knows the rules.
#include <chrono>
#include <cstdint>
#include <vector>

#include "bridge/errors.hpp"
#include "bridge/foreign.hpp"
#include "bridge/search_info.hpp"
#include "bridge/signals.hpp"
#include "bridge/terms.hpp"
#include "fourmation/bots.hpp"
#include "fourmation/evaluation.hpp"
#include "fourmation/game.hpp"
#include "fourmation/playout.hpp"
#include "fourmation/search.hpp"
#include "fourmation/state.hpp"
#include "search/perft.hpp"

namespace tabula::fourmation {
namespace {

// Made once by install_tabula_fourmation, read-only afterwards.
atom_t ATOM_empty, ATOM_white, ATOM_black, ATOM_human, ATOM_draw, ATOM_none, ATOM_win;
atom_t ATOM_random, ATOM_forced_win, ATOM_block, ATOM_greedy;
functor_t FUNCTOR_gameState3, FUNCTOR_turn1, FUNCTOR_minus2;

atom_t colour_atom(int colour) { return colour == kWhite ? ATOM_white : ATOM_black; }

int colour_of(term_t t) {
  atom_t a;
  if (!PL_get_atom(t, &a)) return -1;
  return a == ATOM_white ? kWhite : a == ATOM_black ? kBlack : -1;
}

// A `Colour` argument: white or black.
bool get_colour(term_t t, int& colour) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  colour = colour_of(t);
  if (colour < 0) return PL_domain_error("fourmation_colour", t);
  return true;
}

bool get_small_int(term_t t, int& v) {
  int64_t x;
  if (!PL_is_integer(t) || !PL_get_int64(t, &x) || x < -1000 || x > 1000) return false;
  v = static_cast<int>(x);
  return true;
}

// gameState(Board, turn(Player-Colour), L-C) -> State; `player` (if not 0)
// receives the Player term. Raises an ISO error and returns false on a
// malformed term.
bool get_state(term_t gs, State& s, term_t player = 0) {
  if (PL_is_variable(gs)) return pl::instantiation_error(gs);
  if (!PL_is_functor(gs, FUNCTOR_gameState3)) return pl::type_error("fourmation_state", gs);
  term_t board = PL_new_term_ref(), turn = PL_new_term_ref(), prev = PL_new_term_ref();
  term_t x = PL_new_term_ref(), y = PL_new_term_ref();
  _PL_get_arg(1, gs, board);
  _PL_get_arg(2, gs, turn);
  _PL_get_arg(3, gs, prev);

  // The board: a proper list of n rows of n cell atoms.
  Cell grid[kMaxSize * kMaxSize];
  const pl::Grid g = pl::read_grid(board, kMaxSize, kMaxSize, [&](int r, int c, term_t cell) {
    atom_t a;
    if (!PL_get_atom(cell, &a)) return false;
    Cell v;
    if (a == ATOM_empty)
      v = Cell::kEmpty;
    else if (a == ATOM_white)
      v = Cell::kWhite;
    else if (a == ATOM_black)
      v = Cell::kBlack;
    else
      return false;
    grid[r * kMaxSize + c] = v;
    return true;
  });
  switch (g.status) {
    case pl::Grid::Status::kOk:
      break;
    case pl::Grid::Status::kPartial:
      return pl::instantiation_error(gs);
    case pl::Grid::Status::kTooLarge:
      return pl::domain_error("fourmation_board_size", board);
    default:
      return pl::type_error("fourmation_state", gs);
  }
  const int n = g.rows;
  if (g.cols != n) return pl::type_error("fourmation_state", gs);
  if (n < kMinSize) return pl::domain_error("fourmation_board_size", board);

  // turn(Player-Colour)
  if (PL_is_variable(turn)) return pl::instantiation_error(gs);
  if (!PL_is_functor(turn, FUNCTOR_turn1)) return pl::type_error("fourmation_state", gs);
  _PL_get_arg(1, turn, x);
  if (PL_is_variable(x)) return pl::instantiation_error(gs);
  if (!PL_is_functor(x, FUNCTOR_minus2)) return pl::type_error("fourmation_state", gs);
  _PL_get_arg(2, x, y);
  if (PL_is_variable(y)) return pl::instantiation_error(gs);
  const int side = colour_of(y);
  if (side < 0) return pl::type_error("fourmation_state", gs);
  if (player) _PL_get_arg(1, x, player);

  // The previous move: (-1)-(-1) or a cell of the board.
  if (PL_is_variable(prev)) return pl::instantiation_error(gs);
  int pl_, pc;
  if (!PL_is_functor(prev, FUNCTOR_minus2)) return pl::type_error("fourmation_state", gs);
  _PL_get_arg(1, prev, x);
  _PL_get_arg(2, prev, y);
  if (PL_is_variable(x) || PL_is_variable(y)) return pl::instantiation_error(gs);
  if (!get_small_int(x, pl_) || !get_small_int(y, pc)) return pl::type_error("fourmation_state", gs);
  int last;
  if (pl_ == -1 && pc == -1)
    last = kNoCell;
  else if (pl_ >= 0 && pl_ < n && pc >= 0 && pc < n)
    last = cell_of(pl_, pc);
  else
    return PL_domain_error("fourmation_previous_move", prev);

  Cell packed[kMaxSize * kMaxSize];
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) packed[r * n + c] = grid[r * kMaxSize + c];
  s = make_state(n, packed, side, last);
  return true;
}

bool put_move(term_t t, int cell) {
  term_t l = PL_new_term_ref(), c = PL_new_term_ref();
  if (cell == kNoCell)
    return PL_put_integer(l, -1) && PL_put_integer(c, -1) && PL_cons_functor(t, FUNCTOR_minus2, l, c);
  return PL_put_integer(l, row_of(cell)) && PL_put_integer(c, col_of(cell)) &&
         PL_cons_functor(t, FUNCTOR_minus2, l, c);
}

// State -> gameState(Board, turn(Player-Colour), L-C).
bool put_state(term_t t, const State& s, term_t player) {
  term_t board = PL_new_term_ref(), row = PL_new_term_ref(), cell = PL_new_term_ref();
  term_t pair = PL_new_term_ref(), colour = PL_new_term_ref(), turn = PL_new_term_ref(),
         prev = PL_new_term_ref();
  PL_put_nil(board);
  for (int r = s.n - 1; r >= 0; --r) {
    PL_put_nil(row);
    for (int c = s.n - 1; c >= 0; --c) {
      const int i = cell_of(r, c);
      const atom_t a = s.cubes[kWhite].test(i)   ? ATOM_white
                       : s.cubes[kBlack].test(i) ? ATOM_black
                                                 : ATOM_empty;
      PL_put_atom(cell, a);
      if (!PL_cons_list(row, cell, row)) return false;
    }
    if (!PL_cons_list(board, row, board)) return false;
  }
  PL_put_atom(colour, colour_atom(s.side));
  return PL_cons_functor(pair, FUNCTOR_minus2, player, colour) &&
         PL_cons_functor(turn, FUNCTOR_turn1, pair) && put_move(prev, s.last) &&
         PL_cons_functor(t, FUNCTOR_gameState3, board, turn, prev);
}

bool unify_state(term_t out, const State& s, term_t player) {
  return pl::unify_put(out, [&](term_t t) { return put_state(t, s, player); });
}

// A move L-C: instantiation/type errors for terms that are no move; -1 (no
// error) for a well-formed move off the board.
bool get_move(term_t m, const State& s, int& cell) {
  if (PL_is_variable(m)) return pl::instantiation_error(m);
  if (!PL_is_functor(m, FUNCTOR_minus2)) return pl::type_error("fourmation_move", m);
  term_t l = PL_new_term_ref(), c = PL_new_term_ref();
  _PL_get_arg(1, m, l);
  _PL_get_arg(2, m, c);
  if (PL_is_variable(l) || PL_is_variable(c)) return pl::instantiation_error(m);
  if (!PL_is_integer(l) || !PL_is_integer(c)) return pl::type_error("fourmation_move", m);
  int row, col;
  if (!get_small_int(l, row) || !get_small_int(c, col) || row < 0 || row >= s.n || col < 0 || col >= s.n)
    cell = -1;
  else
    cell = cell_of(row, col);
  return true;
}

bool unify_moves(term_t list, const Bits& mask) {
  std::vector<int> cells;
  for (Bits b = mask; b.any(); b.pop_lowest()) cells.push_back(b.lowest());
  return pl::unify_list(list, cells, [](term_t t, int cell) { return put_move(t, cell); });
}

atom_t outcome_atom(Outcome o) {
  switch (o) {
    case Outcome::kWhiteWins:
      return ATOM_white;
    case Outcome::kBlackWins:
      return ATOM_black;
    case Outcome::kDraw:
      return ATOM_draw;
    default:
      return ATOM_none;
  }
}

// ---------------------------------------------------------------- predicates

bool fourmation_initial_(term_t size, term_t gs) {
  int n = 0;
  if (!pl::get_int_in(size, kMinSize, kMaxSize, "fourmation_board_size", n)) return false;
  term_t player = PL_new_term_ref();
  PL_put_atom(player, ATOM_human);
  return unify_state(gs, initial_state(n), player);
}

bool fourmation_valid_moves_(term_t gs, term_t moves) {
  State s;
  if (!get_state(gs, s)) return false;
  return unify_moves(moves, legal_mask(s));
}

// fourmation_play(+GS, +Move, +Pass, -GS2): Pass true passes the turn.
bool fourmation_play_(term_t gs, term_t move, term_t pass, term_t gs2) {
  State s;
  term_t player = PL_new_term_ref();
  if (!get_state(gs, s, player)) return false;
  int cell, passing;
  if (!get_move(move, s, cell)) return false;
  if (!PL_get_bool_ex(pass, &passing)) return false;
  if (cell < 0 || !is_legal(s, cell)) return false;
  return unify_state(gs2, passing ? apply(s, cell) : place(s, cell, s.side), player);
}

bool fourmation_winner_(term_t gs, term_t winner) {
  State s;
  if (!get_state(gs, s)) return false;
  return PL_unify_atom(winner, outcome_atom(outcome(s)));
}

bool fourmation_perft_(term_t gs, term_t depth, term_t leaves) {
  State s;
  int d = 0;
  if (!get_state(gs, s)) return false;
  if (!pl::get_int_in(depth, 0, kMaxMoves, "fourmation_depth", d)) return false;
  pl::SignalPoll poll;
  Rules rules;
  const auto n = search::perft(rules, s, d, poll.stop_fn());
  if (!n) return false;
  return pl::unify_uint64(leaves, *n);
}

bool fourmation_random_playout_(term_t gs, term_t seed, term_t moves, term_t winner) {
  State s;
  int64_t sd;
  if (!get_state(gs, s)) return false;
  if (!pl::get_int64(seed, sd)) return false;
  Rng rng(static_cast<std::uint64_t>(sd));
  std::vector<int> played;
  const State end = random_playout(s, rng, &played);
  return pl::unify_list(moves, played, [](term_t t, int cell) { return put_move(t, cell); }) &&
         PL_unify_atom(winner, outcome_atom(outcome(end)));
}

// fourmation_search_(+GS, +Millis, +MaxDepth, +MaxNodes, +SeekMistakes,
//                    -Move, -search(Score, Depth, Nodes, Millis, Proven))
// Millis, MaxDepth and MaxNodes 0 mean no bound of that kind. Each call has
// a table of its own, so a search depends on its arguments only; the 2^20
// entries are zero pages until a search touches them.
bool fourmation_search_(term_t gs, term_t millis, term_t max_depth, term_t max_nodes, term_t seek,
                        term_t move, term_t info) {
  State s;
  int ms = 0, depth = 0, nodes = 0;
  bool seek_mistakes = true;
  if (!get_state(gs, s)) return false;
  if (!pl::get_int_in(millis, 0, 86'400'000, "fourmation_millis", ms)) return false;
  if (!pl::get_int_in(max_depth, 0, kMaxMoves, "fourmation_depth", depth)) return false;
  if (!pl::get_int_in(max_nodes, 0, 2'000'000'000, "fourmation_nodes", nodes)) return false;
  if (!pl::get_bool(seek, seek_mistakes)) return false;
  search::Limits limits = search::Limits::of_time(std::chrono::milliseconds(ms));
  limits.max_depth = depth;
  limits.max_nodes = static_cast<std::uint64_t>(nodes);
  limits.poll_every = kPollEvery;
  pl::SignalPoll poll;
  search::TranspositionTable tt(20);
  const SearchResult r = fourmation::search(s, limits, seek_mistakes, tt, poll.stop_fn());
  if (r.aborted || poll.raised() || !r.move) return false;
  term_t m = PL_new_term_ref();
  return put_move(m, *r.move) && PL_unify(move, m) && pl::unify_search_info(info, r);
}

// fourmation_bot(+GS, +Level, +Seed, -Move, -Reason): levels 1 and 2.
bool fourmation_bot_(term_t gs, term_t level, term_t seed, term_t move, term_t reason) {
  State s;
  int lv = 0;
  int64_t sd;
  if (!get_state(gs, s)) return false;
  if (!pl::get_int_in(level, 1, 2, "fourmation_bot_level", lv)) return false;
  if (!pl::get_int64(seed, sd)) return false;
  Rng rng(static_cast<std::uint64_t>(sd));
  const BotChoice choice = lv == 1 ? random_bot(s, rng) : report_bot(s, rng);
  if (choice.move == kNoCell) return false;
  atom_t why = ATOM_random;
  switch (choice.reason) {
    case BotReason::kWin:
      why = ATOM_win;
      break;
    case BotReason::kForcedWin:
      why = ATOM_forced_win;
      break;
    case BotReason::kBlock:
      why = ATOM_block;
      break;
    case BotReason::kGreedy:
      why = ATOM_greedy;
      break;
    default:
      break;
  }
  return pl::unify_put(move, [&](term_t m) { return put_move(m, choice.move); }) &&
         PL_unify_atom(reason, why);
}

// fourmation_line_value(+GS, +L-C, +Colour, -Value): any cell of the board.
bool fourmation_line_value_(term_t gs, term_t move, term_t colour, term_t value) {
  State s;
  int cell, c;
  if (!get_state(gs, s) || !get_move(move, s, cell) || !get_colour(colour, c)) return false;
  if (cell < 0) return PL_domain_error("fourmation_cell", move);
  return PL_unify_integer(value, line_value(s, cell, c));
}

// fourmation_evaluate(+GS, +Colour, -Value): the search's static value for Colour.
bool fourmation_evaluate_(term_t gs, term_t colour, term_t value) {
  State s;
  int c;
  if (!get_state(gs, s) || !get_colour(colour, c)) return false;
  const int v = evaluate(s);
  return PL_unify_integer(value, c == s.side ? v : -v);
}

// fourmation_threats(+GS, +Colour, -Cells): empty cells where Colour would make four.
bool fourmation_threats_(term_t gs, term_t colour, term_t cells) {
  State s;
  int c;
  if (!get_state(gs, s) || !get_colour(colour, c)) return false;
  return unify_moves(cells, threats(s, c));
}

}  // namespace
}  // namespace tabula::fourmation

TABULA_INSTALL(tabula_fourmation) {
  using namespace tabula::fourmation;
  namespace pl = tabula::pl;
  ATOM_empty = PL_new_atom("empty");
  ATOM_white = PL_new_atom("white");
  ATOM_black = PL_new_atom("black");
  ATOM_human = PL_new_atom("human");
  ATOM_draw = PL_new_atom("draw");
  ATOM_win = PL_new_atom("win");
  ATOM_none = PL_new_atom("none");
  ATOM_random = PL_new_atom("random");
  ATOM_forced_win = PL_new_atom("forced_win");
  ATOM_block = PL_new_atom("block");
  ATOM_greedy = PL_new_atom("greedy");
  FUNCTOR_gameState3 = PL_new_functor(PL_new_atom("gameState"), 3);
  FUNCTOR_turn1 = PL_new_functor(PL_new_atom("turn"), 1);
  FUNCTOR_minus2 = PL_new_functor(PL_new_atom("-"), 2);

  pl::define<fourmation_initial_>("fourmation_initial_", "fourmation:initial_state/2");
  pl::define<fourmation_valid_moves_>("fourmation_valid_moves_", "fourmation:valid_moves/2");
  pl::define<fourmation_play_>("fourmation_play_", "fourmation:move/3");
  pl::define<fourmation_winner_>("fourmation_winner_", "fourmation:game_over/2");
  pl::define<fourmation_perft_>("fourmation_perft_", "fourmation_tools:fourmation_perft/3");
  pl::define<fourmation_random_playout_>("fourmation_random_playout_",
                                         "fourmation_tools:fourmation_random_game/4");
  pl::define<fourmation_search_>("fourmation_search_", "fourmation_tools:fourmation_engine_move/3");
  pl::define<fourmation_bot_>("fourmation_bot_", "fourmation:choose_move/3");
  pl::define<fourmation_line_value_>("fourmation_line_value_", "fourmation:value/3");
  pl::define<fourmation_evaluate_>("fourmation_evaluate_", "fourmation:value/3");
  pl::define<fourmation_threats_>("fourmation_threats_", "fourmation_tools:fourmation_threats/3");
}
