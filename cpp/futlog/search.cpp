#include "futlog/search.hpp"

#include <algorithm>
#include <chrono>

#include "futlog/evaluation.hpp"
#include "futlog/zobrist.hpp"
#include "search/alphabeta.hpp"

namespace tabula::futlog {

using search::Bound;
using search::kInfinity;
using search::kMaxPly;
using search::kWin;

namespace {
std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
}
int to_tt(int score, int ply) {
  return search::is_decisive(score) ? (score > 0 ? score + ply : score - ply) : score;
}
int from_tt(int score, int ply) {
  return search::is_decisive(score) ? (score > 0 ? score - ply : score + ply) : score;
}
// Terminal score for the side to move, or 0 with false when play goes on.
bool terminal(const State& s, int ply, int& score) {
  if (const int g = goal_for(s)) {
    score = (g == s.turn + 1) ? kWin - ply : -kWin + ply;
    return true;
  }
  if (!has_free_edge(s, s.ball)) {  // the previous mover got stuck and loses
    score = kWin - ply;
    return true;
  }
  return false;
}
}  // namespace

Searcher::Searcher(unsigned log2_tt) : tt_(log2_tt), moves_(kMaxPly), index_(kMaxPly) {}

bool Searcher::should_stop() {
  ++nodes_;
  if (stopped_) return true;
  if ((*stop_)())
    stopped_ = aborted_ = true;
  else if (deadline_ > 0 && (now_ns() - start_ns_) * 1e-9 >= deadline_)
    stopped_ = true;
  else if (limits_.max_nodes && nodes_ >= limits_.max_nodes)
    stopped_ = true;
  return stopped_;
}

