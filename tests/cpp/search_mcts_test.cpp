// The shared MCTS on small games whose values are known: the solver's
// proofs, the node budget and tree reuse.
#include <gtest/gtest.h>

#include <vector>

#include "search/mcts.hpp"

namespace tabula::search {
namespace {

// A game given as an explicit tree: node 0 is the root; a leaf holds its
// result for the side to move there (+1 won, -1 lost, 0 drawn).
struct TreeGame {
  struct State {
    int node = 0;
    int side = 0;
    bool operator==(const State&) const = default;
  };
  using Move = int;  // the child node

  std::vector<std::vector<int>> children;
  std::vector<int> leaf_score;

  int add(std::vector<int> kids, int score = 0) {
    children.push_back(std::move(kids));
    leaf_score.push_back(score);
    return static_cast<int>(children.size()) - 1;
  }
  void moves(const State& s, std::vector<Move>& out) { out = children[s.node]; }
  State apply(const State& s, const Move& m) { return {m, 1 - s.side}; }
  int side(const State& s) { return s.side; }
  bool terminal(const State& s, int& score) {
    if (!children[s.node].empty()) return false;
    score = leaf_score[s.node];
    return true;
  }
  int playout(const State& s, Rng& rng) {
    State t = s;
    while (!children[t.node].empty())
      t = apply(t, children[t.node][rng.below(static_cast<std::uint32_t>(children[t.node].size()))]);
    const int score = leaf_score[t.node];
    return score == 0 ? -1 : score > 0 ? t.side : 1 - t.side;
  }
};

// Take-away: remove 1, 2 or 3 from a heap; who takes the last one wins.
// The side to move loses exactly when the heap is a multiple of 4.
struct Nim {
  struct State {
    int heap;
    int side;
    bool operator==(const State&) const = default;
  };
  using Move = int;
  void moves(const State& s, std::vector<Move>& out) {
    out.clear();
    for (int k = 1; k <= 3 && k <= s.heap; ++k) out.push_back(k);
  }
  State apply(const State& s, const Move& m) { return {s.heap - m, 1 - s.side}; }
  int side(const State& s) { return s.side; }
  bool terminal(const State& s, int& score) {
    if (s.heap > 0) return false;
    score = -1;  // the player who took the last one won
    return true;
  }
  int playout(const State& s, Rng& rng) {
    State t = s;
    while (t.heap > 0)
      t = apply(t, 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(std::min(3, t.heap)))));
    return 1 - t.side;
  }
};

// Nim with static values of the children: a heap left at a multiple of 4
// is good for the player who left it.
struct ValuedNim : Nim {
  int prior_calls = 0;
  void priors(const State& s, const std::vector<Move>& moves, std::vector<float>& out) {
    ++prior_calls;
    out.clear();
    for (Move m : moves) out.push_back((s.heap - m) % 4 == 0 ? 0.9f : 0.2f);
  }
};

// A chain of forced single moves ending in a leaf of the given score for
// the side to move at the leaf.
int deep_unknown(TreeGame& g, int depth) {
  int node = g.add({}, 0);
  for (int i = 0; i < depth; ++i) {
    const int other = g.add({}, i % 2 ? 1 : -1);
    node = g.add({node, other});
  }
  return node;
}

TEST(SearchMcts, PlaysAProvenWinAtOnce) {
  TreeGame g;
  g.add({});                      // 0: the root
  const int win = g.add({}, -1);  // the side to move there lost: the mover won
  const int a = deep_unknown(g, 8), b = deep_unknown(g, 8);
  g.children[0] = {a, win, b};
  Mcts<TreeGame> mcts(g);
  const auto r = mcts.run({}, Limits::of_nodes(100000));
  ASSERT_TRUE(r.move);
  EXPECT_EQ(*r.move, win);
  EXPECT_EQ(r.proven, Proven::kWin);
  EXPECT_LT(r.nodes, 100u);
}

