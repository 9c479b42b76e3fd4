// UTTT core speed, single thread: perft leaves per second, counting the
// last ply without playing it (as perft is usually reported) and, second,
// counting the last two plies without playing them; then uniformly random
// full games per second. Times are the thread's CPU time, so that other
// work on a shared machine lowers the figures less.
//   uttt_core_bench [max_perft_depth=9] [random_games=2000000]
#include <time.h>

#include <cstdio>
#include <cstdlib>

#include "search/perft.hpp"
#include "uttt/game.hpp"
#include "uttt/playout.hpp"

using namespace tabula::uttt;
static double cpu_now() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

static double seconds_since(double start) { return cpu_now() - start; }

int main(int argc, char** argv) {
  const int max_depth = argc > 1 ? std::atoi(argv[1]) : 9;
  const long games = argc > 2 ? std::atol(argv[2]) : 2'000'000;
  const State root = initial_state();
  LastPlyGame last_ply;
  Game two_plies;
  for (int depth = 7; depth <= max_depth; ++depth) {
    auto start = cpu_now();
    const std::uint64_t leaves = *tabula::search::perft(last_ply, root, depth);
    const double s = seconds_since(start);
    start = cpu_now();
    const std::uint64_t bulk = *tabula::search::perft(two_plies, root, depth);
    const double s2 = seconds_since(start);
    std::printf(
        "perft(%d) = %llu: last ply counted %.2f s, %.1f M leaves/s; last two plies counted %.2f s, %.1f M "
        "leaves/s\n",
        depth, static_cast<unsigned long long>(leaves), s, leaves / s / 1e6, s2, bulk / s2 / 1e6);
  }
  tabula::Rng rng(2022);
  long x_wins = 0, o_wins = 0, draws = 0;
  const auto start = cpu_now();
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
