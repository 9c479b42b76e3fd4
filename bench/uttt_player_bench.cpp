// Our UTTT engine as a program speaking the CodinGame protocol on stdin and
// stdout (cpp/uttt/protocol.hpp), one game per run, for the tournament
// runner (a --bridge codingame player, docs/tournament.md) or any other arena.
//
//   uttt_player_bench [--ms N | --sims N] [--level informed|playout|uct] [--seed S]
//                     [--c X] [--fpu X] [--policy random|win|avoid]
//                     [--reuse 0|1] [--threads N] [--expand N]
//                     [--leaf network|playout|mixed] [--network FILE]
//                     [--mix X] [--bonus X] [--negamax 0|1] [--opening rc,rc,...]
//                     [--book 0|1] [--mirror N] [--free N] [--filter-root 0|1] [--wide X]
//                     [--opponent-only 0|1] [--contempt X]
//
// --opening: the game's first plies, as the referee draws them
// (the runner's --plies N and "{opening}"): while the game follows
// them, the program answers its plies of them without searching. --ms:
// time per move, counted from reading the opponent's move (default
// 100); --sims: a fixed number of simulations per move instead. --level:
// informed (the default engine: solver, value network), playout (the same
// search with informed playouts at the leaves) or uct (plain UCT with random
// playouts, the engine before these). The other options override settings. Each answer
// is "row col simulations". --leaf: how new leaves are valued (the
// compiled-in value network or one playout); --network: a weights file
// instead of the compiled-in network. --book 1: a position of the compiled-in
// opening book (cpp/uttt/book.hpp) is answered with the book's move,
// without searching (answer "row col 0"). --mirror, --free: the plies up
// to which the tree plays the opening's mirror moves and leaves out moves
// that give the free choice (SearchGame::tree_moves; -1, the default: off;
// 20 and 30 were measured);
// --filter-root 1: the root too; --opponent-only 1: only where the
// opponent moves. --wide X: the exploration of a move
// that gives the free choice, times X. --contempt X: a draw is worth
// 0.5 - X to the engine in its tree (search/mcts.hpp).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "uttt/book.hpp"
#include "uttt/engine.hpp"
#include "uttt/protocol.hpp"

using namespace tabula;
using namespace tabula::uttt;

