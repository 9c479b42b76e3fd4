#include "uttt/state.hpp"

#include "uttt/zobrist_keys.hpp"

namespace tabula::uttt {

namespace {

// Derives won/drawn boards, the outcome and the hash from the cells.
void settle(State& s) {
  s.won = {0, 0};
  s.drawn = 0;
  for (int b = 0; b < 9; ++b) {
    const unsigned x = s.cells[kX][b], o = s.cells[kO][b];
    const Outcome r = board_result(x, o, 0);
    if (r == Outcome::kXWins)
      s.won[kX] |= 1u << b;
    else if (r == Outcome::kOWins)
      s.won[kO] |= 1u << b;
    else if (r == Outcome::kDraw)
      s.drawn |= 1u << b;
  }
  s.outcome = board_result(s.won[kX], s.won[kO], s.drawn);
  if (s.over()) s.forced = -1;
}

int count_marks(const std::array<std::uint16_t, 9>& boards) {
  int n = 0;
  for (unsigned b : boards) n += __builtin_popcount(b);
  return n;
}

}  // namespace

Outcome board_result(unsigned x, unsigned o, unsigned blocked) {
  if (kHasLine[x & kFull]) return Outcome::kXWins;
  if (kHasLine[o & kFull]) return Outcome::kOWins;
  if (((x | o | blocked) & kFull) == kFull) return Outcome::kDraw;
  return Outcome::kOngoing;
}

std::uint64_t compute_hash(const State& s) {
  std::uint64_t h = 0;
  for (int p = 0; p < 2; ++p)
    for (int b = 0; b < 9; ++b)
      for (unsigned m = s.cells[p][b]; m; m &= m - 1) h ^= kKeys[p * 81 + b * 9 + __builtin_ctz(m)];
  h ^= kKeys[kForcedKeyBase + s.forced + 1];
  if (s.side == kO) h ^= kKeys[kSideKey];
  return h;
}

State initial_state() {
  State s;
  s.hash = compute_hash(s);
  return s;
}

State build_state(const std::array<std::array<std::uint16_t, 9>, 2>& cells, int last_cell, bool with_hash) {
  State s;
  s.cells = cells;
  s.side = count_marks(cells[kX]) == count_marks(cells[kO]) ? kX : kO;
  s.forced = -1;
  settle(s);
  if (!s.over() && last_cell >= 0 && !(s.finished() >> last_cell & 1))
    s.forced = static_cast<std::int8_t>(last_cell);
  if (with_hash) s.hash = compute_hash(s);
  return s;
}

std::optional<State> from_parts(const std::array<std::array<std::uint16_t, 9>, 2>& cells, int forced,
                                bool with_hash) {
  for (int b = 0; b < 9; ++b)
    if ((cells[kX][b] & cells[kO][b]) || (cells[kX][b] | cells[kO][b]) > kFull) return std::nullopt;
  if (forced < -1 || forced > 8) return std::nullopt;
  State s = build_state(cells, forced, with_hash);
  if (s.forced != forced && !(forced == -1 || s.over())) return std::nullopt;
  if (forced >= 0 && s.forced != forced) return std::nullopt;
  return s;
}

unsigned State::available_boards() const {
  if (over()) return 0;
  if (forced >= 0) return 1u << forced;
  return ~finished() & kFull;
}

void generate_moves(const State& s, MoveList& out) {
  out.size = 0;
  for (unsigned boards = s.available_boards(); boards; boards &= boards - 1) {
    const int b = __builtin_ctz(boards);
    for (unsigned free = s.free_cells(b); free; free &= free - 1)
      out.moves[out.size++] = make_move(b, __builtin_ctz(free));
  }
}

int count_moves(const State& s) {
  if (s.over()) return 0;
  if (s.forced >= 0) return __builtin_popcount(s.free_cells(s.forced));
  int n = 0;
  for (unsigned boards = ~s.finished() & kFull; boards; boards &= boards - 1)
    n += __builtin_popcount(s.free_cells(__builtin_ctz(boards)));
  return n;
}

bool is_legal(const State& s, Move m) {
  if (m >= 81) return false;
  const int b = board_of(m), c = cell_of(m);
  return (s.available_boards() >> b & 1) && (s.free_cells(b) >> c & 1);
}

namespace {

template <bool kHash>
inline void apply_move(State& s, Move m) {
  const int b = board_of(m), c = cell_of(m), p = s.side;
  if constexpr (kHash) s.hash ^= kKeys[p * 81 + m] ^ kKeys[kForcedKeyBase + s.forced + 1] ^ kKeys[kSideKey];
  const unsigned mine = s.cells[p][b] |= static_cast<std::uint16_t>(1u << c);
  if (kHasLine[mine]) {
    s.won[p] |= static_cast<std::uint16_t>(1u << b);
    if (kHasLine[s.won[p]]) s.outcome = p == kX ? Outcome::kXWins : Outcome::kOWins;
  } else if ((mine | s.cells[p ^ 1][b]) == kFull) {
    s.drawn |= static_cast<std::uint16_t>(1u << b);
  }
  const unsigned finished = s.finished();
  if (finished == kFull && !s.over()) s.outcome = Outcome::kDraw;
  s.forced = (s.over() || (finished >> c & 1)) ? -1 : static_cast<std::int8_t>(c);
  if constexpr (kHash) s.hash ^= kKeys[kForcedKeyBase + s.forced + 1];
  s.side = static_cast<std::uint8_t>(p ^ 1);
}

}  // namespace

void apply(State& s, Move m) { apply_move<true>(s, m); }
void apply_unhashed(State& s, Move m) { apply_move<false>(s, m); }

}  // namespace tabula::uttt
