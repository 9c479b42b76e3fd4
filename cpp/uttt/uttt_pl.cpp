// SWI-Prolog bridge of the UTTT engine: converts the course's terms to the
// core's values and back. The predicates land in module uttt_foreign.
#include <array>
#include <chrono>
#include <cstdint>
#include <span>

#include "bridge/pl_support.hpp"
#include "uttt/engine.hpp"
#include "uttt/playout.hpp"
#include "uttt/priorities.hpp"
#include "uttt/state.hpp"

namespace tabula::uttt {
namespace {

namespace pl = tabula::pl;

// Written once by install_tabula_uttt, read-only afterwards.
atom_t kPositionAtoms[9];
atom_t kAtomX, kAtomR, kAtomEmpty;
functor_t kStateFunctor, kPairFunctor;

constexpr int kWordBits = 27;  // three boards of nine cells per integer
constexpr std::int64_t kWordLimit = std::int64_t{1} << kWordBits;

enum Cell { kEmpty, kCellX, kCellO, kCellR };

// ---- terms to values -------------------------------------------------------

bool get_state(term_t t, State& s) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  if (!PL_is_functor(t, kStateFunctor)) return pl::type_error("uttt_state", t);
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  term_t arg = PL_new_term_ref();
  for (int i = 0; i < 6; ++i) {
    int64_t word;
    _PL_get_arg(i + 1, t, arg);
    if (!PL_get_int64(arg, &word) || word < 0 || word >= kWordLimit) return pl::type_error("uttt_state", t);
    for (int k = 0; k < 3; ++k)
      cells[i / 3][(i % 3) * 3 + k] = static_cast<std::uint16_t>((word >> (9 * k)) & kFull);
  }
  int64_t forced;
  _PL_get_arg(7, t, arg);
  if (!PL_get_int64(arg, &forced) || forced < -1 || forced > 8) return pl::type_error("uttt_state", t);
  // No hash: nothing the bridge does with a rebuilt state needs one.
  const auto parsed = from_parts(cells, static_cast<int>(forced), false);
  if (!parsed) return pl::type_error("uttt_state", t);
  s = *parsed;
  return true;
}

// Index of a position atom, -1 otherwise.
int position_index(term_t t) { return pl::atom_index(t, kPositionAtoms, 9); }

// A position argument the caller must give: errors when it is not one.
bool get_position(term_t t, int& index) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  index = position_index(t);
  if (index < 0) return pl::domain_error("uttt_position", t);
  return true;
}

Cell cell_of_term(term_t t, bool allow_r) {
  int value;
  if (PL_get_integer(t, &value)) return value == 0 ? kCellO : Cell(-1);
  atom_t a;
  if (!PL_get_atom(t, &a)) return Cell(-1);
  if (a == kAtomX) return kCellX;
  if (a == kAtomEmpty) return kEmpty;
  if (allow_r && a == kAtomR) return kCellR;
  return Cell(-1);
}

// Nine cells into masks; false (no error raised) when malformed.
bool get_cells(term_t list, bool allow_r, unsigned& x, unsigned& o, unsigned& r) {
  x = o = r = 0;
  int n = 0;
  const bool proper = pl::for_each_in_list(list, false, [&](term_t cell) {
    if (n >= 9) return false;
    switch (cell_of_term(cell, allow_r)) {
      case kCellX:
        x |= 1u << n;
        break;
      case kCellO:
        o |= 1u << n;
        break;
      case kCellR:
        r |= 1u << n;
        break;
      case kEmpty:
        break;
      default:
        return false;
    }
    ++n;
    return true;
  });
  return proper && n == 9;
}

// ---- values to terms -------------------------------------------------------

bool put_cell(term_t t, Cell c) {
  switch (c) {
    case kCellX:
      return PL_put_atom(t, kAtomX);
    case kCellO:
      return PL_put_integer(t, 0);
    case kCellR:
      return PL_put_atom(t, kAtomR);
    default:
      return PL_put_atom(t, kAtomEmpty);
  }
}

bool unify_cells(term_t list, unsigned x, unsigned o, unsigned r) {
  std::array<Cell, 9> cells{};
  for (int i = 0; i < 9; ++i)
    cells[i] = (x >> i & 1) ? kCellX : (o >> i & 1) ? kCellO : (r >> i & 1) ? kCellR : kEmpty;
  return pl::unify_list(list, cells, put_cell);
}

