#include "fourmation/search.hpp"

#include <vector>

#include "fourmation/evaluation.hpp"
#include "search/alphabeta.hpp"

namespace tabula::fourmation {

namespace {

// The side the current search plays for, per thread: draws (a stuck mover)
// count as slightly bad for it, so that it keeps playing for a win when it
// can. A search's hashes include it, as its draw scores depend on it.
thread_local int root_side = kWhite;
constexpr int kContempt = 400;
constexpr std::uint64_t kRootSideKey = 0x9E6C63D0676A9A99ull;

struct Traits {
  using State = fourmation::State;
  using Move = std::uint8_t;

  static void moves(const State& s, std::vector<Move>& out) {
    int cells[kMaxMoves];
    const int count = ordered_moves(s, cells, true);
    out.clear();
    for (int i = 0; i < count; ++i) out.push_back(static_cast<Move>(cells[i]));
  }
  static State apply(const State& s, const Move& m) { return fourmation::apply(s, m); }
  static int side(const State& s) { return s.side; }
  static bool terminal(const State& s, int& score) {
    if (s.winner >= 0) {
      score = s.winner == s.side ? 1 : -1;
      return true;
    }
    // A stuck mover (a draw) is left to evaluate(), which knows the contempt.
    if (legal_mask(s).none()) return false;
    // Decided one or two plies ahead: scored as if decided here (the
    // distances of forced results may be off by up to two plies).
    switch (tactical_verdict(s)) {
      case Verdict::kWinNow:
        score = 1;
        return true;
      case Verdict::kLostNext:
        score = -1;
        return true;
      default:
        return false;
    }
  }
  static int evaluate(const State& s) {
    if (legal_mask(s).none()) return s.side == root_side ? -kContempt : kContempt;
    return fourmation::evaluate(s);
  }
  static std::uint64_t hash(const State& s) { return root_side == kWhite ? s.hash : s.hash ^ kRootSideKey; }
};

}  // namespace

SearchOutcome search(const State& s, const SearchOptions& options, search::TranspositionTable& tt,
                     const std::function<bool()>& stop) {
  SearchOutcome out;
  const int empties = (geometry(s.n).board & ~s.occupied()).count();
  // The game cannot last longer than the empty cells: a search that deep
  // ends only in terminal positions, so its value is exact.
  search::Limits limits;
  limits.max_depth = options.max_depth > 0 ? std::min(options.max_depth, empties) : empties;
  limits.budget = options.budget;
  limits.max_nodes = options.max_nodes;
  root_side = s.side;
  auto poll = [&stop] { return stop ? stop() : false; };
  search::AlphaBeta<Traits, decltype(poll)> engine(tt, poll);
  const auto r = engine.run(s, limits);
  out.has_move = r.has_move;
  out.move = r.has_move ? r.best : kNoCell;
  out.score = r.score;
  out.depth = r.depth;
  out.nodes = r.nodes;
  out.seconds = r.seconds;
  out.aborted = r.aborted;
  // A win found by a partial iteration is proven (that move was searched in
  // full); a loss only when the last iteration was not cut short.
  const bool cut_short = r.aborted ||
                         (options.budget.count() > 0 && r.seconds * 1000 >= options.budget.count()) ||
                         (options.max_nodes && r.nodes >= options.max_nodes);
  if (r.has_move && search::is_decisive(r.score) && (r.score > 0 || !cut_short)) {
    out.solved = true;
    out.verdict = r.score > 0 ? 1 : -1;
  } else if (r.has_move && r.depth >= empties) {
    out.solved = true;
    out.verdict = 0;
  }
  return out;
}

}  // namespace tabula::fourmation
