// SWI-Prolog bridge of 4Mation: converts the report's gameState/3 terms to
// the core's State and back. Nothing here knows the rules.
#include <chrono>
#include <cstdint>
#include <vector>

#include "bridge/pl_support.hpp"
#include "fourmation/bots.hpp"
#include "fourmation/evaluation.hpp"
#include "fourmation/playout.hpp"
#include "fourmation/search.hpp"
#include "fourmation/state.hpp"
#include "search/alphabeta.hpp"

namespace {

using namespace tabula;
using namespace tabula::fourmation;

// Created once in install(), read-only afterwards.
atom_t a_empty, a_white, a_black, a_human, a_draw, a_none, a_win, a_loss, a_unknown;
atom_t a_random, a_forced_win, a_block, a_greedy;
functor_t f_game_state3, f_turn1, f_minus2, f_search5;

atom_t colour_atom(int colour) { return colour == kWhite ? a_white : a_black; }

int colour_of(term_t t) {
  atom_t a;
  if (!PL_get_atom(t, &a)) return -1;
  return a == a_white ? kWhite : a == a_black ? kBlack : -1;
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
  if (!PL_get_int64(t, &x) || x < -1000 || x > 1000) return false;
  v = static_cast<int>(x);
  return true;
}

// gameState(Board, turn(Player-Colour), L-C) -> State; `player` (if not 0)
// receives the Player term. Raises an ISO error and returns false on a
// malformed term.
bool get_state(term_t gs, State& s, term_t player = 0) {
  if (PL_is_variable(gs)) return pl::instantiation_error(gs);
  if (!PL_is_functor(gs, f_game_state3)) return pl::type_error("fourmation_state", gs);
  term_t board = PL_new_term_ref(), turn = PL_new_term_ref(), prev = PL_new_term_ref();
  term_t x = PL_new_term_ref(), y = PL_new_term_ref();
  _PL_get_arg(1, gs, board);
  _PL_get_arg(2, gs, turn);
  _PL_get_arg(3, gs, prev);

  // The board: a proper list of n rows of n cell atoms.
  Cell grid[kMaxSize * kMaxSize];
  int rows = 0, n = -1;
  bool partial = false;
  term_t tail = PL_copy_term_ref(board), row = PL_new_term_ref();
  term_t cells = PL_new_term_ref(), cell = PL_new_term_ref();
  while (PL_get_list(tail, row, tail)) {
    if (rows >= kMaxSize) return PL_domain_error("fourmation_board_size", board);
    int cols = 0;
    if (!PL_put_term(cells, row)) return false;
    while (PL_get_list(cells, cell, cells)) {
      if (cols >= kMaxSize) return PL_domain_error("fourmation_board_size", board);
      atom_t a;
      if (PL_is_variable(cell)) return pl::instantiation_error(gs);
      if (!PL_get_atom(cell, &a)) return pl::type_error("fourmation_state", gs);
      Cell v;
      if (a == a_empty)
        v = Cell::kEmpty;
      else if (a == a_white)
        v = Cell::kWhite;
      else if (a == a_black)
        v = Cell::kBlack;
      else
        return pl::type_error("fourmation_state", gs);
      grid[rows * kMaxSize + cols++] = v;
    }
    if (PL_is_variable(cells))
      partial = true;
    else if (!PL_get_nil(cells))
      return pl::type_error("fourmation_state", gs);
    if (n < 0)
      n = cols;
    else if (cols != n)
      return pl::type_error("fourmation_state", gs);
    ++rows;
  }
  if (partial || PL_is_variable(tail)) return pl::instantiation_error(gs);
  if (!PL_get_nil(tail)) return pl::type_error("fourmation_state", gs);
  if (rows != n) return pl::type_error("fourmation_state", gs);
  if (n < kMinSize) return PL_domain_error("fourmation_board_size", board);

  // turn(Player-Colour)
  if (PL_is_variable(turn)) return pl::instantiation_error(gs);
  if (!PL_is_functor(turn, f_turn1)) return pl::type_error("fourmation_state", gs);
  _PL_get_arg(1, turn, x);
  if (PL_is_variable(x)) return pl::instantiation_error(gs);
  if (!PL_is_functor(x, f_minus2)) return pl::type_error("fourmation_state", gs);
  _PL_get_arg(2, x, y);
  if (PL_is_variable(y)) return pl::instantiation_error(gs);
  const int side = colour_of(y);
  if (side < 0) return pl::type_error("fourmation_state", gs);
  if (player) _PL_get_arg(1, x, player);

  // The previous move: (-1)-(-1) or a cell of the board.
  if (PL_is_variable(prev)) return pl::instantiation_error(gs);
  int pl_, pc;
  if (!PL_is_functor(prev, f_minus2)) return pl::type_error("fourmation_state", gs);
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
    return PL_put_integer(l, -1) && PL_put_integer(c, -1) && PL_cons_functor(t, f_minus2, l, c);
  return PL_put_integer(l, row_of(cell)) && PL_put_integer(c, col_of(cell)) &&
         PL_cons_functor(t, f_minus2, l, c);
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
      const atom_t a = s.cubes[kWhite].test(i) ? a_white : s.cubes[kBlack].test(i) ? a_black : a_empty;
      PL_put_atom(cell, a);
      if (!PL_cons_list(row, cell, row)) return false;
    }
    if (!PL_cons_list(board, row, board)) return false;
  }
  PL_put_atom(colour, colour_atom(s.side));
  return PL_cons_functor(pair, f_minus2, player, colour) && PL_cons_functor(turn, f_turn1, pair) &&
         put_move(prev, s.last) && PL_cons_functor(t, f_game_state3, board, turn, prev);
}