TEST(SearchMcts, ProvesLossesAndWinsInNim) {
  Nim g;
  for (int heap = 2; heap <= 12; ++heap) {
    Mcts<Nim> mcts(g);
    const auto r = mcts.run({heap, 0}, Limits::of_nodes(200000));
    ASSERT_TRUE(r.move) << heap;
    if (heap % 4 == 0) {
      EXPECT_EQ(r.proven, Proven::kLoss) << heap;
    } else {
      EXPECT_EQ(r.proven, Proven::kWin) << heap;
      EXPECT_EQ(*r.move, heap % 4) << heap;
    }
    EXPECT_LT(r.nodes, 200000u) << "the search stops once the root is proven";
  }
}

TEST(SearchMcts, ProvesADrawAndPrefersItToALoss) {
  TreeGame g;
  g.add({});  // 0: root
  const int drawn = g.add({}, 0);
  // A move after which the opponent wins at once (or draws).
  const int opp_wins = g.add({}, -1);
  const int opp_draws = g.add({}, 0);
  const int losing = g.add({opp_draws, opp_wins});
  g.children[0] = {losing, drawn};
  Mcts<TreeGame> mcts(g);
  const auto r = mcts.run({}, Limits::of_nodes(10000));
  EXPECT_EQ(r.proven, Proven::kDraw);
  EXPECT_EQ(*r.move, drawn);
}

// Static child values: a move valued 0 (the opponent then wins at once)
// is never visited while a proven draw is worth more than its first-play
// value; the draw is played, not the unvisited move.
struct PriorTreeGame : TreeGame {
  std::vector<float> prior;  // by node: the value of moving into it
  void priors(const State&, const std::vector<Move>& moves, std::vector<float>& out) {
    out.clear();
    for (Move m : moves) out.push_back(prior[m]);
  }
};

TEST(SearchMcts, AnUnvisitedMoveDoesNotBeatAProvenDraw) {
  PriorTreeGame g;
  g.add({});  // 0: the root
  const int opp_wins = g.add({}, -1);
  const int losing = g.add({opp_wins});
  const int also_losing = g.add({g.add({}, -1)});
  const int drawn = g.add({}, 0);
  g.children[0] = {losing, also_losing, drawn};
  g.prior.assign(g.children.size(), 0.5f);
  g.prior[losing] = g.prior[also_losing] = 0.0f;
  MctsOptions o;
  o.prior_mix = 0.4;
  o.first_play_bonus = 0.4;
  for (const bool negamax : {false, true}) {
    o.negamax = negamax;
    Mcts<PriorTreeGame> mcts(g, o);
    const auto r = mcts.run({}, Limits::of_nodes(200));
    std::uint64_t losing_visits = 0;
    for (const auto& st : mcts.root_stats())
      if (st.move != drawn) losing_visits += st.visits;
    EXPECT_EQ(losing_visits, 0u) << "the case this test is about";
    EXPECT_EQ(*r.move, drawn) << negamax;
    EXPECT_EQ(r.score, 0) << negamax;
  }
}

TEST(SearchMcts, WithoutTheSolverNothingIsProven) {
  Nim g;
  MctsOptions o;
  o.solver = false;
  Mcts<Nim> mcts(g, o);
  const auto r = mcts.run({9, 0}, Limits::of_nodes(3000));
  EXPECT_EQ(r.proven, Proven::kUnknown);
  EXPECT_EQ(r.nodes, 3000u);
  EXPECT_EQ(*r.move, 1);
}

// With static child values (options o, solver off): exactly the budget,
// the winning move on a heap of 41; with the solver: a proof on 10.
void expect_guided_and_proven(ValuedNim& g, MctsOptions o) {
  o.solver = false;
  Mcts<ValuedNim> mcts(g, o);
  const auto r = mcts.run({41, 0}, Limits::of_nodes(500));
  EXPECT_EQ(r.nodes, 500u);
  EXPECT_EQ(*r.move, 1);  // leaves 40
  o.solver = true;
  Mcts<ValuedNim> solver(g, o);
  const auto p = solver.run({10, 0}, Limits::of_nodes(100000));
  EXPECT_EQ(p.proven, Proven::kWin);
  EXPECT_EQ(*p.move, 2);
}

TEST(SearchMcts, StaticChildValuesGuideTheSearchAndKeepTheContract) {
  ValuedNim g;
  MctsOptions o;
  o.prior_mix = 0.5;
  expect_guided_and_proven(g, o);
  EXPECT_GT(g.prior_calls, 0);
}