bool unify_state(term_t t, const State& s) {
  term_t args = PL_new_term_refs(7);
  for (int i = 0; i < 6; ++i) {
    std::int64_t word = 0;
    for (int k = 0; k < 3; ++k) word |= std::int64_t{s.cells[i / 3][(i % 3) * 3 + k]} << (9 * k);
    if (!PL_put_int64(args + i, word)) return false;
  }
  if (!PL_put_integer(args + 6, s.forced)) return false;
  term_t state = PL_new_term_ref();
  return PL_cons_functor_v(state, kStateFunctor, args) && PL_unify(t, state);
}

bool put_player(term_t t, int player) { return player == kX ? PL_put_atom(t, kAtomX) : PL_put_integer(t, 0); }

// Bare position when one board is available, (UPos, Pos) otherwise.
bool put_move(term_t t, const State& s, Move m) {
  if (__builtin_popcount(s.available_boards()) == 1) return PL_put_atom(t, kPositionAtoms[cell_of(m)]);
  term_t pair = PL_new_term_refs(2);
  return PL_put_atom(pair, kPositionAtoms[board_of(m)]) &&
         PL_put_atom(pair + 1, kPositionAtoms[cell_of(m)]) && PL_cons_functor_v(t, kPairFunctor, pair);
}

// A move in the notation the state requires; false when it is anything else.
bool get_move(term_t t, const State& s, Move& m) {
  const unsigned available = s.available_boards();
  if (available == 0) return false;
  int board, cell;
  if (__builtin_popcount(available) == 1) {
    board = __builtin_ctz(available);
    cell = position_index(t);
  } else {
    if (!PL_is_functor(t, kPairFunctor)) return false;
    term_t a = PL_new_term_ref();
    _PL_get_arg(1, t, a);
    board = position_index(a);
    _PL_get_arg(2, t, a);
    cell = position_index(a);
  }
  if (board < 0 || cell < 0) return false;
  m = make_move(board, cell);
  return is_legal(s, m);
}

bool unify_moves(term_t list, const State& s, const MoveList& moves) {
  return pl::unify_list(list, moves, [&](term_t t, Move m) { return put_move(t, s, m); });
}

bool get_player(term_t t, int& player) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  int value;
  atom_t a;
  if (PL_get_integer(t, &value) && value == 0)
    player = kO;
  else if (PL_get_atom(t, &a) && a == kAtomX)
    player = kX;
  else
    return pl::domain_error("uttt_player", t);
  return true;
}

// A small board or U-board argument (cells x, 0, '', and r for a drawn
// board, neither free nor anyone's mark) seen by `player`.
bool get_board_view(term_t board, int player, BoardView& view) {
  if (PL_is_variable(board)) return pl::instantiation_error(board);
  unsigned x, o, r;
  if (!get_cells(board, true, x, o, r)) return pl::type_error("uttt_board", board);
  view = player == kX ? BoardView{x, o, r} : BoardView{o, x, r};
  return true;
}

// ---- predicates ------------------------------------------------------------

foreign_t pl_initial(term_t state) {
  return pl::guarded([&] { return unify_state(state, initial_state()); });
}

foreign_t pl_build(term_t boards, term_t previous, term_t state) {
  return pl::guarded([&]() -> foreign_t {
    if (PL_is_variable(boards)) return pl::instantiation_error(boards);
    std::array<std::array<std::uint16_t, 9>, 2> cells{};
    int n = 0;
    bool well_formed = pl::for_each_in_list(boards, false, [&](term_t board) {
      unsigned x, o, r;
      if (n >= 9 || !get_cells(board, false, x, o, r)) return false;
      cells[kX][n] = static_cast<std::uint16_t>(x);
      cells[kO][n] = static_cast<std::uint16_t>(o);
      ++n;
      return true;
    });
    if (!well_formed || n != 9) return pl::type_error("uttt_boards", boards);
    for (int b = 0; b < 9; ++b)
      if (cells[kX][b] & cells[kO][b]) return pl::type_error("uttt_boards", boards);
    int last = 0;
    if (!get_position(previous, last)) return false;
    return unify_state(state, build_state(cells, last, false));
  });
}