bool unify_state(term_t out, const State& s, term_t player) {
  term_t t = PL_new_term_ref();
  return put_state(t, s, player) && PL_unify(out, t);
}

// A move L-C: instantiation/type errors for terms that are no move; -1 (no
// error) for a well-formed move off the board.
bool get_move(term_t m, const State& s, int& cell) {
  if (PL_is_variable(m)) return pl::instantiation_error(m);
  if (!PL_is_functor(m, f_minus2)) return pl::type_error("fourmation_move", m);
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
      return a_white;
    case Outcome::kBlackWins:
      return a_black;
    case Outcome::kDraw:
      return a_draw;
    default:
      return a_none;
  }
}

// ---------------------------------------------------------------- predicates

foreign_t pl_initial(term_t size, term_t gs) {
  return pl::guarded([&]() -> foreign_t {
    int n = 0;
    if (!pl::get_int_in(size, kMinSize, kMaxSize, "fourmation_board_size", n)) return FALSE;
    term_t player = PL_new_term_ref();
    PL_put_atom(player, a_human);
    return unify_state(gs, initial_state(n), player);
  });
}

foreign_t pl_valid_moves(term_t gs, term_t moves) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(gs, s)) return FALSE;
    return unify_moves(moves, legal_mask(s));
  });
}

// fourmation_play(+GS, +Move, +Pass, -GS2): Pass true passes the turn.
foreign_t pl_play(term_t gs, term_t move, term_t pass, term_t gs2) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    term_t player = PL_new_term_ref();
    if (!get_state(gs, s, player)) return FALSE;
    int cell, passing;
    if (!get_move(move, s, cell)) return FALSE;
    if (!PL_get_bool_ex(pass, &passing)) return FALSE;
    if (cell < 0 || !is_legal(s, cell)) return FALSE;
    return unify_state(gs2, passing ? apply(s, cell) : place(s, cell, s.side), player);
  });
}

foreign_t pl_winner(term_t gs, term_t winner) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(gs, s)) return FALSE;
    return PL_unify_atom(winner, outcome_atom(outcome(s)));
  });
}

