// Search speed of the UTTT engine: simulations per second from a fixed set
// of positions (random openings of 0..40 plies), for each way of valuing a
// leaf, and the cost of one leaf value alone. Times are the thread's CPU
// time, so that a loaded machine lowers them less.
//
//   uttt_search_bench [positions] [simulations per search] [network file]
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "uttt/engine.hpp"

using namespace tabula;
using namespace tabula::uttt;

namespace {

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  const int count = argc > 1 ? std::atoi(argv[1]) : 40;
  const std::uint64_t sims = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20000;
  std::shared_ptr<const Network> file_network;
  if (argc > 3) {
    auto n = Network::load(argv[3]);
    if (!n) return 1;
    file_network = std::make_shared<const Network>(std::move(*n));
  }
  std::vector<State> positions;
  Rng rng(2024);
  while (static_cast<int>(positions.size()) < count) {
    State s = initial_state();
    const int plies = static_cast<int>(rng.below(41));
    for (int i = 0; i < plies && !s.over(); ++i) apply(s, random_move(s, rng));
    if (!s.over()) positions.push_back(s);
  }
  const Network& net = file_network ? *file_network : Network::embedded();
  {
    const double t0 = cpu_seconds();
    double sum = 0;
    const int reps = 20000;
    for (int r = 0; r < reps; ++r)
      for (const State& s : positions) sum += net.evaluate(s);
    const double secs = cpu_seconds() - t0;
    std::printf("network value: %.0f ns per position (checksum %.3f)\n",
                1e9 * secs / (reps * static_cast<double>(positions.size())), sum / reps);
    Rng prng(1);
    const double t1 = cpu_seconds();
    int n = 0;
    for (int r = 0; r < 2000; ++r)
      for (const State& s : positions) n += static_cast<int>(policy_playout(s, prng, Policy::kWinAvoid));
    const double secs1 = cpu_seconds() - t1;
    std::printf("informed playout: %.0f ns per position (checksum %d)\n",
                1e9 * secs1 / (2000 * static_cast<double>(positions.size())), n);
  }
  struct Setting {
    const char* name;
    EngineOptions options;
  };
  EngineOptions playout = EngineOptions::playouts();
  EngineOptions network;  // the network at the leaves, no static child values
  network.network = file_network;
  network.mcts.prior_mix = 0.0;
  EngineOptions engine;  // the default engine
  engine.network = file_network;
  for (const auto& [name, options] :
       {Setting{"plain UCT, random playouts", EngineOptions::plain_uct()},
        Setting{"solver, informed playouts", playout}, Setting{"solver, network at the leaves", network},
        Setting{"default: static child values", engine}}) {
    std::uint64_t total = 0;
    const double t0 = cpu_seconds();
    for (const State& s : positions)
      total += Engine(options, false).move(s, search::Limits::of_nodes(sims)).nodes;
    const double secs = cpu_seconds() - t0;
    std::printf("%-30s %8.0f k simulations/s (%d searches of %llu)\n", name, total / secs / 1000, count,
                static_cast<unsigned long long>(sims));
  }
  return 0;
}
