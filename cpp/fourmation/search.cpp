#include "fourmation/search.hpp"

#include <algorithm>
#include <vector>

#include "common/deadline.hpp"
#include "fourmation/evaluation.hpp"
#include "fourmation/mistakes.hpp"
#include "search/alphabeta.hpp"

namespace tabula::fourmation {

namespace {

// The side the current search plays for, per thread: draws (a stuck mover)
// count as bad for it, so that it keeps playing for a win when it can. A
// search's hashes include it, as its draw scores depend on it.
thread_local int contempt_for = kWhite;
constexpr std::uint64_t kContemptSideKey = 0x9E6C63D0676A9A99ull;
// A draw scores kContempt below even, less kDrawDistance per cube on the
// board: of two draws the later one is less bad, as it leaves the opponent
// more moves in which to go wrong. It never scores as a gain.
constexpr int kContempt = 2000;
constexpr int kDrawDistance = 8;
static_assert(kContempt > kDrawDistance * kMaxMoves);

// With mistake seeking, the minimax search gets this share of the budget
// and the mistake-seeking searches the rest.
constexpr int kMinimaxShareDivisor = 3;

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
    if (legal_mask(s).none()) {
      const int loss = kContempt - kDrawDistance * s.occupied().count();
      return s.side == contempt_for ? -loss : loss;
    }
    return fourmation::evaluate(s);
  }
  static std::uint64_t hash(const State& s) {
    return contempt_for == kWhite ? s.hash : s.hash ^ kContemptSideKey;
  }
};

}  // namespace

SearchOutcome minimax_search(const State& s, const SearchOptions& options, search::TranspositionTable& tt,
                             const std::function<bool()>& stop, int contempt_side) {
  SearchOutcome out;
  const int empties = (geometry(s.n).board & ~s.occupied()).count();
  // The game cannot last longer than the empty cells: a search that deep
  // ends only in terminal positions, so its value is exact.
  search::Limits limits;
  limits.max_depth = options.max_depth > 0 ? std::min(options.max_depth, empties) : empties;
  limits.budget = options.budget;
  limits.max_nodes = options.max_nodes;
  contempt_for = contempt_side;
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

SearchOutcome search(const State& s, const SearchOptions& options, search::TranspositionTable& tt,
                     const std::function<bool()>& stop) {
  if (!options.seek_mistakes) return minimax_search(s, options, tt, stop, s.side);
  const Deadline deadline(options.budget);
  SearchOptions minimax_options = options;
  if (options.budget.count() > 0)
    minimax_options.budget = std::max(std::chrono::milliseconds(1), options.budget / kMinimaxShareDivisor);
  SearchOutcome out = minimax_search(s, minimax_options, tt, stop, s.side);
  // A forced result needs no help from the opponent; a lost search has none.
  if (!out.has_move || out.aborted || search::is_decisive(out.score)) return out;
  const MistakeSeeking seeking = seek_mistakes(s, out.move, out.nodes, deadline, tt, stop);
  out.nodes += seeking.nodes;
  out.aborted = seeking.aborted;
  out.seconds = deadline.elapsed_seconds();
  if (seeking.move != kNoCell && seeking.move != out.move) {
    out.move = seeking.move;
    out.mistake_seeking = true;
  }
  return out;
}

}  // namespace tabula::fourmation
