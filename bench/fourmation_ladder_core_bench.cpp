// 4Mation level ladder in C++ alone: the engine's search against level 2
// (the report's bot), without Prolog in between, so that search changes can
// be compared quickly and over many games. A node budget per move makes
// runs repeatable.
//   fourmation_ladder_core_bench [size=7] [games=100] [nodes=100000] [ms=0] [first_game=1]
//                                [--minimax] [--black] [--show]
// nodes = 0 means no node limit, ms = 0 no time limit (one must be set).
// --minimax turns mistake seeking off; --black plays only the odd games
// (the engine black); --show prints every game the engine did not win.
// Game G seeds level 2's choices with G, so a range of games is the same
// set of opponents from run to run.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "common/rng.hpp"
#include "fourmation/bots.hpp"
#include "fourmation/search.hpp"
#include "fourmation/state.hpp"

using namespace tabula;
using namespace tabula::fourmation;

namespace {

enum class Result { kWin, kDraw, kLoss };

struct Config {
  int n = 7;
  int games = 100;
  std::uint64_t nodes = 100000;
  int ms = 0;
  int first = 1;
  bool seek_mistakes = true;
  bool black_only = false;
  bool show = false;
};

Result play(const Config& config, int game, search::TranspositionTable& tt) {
  const int engine = game % 2 == 0 ? kWhite : kBlack;
  Rng rng(static_cast<std::uint64_t>(game) * 7919u + 17u);
  State s = initial_state(config.n);
  std::vector<int> moves;
  while (outcome(s) == Outcome::kOngoing) {
    int cell;
    if (s.side == engine) {
      search::Limits limits;
      limits.time = std::chrono::milliseconds(config.ms);
      limits.max_nodes = config.nodes;
      cell = *fourmation::search(s, limits, config.seek_mistakes, tt).move;
    } else {
      cell = report_bot(s, rng).move;
    }
    moves.push_back(cell);
    s = apply(s, cell);
  }
  const Outcome o = outcome(s);
  const Result r = o == Outcome::kDraw                                ? Result::kDraw
                   : (o == Outcome::kWhiteWins) == (engine == kWhite) ? Result::kWin
                                                                      : Result::kLoss;
  if (config.show && r != Result::kWin) {
    std::printf("game %d, engine %s, %s after %zu plies:", game, engine == kWhite ? "white" : "black",
                r == Result::kDraw ? "draw" : "loss", moves.size());
    for (int m : moves) std::printf(" %d-%d", row_of(m), col_of(m));
    std::printf("\n%s\n", to_string(s).c_str());
  }
  return r;
}

Config parse(int argc, char** argv) {
  Config c;
  int position = 0;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--minimax"))
      c.seek_mistakes = false;
    else if (!std::strcmp(argv[i], "--black"))
      c.black_only = true;
    else if (!std::strcmp(argv[i], "--show"))
      c.show = true;
    else {
      const long long v = std::atoll(argv[i]);
      switch (position++) {
        case 0:
          c.n = static_cast<int>(v);
          break;
        case 1:
          c.games = static_cast<int>(v);
          break;
        case 2:
          c.nodes = static_cast<std::uint64_t>(v);
          break;
        case 3:
          c.ms = static_cast<int>(v);
          break;
        default:
          c.first = static_cast<int>(v);
      }
    }
  }
  if (c.black_only && c.first % 2 == 0) ++c.first;
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  const Config config = parse(argc, argv);
  if (config.n < kMinSize || config.n > kMaxSize || (config.nodes == 0 && config.ms <= 0)) {
    std::fprintf(stderr,
                 "usage: %s [size] [games] [nodes] [ms] [first_game] [--minimax] [--black] [--show]\n",
                 argv[0]);
    return 2;
  }
  search::TranspositionTable tt(20);
  int wins = 0, draws = 0, losses = 0;
  int draws_as[2] = {0, 0};
  const int step = config.black_only ? 2 : 1;
  const auto t0 = std::chrono::steady_clock::now();
  for (int k = 0, g = config.first; k < config.games; ++k, g += step) {
    switch (play(config, g, tt)) {
      case Result::kWin:
        ++wins;
        break;
      case Result::kDraw:
        ++draws;
        ++draws_as[g % 2];
        break;
      case Result::kLoss:
        ++losses;
        break;
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "%dx%d, %d games from %d%s, engine (%s) %llu nodes / %d ms a move vs level 2: %d wins, %d draws "
      "(%d as white, %d as black), %d losses (%.1f%% wins), %.0f s\n",
      config.n, config.n, config.games, config.first, config.black_only ? " (engine black)" : "",
      config.seek_mistakes ? "seeking mistakes" : "minimax", static_cast<unsigned long long>(config.nodes),
      config.ms, wins, draws, draws_as[0], draws_as[1], losses, 100.0 * wins / config.games, secs);
}