foreign_t pl_board(term_t state, term_t upos, term_t board) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int b = 0;
    if (!get_state(state, s) || !get_position(upos, b)) return false;
    return unify_cells(board, s.cells[kX][b], s.cells[kO][b], 0);
  });
}

foreign_t pl_uboard(term_t state, term_t uboard) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(state, s)) return false;
    return unify_cells(uboard, s.won[kX], s.won[kO], s.drawn);
  });
}

foreign_t pl_next_player(term_t state, term_t player) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(state, s)) return false;
    term_t t = PL_new_term_ref();
    return put_player(t, s.side) && PL_unify(player, t);
  });
}

foreign_t pl_available(term_t state, term_t positions) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(state, s)) return false;
    std::array<int, 9> boards{};
    int n = 0;
    for (unsigned m = s.available_boards(); m; m &= m - 1) boards[n++] = __builtin_ctz(m);
    return pl::unify_list(positions, std::span(boards.data(), n),
                          [](term_t t, int b) { return PL_put_atom(t, kPositionAtoms[b]); });
  });
}

foreign_t pl_board_result(term_t board, term_t result) {
  return pl::guarded([&]() -> foreign_t {
    if (PL_is_variable(board)) return pl::instantiation_error(board);
    unsigned x, o, r;
    if (!get_cells(board, true, x, o, r)) return pl::type_error("uttt_board", board);
    const Outcome outcome = board_result(x, o, r);
    term_t t = PL_new_term_ref();
    const bool put = outcome == Outcome::kXWins   ? PL_put_atom(t, kAtomX)
                     : outcome == Outcome::kOWins ? PL_put_integer(t, 0)
                     : outcome == Outcome::kDraw  ? PL_put_atom(t, kAtomR)
                                                  : PL_put_atom(t, kAtomEmpty);
    return put && PL_unify(result, t);
  });
}

foreign_t pl_valid_moves(term_t state, term_t moves) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(state, s)) return false;
    MoveList list;
    generate_moves(s, list);
    return unify_moves(moves, s, list);
  });
}

// Semidet: fails on any move that is not legal in the required notation.
foreign_t pl_make_move(term_t state, term_t move, term_t next) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(state, s)) return false;
    Move m;
    if (!get_move(move, s, m)) return false;
    return unify_state(next, applied(s, m));
  });
}

// makeMove/3 (next != 0) and validMove/2 (next == 0) in one: a checker when
// the move is ground, else a generator of the valid moves in position order
// that unify with it.
struct MoveEnumeration {
  State state;
  MoveList moves;
  int next = 0;
};

foreign_t move_relation(term_t state, term_t move, term_t next, control_t handle) {
  return pl::guarded([&]() -> foreign_t {
    bool pruned;
    MoveEnumeration* ctx = pl::nondet_context<MoveEnumeration>(handle, pruned);
    if (pruned) return TRUE;
    if (!ctx) {
      State s;
      if (!get_state(state, s)) return false;
      if (PL_is_ground(move)) {
        Move m;
        if (!get_move(move, s, m)) return false;
        return next ? unify_state(next, applied(s, m)) : TRUE;
      }
      ctx = new MoveEnumeration{s, {}, 0};
      generate_moves(s, ctx->moves);
    }
    term_t t = PL_new_term_ref();
    fid_t frame = PL_open_foreign_frame();
    while (ctx->next < ctx->moves.size) {
      const Move m = ctx->moves.moves[ctx->next++];
      if (put_move(t, ctx->state, m) && PL_unify(move, t) &&
          (!next || unify_state(next, applied(ctx->state, m)))) {
        PL_close_foreign_frame(frame);
        if (ctx->next < ctx->moves.size) PL_retry_address(ctx);
        delete ctx;
        return TRUE;
      }
      if (PL_exception(0)) break;
      PL_rewind_foreign_frame(frame);
    }
    PL_close_foreign_frame(frame);
    delete ctx;
    return FALSE;
  });
}

foreign_t pl_make_move_relation(term_t state, term_t move, term_t next, control_t handle) {
  return move_relation(state, move, next, handle);
}
foreign_t pl_valid_move_relation(term_t state, term_t move, control_t handle) {
  return move_relation(state, move, 0, handle);
}

