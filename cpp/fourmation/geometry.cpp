#include "fourmation/geometry.hpp"

namespace tabula::fourmation {

namespace {

Geometry build(int n) {
  Geometry g;
  g.n = n;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) g.board.set(cell_of(r, c));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int rr = r + dr, cc = c + dc;
          if ((dr || dc) && rr >= 0 && rr < n && cc >= 0 && cc < n)
            g.neighbours[cell_of(r, c)].set(cell_of(rr, cc));
        }
  return g;
}

}  // namespace

const Geometry& geometry(int n) {
  // Thread-safe one-time initialisation; never written afterwards.
  static const std::array<Geometry, kMaxSize + 1> tables = [] {
    std::array<Geometry, kMaxSize + 1> t{};
    for (int size = kMinSize; size <= kMaxSize; ++size) t[size] = build(size);
    return t;
  }();
  return tables[n];
}

}  // namespace tabula::fourmation
