// UTTT core speed, single thread: perft leaves per second, counting the
// last ply without playing it (as perft is usually reported) and, second,
// counting the last two plies without playing them; then uniformly random
// full games per second.
//   uttt_core_bench [max_perft_depth=9] [random_games=2000000]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "search/perft.hpp"
#include "uttt/game.hpp"
#include "uttt/playout.hpp"

using namespace tabula::uttt;
using Clock = std::chrono::steady_clock;

static double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

int main(int argc, char** argv) {
  const int max_depth = argc > 1 ? std::atoi(argv[1]) : 9;
  const long games = argc > 2 ? std::atol(argv[2]) : 2'000'000;
  const State root = initial_state();
  LastPlyGame last_ply;
  Game two_plies;
  for (int depth = 7; depth <= max_depth; ++depth) {
    auto start = Clock::now();
    const std::uint64_t leaves = *tabula::search::perft(last_ply, root, depth);
    const double s = seconds_since(start);
    start = Clock::now();
    const std::uint64_t bulk = *tabula::search::perft(two_plies, root, depth);
    const double s2 = seconds_since(start);
    std::printf(
        "perft(%d) = %llu: last ply counted %.2f s, %.1f M leaves/s; last two plies counted %.2f s, %.1f M "
        "leaves/s\n",
        depth, static_cast<unsigned long long>(leaves), s, leaves / s / 1e6, s2, bulk / s2 / 1e6);
  }
  tabula::Rng rng(2022);
  long x_wins = 0, o_wins = 0, draws = 0;
  const auto start = Clock::now();
  for (long g = 0; g < games; ++g) {
    switch (random_playout(root, rng)) {
      case Outcome::kXWins:
        ++x_wins;
        break;
      case Outcome::kOWins:
        ++o_wins;
        break;
      default:
        ++draws;
    }
  }
  const double s = seconds_since(start);
  std::printf("random games: %ld in %.2f s: %.0f k games/s (x %ld, 0 %ld, draw %ld)\n", games, s,
              games / s / 1e3, x_wins, o_wins, draws);
  return 0;
}
