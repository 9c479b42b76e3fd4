#pragma once
// Reading and writing the few kinds of terms every bridge needs: bounded
// integers, atoms from a fixed set, lists, and boards as lists of lists.
#include <SWI-Prolog.h>

#include <cstddef>
#include <cstdint>

#include "bridge/errors.hpp"

namespace tabula::pl {

// Integers are read strictly, with the same answer on every SWI-Prolog:
// 9.0.4 and 9.2's PL_get_int64_ex() also take a whole float (2.0, -0.0),
// 9.3.4 and later do not; a float is type_error(integer, F) everywhere.
// Instantiation, type and representation errors as the ISO built-ins raise
// them.
inline bool get_int64(term_t t, std::int64_t& out) {
  if (!PL_is_variable(t) && !PL_is_integer(t)) return type_error("integer", t);
  return PL_get_int64_ex(t, &out);
}

// A non-negative integer that fits 64 bits, strictly (no whole floats,
// as get_int64): domain_error(not_less_than_zero, T) below zero.
inline bool get_uint64(term_t t, std::uint64_t& out) {
  if (!PL_is_variable(t) && !PL_is_integer(t)) return type_error("integer", t);
  return PL_get_uint64_ex(t, &out);
}

// An integer in [lo, hi]: domain_error(Domain, T) when out of range.
inline bool get_int_in(term_t t, std::int64_t lo, std::int64_t hi, const char* domain, int& out) {
  std::int64_t v;
  if (!get_int64(t, v)) return false;
  if (v < lo || v > hi) return domain_error(domain, t);
  out = static_cast<int>(v);
  return true;
}

namespace detail {

// is/2 and the functors of (Hi << 32) + Lo, made at the first big integer.
struct BigIntegers {
  predicate_t is2 = PL_predicate("is", 2, "system");
  functor_t plus2 = PL_new_functor(PL_new_atom("+"), 2);
  functor_t shift2 = PL_new_functor(PL_new_atom("<<"), 2);
};
inline const BigIntegers& big_integers() {
  static const BigIntegers b;
  return b;
}

}  // namespace detail

// Puts a non-negative 64-bit integer into t. Values from 2^56 up are
// computed by is/2 from two halves, because SWI-Prolog leaks memory when
// foreign code makes them directly: 9.0.4's PL_put_uint64() and
// PL_unify_uint64() leak 8 bytes for each big integer (2^63 up), and from
// 10.0 put_int64() in pl-gmp.c (behind PL_put_int64(), PL_unify_int64() and
// PL_INT64) leaks about 31 bytes for each value in [2^56, 2^63), which no
// longer fits a tagged integer there (upstream commit 327ac122). A course
// server answering Futlog moves for hours (its states hold such words)
// would grow without bound. is/2's own results leak on no version.
inline bool put_uint64(term_t t, std::uint64_t v) {
  constexpr std::uint64_t kTagged = std::uint64_t{1} << 56;
  if (v < kTagged) return PL_put_int64(t, static_cast<std::int64_t>(v));
  const detail::BigIntegers& b = detail::big_integers();
  term_t args = PL_new_term_refs(2);
  if (!PL_unify_term(args + 1, PL_FUNCTOR, b.plus2, PL_FUNCTOR, b.shift2, PL_INT64,
                     static_cast<std::int64_t>(v >> 32), PL_INT, 32, PL_INT64,
                     static_cast<std::int64_t>(v & 0xffffffffu)))
    return false;
  if (!PL_call_predicate(nullptr, PL_Q_PASS_EXCEPTION, b.is2, args)) return false;
  return PL_put_term(t, args);
}

inline bool unify_uint64(term_t t, std::uint64_t v) {
  term_t value = PL_new_term_ref();
  return put_uint64(value, v) && PL_unify(t, value);
}

// A boolean: true or false.
inline bool get_bool(term_t t, bool& out) {
  int v;
  if (!PL_get_bool_ex(t, &v)) return false;
  out = v != 0;
  return true;
}

// Index of atom `t` in `atoms`, or -1 when it is another atom or no atom.
inline int atom_index(term_t t, const atom_t* atoms, int n) {
  atom_t a;
  if (!PL_get_atom(t, &a)) return -1;
  for (int i = 0; i < n; ++i)
    if (atoms[i] == a) return i;
  return -1;
}

// Unifies t with the term put(term_t) -> bool builds.
template <class Put>
bool unify_put(term_t t, Put put) {
  term_t value = PL_new_term_ref();
  return put(value) && PL_unify(t, value);
}

// Unifies `list` with the items, each put by put(term_t, const Item&) -> bool.
template <class Items, class Put>
bool unify_list(term_t list, const Items& items, Put put) {
  term_t tail = PL_copy_term_ref(list);
  term_t head = PL_new_term_ref();
  term_t value = PL_new_term_ref();
  for (const auto& item : items) {
    if (!PL_unify_list(tail, head, tail)) return false;
    if (!put(value, item) || !PL_unify(head, value)) return false;
  }
  return PL_unify_nil(tail);
}

// How a list was shaped, for the caller to turn into its own error.
enum class ListShape { kProper, kPartial, kImproper, kCyclic, kRejected };

// Walks a list, calling each(term_t element) -> bool; stops with kRejected
// when `each` returns false. A cyclic list is refused before any element
// is looked at (walking it would never end).
template <class Each>
ListShape walk_list(term_t list, Each each) {
  std::size_t length = 0;
  if (PL_skip_list(list, 0, &length) == PL_CYCLIC_TERM) return ListShape::kCyclic;
  term_t tail = PL_copy_term_ref(list);
  term_t head = PL_new_term_ref();
  while (PL_get_list(tail, head, tail))
    if (!each(head)) return ListShape::kRejected;
  if (PL_get_nil(tail)) return ListShape::kProper;
  return PL_is_variable(tail) ? ListShape::kPartial : ListShape::kImproper;
}

// A board written as a list of rows, each a list of cells. `cell(row, col,
// term_t) -> bool` reads one cell; rows and columns beyond the maxima, a
// ragged board and a rejected cell all end the walk.
struct Grid {
  enum class Status { kOk, kPartial, kMalformed, kRagged, kTooLarge, kBadCell };
  Status status = Status::kOk;
  int rows = 0;
  int cols = 0;
};

template <class Cell>
Grid read_grid(term_t board, int max_rows, int max_cols, Cell cell) {
  Grid g;
  g.cols = -1;
  term_t row_tail = PL_copy_term_ref(board);
  term_t row = PL_new_term_ref();
  term_t cells = PL_new_term_ref();
  term_t item = PL_new_term_ref();
  while (PL_get_list(row_tail, row, row_tail)) {
    if (g.rows >= max_rows) return g.status = Grid::Status::kTooLarge, g;
    int c = 0;
    if (!PL_put_term(cells, row)) return g.status = Grid::Status::kMalformed, g;
    while (PL_get_list(cells, item, cells)) {
      if (c >= max_cols) return g.status = Grid::Status::kTooLarge, g;
      if (!cell(g.rows, c, item))
        return g.status = PL_is_variable(item) ? Grid::Status::kPartial : Grid::Status::kBadCell, g;
      ++c;
    }
    if (PL_is_variable(cells)) return g.status = Grid::Status::kPartial, g;
    if (!PL_get_nil(cells)) return g.status = Grid::Status::kMalformed, g;
    if (g.cols >= 0 && c != g.cols) return g.status = Grid::Status::kRagged, g;
    g.cols = c;
    ++g.rows;
  }
  if (PL_is_variable(row_tail)) return g.status = Grid::Status::kPartial, g;
  if (!PL_get_nil(row_tail)) return g.status = Grid::Status::kMalformed, g;
  if (g.cols < 0) g.cols = 0;
  return g;
}

// Puts a list of `rows` lists of `cols` cells into t, each cell put by
// cell(row, col, term_t) -> bool.
template <class Cell>
bool put_grid(term_t t, int rows, int cols, Cell cell) {
  term_t row = PL_new_term_ref();
  term_t value = PL_new_term_ref();
  PL_put_nil(t);
  for (int r = rows - 1; r >= 0; --r) {
    PL_put_nil(row);
    for (int c = cols - 1; c >= 0; --c)
      if (!cell(r, c, value) || !PL_cons_list(row, value, row)) return false;
    if (!PL_cons_list(t, row, t)) return false;
  }
  return true;
}

}  // namespace tabula::pl
