// The best-first engine with the learned evaluation: legal answers, forced
// goals and traps played at once and proven, budgets kept.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <stdexcept>

#include "common/rng.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/search.hpp"
#include "futlog_search_support.hpp"
#include "search/best_first.hpp"
#include "search/score.hpp"
#include "test_support.hpp"

namespace tabula::futlog {
namespace {

EngineOptions best_first_options() {
  EngineOptions o;
  o.algorithm = Algorithm::kBestFirst;
  return o;
}

search::Limits of_nodes(std::uint64_t n) {
  auto l = search::Limits::of_nodes(n);
  l.poll_every = 1;
  return l;
}

using testing::expect_consistent;
using testing::with_edges;

TEST(FutlogBestFirst, LegalFromStart) {
  const State s;
  const SearchResult r = search_move(s, of_nodes(3000), {}, best_first_options());
  expect_consistent(s, r);
  EXPECT_EQ(r.nodes, 3000u);
  EXPECT_GE(r.depth, 2);
}

TEST(FutlogBestFirst, ImmediateGoalPlayedAtOnceAndProven) {
  // Ball on (1,4), player 1: a step to the visited post bounces into goal.
  const State s = with_edges({{{0, 0}, {1, 1}}}, {1, 4}, 0);
  const SearchResult r = search_move(s, of_nodes(1'000'000), {}, best_first_options());
  expect_consistent(s, r);
  EXPECT_EQ(goal_for(apply(s, *r.move)), 1);
  EXPECT_EQ(r.proven, search::Proven::kWin);
  EXPECT_GT(r.score, search::kDecisive);
  // Proven at the root's expansion: the search stopped there.
  std::vector<Outcome> outs;
  OutcomeGenerator().generate(s, outs);
  EXPECT_EQ(r.nodes, outs.size());
}

TEST(FutlogBestFirst, PlayerTwoScoresDownwards) {
  const State s = with_edges({{{0, 0}, {1, 1}}}, {-1, -4}, 1);
  const SearchResult r = search_move(s, of_nodes(100000), {}, best_first_options());
  EXPECT_EQ(goal_for(apply(s, *r.move)), 2);
  EXPECT_EQ(r.proven, search::Proven::kWin);
}

// Positions from random games, where dead ends and goal chances abound.
std::vector<State> random_positions(int games, std::uint64_t seed) {
  return testing::random_positions(games, seed, 0);
}

// The game is over after o, and the mover of o won it.
bool wins_at_once(const State& s, const Outcome& o) {
  const State t = apply(s, o);
  return game_over(t) && winner(t) == s.turn + 1;
}

// After o every reply of the opponent ends the game in the mover's favour
// (a goal for the mover, or the opponent stuck): a forced trap.
bool wins_in_two(const State& s, const Outcome& o, OutcomeGenerator& gen) {
  const State t = apply(s, o);
  if (game_over(t)) return false;
  std::vector<Outcome> replies;
  gen.generate(t, replies);
  for (const Outcome& r : replies) {
    const State u = apply(t, r);
    if (!game_over(u) || winner(u) != s.turn + 1) return false;
  }
  return !replies.empty();
}

TEST(FutlogBestFirst, ForcedResultsPlayedAtOnceAndProven) {
  OutcomeGenerator gen;
  std::vector<Outcome> outs;
  int immediate = 0, traps = 0;
  for (const State& s : random_positions(tabula::testing::scaled(40, 6), 11)) {
    gen.generate(s, outs);
    if (outs.size() > 300) continue;  // keeps the exhaustive check cheap
    bool once = false, two = false;
    const std::vector<Outcome> root = outs;
    for (const Outcome& o : root) once |= wins_at_once(s, o);
    if (!once)
      for (const Outcome& o : root) two = two || wins_in_two(s, o, gen);
    traps += two;
    if (!once && !two) continue;
    const SearchResult r = search_move(s, of_nodes(400000), {}, best_first_options());
    expect_consistent(s, r);
    ASSERT_EQ(r.proven, search::Proven::kWin);
    if (once) {
      ++immediate;
      EXPECT_TRUE(wins_at_once(s, *r.move));
      EXPECT_EQ(r.nodes, root.size());  // proven by the root's expansion
    } else {
      EXPECT_TRUE(wins_in_two(s, *r.move, gen));
      EXPECT_LT(r.nodes, 400000u);  // stopped by the proof, not the budget
    }
  }
  EXPECT_GT(immediate, 0);
}

// Positions from random games (bounded search) where the side to move has a
// forced trap: a move after which every reply of the opponent ends stuck or
// in the mover's goal.
TEST(FutlogBestFirst, ForcedTrapsPlayedAndProven) {
  struct Case {
    EdgeSet marked;
    Point ball;
    int turn;
  };
  const Case cases[] = {
      {{13832794693382683277ull, 18446716585916690387ull, 9133229606843693183ull, 18446421467940732927ull,
        7998123145533512310ull, 66056073822ull},
       {2, 2},
       1},
      {{16717381320514280077ull, 18122572722620868112ull, 18161324392657752062ull, 8069999656198471503ull,
        13553877750640198148ull, 66093455871ull},
       {0, -4},
       0},
      {{18446341480620956301ull, 9189444916546190303ull, 6629110847063973823ull, 1766607460720353281ull,
        4785074604638210ull, 66055700480ull},
       {-3, -4},
       0},
  };
  OutcomeGenerator gen;
  for (const Case& c : cases) {
    State s;
    s.marked = c.marked;
    s.ball = static_cast<std::uint8_t>(vertex_id(c.ball.x, c.ball.y));
    s.turn = static_cast<std::uint8_t>(c.turn);
    const SearchResult r = search_move(s, of_nodes(2'000'000), {}, best_first_options());
    expect_consistent(s, r);
    EXPECT_EQ(r.proven, search::Proven::kWin);
    EXPECT_TRUE(wins_in_two(s, *r.move, gen));
    EXPECT_LT(r.nodes, 2'000'000u);  // ended by the proof
  }
}

TEST(FutlogBestFirst, AvoidsLosingAtOnceWhenItCan) {
  OutcomeGenerator gen;
  std::vector<Outcome> outs;
  int checked = 0;
  for (const State& s : random_positions(tabula::testing::scaled(20, 3), 12)) {
    gen.generate(s, outs);
    bool safe_exists = false, loss_exists = false;
    for (const Outcome& o : outs) {
      const State t = apply(s, o);
      const bool loses = game_over(t) && winner(t) != s.turn + 1;
      (loses ? loss_exists : safe_exists) = true;
    }
    if (!safe_exists || !loss_exists) continue;
    ++checked;
    const SearchResult r = search_move(s, of_nodes(2000), {}, best_first_options());
    const State t = apply(s, *r.move);
    EXPECT_FALSE(game_over(t) && winner(t) != s.turn + 1);
  }
  EXPECT_GT(checked, 0);
}

// Lazy expansion with plain best-first selection: each leaf's first entry
// only samples its value, and the next iteration, choosing by value alone,
// enters it again and expands it. So the tree, the move and the budget are
// the same as without it.
TEST(FutlogBestFirst, LazyExpansionAloneSearchesAlike) {
  EngineOptions plain_options = best_first_options();
  plain_options.exploration = 0;
  EngineOptions lazy = plain_options;
  lazy.lazy_expansion = true;
  for (const State& s : random_positions(tabula::testing::scaled(4, 1), 13)) {
    const SearchResult plain = search_move(s, of_nodes(5000), {}, plain_options);
    const SearchResult late = search_move(s, of_nodes(5000), {}, lazy);
    ASSERT_EQ(plain.move.has_value(), late.move.has_value());
    if (!plain.move) continue;
    EXPECT_EQ(apply(s, *plain.move), apply(s, *late.move));
    EXPECT_EQ(plain.score, late.score);
    EXPECT_EQ(plain.nodes, late.nodes);
    EXPECT_EQ(plain.depth, late.depth);
  }
}

// The MCTS-like settings (lazy expansion, means in the selection key,
// exploration, first-play urgency, visits in the final choice) keep the
// contract: legal moves, the node budget, forced wins proven and played.
TEST(FutlogBestFirst, LazySamplingKeepsTheContract) {
  EngineOptions o = best_first_options();
  o.lazy_expansion = true;
  o.minimax_share = 0.35;
  o.exploration = 950;
  o.first_play = 500;
  o.root_first_play = 1000;
  o.visit_weight = 1000;
  OutcomeGenerator gen;
  std::vector<Outcome> outs;
  int proofs = 0;
  for (const State& s : random_positions(tabula::testing::scaled(12, 2), 14)) {
    const SearchResult r = search_move(s, of_nodes(3000), {}, o);
    expect_consistent(s, r);
    EXPECT_LE(r.nodes, 3000u);
    gen.generate(s, outs);
    bool once = false;
    for (const Outcome& m : outs) once |= wins_at_once(s, m);
    if (once) {
      ++proofs;
      EXPECT_EQ(r.proven, search::Proven::kWin);
      EXPECT_TRUE(wins_at_once(s, *r.move));
    }
  }
  EXPECT_GT(proofs, 0);
  // Lazy entries evaluate nothing, yet the clock and the stop callback are
  // still looked at.
  int calls = 0;
  auto l = search::Limits::of_time(std::chrono::milliseconds(0));
  l.poll_every = 1;
  const SearchResult r = search_move(
      State{}, l, [&] { return ++calls > 300; }, o);
  EXPECT_TRUE(r.aborted);
  EXPECT_TRUE(r.move);
  EXPECT_EQ(calls, 301);
  // Each evaluated node polls once; the rest came from lazy entries
  // (without their polls every call would be a node's).
  EXPECT_LT(r.nodes, 301u);
}

// o loses at once: it ends the game against the mover (its own goal, or
// stuck), or the opponent has a reply that wins.
bool loses_at_once(const State& s, const Outcome& o, OutcomeGenerator& gen) {
  const State t = apply(s, o);
  if (game_over(t)) return winner(t) != s.turn + 1;
  std::vector<Outcome> replies;
  gen.generate(t, replies);
  for (const Outcome& r : replies)
    if (wins_at_once(t, r)) return true;
  return false;
}

// Random positions where some root moves hand the opponent the game at
// once and others do not, each with its moves and which of them lose so.
struct Minefield {
  State s;
  std::vector<Outcome> moves;
  std::vector<bool> loses;
};
std::vector<Minefield> minefields() {
  OutcomeGenerator gen;
  std::vector<Minefield> out;
  for (const State& s : random_positions(tabula::testing::scaled(30, 6), 23)) {
    Minefield m{s, {}, {}};
    gen.generate(s, m.moves);
    if (m.moves.size() > 300) continue;  // keeps the exhaustive check cheap
    bool some = false, all = true;
    for (const Outcome& o : m.moves) {
      m.loses.push_back(loses_at_once(s, o, gen));
      some |= m.loses.back();
      all &= m.loses.back();
    }
    if (some && !all) out.push_back(std::move(m));
  }
  return out;
}

TEST(FutlogBestFirst, RootEvaluatedWholePastTheDeadline) {
  // A deadline already past still lets every root move be evaluated (the
  // evaluation proves the immediate losses): the move played is not one.
  const auto cases = minefields();
  ASSERT_GT(cases.size(), 3u);
  for (const Minefield& m : cases) {
    search::Limits l;
    l.deadline = search::Clock::now() - std::chrono::seconds(1);
    l.poll_every = 1;
    const SearchResult r = search_move(m.s, l, {}, best_first_options());
    expect_consistent(m.s, r);
    EXPECT_GE(r.nodes, m.moves.size());
    EXPECT_LE(r.nodes, m.moves.size() + 1);  // the next expansion stops at its first child
    OutcomeGenerator gen;
    EXPECT_FALSE(loses_at_once(m.s, *r.move, gen));
  }
}

TEST(FutlogBestFirst, RootCutByNodeCapPlaysTheBestEvaluated) {
  // The node cap does cut the root's expansion: with the cap at k, the
  // first k - 1 moves are evaluated, and the move is the best of them, so
  // not a loss at once when one of them is not.
  OutcomeGenerator gen;
  int checked = 0;
  for (const Minefield& m : minefields()) {
    std::size_t k = 1;
    while (k < m.moves.size() && m.loses[k - 1]) ++k;  // moves [0, k) hold a safe one
    if (k == 1 || k >= m.moves.size()) continue;       // k == 1: the first move is safe anyway
    const SearchResult r = search_move(m.s, of_nodes(k + 1), {}, best_first_options());
    expect_consistent(m.s, r);
    EXPECT_EQ(r.nodes, k + 1);
    EXPECT_FALSE(loses_at_once(m.s, *r.move, gen));
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(FutlogBestFirst, NoMoveNoResult) {
  const State s = with_edges({{{3, 3}, {3, 4}}, {{3, 4}, {4, 5}}}, {4, 5}, 1);
  ASSERT_TRUE(game_over(s));
  EXPECT_FALSE(search_move(s, of_nodes(100), {}, best_first_options()).move);
}

TEST(FutlogBestFirst, NodeBudgetExactAndStop) {
  for (const std::uint64_t n : {1ull, 7ull, 500ull, 4321ull}) {
    const SearchResult r = search_move(State{}, of_nodes(n), {}, best_first_options());
    EXPECT_TRUE(r.move);
    EXPECT_EQ(r.nodes, n);
  }
  int calls = 0;
  auto l = search::Limits::of_time(std::chrono::milliseconds(0));
  l.poll_every = 1;
  const SearchResult r = search_move(
      State{}, l, [&] { return ++calls > 800; }, best_first_options());
  EXPECT_TRUE(r.aborted);
  EXPECT_TRUE(r.move);
  EXPECT_EQ(calls, 801);
}

TEST(FutlogBestFirst, DeadlineOnTheWidestPosition) {
  State s;
  const EdgeSet played = {16135597067373813760ull, 9541786205943092538ull,  7005461971889776635ull,
                          2558252997340074504ull,  12249995293327654272ull, 114231ull};
  for (int i = 0; i < kWords; ++i) s.marked[i] |= played[i];
  s.ball = static_cast<std::uint8_t>(vertex_id(0, -1));
  s.turn = 1;
  auto l = search::Limits::of_time(std::chrono::milliseconds(300));
  l.poll_every = 1;
  const auto cpu_before = tabula::testing::thread_cpu_time();
  const SearchResult r = search_move(s, l, {}, best_first_options());
  const auto cpu = tabula::testing::thread_cpu_time() - cpu_before;
  expect_consistent(s, r);
  EXPECT_FALSE(r.aborted);
  EXPECT_LT(cpu.count(), 0.3 + (tabula::testing::sanitized() ? 5.0 : 1.0));
}

// The expanded nodes handed to a trainer: positions of the tree, none of
// them a finished game, and the root's children among them carry the
// values ranking() gives, seen from their own side.
TEST(FutlogBestFirst, ExpandedNodesCarryTheTreeValues) {
  const LearnedEval eval;
  LearnedGame game(eval);
  const State root = with_edges({{{0, 0}, {1, 1}}}, {1, 1}, 1);
  search::BestFirst<LearnedGame> search(game);
  search.run(root, of_nodes(3000));
  const auto ranking = search.ranking();
  ASSERT_FALSE(ranking.empty());
  int nodes = 0, children = 0;
  search.for_each_expanded(root, [&](const State& s, int value, std::uint32_t visits) {
    ++nodes;
    EXPECT_FALSE(game_over(s));
    EXPECT_GE(visits, 1u);
    EXPECT_LE(std::abs(value), search::kWin);
    for (const auto& [move, q] : ranking)
      if (apply(root, move) == s) {
        ++children;
        EXPECT_EQ(value, -q);
      }
  });
  EXPECT_GT(nodes, 3);
  EXPECT_GT(children, 1);
  EXPECT_LT(nodes, 3000);  // one expansion evaluates many children
}

// The root's children as a trainer reads them: ranking()'s moves in its
// order, with its values; the expanded ones first and visited, the others
// never visited; the first is the move played.
TEST(FutlogBestFirst, RootChildrenFollowTheRanking) {
  const LearnedEval eval;
  LearnedGame game(eval);
  const State root = with_edges({{{0, 0}, {1, 1}}}, {1, 1}, 1);
  search::BestFirst<LearnedGame> search(game);
  const SearchResult r = search.run(root, of_nodes(3000));
  const auto ranking = search.ranking();
  const auto children = search.root_children();
  std::vector<Outcome> outs;
  OutcomeGenerator().generate(root, outs);
  ASSERT_EQ(children.size(), outs.size());
  ASSERT_EQ(children.size(), ranking.size());
  EXPECT_EQ(children.front().move, *r.move);
  std::size_t expanded = 0;
  for (std::size_t i = 0; i < children.size(); ++i) {
    EXPECT_EQ(children[i].move, ranking[i].first);
    EXPECT_EQ(children[i].value, ranking[i].second);
    if (children[i].expanded) {
      EXPECT_GE(children[i].visits, 1u);
      EXPECT_EQ(expanded++, i) << "an expanded child ranked after one never expanded";
    } else {
      EXPECT_EQ(children[i].visits, 0u);
    }
  }
  EXPECT_GT(expanded, 1u);
  EXPECT_LT(expanded, children.size());
}

TEST(FutlogBestFirst, DepthCapBoundsTheTree) {
  auto l = of_nodes(200000);
  l.max_depth = 1;
  const SearchResult r = search_move(State{}, l, {}, best_first_options());
  EXPECT_TRUE(r.move);
  EXPECT_EQ(r.depth, 1);
  EXPECT_LT(r.nodes, 200000u);  // every leaf closed at depth 1: the search ends
}

// Children created at the depth cap are closed with their parent's
// expansion, all at once: a capped line costs no further selection. At
// depth 1 the root's expansion closes every child, so the root is closed
// and the search ends after evaluating them, having read its stop callback
// once per child (poll_every 1) and not again. (Closing capped leaves one
// selection each, with nothing evaluated, once let a 1 s search capped at
// 24 plies run 2.9 s, and cost most of its nodes a second.)
TEST(FutlogBestFirst, DepthCapClosesAnExpansionsChildrenAtOnce) {
  std::vector<Outcome> outs;
  OutcomeGenerator().generate(State{}, outs);
  auto l = of_nodes(200000);
  l.max_depth = 1;
  int calls = 0;
  const SearchResult r = search_move(
      State{}, l,
      [&] {
        ++calls;
        return false;
      },
      best_first_options());
  EXPECT_FALSE(r.aborted);
  expect_consistent(State{}, r);
  EXPECT_EQ(r.nodes, outs.size());
  EXPECT_LE(calls, static_cast<int>(outs.size()) + 1);
}

// Two plies from the start (no goal or trap is that near): the search
// expands the root and each root child exactly once, then ends with its
// root closed; every evaluation belongs to one of those expansions.
TEST(FutlogBestFirst, DepthCapTwoExpandsEachRootChildOnce) {
  const LearnedEval eval;
  LearnedGame game(eval);
  search::BestFirst<LearnedGame> search(game);
  auto l = of_nodes(100000000);
  l.max_depth = 2;
  const SearchResult r = search.run(State{}, l);
  ASSERT_TRUE(r.move);
  EXPECT_FALSE(r.aborted);
  EXPECT_EQ(r.depth, 2);
  std::vector<Outcome> outs, replies;
  OutcomeGenerator gen;
  gen.generate(State{}, outs);
  std::uint64_t evaluations = outs.size();
  for (const Outcome& o : outs) {
    gen.generate(apply(State{}, o), replies);
    evaluations += replies.size();
  }
  std::size_t expanded = 0;
  search.for_each_expanded(State{}, [&](const State&, int, std::uint32_t) { ++expanded; });
  EXPECT_EQ(expanded, outs.size());
  EXPECT_EQ(r.nodes, evaluations);
}

// The tree's storage is reserved when a search starts and never grows by
// copying: a copy of the whole tree is work no poll can interrupt (at 2^19
// nodes it once carried 1 s searches 30 to 180 ms past their deadline).
TEST(FutlogBestFirst, TreeStorageReservedWhole) {
  const LearnedEval eval;
  LearnedGame game(eval);
  search::BestFirstOptions small;
  small.max_tree_nodes = std::size_t{1} << 16;
  search::BestFirst<LearnedGame> search(game, small);
  const SearchResult fixed = search.run(State{}, of_nodes(20000));
  ASSERT_TRUE(fixed.move);
  EXPECT_GT(search.tree_size(), 10000u);
  EXPECT_EQ(search.tree_capacity(), 20001u);  // the root and one node per evaluation
  search::Limits timed = search::Limits::of_time(std::chrono::milliseconds(30));
  timed.poll_every = 1;
  const SearchResult r = search.run(State{}, timed);
  ASSERT_TRUE(r.move);
  EXPECT_EQ(search.tree_capacity(), small.max_tree_nodes);
  const SearchResult full = search.run(State{}, of_nodes(1000000));  // stops at the tree cap
  ASSERT_TRUE(full.move);
  EXPECT_LE(search.tree_size(), small.max_tree_nodes);
  EXPECT_EQ(search.tree_capacity(), small.max_tree_nodes);
}

// Descent goes on from each expansion along the best children to a closed
// node: with the same budget its tree is far deeper than best-first's.
TEST(FutlogBestFirst, DescentReachesClosedNodes) {
  const LearnedEval eval;
  LearnedGame game(eval);
  search::BestFirstOptions descent;
  descent.descent = true;
  search::BestFirst<LearnedGame> plain_search(game), descent_search(game, descent);
  const SearchResult plain = plain_search.run(State{}, of_nodes(20000));
  const SearchResult deep = descent_search.run(State{}, of_nodes(20000));
  ASSERT_TRUE(plain.move);
  expect_consistent(State{}, deep);
  EXPECT_LE(deep.nodes, 20000u);
  EXPECT_GT(deep.depth, plain.depth + 4);
  // No goal can be scored within the first ten plies: the first line went
  // past them to an end of the game.
  EXPECT_GE(deep.depth, 10);
}

TEST(FutlogBestFirst, DescentKeepsTheDepthCapAndAnyBudget) {
  const LearnedEval eval;
  LearnedGame game(eval);
  search::BestFirstOptions descent;
  descent.descent = true;
  search::BestFirst<LearnedGame> search(game, descent);
  auto l = of_nodes(200000);
  l.max_depth = 3;
  const SearchResult capped = search.run(State{}, l);
  ASSERT_TRUE(capped.move);
  EXPECT_EQ(capped.depth, 3);
  EXPECT_LT(capped.nodes, 200000u);                 // every line closed at depth 3: the search ends
  for (std::uint64_t n : {1u, 50u, 300u, 2000u}) {  // lines cut anywhere by the budget
    const SearchResult r = search.run(State{}, of_nodes(n));
    SCOPED_TRACE(n);
    expect_consistent(State{}, r);
    EXPECT_LE(r.nodes, n);
  }
}

}  // namespace
}  // namespace tabula::futlog

namespace tabula::futlog {
namespace {

TEST(FutlogBestFirst, BlunderCheckKeepsTheBudget) {
  EngineOptions o;
  o.check_share = 0.3;
  const State s;
  auto l = search::Limits::of_nodes(6000);
  l.poll_every = 1;
  const SearchResult r = search_move(s, l, {}, o);
  ASSERT_TRUE(r.move);
  EXPECT_LE(r.nodes, 6000u);
  std::vector<Point> pts;
  for (auto v : path_of(s, *r.move)) pts.push_back({vertex_x(v), vertex_y(v)});
  State after;
  EXPECT_EQ(replay(s, pts, after), PathStatus::kComplete);
}

TEST(FutlogAlphaBetaLearned, LegalAndFindsGoals) {
  EngineOptions o;
  o.algorithm = Algorithm::kAlphaBetaLearned;
  State s;
  set_edge(s.marked, kGeometry.edge[vertex_id(0, 0)][1]);
  s.ball = static_cast<std::uint8_t>(vertex_id(1, 4));
  auto l = search::Limits::of_nodes(20000);
  l.poll_every = 1;
  const SearchResult r = search_move(s, l, {}, o);
  ASSERT_TRUE(r.move);
  EXPECT_EQ(goal_for(apply(s, *r.move)), 1);
}

// LearnedGame without its prepare_children hook: every child is evaluated
// whole.
class WholeEvaluationGame {
 public:
  using State = futlog::State;
  using Move = Outcome;
  explicit WholeEvaluationGame(const LearnedEval& eval) : inner_(eval), eval_(eval) {}
  void moves(const State& s, std::vector<Move>& out) { inner_.moves(s, out); }
  State apply(const State& s, const Move& m) { return inner_.apply(s, m); }
  int side(const State& s) { return inner_.side(s); }
  bool terminal(const State& s, int& score) { return inner_.terminal(s, score); }
  int evaluate(const State& s) { return eval_.evaluate(s); }
  int evaluate_proven(const State& s, int& proven) { return eval_.evaluate_proven(s, proven); }
  std::uint64_t hash(const State& s) { return inner_.hash(s); }

