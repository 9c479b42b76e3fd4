#pragma once
// Static knowledge used by the search: tactical verdicts (win in one, every
// move loses to an immediate four), a threat-aware evaluation, move order.
#include <cstdint>

#include "fourmation/state.hpp"

namespace tabula::fourmation {

enum class Verdict { kUnknown, kWinNow, kLostNext };

// The same three, for a caller that asks about one position several times
// in a row (the search: verdict, move order, evaluation): it keeps the last
// position's threats. One per search; the free functions below use a
// fresh one each call.
class Evaluator {
 public:
  Verdict verdict(const State& s);
  int evaluate(const State& s);
  int ordered_moves(const State& s, int* out, bool drop_losing = false);

 private:
  struct Threats {
    std::uint64_t key = 0;
    bool valid = false;
    Bits mine, theirs;  // for the side to move and its opponent
  };
  const Threats& threats_of(const State& s);
  Threats last_;
};

// Whether the side to move wins with its next cube (a legal cell completes
// four) or loses whatever it plays (each legal cell is next to a cell where
// the opponent would then complete four). Assumes the game is not over.
Verdict tactical_verdict(const State& s);

// Heuristic value for the side to move, |value| < 100000: windows of four
// cells holding one colour only, weighted by how full they are, and the
// cells that would complete four (threats), with those near the current
// walk counted more.
int evaluate(const State& s);

// Legal cells, most promising first: winning cells, blocks of the
// opponent's fours, safe moves before moves that hand the opponent a four,
// then by line potential. Returns the count. With `drop_losing`, cells
// after which the opponent completes four are left out when a safe cell
// exists (they cannot be better than it).
int ordered_moves(const State& s, int* out, bool drop_losing = false);

}  // namespace tabula::fourmation