TEST(SearchMcts, NegamaxBackupGuidesTheSearchAndKeepsTheContract) {
  ValuedNim g;
  MctsOptions o;
  o.prior_mix = 0.5;
  o.negamax = true;
  expect_guided_and_proven(g, o);
}

// Static values that mislead one ply down but not two: the negamax of the
// grandchildren's values finds the move that the children's values hide.
struct MisleadingNim : Nim {
  void priors(const State& s, const std::vector<Move>& moves, std::vector<float>& out) {
    out.clear();
    for (Move m : moves) {
      const int left = s.heap - m;
      // Right below the root (heap 21) every value is the opposite of the truth.
      const bool good = left % 4 == 0;
      out.push_back(s.heap == 21 ? (good ? 0.1f : 0.9f) : (good ? 0.9f : 0.2f));
    }
  }
};

TEST(SearchMcts, NegamaxBackupSeesPastAMisleadingStaticValue) {
  MisleadingNim g;
  MctsOptions o;
  o.prior_mix = 0.9;
  o.negamax = true;
  o.solver = false;
  o.exploration = 0.2;
  Mcts<MisleadingNim> mcts(g, o);
  EXPECT_EQ(*mcts.run({21, 0}, Limits::of_nodes(300)).move, 1);  // leaves 20
}

// A TreeGame whose tree considers only some moves (tree_moves): kept[n],
// when not empty, lists the moves searched at node n.
struct PrunedTreeGame : TreeGame {
  std::vector<std::vector<int>> kept;
  bool tree_moves(const State& s, std::vector<Move>& out) {
    moves(s, out);
    if (s.node >= static_cast<int>(kept.size()) || kept[s.node].empty()) return false;
    const bool left_out = kept[s.node].size() < out.size();
    out = kept[s.node];
    return left_out;
  }
};

// A node whose searched moves all lose is not proven lost for its side
// when the moves left out might not: a draw left out below the root.
TEST(SearchMcts, ANodeWithMovesLeftOutIsNotProvenFromTheRest) {
  PrunedTreeGame g;
  g.add({});                            // 0: the root
  const int root_loses = g.add({}, 1);  // the side to move there won: the mover lost
  const int opp_loses = g.add({}, 1);   // below n: the mover (the opponent) lost
  const int opp_draws = g.add({}, 0);
  const int n = g.add({opp_loses, opp_draws});
  g.children[0] = {root_loses, n};
  g.kept.resize(g.children.size());
  g.kept[n] = {opp_loses};  // the draw is left out of the tree
  Mcts<PrunedTreeGame> mcts(g);
  const auto r = mcts.run({}, Limits::of_nodes(2000));
  EXPECT_EQ(*r.move, n);
  EXPECT_NE(r.proven, Proven::kWin) << "n's draw was left out, so n is no proven win";
  EXPECT_EQ(r.nodes, 2000u) << "the root stays open";
}

// The root takes every legal move unless filter_root; a filtered root
// whose searched moves are all proven lost gets the rest back.
TEST(SearchMcts, AFilteredRootWhoseMovesAllLoseIsWidened) {
  PrunedTreeGame g;
  g.add({});  // 0: the root
  const int loses = g.add({}, 1), loses_too = g.add({}, 1);
  const int draws = g.add({}, 0);
  const int unsure = deep_unknown(g, 6);
  g.children[0] = {loses, draws, loses_too, unsure};
  g.kept.resize(g.children.size());
  g.kept[0] = {loses, loses_too};
  for (bool filter : {false, true}) {
    MctsOptions o;
    o.filter_root = filter;
    Mcts<PrunedTreeGame> mcts(g, o);
    const auto r = mcts.run({}, Limits::of_nodes(5000));
    ASSERT_TRUE(r.move);
    EXPECT_TRUE(*r.move == draws || *r.move == unsure) << filter;
  }
  // With one searched move that is not lost, a filtered root plays it.
  g.kept[0] = {unsure};
  MctsOptions o;
  o.filter_root = true;
  Mcts<PrunedTreeGame> mcts(g, o);
  EXPECT_EQ(*mcts.run({}, Limits::of_nodes(10)).move, unsure) << "a single searched move is played at once";
}

