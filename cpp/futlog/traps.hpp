#pragma once
// Traps: positions whose side to move has lost within two plies, because
// every move it has either ends the game against it or lets the opponent
// score, and the same over two moves a side. Our games lost to stronger
// engines end this way, in positions the evaluation rates well, and the
// best-first tree proves them only once it expands them. The checks are
// exact; searches use them as options (EngineOptions::trap_proofs and
// refutation_share), off by default because neither won its match.
#include <array>
#include <functional>
#include <optional>
#include <vector>

#include "futlog/outcomes.hpp"
#include "futlog/rules.hpp"

namespace tabula::futlog {

// What the next move of the side to move decides, in a position that is
// not over: it can score (kScores); every move it has ends stuck or in its
// own goal (kLost); or neither (kOpen). Exact: the vertices a move can
// reach are those reached from the ball by bouncing only.
enum class Immediate { kOpen, kScores, kLost };
Immediate immediate(const State& s);

// A bound: false when the side to move at s (not over) is surely not
// trapped, because a move of it ends where the opponent cannot score
// next, even with every vertex its move could touch to bounce on. Costs a
// few bit-parallel steps, against a move generation for the check.
bool may_be_trapped(const State& s);

// Reusable (keeps its generators' tables); one per thread or search.
class TrapFinder {
 public:
  // The deepest lost_within and losing_reply look.
  static constexpr int kMaxDepth = 2;

  // True when the side to move at s (a position not over) has lost within
  // its move and the opponent's reply: every move it has ends the game
  // against it or lets the opponent score. An interrupted check answers
  // false (see interrupted()).
  bool trapped(const State& s);
  // The same within `depth` (1..kMaxDepth) moves of each side: every move
  // it has ends the game against it, lets the opponent score, or allows a
  // reply into a position lost within depth - 1 (depth 1: trapped).
  bool lost_within(const State& s, int depth);
  // s: the position after a move, its opponent to move, not over. A reply
  // of the opponent into a position trapped for the mover, if any (none
  // either when interrupted).
  std::optional<Outcome> trap_reply(const State& s);
  // A reply into a position lost within `depth` for the mover.
  std::optional<Outcome> losing_reply(const State& s, int depth);

  // Looked at before each reply is examined and by the generators (as
  // OutcomeGenerator::set_interrupt): true stops the check.
  void set_interrupt(std::function<bool()> interrupt);
  bool interrupted() const { return interrupted_; }

 private:
  // Steps of the quick look for a safe move before the full generation.
  static constexpr int kProbeSteps = 48;
  // One generator and list per ply of the look, so that a level's list
  // stays whole while the levels below it are examined.
  struct Level {
    OutcomeGenerator generator;
    std::vector<Outcome> list;
  };
  bool lost(const State& s, int depth);
  std::optional<Outcome> reply(const State& s, int depth);

  std::function<bool()> interrupt_;
  bool interrupted_ = false;
  std::array<Level, 2 * kMaxDepth> levels_;
};

}  // namespace tabula::futlog
