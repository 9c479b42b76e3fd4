#pragma once
// A wall-clock budget for searches.
#include <algorithm>
#include <chrono>
#include <cstdint>

namespace tabula {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  // A budget of zero or less means "no time limit".
  explicit Deadline(std::chrono::milliseconds budget)
      : start_(Clock::now()), unlimited_(budget.count() <= 0), end_(start_ + budget) {}

  static Deadline unlimited() { return Deadline(std::chrono::milliseconds(0)); }

  bool expired() const { return !unlimited_ && Clock::now() >= end_; }
  bool is_unlimited() const { return unlimited_; }
  double elapsed_seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  // Time left (zero once expired); meaningless when unlimited.
  std::chrono::milliseconds remaining() const {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end_ - Clock::now());
    return std::max(left, std::chrono::milliseconds(0));
  }
  // Fraction of the budget used so far (0 when unlimited).
  double used_fraction() const {
    if (unlimited_) return 0.0;
    return std::chrono::duration<double>(Clock::now() - start_) / (end_ - start_);
  }

 private:
  Clock::time_point start_;
  bool unlimited_;
  Clock::time_point end_;
};

}  // namespace tabula
