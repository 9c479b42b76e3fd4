// CrossCut engine timings: random playouts, perft and alpha-beta nodes per
// second on mid-game positions of several sizes.
//   crosscut_search_bench [millis-per-search]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common/rng.hpp"
#include "crosscut/playout.hpp"
#include "crosscut/search.hpp"
#include "search/perft.hpp"

using namespace tabula;
using namespace tabula::crosscut;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A running position after `plies` random moves (retrying until one exists);
// early enough that searches rarely end with a forced result.
Position midgame(int h, int w, int plies, Rng& rng) {
  for (;;) {
    Position p = initial_position(h, w);
    MoveList moves;
    int i = 0;
    for (; i < plies && !p.over(); ++i) {
      legal_moves(p, moves);
      p = apply(p, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
    if (!p.over()) return p;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int millis = argc > 1 ? std::atoi(argv[1]) : 1000;
  std::printf("| board | random games/s | moves/game | perft(3) leaves/s |\n|---|---|---|---|\n");
  for (int n : {5, 7, 9, 10}) {
    Rng rng(n);
    const int games = 20000;
    std::uint64_t plies = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (int g = 0; g < games; ++g) {
      std::vector<std::uint8_t> moves;
      random_game(initial_position(n, n), rng, &moves);
      plies += moves.size();
    }
    const double t = seconds_since(t0);
    t0 = std::chrono::steady_clock::now();
    Game game;
    const std::uint64_t leaves = *search::perft(game, initial_position(n, n), 3);
    const double tp = seconds_since(t0);
    std::printf("| %dx%d | %.0f | %.1f | %.3g |\n", n, n, games / t, double(plies) / games, leaves / tp);
  }
  std::printf("\n| board | positions | ms each | mean depth | nodes/s |\n|---|---|---|---|---|\n");
  for (int n : {5, 7, 9, 10}) {
    Rng rng(100 + n);
    std::uint64_t nodes = 0;
    double secs = 0;
    int depth_sum = 0;
    const int positions = 5;
    for (int i = 0; i < positions; ++i) {
      const Position p = midgame(n, n, n / 2 + 1, rng);
      const SearchResult r = best_move(p, search::Limits::of_time(std::chrono::milliseconds(millis)));
      nodes += r.nodes;
      secs += r.seconds();
      depth_sum += r.depth;
    }
    std::printf("| %dx%d | %d | %d | %.1f | %.3g |\n", n, n, positions, millis, double(depth_sum) / positions,
                nodes / secs);
  }
  return 0;
}
