// SWI-Prolog bridge of the UTTT engine: converts the course's terms to the
// core's values and back; the rules are the core's. The predicates land in
// module uttt_foreign.
#include <array>
#include <cstdint>
#include <span>

#include "bridge/errors.hpp"
#include "bridge/foreign.hpp"
#include "bridge/handle.hpp"
#include "bridge/nondet.hpp"
#include "bridge/search_info.hpp"
#include "bridge/signals.hpp"
#include "bridge/terms.hpp"
#include "search/perft.hpp"
#include "uttt/book.hpp"
#include "uttt/engine.hpp"
#include "uttt/game.hpp"
#include "uttt/playout.hpp"
#include "uttt/priorities.hpp"
#include "uttt/state.hpp"
#include "uttt/thread_engine.hpp"

namespace tabula::uttt {
namespace {

// Made once by install_tabula_uttt, read-only afterwards.
atom_t ATOM_position[9];
atom_t ATOM_x, ATOM_r, ATOM_empty;
functor_t FUNCTOR_uttt7, FUNCTOR_comma2;

constexpr int kWordBits = 27;  // three boards of nine cells per integer
constexpr std::int64_t kWordLimit = std::int64_t{1} << kWordBits;

enum Cell { kEmpty, kCellX, kCellO, kCellR };

// ---- terms to values -------------------------------------------------------

// uttt(XA, XB, XC, OA, OB, OC, Forced): type_error when a field is not an
// integer, domain_error when the fields are out of range or contradict
// each other.
bool get_state(term_t t, State& s) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  if (!PL_is_functor(t, FUNCTOR_uttt7)) return pl::type_error("uttt_state", t);
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  term_t arg = PL_new_term_ref();
  for (int i = 0; i < 6; ++i) {
    int64_t word;
    _PL_get_arg(i + 1, t, arg);
    if (PL_is_variable(arg)) return pl::instantiation_error(t);
    if (!PL_is_integer(arg)) return pl::type_error("uttt_state", t);
    if (!PL_get_int64(arg, &word) || word < 0 || word >= kWordLimit) return pl::domain_error("uttt_state", t);
    for (int k = 0; k < 3; ++k)
      cells[i / 3][(i % 3) * 3 + k] = static_cast<std::uint16_t>((word >> (9 * k)) & kFull);
  }
  int64_t forced;
  _PL_get_arg(7, t, arg);
  if (PL_is_variable(arg)) return pl::instantiation_error(t);
  if (!PL_is_integer(arg)) return pl::type_error("uttt_state", t);
  if (!PL_get_int64(arg, &forced) || forced < -1 || forced > 8) return pl::domain_error("uttt_state", t);
  // No hash: nothing the bridge does with a rebuilt state needs one but the
  // engine, which computes its own.
  const auto parsed = from_parts(cells, static_cast<int>(forced), false);
  if (!parsed) return pl::domain_error("uttt_state", t);
  s = *parsed;
  return true;
}

// Index of a position atom, -1 otherwise.
int position_index(term_t t) { return pl::atom_index(t, ATOM_position, 9); }

// A position argument the caller must give: errors when it is not one.
bool get_position(term_t t, int& index) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  index = position_index(t);
  if (index < 0) return pl::domain_error("uttt_position", t);
  return true;
}

Cell cell_of_term(term_t t, bool allow_r) {
  int value;
  if (PL_is_integer(t) && PL_get_integer(t, &value)) return value == 0 ? kCellO : Cell(-1);
  atom_t a;
  if (!PL_get_atom(t, &a)) return Cell(-1);
  if (a == ATOM_x) return kCellX;
  if (a == ATOM_empty) return kEmpty;
  if (allow_r && a == ATOM_r) return kCellR;
  return Cell(-1);
}