 private:
  LearnedGame inner_;
  const LearnedEval& eval_;
};
static_assert(search::HasChildPreparation<LearnedGame>);
static_assert(!search::HasChildPreparation<WholeEvaluationGame>);

// The children's shared evaluation changes no search: the same move, value
// and work as with every child evaluated whole (the values agree to one
// point of rounding, which these searches never meet at a decision).
TEST(FutlogBestFirst, SharedChildEvaluationSearchesAlike) {
  const LearnedEval eval;
  LearnedGame shared(eval);
  WholeEvaluationGame whole(eval);
  const std::vector<State> roots = {State{}, with_edges({{{0, 0}, {1, 1}}}, {1, 1}, 1),
                                    with_edges({{{0, 0}, {0, 1}}, {{0, 1}, {1, 2}}}, {1, 2}, 0)};
  for (const State& root : roots) {
    search::BestFirst<LearnedGame> a(shared);
    search::BestFirst<WholeEvaluationGame> b(whole);
    const auto ra = a.run(root, of_nodes(tabula::testing::scaled(20000, 4000)));
    const auto rb = b.run(root, of_nodes(tabula::testing::scaled(20000, 4000)));
    EXPECT_EQ(ra.move, rb.move);
    EXPECT_LE(std::abs(ra.score - rb.score), 1);
    EXPECT_EQ(a.tree_size(), b.tree_size());
  }
}

// A kept tree (BestFirstOptions::reuse) goes on from the position one ply
// below its root (the opponent to move after our move) and two plies below
// (after the reply), counting only the nodes it evaluates; the same root
// keeps the whole tree; another position, or a depth cap, starts afresh.
TEST(FutlogBestFirst, KeptTreeGoesOnOneAndTwoPliesDown) {
  const LearnedEval eval;
  LearnedGame game(eval);
  search::BestFirstOptions o;
  o.reuse = true;
  search::BestFirst<LearnedGame> kept(game, o);
  const State s0 = with_edges({{{0, 0}, {1, 1}}}, {1, 1}, 1);
  const auto r0 = kept.run(s0, of_nodes(4000));
  ASSERT_TRUE(r0.move);
  EXPECT_EQ(kept.reused_nodes(), 0u);
  const std::size_t first_tree = kept.tree_size();

  // The same root: the whole tree, and one more node cannot change its move.
  const auto again = kept.run(s0, of_nodes(1));
  EXPECT_EQ(kept.reused_nodes(), first_tree);
  EXPECT_EQ(again.move, r0.move);

  // One ply down: the opponent's best reply as the kept tree sees it (a
  // copy of the search, so that `kept` itself stays two plies above).
  const State s1 = apply(s0, *r0.move);
  search::BestFirst<LearnedGame> probe = kept;
  const auto r1 = probe.run(s1, of_nodes(1));
  EXPECT_GT(probe.reused_nodes(), 0u);
  EXPECT_LT(probe.reused_nodes(), first_tree);
  ASSERT_TRUE(r1.move);
  expect_consistent(s1, r1);

  // Two plies down, after that reply.
  const State s2 = apply(s1, *r1.move);
  const auto r2 = kept.run(s2, of_nodes(2000));
  EXPECT_GT(kept.reused_nodes(), 0u);
  EXPECT_EQ(r2.nodes, 2000u);
  EXPECT_GT(kept.tree_size(), kept.reused_nodes() + 1000);  // the budget's nodes were added
  expect_consistent(s2, r2);

  // A position the tree does not hold, then a depth-capped search: afresh.
  kept.run(State{}, of_nodes(500));
  EXPECT_EQ(kept.reused_nodes(), 0u);
  auto capped = of_nodes(500);
  capped.max_depth = 3;
  kept.run(State{}, capped);
  EXPECT_EQ(kept.reused_nodes(), 0u);
  kept.clear();
  kept.run(State{}, of_nodes(500));
  EXPECT_EQ(kept.reused_nodes(), 0u);
}

// One futlog::Engine plays both sides of random games, so each search
// starts one ply below the last: every move legal, the budget kept, most
// searches reuse the tree, and a proven win's value still counts plies
// from the new root (kWin - 1 exactly when the move itself wins). Many
// games end with the loser's forced move rather than a goal, so games go
// on (up to 16) until a win is proven by a move that wins at once.
TEST(FutlogBestFirst, KeptTreeSelfPlayKeepsTheContract) {
  Rng rng(31);
  Game rules;
  int searches = 0, reusing = 0, wins_now = 0;
  for (int g = 0; g < 16 && (g < tabula::testing::scaled(4, 1) || wins_now == 0); ++g) {
    Engine engine;
    State s;
    std::vector<Outcome> moves;
    for (int ply = 0; ply < 200 && !game_over(s); ++ply) {
      rules.moves(s, moves);
      if (ply < 4) {  // a random opening, so that the games differ
        s = apply(s, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
        continue;
      }
      const SearchResult r = engine.move(s, of_nodes(1000));
      expect_consistent(s, r);
      EXPECT_LE(r.nodes, 1000u);
      ++searches;
      reusing += engine.reused_nodes() > 0;
      if (r.proven == search::Proven::kWin) {
        const bool now = wins_at_once(s, *r.move);
        wins_now += now;
        EXPECT_EQ(r.score == search::kWin - 1, now);
      }
      s = apply(s, *r.move);
    }
  }
  EXPECT_GT(reusing, searches / 2);
  EXPECT_GT(wins_now, 0);

  // The handle keeps a best-first tree: the other engines are refused.
  EngineOptions other;
  other.algorithm = Algorithm::kAlphaBeta;
  EXPECT_THROW(Engine{other}, std::invalid_argument);
  EngineOptions checked;
  checked.check_share = 0.2;
  EXPECT_THROW(Engine{checked}, std::invalid_argument);
  EngineOptions refuted;
  refuted.refutation_share = 0.2;
  EXPECT_THROW(Engine{refuted}, std::invalid_argument);
}

// Transpositions (BestFirstOptions::transpositions): a leaf whose
// position another move order already expanded shares that node's
// children. The search keeps its contract (legal moves, the node budget
// exact: sharing evaluates nothing), it does share in ordinary positions,
// and forced wins are still found and proven.
TEST(FutlogBestFirst, TranspositionsShareAndKeepTheContract) {
  const LearnedEval eval;
  search::BestFirstOptions o;
  o.exploration = 100;
  o.transpositions = true;
  std::size_t shared = 0;
  const std::vector<State> positions = random_positions(2, 41);
  for (std::size_t i = 0; i < positions.size(); i += 6) {
    const State& s = positions[i];
    if (game_over(s)) continue;
    LearnedGame game(eval);
    search::BestFirst<LearnedGame> search(game, o);
    const auto r = search.run(s, of_nodes(10000));
    expect_consistent(s, r);
    if (r.proven == search::Proven::kUnknown) {
      EXPECT_EQ(r.nodes, 10000u);
    }
    shared += search.shared_expansions();
  }
  LearnedGame game(eval);
  search::BestFirst<LearnedGame> search(game, o);
  search.run(State{}, of_nodes(20000));
  EXPECT_GT(search.shared_expansions(), 0u);  // the opening is full of them
  EXPECT_GT(shared + search.shared_expansions(), 0u);
  o.transpositions = false;
  search::BestFirst<LearnedGame> plain(game, o);
  plain.run(State{}, of_nodes(20000));
  EXPECT_EQ(plain.shared_expansions(), 0u);
}

TEST(FutlogBestFirst, TranspositionsStillProveForcedWins) {
  OutcomeGenerator gen;
  std::vector<Outcome> outs;
  EngineOptions o = best_first_options();
  o.transpositions = true;
  int proven = 0;
  for (const State& s : random_positions(tabula::testing::scaled(40, 6), 11)) {
    gen.generate(s, outs);
    if (outs.size() > 300) continue;
    const std::vector<Outcome> root = outs;
    bool once = false, two = false;
    for (const Outcome& m : root) once |= wins_at_once(s, m);
    for (const Outcome& m : root) two = two || (!once && wins_in_two(s, m, gen));
    if (!once && !two) continue;
    const SearchResult r = search_move(s, of_nodes(400000), {}, o);
    expect_consistent(s, r);
    ASSERT_EQ(r.proven, search::Proven::kWin);
    EXPECT_TRUE(once ? wins_at_once(s, *r.move) : wins_in_two(s, *r.move, gen));
    ++proven;
  }
  EXPECT_GT(proven, 0);
}

// With the tree kept between moves as well, through a game: every answer
// legal, the tree within its storage after each move to a new root (shared
// children are copied once), most searches start from the kept tree, and
// sharing still happens.
TEST(FutlogBestFirst, TranspositionsSurviveTheKeptTree) {
  const LearnedEval eval;
  LearnedGame game(eval);
  search::BestFirstOptions o;
  o.exploration = 100;
  o.reuse = true;
  o.transpositions = true;
  search::BestFirst<LearnedGame> search(game, o);
  Rng rng(43);
  Game rules;
  std::vector<Outcome> moves;
  int searches = 0, reusing = 0;
  std::size_t shared = 0;
  State s;
  for (int ply = 0; ply < 40 && !game_over(s); ++ply) {
    if (ply < 2) {
      rules.moves(s, moves);
      s = apply(s, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      continue;
    }
    const auto r = search.run(s, of_nodes(tabula::testing::scaled(8000, 2000)));
    expect_consistent(s, r);
    EXPECT_LE(search.tree_size(), search.tree_capacity());
    ++searches;
    reusing += search.reused_nodes() > 0;
    shared += search.shared_expansions();
    s = apply(s, *r.move);
  }
  EXPECT_GT(reusing, searches / 2);
  EXPECT_GT(shared, 0u);
}

}  // namespace
}  // namespace tabula::futlog
