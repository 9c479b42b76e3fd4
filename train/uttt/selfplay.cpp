// Self-play games of the UTTT engine, written as training positions
// (records.hpp): every position of every game with the search's value and
// the game's result for the side to move.
//
//   uttt_selfplay --games N --sims S --out FILE [--seed X] [--network FILE]
//                 [--random-plies MIN,MAX]
//
// Each game opens with a random number (MIN..MAX, default 2..8) of
// uniformly random moves, for variety, then the engine (tree kept between
// moves, S simulations a move) plays both sides; with --network its leaves
// are valued by that network (a weights file, or "compiled" for the
// engine's own), else by playouts.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "network_arg.hpp"
#include "records.hpp"
#include "uttt/engine.hpp"

using namespace tabula;
using namespace tabula::uttt;

int main(int argc, char** argv) {
  int games = 100;
  std::uint64_t sims = 400, seed = 1;
  int min_random = 2, max_random = 8;
  std::string out_path, network_path;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i], v = argv[i + 1];
    if (a == "--games")
      games = std::stoi(v);
    else if (a == "--sims")
      sims = std::stoull(v);
    else if (a == "--seed")
      seed = std::stoull(v);
    else if (a == "--out")
      out_path = v;
    else if (a == "--network")
      network_path = v;
    else if (a == "--random-plies") {
      min_random = std::stoi(v.substr(0, v.find(',')));
      max_random = std::stoi(v.substr(v.find(',') + 1));
    } else {
      std::fprintf(stderr, "unknown argument %s\n", a.c_str());
      return 2;
    }
  }
  if (out_path.empty()) {
    std::fprintf(stderr, "usage: uttt_selfplay --games N --sims S --out FILE [--seed X] [--network FILE]\n");
    return 2;
  }
  EngineOptions options;
  options.mcts.seed = seed;
  if (!network_path.empty()) {
    auto net = network_from_arg(network_path);
    if (!net) {
      std::fprintf(stderr, "cannot load network %s\n", network_path.c_str());
      return 1;
    }
    options.leaf = Leaf::kNetwork;
    options.network = std::make_shared<const Network>(std::move(*net));
  } else {
    options.leaf = Leaf::kPlayout;
  }
  Engine engine(options, true);
  Rng rng(seed ^ 0xA5A5A5A5ull);
  std::FILE* out = std::fopen(out_path.c_str(), "ab");
  if (!out) return 1;
  long positions = 0;
  int results[3] = {0, 0, 0};
  for (int g = 0; g < games; ++g) {
    engine.clear();
    State s = initial_state();
    const int random_plies =
        min_random + static_cast<int>(rng.below(static_cast<std::uint32_t>(max_random - min_random + 1)));
    std::vector<train::Record> records;
    for (int ply = 0; !s.over(); ++ply) {
      if (ply < random_plies) {
        apply(s, random_move(s, rng));
        continue;
      }
      const auto result = engine.move(s, search::Limits::of_nodes(sims));
      train::Record r;
      r.cells = s.cells;
      r.forced = s.forced;
      r.side = s.side;
      r.search_value = static_cast<float>((result.score / 1000.0 + 1.0) / 2.0);
      records.push_back(r);
      apply(s, *result.move);
    }
    const int winner = s.outcome == Outcome::kXWins ? kX : s.outcome == Outcome::kOWins ? kO : -1;
    ++results[winner < 0 ? 2 : winner];
    for (auto& r : records) r.result = static_cast<std::uint8_t>(winner < 0 ? 1 : winner == r.side ? 2 : 0);
    train::append(out, records);
    positions += static_cast<long>(records.size());
  }
  std::fclose(out);
  std::fprintf(stderr, "%d games (x %d, o %d, draws %d), %ld positions\n", games, results[0], results[1],
               results[2], positions);
  return 0;
}
