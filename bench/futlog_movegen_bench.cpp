// Move generation speed on the hardest positions of long random games.
//   futlog_movegen_bench [games] [seed]
// Games are played with random moves that avoid ending the game while they
// can, which builds the dense edge networks where move trees explode. For
// each position the number of paths and of distinct outcomes is counted;
// the hardest positions are then timed (outcome generation, and full path
// enumeration) and printed as Prolog state terms.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common/rng.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/rules.hpp"

using namespace tabula::futlog;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void print_state(const State& s) {
  const EdgeSet p = played_edges(s);
  std::printf("futlog(p(%d,%d),%d", vertex_x(s.ball), vertex_y(s.ball), s.turn + 1);
  for (auto w : p) std::printf(",%llu", static_cast<unsigned long long>(w));
  std::printf(")");
}

struct Sample {
  State s;
  std::uint64_t paths;
  std::size_t outcomes;
};

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 200;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  tabula::Rng rng(seed);
  OutcomeGenerator gen;
  std::vector<Outcome> moves, quiet;
  std::vector<Sample> samples;
  std::vector<std::uint64_t> path_counts;
  std::vector<std::size_t> outcome_counts;
  const auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    State s;
    while (true) {
      gen.generate(s, moves);
      if (moves.empty()) break;
      const std::uint64_t paths = count_paths(s);
      path_counts.push_back(paths);
      outcome_counts.push_back(moves.size());
      samples.push_back({s, paths, moves.size()});
      quiet.clear();
      for (const Outcome& o : moves)
        if (!game_over(apply(s, o))) quiet.push_back(o);
      const auto& pool = quiet.empty() ? moves : quiet;
      s = apply(s, pool[rng.below(static_cast<std::uint32_t>(pool.size()))]);
    }
  }
  std::printf("%d games, %zu positions, %.2f s\n", games, samples.size(), seconds_since(t0));
  auto pct = [](auto v, double q) {
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
  };
  double mean_p = 0, mean_o = 0;
  for (auto p : path_counts) mean_p += static_cast<double>(p);
  for (auto o : outcome_counts) mean_o += static_cast<double>(o);
  mean_p /= static_cast<double>(path_counts.size());
  mean_o /= static_cast<double>(outcome_counts.size());
  std::printf("paths per position: mean %.1f, median %llu, p99 %llu, max %llu\n", mean_p,
              static_cast<unsigned long long>(pct(path_counts, 0.5)),
              static_cast<unsigned long long>(pct(path_counts, 0.99)),
              static_cast<unsigned long long>(pct(path_counts, 1.0)));
  std::printf("outcomes per position: mean %.1f, median %zu, p99 %zu, max %zu\n", mean_o,
              pct(outcome_counts, 0.5), pct(outcome_counts, 0.99), pct(outcome_counts, 1.0));

  std::sort(samples.begin(), samples.end(),
            [](const Sample& a, const Sample& b) { return a.outcomes > b.outcomes; });
  std::printf("\nhardest positions (by outcomes):\n");
  for (std::size_t i = 0; i < std::min<std::size_t>(5, samples.size()); ++i) {
    const Sample& x = samples[i];
    const int reps = 20;
    auto t1 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r) gen.generate(x.s, moves);
    const double gen_ms = seconds_since(t1) * 1000 / reps;
    const std::size_t visited = gen.positions_visited();
    t1 = std::chrono::steady_clock::now();
    const std::uint64_t paths = count_paths(x.s);
    const double enum_ms = seconds_since(t1) * 1000;
    std::printf(
        "  %llu paths, %zu outcomes, %zu positions visited: outcomes in %.2f ms, all paths in %.2f ms\n    ",
        static_cast<unsigned long long>(paths), moves.size(), visited, gen_ms, enum_ms);
    print_state(x.s);
    std::printf("\n");
  }
  return 0;
}