// Nine cells into masks; false (no error raised) when malformed.
bool get_cells(term_t list, bool allow_r, unsigned& x, unsigned& o, unsigned& r) {
  x = o = r = 0;
  int n = 0;
  const pl::ListShape shape = pl::walk_list(list, [&](term_t cell) {
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
  return shape == pl::ListShape::kProper && n == 9;
}

bool get_player(term_t t, int& player) {
  if (PL_is_variable(t)) return pl::instantiation_error(t);
  int value;
  atom_t a;
  if (PL_is_integer(t) && PL_get_integer(t, &value) && value == 0)
    player = kO;
  else if (PL_get_atom(t, &a) && a == ATOM_x)
    player = kX;
  else
    return pl::domain_error("uttt_player", t);
  return true;
}

// A board argument seen by `player`: a small board (x, 0, '') or a U-board,
// whose `r` cells (drawn boards) are neither empty nor anyone's mark.
bool get_board_view(term_t board, int player, BoardView& view) {
  if (PL_is_variable(board)) return pl::instantiation_error(board);
  unsigned x, o, r;
  if (!get_cells(board, true, x, o, r)) return pl::type_error("uttt_board", board);
  view = player == kX ? BoardView{x, o, r} : BoardView{o, x, r};
  return true;
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
    if (!PL_is_functor(t, FUNCTOR_comma2)) return false;
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

// ---- values to terms -------------------------------------------------------

bool put_cell(term_t t, Cell c) {
  switch (c) {
    case kCellX:
      return PL_put_atom(t, ATOM_x);
    case kCellO:
      return PL_put_integer(t, 0);
    case kCellR:
      return PL_put_atom(t, ATOM_r);
    default:
      return PL_put_atom(t, ATOM_empty);
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
  return PL_cons_functor_v(state, FUNCTOR_uttt7, args) && PL_unify(t, state);
}

bool put_player(term_t t, int player) { return player == kX ? PL_put_atom(t, ATOM_x) : PL_put_integer(t, 0); }

// Bare position when one board is available, (UPos, Pos) otherwise.
bool put_move(term_t t, const State& s, Move m) {
  if (__builtin_popcount(s.available_boards()) == 1) return PL_put_atom(t, ATOM_position[cell_of(m)]);
  term_t pair = PL_new_term_refs(2);
  return PL_put_atom(pair, ATOM_position[board_of(m)]) && PL_put_atom(pair + 1, ATOM_position[cell_of(m)]) &&
         PL_cons_functor_v(t, FUNCTOR_comma2, pair);
}

bool unify_move(term_t t, const State& s, Move m) {
  return pl::unify_put(t, [&](term_t value) { return put_move(value, s, m); });
}

bool unify_moves(term_t list, const State& s, const MoveList& moves) {
  return pl::unify_list(list, moves, [&](term_t t, Move m) { return put_move(t, s, m); });
}

// ---- predicates ------------------------------------------------------------

bool uttt_initial_(term_t state) { return unify_state(state, initial_state()); }

bool uttt_build_(term_t boards, term_t previous, term_t state) {
  if (PL_is_variable(boards)) return pl::instantiation_error(boards);
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  int n = 0;
  const pl::ListShape shape = pl::walk_list(boards, [&](term_t board) {
    unsigned x, o, r;
    if (n >= 9 || !get_cells(board, false, x, o, r)) return false;
    cells[kX][n] = static_cast<std::uint16_t>(x);
    cells[kO][n] = static_cast<std::uint16_t>(o);
    ++n;
    return true;
  });
  if (shape != pl::ListShape::kProper || n != 9) return pl::type_error("uttt_boards", boards);
  int last = 0;
  if (!get_position(previous, last)) return false;
  return unify_state(state, build_state(cells, last, false));
}

bool uttt_board_(term_t state, term_t upos, term_t board) {
  State s;
  int b = 0;
  if (!get_state(state, s) || !get_position(upos, b)) return false;
  return unify_cells(board, s.cells[kX][b], s.cells[kO][b], 0);
}

bool uttt_uboard_(term_t state, term_t uboard) {
  State s;
  if (!get_state(state, s)) return false;
  return unify_cells(uboard, s.won[kX], s.won[kO], s.drawn);
}

bool uttt_next_player_(term_t state, term_t player) {
  State s;
  if (!get_state(state, s)) return false;
  return pl::unify_put(player, [&](term_t t) { return put_player(t, s.side); });
}

bool uttt_available_(term_t state, term_t positions) {
  State s;
  if (!get_state(state, s)) return false;
  std::array<int, 9> boards{};
  int n = 0;
  for (unsigned m = s.available_boards(); m; m &= m - 1) boards[n++] = __builtin_ctz(m);
  return pl::unify_list(positions, std::span(boards.data(), n),
                        [](term_t t, int b) { return PL_put_atom(t, ATOM_position[b]); });
}

bool uttt_board_result_(term_t board, term_t result) {
  if (PL_is_variable(board)) return pl::instantiation_error(board);
  unsigned x, o, r;
  if (!get_cells(board, true, x, o, r)) return pl::type_error("uttt_board", board);
  const Outcome outcome = board_result(x, o, r);
  term_t t = PL_new_term_ref();
  const bool put = outcome == Outcome::kXWins   ? PL_put_atom(t, ATOM_x)
                   : outcome == Outcome::kOWins ? PL_put_integer(t, 0)
                   : outcome == Outcome::kDraw  ? PL_put_atom(t, ATOM_r)
                                                : PL_put_atom(t, ATOM_empty);
  return put && PL_unify(result, t);
}

bool uttt_valid_moves_(term_t state, term_t moves) {
  State s;
  if (!get_state(state, s)) return false;
  MoveList list;
  generate_moves(s, list);
  return unify_moves(moves, s, list);
}

// makeMove/3 (next != 0) and validMove/2 (next == 0) in one: a checker when
// the move is ground, else a generator of the valid moves in position order
// that unify with it. One move is kept ahead, so the last answer leaves no
// choicepoint.
struct MoveEnumeration {
  State state;
  MoveList moves;
  int next = 0;
};

foreign_t move_relation(term_t state, term_t move, term_t next, control_t handle) {
  pl::Nondet<MoveEnumeration> call(handle);
  if (call.pruned()) return TRUE;
  if (call.first()) {
    State s;
    if (!get_state(state, s)) return FALSE;
    if (PL_is_ground(move)) {
      Move m;
      if (!get_move(move, s, m)) return FALSE;
      return next ? unify_state(next, applied(s, m)) : TRUE;
    }
    MoveEnumeration& e = call.start(MoveEnumeration{s, {}, 0});
    generate_moves(s, e.moves);
  }
  MoveEnumeration& e = *call;
  term_t t = PL_new_term_ref();
  pl::Frame frame;
  while (e.next < e.moves.size) {
    const Move m = e.moves.moves[e.next++];
    if (put_move(t, e.state, m) && PL_unify(move, t) && (!next || unify_state(next, applied(e.state, m))))
      return e.next < e.moves.size ? call.more() : TRUE;
    if (PL_exception(0)) return FALSE;
    frame.rewind();
  }
  return FALSE;
}

foreign_t uttt_make_move_(term_t state, term_t move, term_t next, control_t handle) {
  return move_relation(state, move, next, handle);
}
foreign_t uttt_valid_move_(term_t state, term_t move, control_t handle) {
  return move_relation(state, move, 0, handle);
}

bool uttt_move_priority_(term_t player, term_t board, term_t pos, term_t priority) {
  int p = 0, cell = 0;
  BoardView view;
  if (!get_player(player, p) || !get_board_view(board, p, view) || !get_position(pos, cell)) return false;
  const int value = move_priority(view, cell);
  return value >= 0 && PL_unify_integer(priority, value);
}

bool uttt_best_individual_moves_(term_t player, term_t board, term_t moves) {
  int p = 0;
  BoardView view;
  if (!get_player(player, p) || !get_board_view(board, p, view)) return false;
  const CellOrder order = best_individual_moves(view);
  return pl::unify_list(moves, std::span(order.cells.data(), order.size),
                        [](term_t t, std::int8_t c) { return PL_put_atom(t, ATOM_position[c]); });
}

// The course's strategies: fail when the game is over.
template <Move (*Choose)(const State&)>
bool strategy(term_t state, term_t move) {
  State s;
  if (!get_state(state, s)) return false;
  if (s.over()) return false;
  return unify_move(move, s, Choose(s));
}

bool uttt_narrow_greedy_(term_t state, term_t move) { return strategy<narrow_greedy>(state, move); }
bool uttt_greedy_(term_t state, term_t move) { return strategy<greedy>(state, move); }

bool uttt_best_moves_(term_t state, term_t moves) {
  State s;
  if (!get_state(state, s)) return false;
  return unify_moves(moves, s, best_moves(s));
}

bool uttt_move_category_(term_t state, term_t move, term_t category) {
  State s;
  Move m;
  if (!get_state(state, s)) return false;
  if (!get_move(move, s, m)) return false;
  return PL_unify_integer(category, move_category(s, m).rank);
}

bool uttt_perft_(term_t state, term_t depth, term_t leaves) {
  State s;
  int d = 0;
  if (!get_state(state, s) || !pl::get_int_in(depth, 0, 81, "uttt_perft_depth", d)) return false;
  pl::SignalPoll poll;
  Game game;
  const auto count = search::perft(game, s, d, poll.stop_fn());
  if (!count) return false;  // a signal raised an exception
  return pl::unify_uint64(leaves, *count);
}

// uttt_random_moves_(+State, +Seed, -Moves): a random game to the end.
bool uttt_random_moves_(term_t state, term_t seed, term_t moves) {
  State s;
  int64_t seed_value;
  if (!get_state(state, s) || !pl::get_int64(seed, seed_value)) return false;
  Rng rng(static_cast<std::uint64_t>(seed_value));
  term_t tail = PL_copy_term_ref(moves), head = PL_new_term_ref(), t = PL_new_term_ref();
  while (!s.over()) {
    const Move m = random_move(s, rng);
    if (!put_move(t, s, m) || !PL_unify_list(tail, head, tail) || !PL_unify(head, t)) return false;
    apply(s, m);
  }
  return PL_unify_nil(tail);
}

// uttt_playouts_(+State, +Count, +Seed, -[XWins, OWins, Draws]).
bool uttt_playouts_(term_t state, term_t count, term_t seed, term_t stats) {
  State s;
  int n = 0;
  int64_t seed_value;
  if (!get_state(state, s) || !pl::get_int_in(count, 0, 1'000'000'000, "uttt_playout_count", n) ||
      !pl::get_int64(seed, seed_value))
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
}

// The engine handles of uttt_engine_new_/3: an Engine that keeps its
// search tree between the moves of one game.
pl::HandleType<Engine> ENGINE_HANDLE("uttt_engine");

// Reads a search's bounds: Millis and Simulations 0 mean no bound of that
// kind, and one bound is needed.
bool get_search_limits(term_t millis, term_t simulations, search::Limits& limits) {
  int ms = 0, sims = 0;
  if (!pl::get_int_in(millis, 0, 86'400'000, "uttt_time_millis", ms) ||
      !pl::get_int_in(simulations, 0, 2'000'000'000, "uttt_simulations", sims))
    return false;
  if (ms == 0 && sims == 0) return pl::domain_error("uttt_search_limit", millis);
  limits.time = std::chrono::milliseconds(ms);
  limits.max_nodes = static_cast<std::uint64_t>(sims);
  limits.poll_every = kPollEvery;
  return true;
}

// A position for the engine (with its hash); `over` tells whether the game
// has ended, when the engine has no move.
bool get_search_state(term_t state, State& s, bool& over) {
  if (!get_state(state, s)) return false;
  over = s.over();
  s.hash = compute_hash(s);
  return true;
}

bool unify_search(term_t move, term_t info, const State& s, const search::Result<Move>& r,
                  pl::SignalPoll& poll) {
  if (r.aborted || poll.raised() || !r.move) return false;
  return unify_move(move, s, *r.move) && pl::unify_search_info(info, r);
}

// uttt_search_(+State, +Millis, +Simulations, +Seed, +Threads, -Move, -Info):
// the engine's move from scratch; Info = search(Score, Depth, Simulations,
// Millis, Proven).
bool uttt_search_(term_t state, term_t millis, term_t simulations, term_t seed, term_t threads, term_t move,
                  term_t info) {
  State s;
  bool over;
  search::Limits limits;
  int64_t seed_value;
  int n = 1;
  if (!get_search_state(state, s, over) || !get_search_limits(millis, simulations, limits) ||
      !pl::get_int64(seed, seed_value) || !pl::get_int_in(threads, 1, 64, "uttt_threads", n))
    return false;
  if (over) return false;
  EngineOptions options;
  options.mcts.seed = static_cast<std::uint64_t>(seed_value);
  options.threads = n;
  Engine engine(options, false);
  pl::SignalPoll poll;
  return unify_search(move, info, s, engine.move(s, limits, poll.stop_fn()), poll);
}

// The opening book's move for s, given `time`, as a search's result
// (book.hpp): its score is the book search's, and it took no simulations
// here.
std::optional<search::Result<Move>> book_result(const State& s, BookTime time) {
  const BookEntry* e = book_entry(s, time);
  if (!e) return std::nullopt;
  search::Result<Move> r;
  r.move = e->move;
  r.score = e->score;
  return r;
}

// uttt_thread_search_(+State, +Millis, +Threads, -Move, -Info): as
// uttt_search_ bounded by time alone, with this thread's kept tree
// (thread_engine.hpp) when State follows this thread's last search.
bool uttt_thread_search_(term_t state, term_t millis, term_t threads, term_t move, term_t info) {
  State s;
  bool over;
  search::Limits limits;
  int ms = 0, n = 1;
  if (!get_search_state(state, s, over) || !pl::get_int_in(millis, 1, 86'400'000, "uttt_time_millis", ms) ||
      !pl::get_int_in(threads, 1, 64, "uttt_threads", n))
    return false;
  if (over) return false;
  pl::SignalPoll poll;
  if (const auto book = book_result(s, BookTime(ms))) return unify_search(move, info, s, *book, poll);
  limits.time = std::chrono::milliseconds(ms);
  limits.poll_every = kPollEvery;
  return unify_search(move, info, s, ThreadEngine::move(s, limits, n, poll.stop_fn()), poll);
}

// uttt_thread_forget_: frees this thread's kept tree.
bool uttt_thread_forget_() {
  ThreadEngine::forget();
  return true;
}

// uttt_thread_kept_(-Kept): kept(Nodes, Reused), the nodes of this
// thread's kept tree and the simulations it held when its last search began.
bool uttt_thread_kept_(term_t kept) {
  static const functor_t kept2 = PL_new_functor(PL_new_atom("kept"), 2);
  const term_t args = PL_new_term_refs(2);
  const term_t t = PL_new_term_ref();
  return pl::put_uint64(args, ThreadEngine::kept_nodes()) &&
         pl::put_uint64(args + 1, ThreadEngine::reused_visits()) && PL_cons_functor_v(t, kept2, args) &&
         PL_unify(kept, t);
}

// uttt_engine_new_(+Seed, +Threads, -Engine): a new engine handle.
bool uttt_engine_new_(term_t seed, term_t threads, term_t engine) {
  int64_t seed_value;
  int n = 1;
  if (!pl::get_int64(seed, seed_value) || !pl::get_int_in(threads, 1, 64, "uttt_threads", n)) return false;
  EngineOptions options;
  options.mcts.seed = static_cast<std::uint64_t>(seed_value);
  options.threads = n;
  return ENGINE_HANDLE.unify(engine, std::make_unique<Engine>(options, true));
}

// uttt_engine_search_(+Engine, +State, +Millis, +Simulations, -Move, -Info):
// as uttt_search_, with the handle's engine, which starts from the tree it
// kept when State is a position that tree reached.
bool uttt_engine_search_(term_t engine, term_t state, term_t millis, term_t simulations, term_t move,
                         term_t info) {
  pl::Lease<Engine> e(ENGINE_HANDLE, engine);
  if (!e) return false;
  State s;
  bool over;
  search::Limits limits;
  if (!get_search_state(state, s, over) || !get_search_limits(millis, simulations, limits) || over)
    return false;
  pl::SignalPoll poll;
  if (limits.max_nodes == 0)  // bounded by time alone: a player's move, from the book where it has one
    if (const auto book = book_result(s, std::chrono::duration_cast<BookTime>(limits.time)))
      return unify_search(move, info, s, *book, poll);
  return unify_search(move, info, s, e->move(s, limits, poll.stop_fn()), poll);
}

}  // namespace
}  // namespace tabula::uttt

TABULA_INSTALL(tabula_uttt) {
  using namespace tabula::uttt;
  namespace pl = tabula::pl;
  const char* names[9] = {"nw", "n", "ne", "w", "c", "e", "sw", "s", "se"};
  for (int i = 0; i < 9; ++i) ATOM_position[i] = PL_new_atom(names[i]);
  ATOM_x = PL_new_atom("x");
  ATOM_r = PL_new_atom("r");
  ATOM_empty = PL_new_atom("");
  FUNCTOR_uttt7 = PL_new_functor(PL_new_atom("uttt"), 7);
  FUNCTOR_comma2 = PL_new_functor(PL_new_atom(","), 2);

  pl::define<uttt_initial_>("uttt_initial_", "uttt:initialState/1");
  pl::define<uttt_build_>("uttt_build_", "uttt:buildState/3");
  pl::define<uttt_board_>("uttt_board_", "uttt:getBoard/3");
  pl::define<uttt_uboard_>("uttt_uboard_", "uttt:getUBoard/2");
  pl::define<uttt_next_player_>("uttt_next_player_", "uttt:getNextPlayer/2");
  pl::define<uttt_available_>("uttt_available_", "uttt:getNextAvailableBoards/2");
  pl::define<uttt_board_result_>("uttt_board_result_", "uttt:getBoardResult/2");
  pl::define<uttt_valid_moves_>("uttt_valid_moves_", "uttt:dummy_first/2");
  pl::define<uttt_make_move_>("uttt_make_move_", "uttt:makeMove/3");
  pl::define<uttt_valid_move_>("uttt_valid_move_", "uttt:validMove/2");
  pl::define<uttt_move_priority_>("uttt_move_priority_", "uttt:movePriority/4");
  pl::define<uttt_best_individual_moves_>("uttt_best_individual_moves_", "uttt:bestIndividualMoves/3");
  pl::define<uttt_narrow_greedy_>("uttt_narrow_greedy_", "uttt:narrowGreedy/2");
  pl::define<uttt_best_moves_>("uttt_best_moves_", "uttt:bestMoves/2");
  pl::define<uttt_greedy_>("uttt_greedy_", "uttt:greedy/2");
  pl::define<uttt_move_category_>("uttt_move_category_", "uttt_tools:uttt_move_category/3");
  pl::define<uttt_perft_>("uttt_perft_", "uttt_tools:uttt_perft/3");
  pl::define<uttt_random_moves_>("uttt_random_moves_", "uttt_tools:uttt_random_game/4");
  pl::define<uttt_playouts_>("uttt_playouts_", "uttt_tools:uttt_playouts/4");
  pl::define<uttt_search_>("uttt_search_", "tabula_game:tabula_search/4");
  pl::define<uttt_thread_search_>("uttt_thread_search_", "tabula_game:tabula_engine_move/3");
  pl::define<uttt_thread_forget_>("uttt_thread_forget_", "tabula_game:tabula_engine_forget/0");
  pl::define<uttt_thread_kept_>("uttt_thread_kept_", "uttt_tools:uttt_kept_tree/1");
  pl::define<uttt_engine_new_>("uttt_engine_new_", "tabula_game:tabula_engine_new/3");
  pl::define<uttt_engine_search_>("uttt_engine_search_", "tabula_game:tabula_engine_move/3");
}