bool poll_signals(void* ctx) { return static_cast<pl::SignalPoll*>(ctx)->poll_now(); }

foreign_t pl_perft(term_t gs, term_t depth, term_t leaves) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int d = 0;
    if (!get_state(gs, s)) return FALSE;
    if (!pl::get_int_in(depth, 0, kMaxMoves, "fourmation_depth", d)) return FALSE;
    pl::SignalPoll poll;
    bool stopped = false;
    const std::uint64_t n = perft(s, d, poll_signals, &poll, &stopped);
    if (stopped) return FALSE;
    return PL_unify_uint64(leaves, n);
  });
}

foreign_t pl_random_playout(term_t gs, term_t seed, term_t moves, term_t winner) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int64_t sd;
    if (!get_state(gs, s)) return FALSE;
    if (!PL_get_int64_ex(seed, &sd)) return FALSE;
    Rng rng(static_cast<std::uint64_t>(sd));
    std::vector<int> played;
    const State end = random_playout(s, rng, &played);
    return pl::unify_list(moves, played, [](term_t t, int cell) { return put_move(t, cell); }) &&
           PL_unify_atom(winner, outcome_atom(outcome(end)));
  });
}

// One table per thread, reused by its searches (entries of other positions
// are told apart by their keys).
search::TranspositionTable& thread_table() {
  thread_local search::TranspositionTable tt(20);
  return tt;
}

// fourmation_search(+GS, +BudgetMs, +MaxDepth, +SeekMistakes, -Move,
//                   -search(Score, Depth, Nodes, Millis, Solved))
foreign_t pl_search(term_t gs, term_t budget, term_t max_depth, term_t seek, term_t move, term_t info) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int64_t ms;
    int depth = 0;
    if (!get_state(gs, s)) return FALSE;
    if (!PL_get_int64_ex(budget, &ms)) return FALSE;
    if (ms < 0) return PL_domain_error("not_less_than_zero", budget);
    if (!pl::get_int_in(max_depth, 0, kMaxMoves, "fourmation_depth", depth)) return FALSE;
    int seek_mistakes;
    if (!PL_get_bool_ex(seek, &seek_mistakes)) return FALSE;
    pl::SignalPoll poll;
    SearchOptions options;
    options.budget = std::chrono::milliseconds(ms);
    options.max_depth = depth;
    options.seek_mistakes = seek_mistakes != 0;
    const SearchOutcome r =
        fourmation::search(s, options, thread_table(), [&poll] { return poll.poll_now(); });
    if (r.aborted || poll.raised()) return FALSE;
    if (!r.has_move) return FALSE;
    term_t m = PL_new_term_ref();
    const atom_t solved = !r.solved ? a_unknown : r.verdict > 0 ? a_win : r.verdict < 0 ? a_loss : a_draw;
    return put_move(m, r.move) && PL_unify(move, m) &&
           PL_unify_term(info, PL_FUNCTOR, f_search5, PL_INT, r.score, PL_INT, r.depth, PL_INT64,
                         static_cast<int64_t>(r.nodes), PL_INT64, static_cast<int64_t>(r.seconds * 1000),
                         PL_ATOM, solved);
  });
}

// fourmation_bot(+GS, +Level, +Seed, -Move, -Reason): levels 1 and 2.
foreign_t pl_bot(term_t gs, term_t level, term_t seed, term_t move, term_t reason) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int lv = 0;
    int64_t sd;
    if (!get_state(gs, s)) return FALSE;
    if (!pl::get_int_in(level, 1, 2, "fourmation_bot_level", lv)) return FALSE;
    if (!PL_get_int64_ex(seed, &sd)) return FALSE;
    Rng rng(static_cast<std::uint64_t>(sd));
    const BotChoice choice = lv == 1 ? random_bot(s, rng) : report_bot(s, rng);
    if (choice.move == kNoCell) return FALSE;
    atom_t why = a_random;
    switch (choice.reason) {
      case BotReason::kWin:
        why = a_win;
        break;
      case BotReason::kForcedWin:
        why = a_forced_win;
        break;
      case BotReason::kBlock:
        why = a_block;
        break;
      case BotReason::kGreedy:
        why = a_greedy;
        break;
      default:
        break;
    }
    term_t m = PL_new_term_ref();
    return put_move(m, choice.move) && PL_unify(move, m) && PL_unify_atom(reason, why);
  });
}

