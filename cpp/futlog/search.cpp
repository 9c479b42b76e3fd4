#include "futlog/search.hpp"

#include <algorithm>
#include <stdexcept>

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

int Game::evaluate(const State& s) { return eval_ ? eval_->evaluate(s) : futlog::evaluate(s); }

std::uint64_t Game::hash(const State& s) { return symmetric_hash(s); }
std::uint64_t LearnedGame::hash(const State& s) { return symmetric_hash(s); }
std::uint64_t LearnedGame::position_hash(const State& s) { return futlog::hash(s); }

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

namespace {

// The deadline of a timed budget (unused otherwise).
search::Clock::time_point deadline_of(const search::Limits& limits) {
  return limits.deadline ? *limits.deadline : search::Clock::now() + limits.time;
}

// The first part of a budget, all but `share` of it, for the search that
// a check follows: to a deadline, or a number of nodes.
search::Limits first_part(const search::Limits& limits, double share, search::Clock::time_point end) {
  search::Limits first = limits;
  if (limits.timed()) {
    const auto now = search::Clock::now();
    first.deadline = now + std::chrono::duration_cast<search::Clock::duration>((end - now) * (1.0 - share));
  } else {
    first.max_nodes =
        std::max<std::uint64_t>(1, static_cast<std::uint64_t>(limits.max_nodes * (1.0 - share)));
  }
  return first;
}

// Best-first on the first part of the budget, then the blunder check on the
// rest (EngineOptions::check_share).
search::Result<Outcome> checked_best_first(LearnedGame& game, const LearnedEval& eval, const State& s,
                                           const search::Limits& limits, const search::StopFn& stop,
                                           const search::BestFirstOptions& bf, double share) {
  const auto end = deadline_of(limits);
  search::BestFirst<LearnedGame> search(game, bf);
  search::Result<Outcome> result = search.run(s, first_part(limits, share, end), stop);
  if (!result.move || result.proven != search::Proven::kUnknown || result.aborted) return result;
  std::uint64_t nodes_left = limits.max_nodes > result.nodes ? limits.max_nodes - result.nodes : 0;
  const auto ranking = search.ranking();
  Game check(&eval);
  // The candidates: the best few open moves.
  const std::size_t candidates = std::min<std::size_t>(ranking.size(), 4);
  for (std::size_t i = 0; i < candidates; ++i) {
    if (ranking[i].second < -search::kDecisive) break;  // proven losses: no better than the first
    const State child = futlog::apply(s, ranking[i].first);
    int score;
    if (check.terminal(child, score)) {
      result.move = ranking[i].first;
      return result;
    }
    search::Limits l;
    l.poll_every = 1;
    const std::size_t left = candidates - i;
    if (limits.timed()) {
      const auto now = search::Clock::now();
      if (now >= end) break;
      l.deadline = now + (end - now) / static_cast<long>(left);
    } else {
      if (nodes_left == 0) break;
      l.max_nodes = std::max<std::uint64_t>(1, nodes_left / left);
    }
    const search::Result<Outcome> r = search::alpha_beta(check, child, l, stop, 16);
    result.nodes += r.nodes;
    nodes_left = nodes_left > r.nodes ? nodes_left - r.nodes : 0;
    if (r.aborted) break;
    if (r.proven != search::Proven::kWin) {  // the opponent has no proven win
      result.move = ranking[i].first;
      result.score = ranking[i].second;
      return result;
    }
  }
  return result;  // every candidate checked lost, or out of budget: best-first's move
}

// Best-first on the first part of the budget, then the refutation check
// on the rest (EngineOptions::refutation_share).
search::Result<Outcome> refuted_best_first(LearnedGame& game, const State& s, const search::Limits& limits,
                                           const search::StopFn& stop, const search::BestFirstOptions& bf,
                                           double share) {
  const auto end = deadline_of(limits);
  const search::Limits first = first_part(limits, share, end);
  // Without a clock, the check may look at its interrupt as many times as
  // the nodes it was left (each look stands for up to a few thousand
  // positions of a move generation, or one reply examined).
  std::uint64_t looks_left = limits.timed() ? 0 : limits.max_nodes - first.max_nodes;
  search::BestFirst<LearnedGame> search(game, bf);
  search::Result<Outcome> result = search.run(s, first, stop);
  if (!result.move || result.proven != search::Proven::kUnknown || result.aborted) return result;
  TrapFinder traps;
  traps.set_interrupt([&] {
    if (stop && stop()) return true;
    if (limits.timed()) return search::Clock::now() >= end;
    if (looks_left == 0) return true;  // and stays so
    --looks_left;
    return false;
  });
  // The first move not refuted; when the budget ends during a move's
  // check, that move (not known to be refuted, unlike those before it).
  for (const auto& [move, value] : search.ranking()) {
    if (value < -search::kDecisive) break;  // the rest are proven losses
    const State t = futlog::apply(s, move);
    const bool refuted =
        !game_over(t) && (immediate(t) == Immediate::kScores || traps.losing_reply(t, 2).has_value());
    if (refuted && !traps.interrupted()) continue;
    result.move = move;
    result.score = value;
    break;
  }
  return result;
}

search::BestFirstOptions best_first_options(const EngineOptions& options) {
  search::BestFirstOptions bf;
  bf.exploration = options.exploration;
  bf.minimax_share = options.minimax_share;
  bf.first_play = options.first_play;
  bf.most_visited = options.most_visited;
  bf.root_first_play = options.root_first_play;
  bf.lazy_expansion = options.lazy_expansion;
  bf.visit_weight = options.visit_weight;
  bf.transpositions = options.transpositions;
  return bf;
}

search::BestFirstOptions kept_tree(search::BestFirstOptions bf) {
  bf.reuse = true;
  return bf;
}

}  // namespace

Engine::Engine(const EngineOptions& options)
    : game_(options.eval ? *options.eval : embedded_, options.trap_proofs),
      search_(game_, kept_tree(best_first_options(options))) {
  if (options.algorithm != Algorithm::kBestFirst || options.check_share > 0 || options.refutation_share > 0)
    throw std::invalid_argument("futlog::Engine: best-first without a root check only");
}

SearchResult Engine::move(const State& s, const search::Limits& limits, const search::StopFn& stop) {
  return search_.run(s, limits, stop);
}

SearchResult search_move(const State& s, const search::Limits& limits, const search::StopFn& stop,
                         const EngineOptions& options) {
  const LearnedEval embedded;
  if (options.algorithm == Algorithm::kAlphaBeta) {
    Game game;
    return search::alpha_beta(game, s, limits, stop, options.log2_tt);
  }
  if (options.algorithm == Algorithm::kAlphaBetaLearned) {
    Game game(options.eval ? options.eval : &embedded);
    return search::alpha_beta(game, s, limits, stop, options.log2_tt);
  }
  {
    const LearnedEval& eval = options.eval ? *options.eval : embedded;
    LearnedGame game(eval, options.trap_proofs);
    const search::BestFirstOptions bf = best_first_options(options);
    const bool bounded = limits.timed() || limits.max_nodes > 0;
    if (options.refutation_share > 0 && bounded)
      return refuted_best_first(game, s, limits, stop, bf, options.refutation_share);
    if (options.check_share <= 0 || !bounded) return search::best_first(game, s, limits, stop, bf);
    return checked_best_first(game, eval, s, limits, stop, bf, options.check_share);
  }
}

SearchResult best_move(const State& s, const search::Limits& limits, const search::StopFn& stop,
                       unsigned log2_tt) {
  EngineOptions options;
  options.log2_tt = log2_tt;
  return search_move(s, limits, stop, options);
}

}  // namespace tabula::futlog
