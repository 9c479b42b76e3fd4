// Search speed of the UTTT engine: simulations per second from a fixed set
// of positions (random openings of 0..40 plies), for each way of valuing a
// leaf, and the cost of one leaf value alone.
//
//   uttt_search_bench [positions] [simulations per search] [network file]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "uttt/engine.hpp"

using namespace tabula;
using namespace tabula::uttt;

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
  using Clock = std::chrono::steady_clock;
  const Network& net = file_network ? *file_network : Network::embedded();
  {
    const auto t0 = Clock::now();
    double sum = 0;
    const int reps = 20000;
    for (int r = 0; r < reps; ++r)
      for (const State& s : positions) sum += net.evaluate(s);
    const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("network value: %.0f ns per position (checksum %.3f)\n",
                1e9 * secs / (reps * static_cast<double>(positions.size())), sum / reps);
    Rng prng(1);
    const auto t1 = Clock::now();
    int n = 0;
    for (int r = 0; r < 2000; ++r)
      for (const State& s : positions) n += static_cast<int>(policy_playout(s, prng, Policy::kWinAvoid));
    const double secs1 = std::chrono::duration<double>(Clock::now() - t1).count();
    std::printf("informed playout: %.0f ns per position (checksum %d)\n",
                1e9 * secs1 / (2000 * static_cast<double>(positions.size())), n);
  }
  struct Setting {
    const char* name;
    EngineOptions options;
  };
  EngineOptions playout;
  playout.leaf = Leaf::kPlayout;
  EngineOptions network;
  network.leaf = Leaf::kNetwork;
  network.network = file_network;
  for (const auto& [name, options] : {Setting{"plain UCT, random playouts", EngineOptions::plain_uct()},
                                      Setting{"solver, informed playouts", playout},
                                      Setting{"solver, value network", network}}) {
    std::uint64_t total = 0;
    const auto t0 = Clock::now();
    for (const State& s : positions) total += Engine(options, false).move(s, search::Limits::of_nodes(sims)).nodes;
    const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("%-28s %8.0f k simulations/s (%d searches of %llu)\n", name, total / secs / 1000, count,
                static_cast<unsigned long long>(sims));
  }
  return 0;
}
