#pragma once
// The engine. Two searches over the distinct outcomes of each position:
//  - best-first minimax (search/best_first.hpp) with the learned evaluation
//    (learned_eval.hpp): the default, it won the matches in
//    bench/results/futlog.md;
//  - the shared alpha-beta (search::AlphaBeta) with the hand-written
//    evaluation (evaluation.hpp), the transposition table keyed by the
//    mirror-symmetric hash, move ordering and late-move reductions.
// One node may cost milliseconds (thousands of outcomes), so callers poll
// the clock at every node (Limits::poll_every 1).
#include <cstdint>
#include <limits>
#include <vector>

#include "futlog/learned_eval.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/traps.hpp"
#include "search/best_first.hpp"
#include "search/limits.hpp"
#include "search/result.hpp"

namespace tabula::futlog {

// Nodes between two looks at the clock and the stop callback: every node,
// since one may cost milliseconds.
inline constexpr std::uint32_t kPollEvery = 1;

// Futlog as the shared alpha-beta sees it (search/game.hpp). Holds the
// outcome generator's tables, so one object serves one search at a time.
class Game {
 public:
  using State = futlog::State;
  using Move = Outcome;

  // The hand-written evaluation (evaluation.hpp), or the learned one.
  explicit Game(const LearnedEval* eval = nullptr) : eval_(eval) {}

  // The next iteration, several times as wide, would rarely finish.
  static constexpr double kNextIterationShare = 0.4;
  // The clock may cut even the first iteration: its horizon generates every
  // child's moves, which can take far longer than a budget. The default
  // search (best-first) evaluates its whole root instead.
  static constexpr bool kFirstIterationHeld = false;

  void moves(const State& s, std::vector<Move>& out) { generator_.generate(s, out); }
  // Children that end the game for the mover first, then by the static
  // evaluation of the child.
  void order(const State& s, std::vector<Move>& moves);
  State apply(const State& s, const Move& m) { return futlog::apply(s, m); }
  int side(const State& s) { return s.turn; }
  bool terminal(const State& s, int& score);
  int evaluate(const State& s);
  std::uint64_t hash(const State& s);
  // At the horizon the side to move still gets its immediate wins (a goal,
  // or leaving the opponent without a step): in dense positions a long
  // bounce chain is the usual way games end, and a static score misses it.
  int horizon(const State& s, int ply);
  // Late moves are first searched shallower: with hundreds of outcomes per
  // node this is what lets the search see a few moves further.
  int reduction(std::size_t index, int depth) const {
    return (index >= 3 && depth >= 2) ? 1 + (index >= 16 && depth >= 4) : 0;
  }
  // One generation can visit hundreds of thousands of positions (tens of
  // milliseconds): it looks at the search's limits as it goes.
  void watch(search::Budget* budget) {
    if (budget)
      generator_.set_interrupt([budget] { return budget->check(); });
    else
      generator_.set_interrupt({});
  }

 private:
  const LearnedEval* eval_;
  OutcomeGenerator generator_;
  std::vector<Move> scratch_;
  std::vector<std::pair<int, std::size_t>> keyed_;
  std::vector<Move> sorted_;
};

// Futlog for the best-first search: the same moves and end of game, the
// learned evaluation (expected result, -1000..1000).
class LearnedGame {
 public:
  using State = futlog::State;
  using Move = Outcome;

  // trap_proofs: prove the traps of traps.hpp as children are evaluated.
  explicit LearnedGame(const LearnedEval& eval, bool trap_proofs = false)
      : eval_(eval), trap_proofs_(trap_proofs) {}

  void moves(const State& s, std::vector<Move>& out) { generator_.generate(s, out); }
  State apply(const State& s, const Move& m) { return futlog::apply(s, m); }
  int side(const State& s) { return s.turn; }
  bool terminal(const State& s, int& score);
  int evaluate(const State& s) { return eval_.evaluate(s); }
  // With the proofs of the move distances (learned_eval.hpp). The children
  // of the position last given to prepare_children share its history's
  // part of the evaluation.
  void prepare_children(const State& parent) { eval_.prepare_children(parent, base_); }
  // With trap proofs, a position is also proven lost (proven = -2) when
  // every move of its side to move lets the opponent score. The check
  // runs only where two bounds allow a trap: the own goal within one move
  // of the ball (the distances), and may_be_trapped.
  int evaluate_proven(const State& s, int& proven) {
    features::Summary sum;
    const int value = eval_.evaluate_proven(base_, s, proven, &sum);
    if (trap_proofs_ && proven == 0 && sum.defence_distance <= 1 && may_be_trapped(s) && traps_.trapped(s))
      proven = -2;
    return value;
  }
  std::uint64_t hash(const State& s);
  // The exact position (search::BestFirstOptions::transpositions).
  std::uint64_t position_hash(const State& s);
  // As Game::watch: one generation can take tens of milliseconds.
  void watch(search::Budget* budget) {
    if (budget) {
      generator_.set_interrupt([budget] { return budget->check(); });
      traps_.set_interrupt([budget] { return budget->check(); });
    } else {
      generator_.set_interrupt({});
      traps_.set_interrupt({});
    }
  }