void Searcher::ordered_moves(const State& s, int ply, unsigned tt_move) {
  gen_.generate(s, scratch_);
  keyed_.clear();
  for (std::size_t i = 0; i < scratch_.size(); ++i) {
    const State child = apply(s, scratch_[i]);
    int t, key;
    if (terminal(child, 0, t))
      key = -t;  // a win for the mover sorts first
    else
      key = -evaluate(child);
    if (i == tt_move) key = kInfinity;
    keyed_.emplace_back(key, static_cast<int>(i));
  }
  std::stable_sort(keyed_.begin(), keyed_.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  auto& moves = moves_[ply];
  auto& index = index_[ply];
  moves.clear();
  index.clear();
  for (const auto& [key, i] : keyed_) {
    moves.push_back(scratch_[i]);
    index.push_back(static_cast<std::uint32_t>(i));
  }
}

// At the horizon the side to move still gets its immediate wins (a goal,
// or leaving the opponent without a step): in dense positions a long
// bounce chain is the usual way games end, and a static score misses it.
int Searcher::horizon(const State& s, int ply) {
  gen_.generate(s, scratch_);
  for (const Outcome& o : scratch_) {
    int t;
    if (terminal(apply(s, o), 0, t) && t < 0) return kWin - ply - 1;
  }
  return evaluate(s);
}

int Searcher::negamax(const State& s, int depth, int alpha, int beta, int ply) {
  if (should_stop()) return 0;
  int t;
  if (terminal(s, ply, t)) return t;
  if (ply >= kMaxPly - 1) return evaluate(s);
  if (depth <= 0) return horizon(s, ply);

  const std::uint64_t key = symmetric_hash(s);
  unsigned tt_move = 0xFFFF;
  if (const search::TTEntry* e = tt_.probe(key)) {
    tt_move = e->move_index;
    if (e->depth >= depth) {
      const int score = from_tt(e->score, ply);
      if (e->bound == Bound::kExact) return score;
      if (e->bound == Bound::kLower && score >= beta) return score;
      if (e->bound == Bound::kUpper && score <= alpha) return score;
    }
  }
  ordered_moves(s, ply, tt_move);
  const int alpha0 = alpha;
  int best = -kInfinity;
  std::size_t best_i = 0;
  const std::size_t n = moves_[ply].size();
  for (std::size_t i = 0; i < n; ++i) {
    const State child = apply(s, moves_[ply][i]);
    int score;
    if (i == 0) {
      score = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
    } else {
      // Late moves (ordered by the evaluation of their result) are first
      // searched shallower: with hundreds of outcomes per node this is what
      // lets the search see a few moves further. A move that then looks
      // better than the best so far is searched again at full depth.
      const int reduction = (i >= 3 && depth >= 2) ? 1 + (i >= 16 && depth >= 4) : 0;
      score = alpha + 1;
      if (reduction) score = -negamax(child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
      if (!stopped_ && score > alpha) score = -negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
      if (!stopped_ && score > alpha && score < beta)
        score = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
    }
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_i = i;
    }
    if (score > alpha) alpha = score;
    if (alpha >= beta) break;
  }
  const Bound bound = best <= alpha0 ? Bound::kUpper : best >= beta ? Bound::kLower : Bound::kExact;
  tt_.store(key, depth, to_tt(best, ply), bound, std::min<std::uint32_t>(index_[ply][best_i], 0xFFFF));
  return best;
}

SearchResult Searcher::run(const State& root, const SearchLimits& limits, const std::function<bool()>& stop) {
  stop_ = &stop;
  limits_ = limits;
  start_ns_ = now_ns();
  deadline_ = limits.seconds > 0 ? limits.seconds : 0;
  nodes_ = 0;
  stopped_ = aborted_ = false;
  tt_.new_search();

  SearchResult result;
  if (game_over(root)) return result;
  // The root keeps a path for each outcome, recorded while generating.
  std::vector<Outcome> generated;
  std::vector<std::vector<std::uint8_t>> paths;
  gen_.generate(root, generated, &paths);
  ordered_moves(root, 0, 0xFFFF);  // same outcomes, best guess first
  std::vector<Outcome> root_moves = moves_[0];
  std::vector<std::uint32_t> root_index = index_[0];
  result.has_move = true;
  result.best = root_moves.front();
  std::size_t best_path = root_index.front();
  std::vector<int> scores(root_moves.size(), -kInfinity);

  for (int depth = 1; depth <= std::max(1, limits.max_depth); ++depth) {
    int alpha = -kInfinity;
    const int beta = kInfinity;
    int best_i = -1, best_score = -kInfinity;
    std::fill(scores.begin(), scores.end(), -kInfinity);
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
      const State child = apply(root, root_moves[i]);
      int score;
      if (i == 0) {
        score = -negamax(child, depth - 1, -beta, -alpha, 1);
      } else {
        score = -negamax(child, depth - 1, -alpha - 1, -alpha, 1);
        if (!stopped_ && score > alpha) score = -negamax(child, depth - 1, -beta, -alpha, 1);
      }
      if (stopped_) break;
      scores[i] = score;
      if (score > best_score) {
        best_score = score;
        best_i = static_cast<int>(i);
      }
      alpha = std::max(alpha, score);
    }
    // A partial iteration still counts: its first move is the previous best
    // and any move that beat it was searched in full.
    if (best_i >= 0) {
      result.best = root_moves[best_i];
      best_path = root_index[best_i];
      result.score = best_score;
    }
    if (stopped_) break;
    result.depth = depth;
    std::vector<std::size_t> order(root_moves.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
    std::vector<Outcome> sorted;
    std::vector<std::uint32_t> sorted_index;
    sorted.reserve(order.size());
    for (std::size_t i : order) {
      sorted.push_back(root_moves[i]);
      sorted_index.push_back(root_index[i]);
    }
    root_moves.swap(sorted);
    root_index.swap(sorted_index);
    if (search::is_decisive(best_score)) break;
    if (deadline_ > 0 && (now_ns() - start_ns_) * 1e-9 > 0.4 * deadline_) break;
  }
  result.path = paths[best_path];
  result.nodes = nodes_;
  result.aborted = aborted_;
  result.seconds = (now_ns() - start_ns_) * 1e-9;
  return result;
}

SearchResult best_move(const State& root, const SearchLimits& limits, const std::function<bool()>& stop) {
  Searcher searcher;
  return searcher.run(root, limits, stop);
}

}  // namespace tabula::futlog