// wide_exploration scales the exploration of a child with more than
// wide_children children: every result here is a draw, so only
// exploration tells the two root moves apart.
TEST(SearchMcts, WideExplorationScalesTheExplorationOfWideChildren) {
  TreeGame g;
  g.add({});  // 0: the root
  int narrow = g.add({}, 0);
  for (int i = 0; i < 6; ++i) narrow = g.add({narrow});
  std::vector<int> draws;
  for (int i = 0; i < 12; ++i) draws.push_back(g.add({}, 0));
  const int wide = g.add(draws);
  g.children[0] = {narrow, wide};
  auto wide_visits = [&](double factor) {
    MctsOptions o;
    o.solver = false;
    o.wide_children = 9;
    o.wide_exploration = factor;
    Mcts<TreeGame> mcts(g, o);
    mcts.run({}, Limits::of_nodes(2000));
    for (const auto& st : mcts.root_stats())
      if (st.move == wide) return st.visits;
    return std::uint64_t{0};
  };
  const auto plain = wide_visits(1.0), damped = wide_visits(0.25), boosted = wide_visits(4.0);
  EXPECT_GT(plain, 800u) << "equal means: both moves are explored alike";
  EXPECT_LT(plain, 1200u);
  EXPECT_LT(damped, plain / 4);
  EXPECT_GT(boosted, 1800u);
}

// A tree game whose leaves below the root are valued, not played out:
// value[node] is the expected result for the side to move there.
struct ValuedTreeGame : TreeGame {
  std::vector<double> values;
  double value(const State& s, Rng&) { return values[s.node]; }
};

// Contempt: a sure draw against an open move worth `open` to the root's
// side (its leaf is never expanded, so its mean stays `open`). The draw is
// played unless the open move looks no worse than 0.5 - contempt.
TEST(SearchMcts, ContemptPrefersAnOpenLineToADrawWithinItsMargin) {
  for (int root_side : {0, 1}) {
    auto pick = [&](double open, double contempt) {
      ValuedTreeGame g;
      g.add({});  // 0: the root
      const int draw = g.add({}, 0);
      const int unsure = deep_unknown(g, 4);
      g.children[0] = {draw, unsure};
      g.values.assign(g.children.size(), 0.5);
      g.values[unsure] = 1.0 - open;  // for the opponent, to move there
      MctsOptions o;
      o.expand_after = 1u << 30;
      o.contempt = contempt;
      Mcts<ValuedTreeGame> mcts(g, o);
      const auto r = mcts.run({0, root_side}, Limits::of_nodes(300));
      EXPECT_EQ(r.proven, Proven::kUnknown);
      return *r.move == draw ? "draw" : "open";
    };
    EXPECT_STREQ(pick(0.45, 0.0), "draw") << root_side;
    EXPECT_STREQ(pick(0.45, 0.1), "open") << root_side;
    EXPECT_STREQ(pick(0.35, 0.1), "draw") << root_side;
    EXPECT_STREQ(pick(0.55, 0.0), "open") << root_side;
  }
}

// Played-out draws are worth 0.5 - contempt to the root's side and
// 0.5 + contempt to the other; a proven draw is still reported as a draw.
TEST(SearchMcts, ContemptScoresDrawsForTheRootsSide) {
  TreeGame g;
  g.add({});  // 0: the root
  const int draw = g.add({}, 0);
  const int n = g.add({g.add({}, 0)});  // the opponent's single move draws
  g.children[0] = {draw, n};
  for (int root_side : {0, 1}) {
    MctsOptions o;
    o.solver = false;
    o.contempt = 0.2;
    Mcts<TreeGame> mcts(g, o);
    mcts.run({0, root_side}, Limits::of_nodes(100));
    for (const auto& st : mcts.root_stats()) {
      ASSERT_GT(st.visits, 0u);
      EXPECT_NEAR(st.score / static_cast<double>(st.visits), 0.3, 1e-9) << root_side;
    }
  }
  MctsOptions o;
  o.contempt = 0.2;
  Mcts<TreeGame> mcts(g, o);
  const auto r = mcts.run({}, Limits::of_nodes(100));
  EXPECT_EQ(r.proven, Proven::kDraw);
  EXPECT_EQ(r.score, 0) << "a proven draw is reported as a draw";
}