// fourmation_line_value(+GS, +L-C, +Colour, -Value): any cell of the board.
foreign_t pl_line_value(term_t gs, term_t move, term_t colour, term_t value) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int cell, c;
    if (!get_state(gs, s) || !get_move(move, s, cell) || !get_colour(colour, c)) return FALSE;
    if (cell < 0) return PL_domain_error("fourmation_cell", move);
    return PL_unify_integer(value, line_value(s, cell, c));
  });
}

// fourmation_evaluate(+GS, +Colour, -Value): the search's static value for Colour.
foreign_t pl_evaluate(term_t gs, term_t colour, term_t value) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int c;
    if (!get_state(gs, s) || !get_colour(colour, c)) return FALSE;
    const int v = evaluate(s);
    return PL_unify_integer(value, c == s.side ? v : -v);
  });
}

// fourmation_threats(+GS, +Colour, -Cells): empty cells where Colour would make four.
foreign_t pl_threats(term_t gs, term_t colour, term_t cells) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int c;
    if (!get_state(gs, s) || !get_colour(colour, c)) return FALSE;
    return unify_moves(cells, threats(s, c));
  });
}

}  // namespace

extern "C" __attribute__((visibility("default"))) install_t install_tabula_fourmation() {
  a_empty = PL_new_atom("empty");
  a_white = PL_new_atom("white");
  a_black = PL_new_atom("black");
  a_human = PL_new_atom("human");
  a_draw = PL_new_atom("draw");
  a_none = PL_new_atom("none");
  a_win = PL_new_atom("win");
  a_loss = PL_new_atom("loss");
  a_unknown = PL_new_atom("unknown");
  a_random = PL_new_atom("random");
  a_forced_win = PL_new_atom("forced_win");
  a_block = PL_new_atom("block");
  a_greedy = PL_new_atom("greedy");
  f_game_state3 = PL_new_functor(PL_new_atom("gameState"), 3);
  f_turn1 = PL_new_functor(PL_new_atom("turn"), 1);
  f_minus2 = PL_new_functor(PL_new_atom("-"), 2);
  f_search5 = PL_new_functor(PL_new_atom("search"), 5);

  PL_register_foreign("fourmation_initial", 2, reinterpret_cast<pl_function_t>(pl_initial), 0);
  PL_register_foreign("fourmation_valid_moves", 2, reinterpret_cast<pl_function_t>(pl_valid_moves), 0);
  PL_register_foreign("fourmation_play", 4, reinterpret_cast<pl_function_t>(pl_play), 0);
  PL_register_foreign("fourmation_winner", 2, reinterpret_cast<pl_function_t>(pl_winner), 0);
  PL_register_foreign("fourmation_perft", 3, reinterpret_cast<pl_function_t>(pl_perft), 0);
  PL_register_foreign("fourmation_random_playout", 4, reinterpret_cast<pl_function_t>(pl_random_playout), 0);
  PL_register_foreign("fourmation_search", 6, reinterpret_cast<pl_function_t>(pl_search), 0);
  PL_register_foreign("fourmation_bot", 5, reinterpret_cast<pl_function_t>(pl_bot), 0);
  PL_register_foreign("fourmation_line_value", 4, reinterpret_cast<pl_function_t>(pl_line_value), 0);
  PL_register_foreign("fourmation_evaluate", 3, reinterpret_cast<pl_function_t>(pl_evaluate), 0);
  PL_register_foreign("fourmation_threats", 3, reinterpret_cast<pl_function_t>(pl_threats), 0);
}
