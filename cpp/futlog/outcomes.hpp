#pragma once
// Distinct outcomes of a position: each is the end vertex plus the set of
// edges a move marks. Paths that reach the same intermediate position
// (ball + marked edges) share everything after it, so the depth-first
// search visits each intermediate position once; the work is bounded by
// the number of distinct positions, not of paths.
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "futlog/rules.hpp"

namespace tabula::futlog {

struct Outcome {
  EdgeSet added{};  // edges the move marks
  std::uint8_t end = 0;
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

inline State apply(const State& s, const Outcome& o) {
  State t = s;
  for (int i = 0; i < kWords; ++i) t.marked[i] |= o.added[i];
  t.ball = o.end;
  t.turn ^= 1;
  return t;
}

// Reusable (keeps its tables between calls); one per thread or search.
class OutcomeGenerator {
 public:
  // Positions remembered per call. Positions from real games need tens of
  // thousands; contrived edge networks can have exponentially many, so the
  // generation stops there (about 40 MB) instead of exhausting memory.
  static constexpr std::size_t kDefaultMaxPositions = std::size_t{1} << 19;

  explicit OutcomeGenerator(std::size_t max_positions = kDefaultMaxPositions)
      : max_positions_(max_positions) {}

  // Replaces `out` with the distinct outcomes of s, in depth-first order
  // (empty when the game is over), and `paths` (when given) with a path
  // playing each. Returns false when the position cap cut the list short:
  // `out` then holds legal outcomes, but not all of them.
  bool generate(const State& s, std::vector<Outcome>& out,
                std::vector<std::vector<std::uint8_t>>* paths = nullptr);
  // Number of intermediate and final positions visited by the last call.
  std::size_t positions_visited() const { return keys_.size(); }

  // Looked at every kInterruptPeriod positions: when it returns true the
  // generation stops there, as when the cap is reached (generate returns
  // false) and interrupted() says so. Empty: never.
  static constexpr std::size_t kInterruptPeriod = 4096;
  void set_interrupt(std::function<bool()> interrupt) { interrupt_ = std::move(interrupt); }
  bool interrupted() const { return interrupted_; }

 private:
  struct Key {
    EdgeSet marked;
    std::uint8_t ball;
  };
  bool insert(const State& s, std::uint64_t h);  // false when already seen
  void dfs(State& cur, std::uint64_t h);
  void grow();

  std::size_t max_positions_;
  std::function<bool()> interrupt_;
  bool truncated_ = false;
  bool interrupted_ = false;
  State root_;
  std::vector<Outcome>* out_ = nullptr;
  std::vector<std::vector<std::uint8_t>>* paths_ = nullptr;
  std::vector<std::uint8_t> path_;
  std::vector<Key> keys_;
  std::vector<std::uint32_t> slots_;  // index + 1 into keys_, 0 when empty
  std::vector<std::uint64_t> slot_hash_;
  std::vector<std::uint32_t> used_;  // slots to clear before the next call
};

// A path (vertex ids after the start) that produces outcome o from s, found
// by a search that only steps over edges o marks (empty if there is none).
std::vector<std::uint8_t> path_of(const State& s, const Outcome& o);

}  // namespace tabula::futlog