foreign_t pl_move_priority(term_t player, term_t board, term_t pos, term_t priority) {
  return pl::guarded([&]() -> foreign_t {
    int p = 0, cell = 0;
    BoardView view;
    if (!get_player(player, p) || !get_board_view(board, p, view) || !get_position(pos, cell)) return false;
    const int value = move_priority(view, cell);
    return value >= 0 && PL_unify_integer(priority, value);
  });
}

foreign_t pl_best_individual_moves(term_t player, term_t board, term_t moves) {
  return pl::guarded([&]() -> foreign_t {
    int p = 0;
    BoardView view;
    if (!get_player(player, p) || !get_board_view(board, p, view)) return false;
    const CellOrder order = best_individual_moves(view);
    return pl::unify_list(moves, std::span(order.cells.data(), order.size),
                          [](term_t t, std::int8_t c) { return PL_put_atom(t, kPositionAtoms[c]); });
  });
}

// Shared shape of the strategies: fail when the game is over.
template <class Choose>
foreign_t strategy(term_t state, term_t move, Choose choose) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(state, s)) return false;
    if (s.over()) return false;
    term_t t = PL_new_term_ref();
    return put_move(t, s, choose(s)) && PL_unify(move, t);
  });
}

foreign_t pl_narrow_greedy(term_t state, term_t move) { return strategy(state, move, narrow_greedy); }
foreign_t pl_greedy(term_t state, term_t move) { return strategy(state, move, greedy); }

foreign_t pl_best_moves(term_t state, term_t moves) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    if (!get_state(state, s)) return false;
    return unify_moves(moves, s, best_moves(s));
  });
}

foreign_t pl_move_category(term_t state, term_t move, term_t category) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    Move m;
    if (!get_state(state, s)) return false;
    if (!get_move(move, s, m)) return false;
    return PL_unify_integer(category, move_category(s, m).rank);
  });
}

foreign_t pl_perft(term_t state, term_t depth, term_t leaves) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int d = 0;
    if (!get_state(state, s) || !pl::get_int_in(depth, 0, 81, "uttt_perft_depth", d)) return false;
    pl::SignalPoll poll(0);
    const auto count = perft_checked(s, d, poll);
    if (!count) return false;  // a signal raised an exception
    return PL_unify_uint64(leaves, *count);
  });
}

// uttt_random_moves(+State, +Seed, -Moves): a random game to the end.
foreign_t pl_random_moves(term_t state, term_t seed, term_t moves) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int64_t seed_value;
    if (!get_state(state, s) || !PL_get_int64_ex(seed, &seed_value)) return false;
    Rng rng(static_cast<std::uint64_t>(seed_value));
    term_t tail = PL_copy_term_ref(moves), head = PL_new_term_ref(), t = PL_new_term_ref();
    while (!s.over()) {
      const Move m = random_move(s, rng);
      if (!put_move(t, s, m) || !PL_unify_list(tail, head, tail) || !PL_unify(head, t)) return false;
      apply(s, m);
    }
    return PL_unify_nil(tail);
  });
}

// uttt_playouts(+State, +Count, +Seed, -[XWins, OWins, Draws]).
foreign_t pl_playouts(term_t state, term_t count, term_t seed, term_t stats) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int n = 0;
    int64_t seed_value;
    if (!get_state(state, s) || !pl::get_int_in(count, 0, 1'000'000'000, "uttt_playout_count", n) ||
        !PL_get_int64_ex(seed, &seed_value))
      return false;
    Rng rng(static_cast<std::uint64_t>(seed_value));
    std::array<std::int64_t, 3> tally{};
    pl::SignalPoll poll(10);
    for (int i = 0; i < n; ++i) {
      if (poll()) return false;
      const Outcome o = random_playout(s, rng);
      ++tally[o == Outcome::kXWins ? 0 : o == Outcome::kOWins ? 1 : 2];
    }
    return pl::unify_list(stats, tally, [](term_t t, std::int64_t v) { return PL_put_int64(t, v); });
  });
}

