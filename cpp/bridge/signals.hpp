#pragma once
// Letting Prolog interrupt long foreign loops: time limits
// (call_with_time_limit/2), Ctrl-C and thread_signal/2 all arrive as
// signals that PL_handle_signals() runs; when one raises an exception the
// loop must stop and the predicate return false at once.
#include <SWI-Prolog.h>

#include <cstdint>

#include "search/limits.hpp"

namespace tabula::pl {

class SignalPoll {
 public:
  // Polls Prolog every 2^period_log2 calls of operator().
  explicit SignalPoll(std::uint32_t period_log2 = 0) : mask_((1u << period_log2) - 1) {}
  // true when Prolog wants the computation to stop (an exception is pending).
  bool operator()() {
    if (raised_) return true;
    if ((++count_ & mask_) != 0) return false;
    return poll_now();
  }
  bool poll_now() {
    if (PL_handle_signals() < 0) raised_ = true;
    return raised_;
  }
  bool raised() const { return raised_; }
  // A stop callback for the searches (search/limits.hpp), which poll it
  // on their own schedule; `this` must outlive the search.
  search::StopFn stop_fn() {
    return [this] { return poll_now(); };
  }

 private:
  std::uint32_t mask_;
  std::uint32_t count_ = 0;
  bool raised_ = false;
};

}  // namespace tabula::pl