TEST(SearchMcts, CountsSimulationsExactly) {
  Nim g;
  MctsOptions o;
  o.solver = false;
  for (std::uint64_t n : {1u, 2u, 17u, 1000u}) {
    Mcts<Nim> mcts(g, o);
    EXPECT_EQ(mcts.run({40, 0}, Limits::of_nodes(n)).nodes, n);
  }
}

TEST(SearchMcts, ReusesTheSubtreeTwoPliesDown) {
  Nim g;
  MctsOptions o;
  o.reuse = true;
  o.solver = false;
  Mcts<Nim> mcts(g, o);
  const auto first = mcts.run({60, 0}, Limits::of_nodes(5000));
  EXPECT_EQ(mcts.reused_visits(), 0u);
  // Our move, then the opponent's: a grandchild of the old root.
  const Nim::State next{60 - *first.move - 2, 0};
  const auto second = mcts.run(next, Limits::of_nodes(1000));
  EXPECT_GT(mcts.reused_visits(), 0u);
  EXPECT_EQ(second.nodes, 1000u);
  // A position the tree never reached: a fresh search.
  mcts.run({7, 1}, Limits::of_nodes(100));
  EXPECT_EQ(mcts.reused_visits(), 0u);
}

// Draws below a kept root were scored for its side to move: with contempt,
// a root one ply down (the other side to move) starts afresh.
TEST(SearchMcts, WithContemptATreeServesOnlyTheSameSideToMove) {
  for (double contempt : {0.0, 0.1}) {
    Nim g;
    MctsOptions o;
    o.reuse = true;
    o.solver = false;
    o.contempt = contempt;
    Mcts<Nim> mcts(g, o);
    mcts.run({60, 0}, Limits::of_nodes(2000));
    const Nim::State child{59, 1}, grandchild{58, 0};
    EXPECT_EQ(mcts.follows(child), contempt == 0.0);
    EXPECT_TRUE(mcts.follows(grandchild));
    mcts.run(child, Limits::of_nodes(100));
    EXPECT_EQ(mcts.reused_visits() > 0, contempt == 0.0) << contempt;
  }
}

TEST(SearchMcts, ReuseGivesTheSameAnswerOnTheSameRoot) {
  // Searching a root the tree already holds only adds simulations.
  Nim g;
  MctsOptions o;
  o.reuse = true;
  Mcts<Nim> mcts(g, o);
  const auto a = mcts.run({13, 0}, Limits::of_nodes(50000));
  const auto b = mcts.run({13, 0}, Limits::of_nodes(10));
  EXPECT_EQ(*a.move, *b.move);
  EXPECT_EQ(b.proven, Proven::kWin);
}

// Past doubling_limit nodes the tree's capacity goes to its cap at once,
// so a long search never copies its tree again; with reuse, the kept
// subtree's copy has that capacity too.
TEST(SearchMcts, TreeCapacityJumpsToTheCapOnce) {
  Nim g;
  MctsOptions o;
  o.solver = false;
  o.reuse = true;
  o.doubling_limit = 256;
  o.max_tree_nodes = 50000;
  Mcts<Nim> mcts(g, o);
  const auto first = mcts.run({200, 0}, Limits::of_nodes(50));
  ASSERT_LT(mcts.tree_size(), 256u);
  EXPECT_LT(mcts.tree_capacity(), o.max_tree_nodes);  // still doubling
  mcts.run({200, 0}, Limits::of_nodes(3000));
  ASSERT_GT(mcts.tree_size(), 256u);
  EXPECT_GE(mcts.tree_capacity(), o.max_tree_nodes);
  const Nim::State next{200 - *first.move - 1, 0};
  mcts.run(next, Limits::of_nodes(100));
  EXPECT_GT(mcts.reused_visits(), 0u);
  EXPECT_GE(mcts.tree_capacity(), o.max_tree_nodes);
}

}  // namespace
}  // namespace tabula::search