// uttt_engine_move(+State, +Millis, +Seed, -Move, -Iterations): MCTS.
foreign_t pl_engine_move(term_t state, term_t millis, term_t seed, term_t move, term_t iterations) {
  return pl::guarded([&]() -> foreign_t {
    State s;
    int ms = 0;
    int64_t seed_value;
    if (!get_state(state, s) || !pl::get_int_in(millis, 1, 3'600'000, "uttt_time_millis", ms) ||
        !PL_get_int64_ex(seed, &seed_value))
      return false;
    if (s.over()) return false;
    search::MctsLimits limits;
    limits.budget = std::chrono::milliseconds(ms);
    limits.seed = static_cast<std::uint64_t>(seed_value);
    pl::SignalPoll poll(0);
    const auto result = engine_move(s, limits, poll);
    if (result.aborted) return false;
    term_t t = PL_new_term_ref();
    return put_move(t, s, result.best) && PL_unify(move, t) && PL_unify_uint64(iterations, result.iterations);
  });
}

}  // namespace
}  // namespace tabula::uttt

extern "C" __attribute__((visibility("default"))) install_t install_tabula_uttt(void) {
  using namespace tabula::uttt;
  const char* names[9] = {"nw", "n", "ne", "w", "c", "e", "sw", "s", "se"};
  for (int i = 0; i < 9; ++i) kPositionAtoms[i] = PL_new_atom(names[i]);
  kAtomX = PL_new_atom("x");
  kAtomR = PL_new_atom("r");
  kAtomEmpty = PL_new_atom("");
  kStateFunctor = PL_new_functor(PL_new_atom("uttt"), 7);
  kPairFunctor = PL_new_functor(PL_new_atom(","), 2);

  PL_register_foreign("uttt_initial", 1, reinterpret_cast<pl_function_t>(pl_initial), 0);
  PL_register_foreign("uttt_build", 3, reinterpret_cast<pl_function_t>(pl_build), 0);
  PL_register_foreign("uttt_board", 3, reinterpret_cast<pl_function_t>(pl_board), 0);
  PL_register_foreign("uttt_uboard", 2, reinterpret_cast<pl_function_t>(pl_uboard), 0);
  PL_register_foreign("uttt_next_player", 2, reinterpret_cast<pl_function_t>(pl_next_player), 0);
  PL_register_foreign("uttt_available", 2, reinterpret_cast<pl_function_t>(pl_available), 0);
  PL_register_foreign("uttt_board_result", 2, reinterpret_cast<pl_function_t>(pl_board_result), 0);
  PL_register_foreign("uttt_valid_moves", 2, reinterpret_cast<pl_function_t>(pl_valid_moves), 0);
  PL_register_foreign("uttt_make_move", 3, reinterpret_cast<pl_function_t>(pl_make_move), 0);
  PL_register_foreign("uttt_make_move_relation", 3, reinterpret_cast<pl_function_t>(pl_make_move_relation),
                      PL_FA_NONDETERMINISTIC);
  PL_register_foreign("uttt_valid_move_relation", 2, reinterpret_cast<pl_function_t>(pl_valid_move_relation),
                      PL_FA_NONDETERMINISTIC);
  PL_register_foreign("uttt_move_priority", 4, reinterpret_cast<pl_function_t>(pl_move_priority), 0);
  PL_register_foreign("uttt_best_individual_moves", 3,
                      reinterpret_cast<pl_function_t>(pl_best_individual_moves), 0);
  PL_register_foreign("uttt_narrow_greedy", 2, reinterpret_cast<pl_function_t>(pl_narrow_greedy), 0);
  PL_register_foreign("uttt_best_moves", 2, reinterpret_cast<pl_function_t>(pl_best_moves), 0);
  PL_register_foreign("uttt_greedy", 2, reinterpret_cast<pl_function_t>(pl_greedy), 0);
  PL_register_foreign("uttt_move_category", 3, reinterpret_cast<pl_function_t>(pl_move_category), 0);
  PL_register_foreign("uttt_perft", 3, reinterpret_cast<pl_function_t>(pl_perft), 0);
  PL_register_foreign("uttt_random_moves", 3, reinterpret_cast<pl_function_t>(pl_random_moves), 0);
  PL_register_foreign("uttt_playouts", 4, reinterpret_cast<pl_function_t>(pl_playouts), 0);
  PL_register_foreign("uttt_engine_move", 5, reinterpret_cast<pl_function_t>(pl_engine_move), 0);
}
