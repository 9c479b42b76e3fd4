#pragma once
// What bounds a search, and the clock that enforces it: one contract for
// every search of every game (alpha-beta, MCTS, perft).
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

namespace tabula::search {

using Clock = std::chrono::steady_clock;

// Polled by a search along with the clock; returning true abandons the
// search (the bridges return true when Prolog has a signal pending, so
// that time limits and Ctrl-C work). An empty function never stops.
using StopFn = std::function<bool()>;

struct Limits {
  // Budget counted from the start of the search; zero: no time limit.
  std::chrono::milliseconds time{0};
  // An absolute deadline; when set it is used instead of `time`.
  std::optional<Clock::time_point> deadline;
  int max_depth = 0;            // plies; 0: no limit but the game's own
  std::uint64_t max_nodes = 0;  // nodes (alpha-beta) or simulations (MCTS); 0: no limit
  // Nodes between two looks at the clock and the stop callback: 1 for games
  // whose nodes can cost milliseconds, more where a node costs nanoseconds.
  std::uint32_t poll_every = 1024;

  static Limits of_time(std::chrono::milliseconds t) {
    Limits l;
    l.time = t;
    return l;
  }
  static Limits of_depth(int depth) {
    Limits l;
    l.max_depth = depth;
    return l;
  }
  static Limits of_nodes(std::uint64_t nodes) {
    Limits l;
    l.max_nodes = nodes;
    return l;
  }
  bool timed() const { return deadline.has_value() || time.count() > 0; }
};

// The running budget of one search: it counts nodes and, every
// `poll_every` of them, looks at the node cap, the clock and the stop
// callback. Once it says stop it keeps saying so.
class Budget {
 public:
  Budget(const Limits& limits, const StopFn& stop)
      : start_(Clock::now()),
        end_(limits.deadline ? *limits.deadline : start_ + limits.time),
        timed_(limits.timed()),
        max_nodes_(limits.max_nodes),
        poll_every_(limits.poll_every ? limits.poll_every : 1),
        stop_(stop) {}

  // Counts one node; true when the search must end now. The node cap is
  // exact; the clock and the callback are looked at every poll_every nodes.
  bool tick() {
    ++nodes_;
    if (stopped_) return true;
    if (max_nodes_ && nodes_ >= max_nodes_) return stopped_ = true;
    return poll();
  }
  // Work that is not a node (a line closed at the depth cap) still
  // advances the poll period: true when the search must end now.
  bool poll() {
    if (stopped_) return true;
    if (++since_poll_ < poll_every_) return false;
    since_poll_ = 0;
    return check();
  }
  // Looks at every bound now, whatever the poll period.
  bool check() {
    if (stopped_) return true;
    if (stop_ && stop_())
      stopped_ = aborted_ = true;
    else if (max_nodes_ && nodes_ >= max_nodes_)
      stopped_ = true;
    else if (timed_ && !deadline_held_ && Clock::now() >= end_)
      stopped_ = true;
    return stopped_;
  }
  // While held, the deadline stops nothing (the node cap and the stop
  // callback still do): for the work a search cannot choose a move
  // without.
  void hold_deadline(bool held) { deadline_held_ = held; }

  bool stopped() const { return stopped_; }
  // The stop callback ended the search (not the clock or a cap).
  bool aborted() const { return aborted_; }
  std::uint64_t nodes() const { return nodes_; }
  bool timed() const { return timed_; }
  std::chrono::microseconds elapsed() const {
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_);
  }
  // Share of the time budget spent so far (0 without one).
  double used_fraction() const {
    if (!timed_) return 0.0;
    const auto total = end_ - start_;
    if (total.count() <= 0) return 1.0;
    return std::chrono::duration<double>(Clock::now() - start_) / total;
  }
  Clock::time_point start() const { return start_; }
  Clock::time_point end() const { return end_; }

 private:
  Clock::time_point start_;
  Clock::time_point end_;
  bool timed_;
  std::uint64_t max_nodes_;
  std::uint32_t poll_every_;
  const StopFn& stop_;
  std::uint64_t nodes_ = 0;
  std::uint32_t since_poll_ = 0;
  bool stopped_ = false;
  bool aborted_ = false;
  bool deadline_held_ = false;
};

}  // namespace tabula::search
