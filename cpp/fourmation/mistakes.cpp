#include "fourmation/mistakes.hpp"

#include <algorithm>
#include <vector>

#include "fourmation/evaluation.hpp"
#include "fourmation/search.hpp"
#include "search/score.hpp"

namespace tabula::fourmation {

namespace {

// Moves within this many evaluation units of the best count as near-best
// (a single open window of three is worth 20).
constexpr int kValueMargin = 30;
// Each move's value comes from a search of 1/5 of the minimax search's
// nodes, each reply's refutation from 1/20: deep enough to see the forced
// wins a fallible opponent walks into, cheap enough for every reply.
constexpr std::uint64_t kMoveShare = 5;
constexpr std::uint64_t kReplyShare = 20;
constexpr std::uint64_t kMinMoveNodes = 4000;
constexpr std::uint64_t kMinReplyNodes = 1000;
// A departure from the minimax move is checked by searching both moves
// with this share of the minimax nodes: shorter searches may miss a draw
// or a loss that the minimax search saw. The floor keeps the check deep
// enough when the minimax search itself was short (a fixed shallow depth).
constexpr std::uint64_t kCheckShare = 2;
constexpr std::uint64_t kMinCheckNodes = 20000;

struct Candidate {
  int cell = kNoCell;
  int value = 0;     // for the side to move, by a search of the move's share
  int sensible = 0;  // opponent's replies that do not hand over a four at once
  int losing = 0;    // of those, the ones after which we force a win
};

// Is a's share of losing replies larger than b's? Ties: the preferred move,
// then the higher value.
bool better(const Candidate& a, const Candidate& b, int preferred) {
  const long lhs = static_cast<long>(a.losing) * std::max(b.sensible, 1);
  const long rhs = static_cast<long>(b.losing) * std::max(a.sensible, 1);
  if (lhs != rhs) return lhs > rhs;
  if ((a.cell == preferred) != (b.cell == preferred)) return a.cell == preferred;
  return a.value > b.value;
}

class Seeker {
 public:
  Seeker(int me, std::optional<search::Clock::time_point> deadline, search::TranspositionTable& tt,
         const search::StopFn& stop, std::uint32_t poll_every)
      : me_(me), deadline_(deadline), tt_(tt), stop_(stop), poll_every_(poll_every) {}

  // A search on our behalf; false when time is up or the stop callback fired.
  bool search(const State& s, std::uint64_t nodes, SearchResult& out) {
    if (expired()) return false;
    search::Limits limits;
    limits.deadline = deadline_;
    limits.max_nodes = nodes;
    limits.poll_every = poll_every_;
    out = minimax_search(s, limits, tt_, stop_, me_);
    result.nodes += out.nodes;
    result.aborted = result.aborted || out.aborted;
    return !out.aborted && !expired();
  }

  MistakeSeeking result;

 private:
  bool expired() const { return deadline_ && search::Clock::now() >= *deadline_; }

  int me_;
  std::optional<search::Clock::time_point> deadline_;
  search::TranspositionTable& tt_;
  const search::StopFn& stop_;
  std::uint32_t poll_every_;
};

}  // namespace

MistakeSeeking seek_mistakes(const State& s, int preferred, std::uint64_t minimax_nodes,
                             std::optional<search::Clock::time_point> deadline,
                             search::TranspositionTable& tt, const search::StopFn& stop,
                             std::uint32_t poll_every) {
  const int me = s.side;
  Seeker seeker(me, deadline, tt, stop, poll_every);
  const std::uint64_t move_nodes = std::max(kMinMoveNodes, minimax_nodes / kMoveShare);
  const std::uint64_t reply_nodes = std::max(kMinReplyNodes, minimax_nodes / kReplyShare);

  int cells[kMaxMoves];
  const int count = ordered_moves(s, cells, true);
  const State after_preferred = apply(s, preferred);
  // Nothing to weigh: one move, or minimax ends the game (a win, or a draw
  // it found best).
  if (count <= 1 || after_preferred.winner >= 0 || legal_mask(after_preferred).none()) return seeker.result;
  std::vector<Candidate> candidates;
  int best_value = -search::kInfinity;
  for (int i = 0; i < count; ++i) {
    const State child = apply(s, cells[i]);
    // A win at once would have been found; a stuck opponent is a draw now.
    if (child.winner >= 0 || legal_mask(child).none()) continue;
    SearchResult r;
    if (!seeker.search(child, move_nodes, r)) return seeker.result;
    if (!r.move) continue;
    candidates.push_back({cells[i], -r.score});
    best_value = std::max(best_value, -r.score);
  }

  Candidate chosen;
  for (Candidate& c : candidates) {
    const bool near_best = c.value >= best_value - kValueMargin && !search::is_decisive(c.value);
    if (!near_best && c.cell != preferred) continue;
    const State child = apply(s, c.cell);
    const Bits our_threats = threats(child, me);
    for (Bits replies = legal_mask(child); replies.any(); replies.pop_lowest()) {
      const int reply = replies.lowest();
      if (hands_over_four(child, reply, our_threats)) continue;  // no opponent plays those
      ++c.sensible;
      const State next = apply(child, reply);
      if (next.winner >= 0 || legal_mask(next).none()) continue;  // its win, or we are stuck
      SearchResult r;
      if (!seeker.search(next, reply_nodes, r)) return seeker.result;
      if (r.move && search::is_decisive(r.score) && r.score > 0) ++c.losing;
    }
    if (chosen.cell == kNoCell || better(c, chosen, preferred)) chosen = c;
  }
  if (chosen.cell == kNoCell || chosen.losing == 0) return seeker.result;
  if (chosen.cell != preferred) {
    // Both moves again, with the same larger search: the departure must
    // still be near the minimax move, so a draw or a loss that the shorter
    // searches missed is not walked into.
    const std::uint64_t check_nodes = std::max(kMinCheckNodes, minimax_nodes / kCheckShare);
    SearchResult departure, minimax;
    if (!seeker.search(apply(s, chosen.cell), check_nodes, departure) ||
        !seeker.search(apply(s, preferred), check_nodes, minimax))
      return seeker.result;
    if (-departure.score < -minimax.score - kValueMargin) chosen.cell = preferred;
  }
  seeker.result.move = chosen.cell;
  return seeker.result;
}

}  // namespace tabula::fourmation