namespace {

[[noreturn]] void usage() {
  std::fprintf(
      stderr,
      "usage: uttt_player_bench [--ms N | --sims N] [--level informed|playout|uct] [--seed S] [--c X]\n"
      "       [--fpu X] [--policy random|win|avoid] [--reuse 0|1] [--threads N] [--expand N]\n"
      "       [--leaf network|playout|mixed] [--network FILE] [--mix X] [--bonus X]\n"
      "       [--negamax 0|1] [--opening rc,rc,...] [--book 0|1] [--mirror N] [--free N]\n"
      "       [--filter-root 0|1] [--opponent-only 0|1] [--wide X] [--contempt X]\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  long ms = 100;
  unsigned long long sims = 0;
  EngineOptions options;
  bool reuse = true, c_given = false, book = false;
  std::vector<Move> opening;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) usage();
      return argv[++i];
    };
    if (a == "--ms") {
      ms = std::stol(next());
    } else if (a == "--sims") {
      sims = std::stoull(next());
    } else if (a == "--level") {
      const std::string l = next();
      if (l == "playout") {
        const auto seed = options.mcts.seed;
        options = EngineOptions::playouts();
        options.mcts.seed = seed;
      } else if (l == "uct") {
        const auto seed = options.mcts.seed;
        options = EngineOptions::plain_uct();
        options.mcts.seed = seed;
        reuse = false;
      } else if (l != "informed") {
        usage();
      }
    } else if (a == "--seed") {
      options.mcts.seed = std::stoull(next());
    } else if (a == "--c") {
      options.mcts.exploration = std::stod(next());
      c_given = true;
    } else if (a == "--fpu") {
      options.mcts.fpu = std::stod(next());
    } else if (a == "--mix") {
      options.mcts.prior_mix = std::stod(next());
    } else if (a == "--opening") {
      const std::string v = next();
      for (std::size_t p = 0; p + 1 < v.size(); p += 3) {
        const auto m = protocol::from_row_col(v[p] - '0', v[p + 1] - '0');
        if (!m) usage();
        opening.push_back(*m);
      }
    } else if (a == "--negamax") {
      options.mcts.negamax = next() != "0";
    } else if (a == "--bonus") {
      options.mcts.first_play_bonus = std::stod(next());
    } else if (a == "--prior") {
      options.mcts.prior_weight = std::stod(next());
    } else if (a == "--policy") {
      const std::string p = next();
      options.policy = p == "random" ? Policy::kRandom : p == "win" ? Policy::kWin : Policy::kWinAvoid;
    } else if (a == "--reuse") {
      reuse = next() != "0";
    } else if (a == "--threads") {
      options.threads = std::stoi(next());
    } else if (a == "--leaf") {
      const std::string l = next();
      if (l != "network" && l != "playout" && l != "mixed") usage();
      options.leaf = l == "network" ? Leaf::kNetwork : l == "mixed" ? Leaf::kMixed : Leaf::kPlayout;
      if (!c_given && options.leaf != Leaf::kNetwork)
        options.mcts.exploration = EngineOptions::playouts().mcts.exploration;
    } else if (a == "--network") {
      auto net = Network::load(next());
      if (!net) {
        std::fprintf(stderr, "cannot load the network file\n");
        return 2;
      }
      if (options.leaf == Leaf::kPlayout) options.leaf = Leaf::kNetwork;
      options.network = std::make_shared<const Network>(std::move(*net));
    } else if (a == "--book") {
      book = next() != "0";
    } else if (a == "--wide") {
      options.mcts.wide_children = 9;
      options.mcts.wide_exploration = std::stod(next());
    } else if (a == "--contempt") {
      options.mcts.contempt = std::stod(next());
    } else if (a == "--mirror") {
      options.mirror_plies = std::stoi(next());
    } else if (a == "--free") {
      options.free_move_plies = std::stoi(next());
    } else if (a == "--opponent-only") {
      options.knowledge_for_opponent = next() != "0";
    } else if (a == "--filter-root") {
      options.mcts.filter_root = next() != "0";
    } else if (a == "--expand") {
      options.mcts.expand_after = static_cast<std::uint32_t>(std::stoul(next()));
    } else {
      usage();
    }
  }

  Engine engine(options, reuse);
  State s = initial_state();
  std::vector<Move> played;
  int row, col, count;
  while (std::cin >> row >> col) {
    const auto start = search::Clock::now();
    if (row >= 0) {
      const auto m = protocol::from_row_col(row, col);
      if (!m || !is_legal(s, *m)) {
        std::fprintf(stderr, "illegal opponent move %d %d\n", row, col);
        return 1;
      }
      apply(s, *m);
      played.push_back(*m);
    }
    if (!(std::cin >> count)) break;
    for (int k = 0; k < count; ++k) std::cin >> row >> col;
    if (s.over()) break;
    if (played.size() < opening.size() && std::equal(played.begin(), played.end(), opening.begin())) {
      const Move m = opening[played.size()];
      apply(s, m);
      played.push_back(m);
      const auto [r, c] = protocol::to_row_col(m);
      std::printf("%d %d 0\n", r, c);
      std::fflush(stdout);
      continue;
    }
    if (const auto b = book ? book_move(s, sims ? kUntimed : BookTime(ms)) : std::nullopt) {
      apply(s, *b);
      played.push_back(*b);
      const auto [r, c] = protocol::to_row_col(*b);
      std::printf("%d %d 0\n", r, c);
      std::fflush(stdout);
      continue;
    }
    search::Limits limits;
    if (sims) {
      limits = search::Limits::of_nodes(sims);
    } else {
      limits.deadline = start + std::chrono::milliseconds(ms);
      limits.poll_every = 64;
    }
    const auto result = engine.move(s, limits);
    const Move m = *result.move;
    apply(s, m);
    played.push_back(m);
    const auto [r, c] = protocol::to_row_col(m);
    std::printf("%d %d %llu\n", r, c, static_cast<unsigned long long>(result.nodes));
    std::fflush(stdout);
  }
  return 0;
}
