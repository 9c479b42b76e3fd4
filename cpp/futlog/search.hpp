#pragma once
// The engine: iterative-deepening negamax alpha-beta (PVS) over distinct
// outcomes, with a transposition table keyed by the mirror-symmetric hash.
// Written for Futlog rather than through search::AlphaBeta because one node
// here may cost milliseconds (thousands of outcomes), so time must be
// checked at every node, and moves are ordered by evaluating each child.
#include <cstdint>
#include <functional>
#include <vector>

#include "futlog/outcomes.hpp"
#include "search/transposition_table.hpp"

namespace tabula::futlog {

struct SearchLimits {
  int max_depth = 64;
  double seconds = 1.0;         // <= 0: no time limit
  std::uint64_t max_nodes = 0;  // 0: no node limit
};

struct SearchResult {
  bool has_move = false;
  Outcome best{};
  std::vector<std::uint8_t> path;  // a path (vertex ids) playing `best`
  int score = 0;
  int depth = 0;  // deepest completed iteration
  std::uint64_t nodes = 0;
  bool aborted = false;  // the stop callback asked to quit
  double seconds = 0.0;
};

class Searcher {
 public:
  explicit Searcher(unsigned log2_tt = 18);
  // The stop callback is polled at every node; returning true aborts.
  SearchResult run(const State& root, const SearchLimits& limits, const std::function<bool()>& stop);

 private:
  int negamax(const State& s, int depth, int alpha, int beta, int ply);
  int horizon(const State& s, int ply);
  bool should_stop();
  // Fills moves_[ply] with the outcomes of s, best guess first.
  void ordered_moves(const State& s, int ply, unsigned tt_move);

  search::TranspositionTable tt_;
  OutcomeGenerator gen_;
  std::vector<std::vector<Outcome>> moves_;
  std::vector<std::vector<std::uint32_t>> index_;  // generator order of each sorted move
  std::vector<std::pair<int, int>> keyed_;
  std::vector<Outcome> scratch_;
  const std::function<bool()>* stop_ = nullptr;
  double deadline_ = 0;  // seconds since start_; 0 for none
  std::uint64_t start_ns_ = 0;
  SearchLimits limits_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false, aborted_ = false;
};

// One search with a fresh engine.
SearchResult best_move(
    const State& root, const SearchLimits& limits, const std::function<bool()>& stop = [] { return false; });

}  // namespace tabula::futlog
