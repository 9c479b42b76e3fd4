#pragma once
// The one info term of every game's search:
//   search(Score, Depth, Nodes, Millis, Proven)
// with Proven one of win, loss, draw, unknown (search/result.hpp).
#include <SWI-Prolog.h>

#include <cstdint>

#include "search/result.hpp"

namespace tabula::pl {

inline const char* proven_name(search::Proven p) {
  switch (p) {
    case search::Proven::kWin:
      return "win";
    case search::Proven::kLoss:
      return "loss";
    case search::Proven::kDraw:
      return "draw";
    default:
      return "unknown";
  }
}

template <class Move>
bool unify_search_info(term_t info, const search::Result<Move>& r) {
  return PL_unify_term(info, PL_FUNCTOR_CHARS, "search", 5, PL_INT, r.score, PL_INT, r.depth, PL_INT64,
                       static_cast<std::int64_t>(r.nodes), PL_INT64,
                       static_cast<std::int64_t>(r.elapsed.count() / 1000), PL_CHARS, proven_name(r.proven));
}

}  // namespace tabula::pl
