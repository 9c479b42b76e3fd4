// Every long computation a bridge runs looks at its stop callback often:
// a Prolog signal (call_with_time_limit/2, Ctrl-C) is seen at the next
// poll, so the longest stretch of work between two polls bounds how late
// a time limit can stop it. Measured in the thread's CPU time, which load
// cannot stretch, with each game's bridge settings (kPollEvery) and from
// the positions where a node costs the most.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "crosscut/search.hpp"
#include "fourmation/game.hpp"
#include "fourmation/search.hpp"
#include "futlog/search.hpp"
#include "search/perft.hpp"
#include "test_support.hpp"
#include "uttt/engine.hpp"
#include "uttt/game.hpp"

namespace tabula {
namespace {

// A stop callback that never stops before `run_for` seconds of CPU time,
// and records the longest CPU time between two of its calls (the first
// gap counts from the start of the computation).
class PollProbe {
 public:
  explicit PollProbe(double run_for) : run_for_(run_for), start_(now()), last_(start_) {}

  bool operator()() {
    const double t = now();
    max_gap_ = std::max(max_gap_, t - last_);
    last_ = t;
    ++polls_;
    return t - start_ >= run_for_;
  }
  search::StopFn fn() {
    return [this] { return (*this)(); };
  }
  // The gap from the last poll to the computation's return counts too.
  double finish() {
    max_gap_ = std::max(max_gap_, now() - last_);
    return max_gap_;
  }
  long polls() const { return polls_; }

 private:
  static double now() { return testing::thread_cpu_time().count(); }
  double run_for_;
  double start_;
  double last_;
  double max_gap_ = 0;
  long polls_ = 0;
};

// The longest gaps measured are about 10 ms of CPU (an MCTS tree's last
// growth, a wide UTTT expansion); the bound sits ten times above so that
// cache pressure on a loaded machine cannot break it, and still well below
// the run, so a loop that forgets to poll fails. The sanitizer build runs
// several times slower.
double max_gap() { return testing::sanitized() ? 0.4 : 0.1; }
double run_for() { return testing::sanitized() ? 1.0 : 0.3; }

search::Limits unbounded(std::uint32_t poll_every, int max_depth = 0) {
  search::Limits limits = search::Limits::of_time(std::chrono::hours(1));
  limits.poll_every = poll_every;
  limits.max_depth = max_depth;
  return limits;
}

void report(const char* what, const PollProbe& probe, double gap) {
  std::printf("%-40s %8ld polls, longest gap %6.2f ms\n", what, probe.polls(), 1000 * gap);
}

TEST(PollGaps, UtttSearchAndPerft) {
  {
    PollProbe probe(run_for());
    const auto r = uttt::engine_move(uttt::initial_state(), unbounded(uttt::kPollEvery), probe.fn());
    const double gap = probe.finish();
    report("uttt search, start", probe, gap);
    EXPECT_TRUE(r.aborted);
    EXPECT_LT(gap, max_gap());
  }
  {
    PollProbe probe(run_for());
    uttt::Game game;
    EXPECT_FALSE(search::perft(game, uttt::initial_state(), 12, probe.fn()));
    const double gap = probe.finish();
    report("uttt perft 12, start", probe, gap);
    EXPECT_LT(gap, max_gap());
  }
}

TEST(PollGaps, FutlogSearchOnTheWidestPosition) {
  for (const auto& [name, s] : {std::pair{"futlog search, start", futlog::State{}},
                                std::pair{"futlog search, widest", futlog::testing::widest_position()}}) {
    PollProbe probe(run_for());
    const auto r = futlog::best_move(s, unbounded(futlog::kPollEvery, 200), probe.fn());
    const double gap = probe.finish();
    report(name, probe, gap);
    EXPECT_TRUE(r.aborted);
    EXPECT_LT(gap, max_gap());
  }
}

TEST(PollGaps, FourmationSearchAndPerft) {
  for (const int n : {7, 12}) {
    const fourmation::State s = fourmation::initial_state(n);
    PollProbe probe(run_for());
    search::TranspositionTable tt(20);
    const auto r = fourmation::search(s, unbounded(fourmation::kPollEvery), true, tt, probe.fn());
    const double gap = probe.finish();
    report(("fourmation search, empty " + std::to_string(n)).c_str(), probe, gap);
    EXPECT_TRUE(r.aborted);
    EXPECT_LT(gap, max_gap());
  }
  PollProbe probe(run_for());
  fourmation::Rules rules;
  EXPECT_FALSE(search::perft(rules, fourmation::initial_state(12), 30, probe.fn()));
  const double gap = probe.finish();
  report("fourmation perft 30, empty 12", probe, gap);
  EXPECT_LT(gap, max_gap());
}

TEST(PollGaps, CrossCutSearchAndPerft) {
  const crosscut::Position p = crosscut::initial_position(10, 10);
  {
    PollProbe probe(run_for());
    const auto r = crosscut::best_move(p, unbounded(crosscut::kPollEvery, 64), probe.fn());
    const double gap = probe.finish();
    report("crosscut search, empty 10x10", probe, gap);
    EXPECT_TRUE(r.aborted);
    EXPECT_LT(gap, max_gap());
  }
  PollProbe probe(run_for());
  crosscut::Game game;
  EXPECT_FALSE(search::perft(game, p, 30, probe.fn()));
  const double gap = probe.finish();
  report("crosscut perft 30, empty 10x10", probe, gap);
  EXPECT_LT(gap, max_gap());
}

}  // namespace
}  // namespace tabula
