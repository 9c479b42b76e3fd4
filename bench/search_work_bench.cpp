// Fixed work for every game's search and perft, for comparing builds:
// instruction counts under callgrind do not depend on the machine's load.
//   search_work_bench <game> search <nodes>   one search from the start
//   search_work_bench <game> perft <depth>    perft from the start
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null search_work_bench crosscut search 200000
// prints the game, the work done (nodes or leaves) and the time it took.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "crosscut/search.hpp"
#include "fourmation/game.hpp"
#include "fourmation/search.hpp"
#include "futlog/search.hpp"
#include "search/perft.hpp"
#include "uttt/engine.hpp"
#include "uttt/game.hpp"

using namespace tabula;

namespace {

std::uint64_t search_nodes(const std::string& game, std::uint64_t nodes) {
  auto limits = search::Limits::of_nodes(nodes);
  if (game == "crosscut") return crosscut::best_move(crosscut::initial_position(9, 9), limits).nodes;
  if (game == "fourmation") {
    search::TranspositionTable tt(20);
    return fourmation::search(fourmation::initial_state(8), limits, false, tt).nodes;
  }
  if (game == "futlog") {
    limits.poll_every = 1;
    return futlog::best_move(futlog::State{}, limits).nodes;
  }
  limits.poll_every = 256;
  return uttt::engine_move(uttt::initial_state(), limits).nodes;
}

std::uint64_t perft_leaves(const std::string& game, int depth) {
  if (game == "crosscut") {
    crosscut::Game g;
    return *search::perft(g, crosscut::initial_position(7, 7), depth);
  }
  if (game == "fourmation") {
    fourmation::Rules g;
    return *search::perft(g, fourmation::initial_state(7), depth);
  }
  uttt::Game g;
  return *search::perft(g, uttt::initial_state(), depth);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: search_work_bench <uttt|futlog|fourmation|crosscut> <search|perft> <n>\n");
    return 2;
  }
  const std::string game = argv[1], what = argv[2];
  const auto n = std::strtoull(argv[3], nullptr, 10);
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t work =
      what == "perft" ? perft_leaves(game, static_cast<int>(n)) : search_nodes(game, n);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s %s %llu in %.3f s\n", game.c_str(), what.c_str(), static_cast<unsigned long long>(work), s);
  return 0;
}