 private:
  const LearnedEval& eval_;
  bool trap_proofs_;
  OutcomeGenerator generator_;
  TrapFinder traps_;
  LearnedEval::ChildBase base_;
};

// kAlphaBeta: the hand-written evaluation; kAlphaBetaLearned: the learned one.
enum class Algorithm { kBestFirst, kAlphaBeta, kAlphaBetaLearned };

struct EngineOptions {
  Algorithm algorithm = Algorithm::kBestFirst;
  // Best-first: exploration weight in evaluation units (search/best_first.hpp).
  // 100 won 171-129 against plain best-first at 0.2 s a move, where it and
  // 30 to 300 had lost slightly at 20,000 nodes: with a few hundred
  // thousand nodes the plain search spends them on ever deeper lines.
  double exploration = 100.0;
  // The other best-first options, as in search::BestFirstOptions.
  double minimax_share = 1.0;
  double first_play = 0.0;
  double root_first_play = std::numeric_limits<double>::quiet_NaN();
  bool lazy_expansion = false;
  double visit_weight = 0.0;
  bool most_visited = false;
  // Best-first: share of the budget (time, or nodes) kept for a blunder
  // check: the moves best-first ranks highest are searched in turn, from
  // the opponent's side, by alpha-beta with the same evaluation, and the
  // first one that is not proven lost is played (0: no check).
  double check_share = 0.0;
  // Best-first: prove traps as children are evaluated (LearnedGame).
  bool trap_proofs = false;
  // Best-first: share of the budget kept for a refutation check: the
  // root's moves, best first, are tested with TrapFinder::losing_reply
  // (a reply after which we have lost within two moves a side), and the
  // first without one is played (0: no check).
  double refutation_share = 0.0;
  // Best-first: share the children of positions reached by several move
  // orders (search::BestFirstOptions::transpositions).
  bool transpositions = false;
  // Best-first: the evaluation (nullptr: the embedded weights).
  const LearnedEval* eval = nullptr;
  // Alpha-beta: transposition table of 2^log2_tt entries.
  unsigned log2_tt = 18;
};

using SearchResult = search::Result<Outcome>;

// One search from s with a fresh engine. Limits::max_depth caps the
// alpha-beta iterations, or the depth in plies of the best-first tree;
// path_of (outcomes.hpp) gives a path that plays the chosen outcome.
SearchResult search_move(const State& s, const search::Limits& limits, const search::StopFn& stop,
                         const EngineOptions& options);

// The best-first engine as a handle that keeps its tree between the moves
// of one game (search::BestFirstOptions::reuse): when the position is the
// last root or one or two plies below it in the tree, the search goes on
// from that subtree. Any position is accepted; others start afresh.
// options.algorithm must be kBestFirst, check_share and refutation_share 0 (else
// std::invalid_argument). Not thread-safe; one handle per game.
class Engine {
 public:
  explicit Engine(const EngineOptions& options = {});
  // The search refers to the game, the game to the weights: not copied.
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  SearchResult move(const State& s, const search::Limits& limits, const search::StopFn& stop = {});
  // Nodes the last search found in the kept tree.
  std::size_t reused_nodes() const { return search_.reused_nodes(); }
  void clear() { search_.clear(); }

 private:
  LearnedEval embedded_;
  LearnedGame game_;
  search::BestFirst<LearnedGame> search_;
};

// The default engine: best-first with the embedded learned evaluation
// (log2_tt is used by the alpha-beta engine only).
SearchResult best_move(const State& s, const search::Limits& limits, const search::StopFn& stop = {},
                       unsigned log2_tt = 18);

}  // namespace tabula::futlog
