// 4Mation core timings: perft, random playouts, search speed, and the
// largest board the search solves from the start within a budget.
//   fourmation_search_bench [solve_seconds=10] [max_size=8]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "common/rng.hpp"
#include "fourmation/game.hpp"
#include "fourmation/playout.hpp"
#include "fourmation/search.hpp"
#include "fourmation/state.hpp"
#include "search/perft.hpp"

using namespace tabula;
using namespace tabula::fourmation;

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
  const double solve_seconds = argc > 1 ? std::atof(argv[1]) : 10.0;
  const int max_size = argc > 2 ? std::atoi(argv[2]) : 8;

  std::printf("perft (leaves/s)\n");
  for (auto [n, depth] : {std::pair{4, 16}, {7, 9}, {12, 8}}) {
    const double t0 = now();
    Rules rules;
    const auto leaves = *search::perft(rules, initial_state(n), depth);
    const double dt = now() - t0;
    std::printf("  %2dx%-2d depth %d: %llu leaves in %.3f s = %.1f M/s\n", n, n, depth,
                static_cast<unsigned long long>(leaves), dt, leaves / dt / 1e6);
  }

  std::printf("random playouts\n");
  for (int n : {4, 7, 8, 12}) {
    Rng rng(42);
    int games = 0;
    long plies = 0;
    const double t0 = now();
    double dt = 0;
    do {
      for (int i = 0; i < 1000; ++i) {
        std::vector<int> moves;
        random_playout(initial_state(n), rng, &moves);
        plies += static_cast<long>(moves.size());
      }
      games += 1000;
      dt = now() - t0;
    } while (dt < 1.0);
    std::printf("  %2dx%-2d %.0f games/s (%.1f plies/game)\n", n, n, games / dt, double(plies) / games);
  }

  std::printf("search from the start, 1 s\n");
  for (int n : {6, 7, 8, 10, 12}) {
    search::TranspositionTable tt(20);
    const SearchResult r = fourmation::search(
        initial_state(n), search::Limits::of_time(std::chrono::milliseconds(1000)), true, tt);
    std::printf("  %2dx%-2d depth %2d, %llu nodes in %.3f s = %.2f M nodes/s, move %d-%d, score %d\n", n, n,
                r.depth, static_cast<unsigned long long>(r.nodes), r.seconds(), r.nodes / r.seconds() / 1e6,
                row_of(*r.move), col_of(*r.move), r.score);
  }

  std::printf("solving from the start, budget %.0f s\n", solve_seconds);
  for (int n = 3; n <= max_size; ++n) {
    search::TranspositionTable tt(22);
    const auto limits =
        search::Limits::of_time(std::chrono::milliseconds(static_cast<long>(solve_seconds * 1000)));
    const SearchResult r = fourmation::search(initial_state(n), limits, true, tt);
    const char* value = r.proven == search::Proven::kWin    ? "first player wins"
                        : r.proven == search::Proven::kLoss ? "second player wins"
                        : r.proven == search::Proven::kDraw ? "draw"
                                                            : "not solved";
    std::printf("  %2dx%-2d %s (depth %d, %llu nodes, %.2f s)\n", n, n, value, r.depth,
                static_cast<unsigned long long>(r.nodes), r.seconds());
    if (r.proven == search::Proven::kUnknown) break;
  }
  return 0;
}
