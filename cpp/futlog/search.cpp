#include "futlog/search.hpp"

#include <algorithm>

#include "futlog/evaluation.hpp"
#include "futlog/zobrist.hpp"
#include "search/alphabeta.hpp"
#include "search/best_first.hpp"

namespace tabula::futlog {

namespace {
// Over for the side to move? score: +1 won, -1 lost.
bool over(const State& s, int& score) {
  if (const int g = goal_for(s)) {
    score = g == s.turn + 1 ? 1 : -1;
    return true;
  }
  if (!has_free_edge(s, s.ball)) {  // the previous mover got stuck and loses
    score = 1;
    return true;
  }
  return false;
}
}  // namespace

bool Game::terminal(const State& s, int& score) { return over(s, score); }
bool LearnedGame::terminal(const State& s, int& score) { return over(s, score); }

int Game::evaluate(const State& s) { return futlog::evaluate(s); }

std::uint64_t Game::hash(const State& s) { return symmetric_hash(s); }
std::uint64_t LearnedGame::hash(const State& s) { return symmetric_hash(s); }

void Game::order(const State& s, std::vector<Move>& moves) {
  keyed_.clear();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const State child = futlog::apply(s, moves[i]);
    int t;
    // A win for the mover (a loss for the child's side to move) sorts first.
    const int key = terminal(child, t) ? -t * search::kWin : -evaluate(child);
    keyed_.emplace_back(key, i);
  }
  std::stable_sort(keyed_.begin(), keyed_.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  sorted_.clear();
  for (const auto& [key, i] : keyed_) sorted_.push_back(moves[i]);
  moves.swap(sorted_);
}

int Game::horizon(const State& s, int ply) {
  generator_.generate(s, scratch_);
  for (const Outcome& o : scratch_) {
    int t;
    if (terminal(futlog::apply(s, o), t) && t < 0) return search::kWin - ply - 1;
  }
  return evaluate(s);
}

SearchResult search_move(const State& s, const search::Limits& limits, const search::StopFn& stop,
                         const EngineOptions& options) {
  SearchResult out;
  if (options.algorithm == Algorithm::kAlphaBeta) {
    Game game;
    out.result = search::alpha_beta(game, s, limits, stop, options.log2_tt);
  } else {
    const LearnedEval embedded;
    LearnedGame game(options.eval ? *options.eval : embedded);
    search::BestFirstOptions bf;
    bf.exploration = options.exploration;
    bf.minimax_share = options.minimax_share;
    bf.first_play = options.first_play;
    bf.most_visited = options.most_visited;
    out.result = search::best_first(game, s, limits, stop, bf);
  }
  if (out.result.move) out.path = path_of(s, *out.result.move);
  return out;
}

SearchResult best_move(const State& s, const search::Limits& limits, const search::StopFn& stop,
                       unsigned log2_tt) {
  EngineOptions options;
  options.log2_tt = log2_tt;
  return search_move(s, limits, stop, options);
}

}  // namespace tabula::futlog
