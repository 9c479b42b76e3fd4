// Our Futlog engine as a player process for the tournament runner
// (--bridge futlog-referee:NAME=COMMAND), speaking the protocol of
// futlog/protocol.hpp on stdin/stdout.
//
//   futlog_player_bench [--algo bf|ab|abl|course] [--weights FILE] [--explore C]
//                       [--mix M] [--fpu F] [--root-fpu F] [--lazy 0|1] [--visit-weight W]
//                       [--most-visited 0|1] [--check SHARE] [--traps 0|1]
//                       [--refute SHARE] [--transpose 0|1]
//                       [--nodes N] [--depth D] [--margin-ms M] [--name NAME]
//                       [--keep-tree 0|1]
//
// --algo course plays the course-level depth-2 minimax of the reference
// (ref_minimax2/3 of tests/reference/futlog_ref.pl), ported.
// --nodes N searches N nodes a move whatever the time (fixed-work matches
// between our own builds, independent of the machine's load); otherwise
// each `go <ms>` is searched to a deadline <ms> minus a margin (default
// 2% + 2 ms) after the command arrived.
// The best-first options default to futlog::EngineOptions' (exploration
// 100); --explore 0 is the plain best-first search.
// --keep-tree 1 keeps the best-first tree from one move to the next
// (futlog::Engine); with --nodes, each move then evaluates N new nodes.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "futlog/protocol.hpp"
#include "futlog/search.hpp"

using namespace tabula;
using namespace tabula::futlog;

namespace {

// The course-level opponent, as tests/reference/futlog_ref.pl's
// ref_minimax2/3 plays it: plain depth-2 minimax over the distinct
// outcomes, goals and stuck positions +-1000, otherwise the ball's Y
// towards the goal the player attacks; the first best outcome. Like the
// reference, each reply level looks at no more than max(10, 10000 / N) of
// the opponent's moves (N our outcomes): here the first outcomes found,
// where the reference takes the first paths.
std::vector<std::uint8_t> course_minimax2(const State& s) {
  OutcomeGenerator gen;
  std::vector<Outcome> ours, replies;
  gen.generate(s, ours);
  const int me = s.turn + 1;
  auto value = [&](const State& t) -> std::optional<int> {
    if (const int g = goal_for(t)) return g == me ? 1000 : -1000;
    if (!has_free_edge(t, t.ball)) return t.turn + 1 == me ? 1000 : -1000;
    return std::nullopt;
  };
  int best = -1000000;
  std::size_t pick = 0;
  for (std::size_t i = 0; i < ours.size(); ++i) {
    const State t = apply(s, ours[i]);
    int score;
    if (const auto v = value(t)) {
      score = *v;
    } else {
      gen.generate(t, replies);
      const std::size_t cap = std::max<std::size_t>(10, 10000 / ours.size());
      if (replies.size() > cap) replies.resize(cap);
      score = 1000000;
      for (const Outcome& r : replies) {
        const State u = apply(t, r);
        const auto w = value(u);
        const int y = vertex_y(u.ball);
        score = std::min(score, w ? *w : (me == 1 ? y : -y));
      }
    }
    if (score > best) best = score, pick = i;
  }
  return ours.empty() ? std::vector<std::uint8_t>{} : path_of(s, ours[pick]);
}

}  // namespace

int main(int argc, char** argv) {
  EngineOptions options;
  bool course = false;
  std::optional<LearnedEval> eval;
  std::uint64_t nodes = 0;
  int depth = 0;
  double margin_ms = -1;
  std::string name = "tabula-futlog";
  bool keep_tree = false;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--algo" && v == "course")
      course = true;
    else if (k == "--algo")
      options.algorithm = v == "ab"    ? Algorithm::kAlphaBeta
                          : v == "abl" ? Algorithm::kAlphaBetaLearned
                                       : Algorithm::kBestFirst;
    else if (k == "--weights")
      eval = LearnedEval::from_file(v);
    else if (k == "--explore")
      options.exploration = std::stod(v);
    else if (k == "--mix")
      options.minimax_share = std::stod(v);
    else if (k == "--check")
      options.check_share = std::stod(v);
    else if (k == "--refute")
      options.refutation_share = std::stod(v);
    else if (k == "--traps")
      options.trap_proofs = std::stoi(v) != 0;
    else if (k == "--transpose")
      options.transpositions = std::stoi(v) != 0;
    else if (k == "--fpu")
      options.first_play = std::stod(v);
    else if (k == "--root-fpu")
      options.root_first_play = std::stod(v);
    else if (k == "--lazy")
      options.lazy_expansion = v == "1";
    else if (k == "--visit-weight")
      options.visit_weight = std::stod(v);
    else if (k == "--most-visited")
      options.most_visited = v == "1";
    else if (k == "--nodes")
      nodes = std::stoull(v);
    else if (k == "--depth")
      depth = std::stoi(v);
    else if (k == "--margin-ms")
      margin_ms = std::stod(v);
    else if (k == "--name")
      name = v;
    else if (k == "--keep-tree")
      keep_tree = v == "1";
    else {
      std::cerr << "unknown option " << k << '\n';
      return 2;
    }
  }
  if (eval) options.eval = &*eval;
  std::optional<Engine> engine;  // --keep-tree 1: one tree kept through the game
  if (keep_tree) engine.emplace(options);
  State state;
  std::string line;
  while (std::getline(std::cin, line)) {
    const auto received = search::Clock::now();
    const auto [cmd, rest] = protocol::split_command(line);
    std::string reply;
    if (cmd == "hello") {
      reply = "hello " + name;
    } else if (cmd == "new") {
      state = State{};
      if (engine) engine->clear();
      reply = "ok";
    } else if (cmd == "play") {
      const protocol::Checked c = protocol::check_move(state, rest);
      if (c.verdict == protocol::Verdict::kLegal) {
        state = c.after;
        reply = "ok " + std::to_string(winner(state));
      } else {
        reply = "illegal";
      }
    } else if (cmd == "go") {
      const double ms = std::stod(std::string(rest.empty() ? "1000" : rest));
      search::Limits limits;
      limits.poll_every = 1;
      limits.max_depth = depth;
      if (nodes) {
        limits.max_nodes = nodes;
      } else {
        const double margin = margin_ms >= 0 ? margin_ms : 2.0 + 0.02 * ms;
        limits.deadline = received + std::chrono::microseconds(static_cast<long>(1000 * (ms - margin)));
      }
      if (course) {
        std::cout << "move " << protocol::format_path(course_minimax2(state)) << std::endl;
        continue;
      }
      const SearchResult r = engine ? engine->move(state, limits) : search_move(state, limits, {}, options);
      std::cerr << "info nodes " << r.nodes << " depth " << r.depth << " score " << r.score << " ms "
                << r.seconds() * 1000 << " reused " << (engine ? engine->reused_nodes() : 0) << '\n';
      reply = "move " + protocol::format_path(path_of(state, *r.move));
    } else if (cmd == "quit") {
      break;
    } else {
      reply = "error unknown command";
    }
    std::cout << reply << std::endl;
  }
  return 0;
}
