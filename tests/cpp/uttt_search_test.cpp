// The informed engine: solver, node budget, clock, tree reuse, threads,
// playout policies.
#include <gtest/gtest.h>

#include <algorithm>

#include "test_support.hpp"
#include "uttt/engine.hpp"
#include "uttt/protocol.hpp"

namespace tabula::uttt {
namespace {

// x to move in ne, boards nw and n won by x: the centre of ne wins the game.
std::array<std::array<std::uint16_t, 9>, 2> one_move_from_winning_cells() {
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  cells[kX][0] = 0b000000111;
  cells[kX][1] = 0b000000111;
  cells[kX][2] = 0b000101000;
  cells[kO][0] = 0b000011000;
  cells[kO][1] = 0b000011000;
  cells[kO][2] = 0b110000010;
  cells[kO][8] = 0b000000001;
  return cells;
}
State one_move_from_winning() { return build_state(one_move_from_winning_cells(), 2); }

std::vector<State> random_positions(int n, std::uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  while (static_cast<int>(out.size()) < n) {
    State s = initial_state();
    const int plies = static_cast<int>(rng.below(50));
    for (int i = 0; i < plies && !s.over(); ++i) apply(s, random_move(s, rng));
    if (!s.over()) out.push_back(s);
  }
  return out;
}

EngineOptions with_leaf(Leaf leaf) {
  EngineOptions o;
  o.leaf = leaf;
  return o;
}

TEST(UtttSearch, FindsAWinningMoveOfTheGame) {
  const State s = one_move_from_winning();
  EXPECT_EQ(winning_move(s), make_move(2, 4));
  EXPECT_EQ(winning_move(initial_state()), 255);
  State t = s;
  apply(t, make_move(2, 4));
  EXPECT_EQ(t.outcome, Outcome::kXWins);
}

TEST(UtttSearch, SeesTheOpponentsThreats) {
  const State s = one_move_from_winning();
  EXPECT_EQ(game_threats(s, kX), 1u << 2);
  EXPECT_EQ(game_threats(s, kO), 0u);
}

TEST(UtttSearch, PlaysAProvenWinAtOnce) {
  for (Leaf leaf : {Leaf::kPlayout, Leaf::kNetwork}) {
    Engine engine(with_leaf(leaf), false);
    const auto r = engine.move(one_move_from_winning(), search::Limits::of_nodes(100000));
    EXPECT_EQ(r.move, make_move(2, 4));
    EXPECT_EQ(r.proven, search::Proven::kWin);
    EXPECT_LT(r.nodes, 200u);
  }
}

// Ply 57 of a game lost at 1 s a move against TomAlard/UTTT_player, o to
// move in ne (CodinGame's row-column notation). Two of o's three moves
// (17, 28) send x to a finished board, and x then wins at once with 83;
// 83 itself holds the draw. The network values those two moves 0, so the
// default engine never visited them, and it used to play 17.
TEST(UtttSearch, TakesAProvenDrawOverAMoveNeverVisited) {
  const char* line =
      "44,33,00,22,88,78,48,37,04,13,40,51,84,64,05,26,80,62,16,52,87,73,50,61,03,12,58,86,81,75,"
      "57,85,77,45,47,54,74,53,82,66,02,18,46,41,43,30,21,63,11,55,67,27,65,06,01,08,07";
  State s = initial_state();
  for (const char* p = line; *p; p += p[2] ? 3 : 2) {
    const auto m = protocol::from_row_col(p[0] - '0', p[1] - '0');
    ASSERT_TRUE(m && is_legal(s, *m));
    apply(s, *m);
  }
  ASSERT_EQ(s.plies(), 57);
  const Move draw = *protocol::from_row_col(8, 3);
  for (const Move loses : {*protocol::from_row_col(1, 7), *protocol::from_row_col(2, 8)}) {
    const State t = applied(s, loses);
    EXPECT_TRUE(is_legal(t, draw));
    EXPECT_EQ(applied(t, draw).outcome, Outcome::kXWins);
  }
  for (const std::uint64_t nodes : {1000u, 100000u}) {
    Engine engine(EngineOptions{}, false);
    const auto r = engine.move(s, search::Limits::of_nodes(nodes));
    EXPECT_EQ(r.move, draw) << nodes;
    EXPECT_EQ(r.score, 0) << nodes;
  }
}

TEST(UtttSearch, ProvesALostPosition) {
  // o to move, sent to the sw board; x holds nw, n and c and threatens the
  // game in ne and in se, and every free cell of sw sends x to se or to a
  // finished board (a free choice).
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  using testing::mask_of;
  auto set = [&](int player, int board, const char* nine) {
    cells[player][board] = static_cast<std::uint16_t>(mask_of(nine, player == kX ? 'x' : 'o'));
  };
  set(kX, 0, "xxx......");
  set(kX, 1, "xxx......");
  set(kX, 4, "xxx......");
  set(kX, 2, "x.x......");
  set(kX, 8, "x.x......");
  set(kX, 6, "...x.xxx.");
  set(kO, 0, "...oo....");
  set(kO, 1, "...oo....");
  set(kO, 4, "...oo.o..");
  set(kO, 6, "o.o......");
  set(kO, 7, "o.o......");
  set(kO, 3, "o.o......");
  set(kO, 5, "o.o.o....");
  auto s = from_parts(cells, 6);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->side, kO);
  // Check the premise: every o move lets x win the game at once, unless it
  // wins for o first (o can win sw, but that wins o no line of boards).
  MoveList moves;
  generate_moves(*s, moves);
  for (Move m : moves) {
    const State t = applied(*s, m);
    ASSERT_FALSE(t.over());
    EXPECT_NE(winning_move(t), 255) << int(m);
  }
  Engine engine(with_leaf(Leaf::kPlayout), false);
  const auto r = engine.move(*s, search::Limits::of_nodes(200000));
  EXPECT_EQ(r.proven, search::Proven::kLoss);
  ASSERT_TRUE(r.move);
  EXPECT_TRUE(is_legal(*s, *r.move));
}

std::vector<Move> legal_moves(const State& s) {
  MoveList list;
  generate_moves(s, list);
  return {list.begin(), list.end()};
}

// SearchGame with its opening knowledge switched on.
SearchGame with_tree_knowledge() {
  SearchGame g;
  g.mirror_plies = SearchGame::kMirrorPlies;
  g.free_move_plies = SearchGame::kFreeMovePlies;
  return g;
}

TEST(UtttSearch, TreeMovesMirrorIntoAnEmptyBoardEarlyOn) {
  SearchGame g = with_tree_knowledge();
  std::vector<Move> out;
  // x sends o to the empty centre board: o sends x back there.
  const State s = applied(initial_state(), make_move(0, 4));
  EXPECT_TRUE(g.tree_moves(s, out));
  EXPECT_EQ(out, std::vector<Move>{make_move(4, 4)});
  // The centre board holds a mark: every move is searched.
  const State t = applied(initial_state(), make_move(4, 4));
  EXPECT_FALSE(g.tree_moves(t, out));
  EXPECT_EQ(out, legal_moves(t));
  // Where the side to move is not the one the knowledge is for: every move.
  g.knowledge_side = kX;
  EXPECT_FALSE(g.tree_moves(s, out));
  EXPECT_EQ(out.size(), 9u);
  g.knowledge_side = kO;
  EXPECT_TRUE(g.tree_moves(s, out));
  EXPECT_EQ(out, std::vector<Move>{make_move(4, 4)});
  // At the root, or with the knowledge off, every move.
  g.mirror_plies = g.free_move_plies = -1;
  EXPECT_FALSE(g.tree_moves(s, out));
  EXPECT_EQ(out.size(), 9u);
}

TEST(UtttSearch, TreeMovesLeaveOutTheFreeChoiceButNotAWin) {
  // x to move in ne; nw is x's and c is o's: ne's nw cell would send o to
  // nw (a free choice) and is left out, its centre wins the game though
  // it points at the finished centre board.
  auto cells = one_move_from_winning_cells();
  cells[kX][6] = 0b000010101;
  cells[kO][4] = 0b000000111;
  const State s = build_state(cells, 2);
  ASSERT_EQ(s.side, kX);
  ASSERT_EQ(s.forced, 2);
  SearchGame g = with_tree_knowledge();
  std::vector<Move> out;
  EXPECT_TRUE(g.tree_moves(s, out));
  EXPECT_EQ(out, (std::vector<Move>{make_move(2, 2), make_move(2, 4), make_move(2, 6)}));
  // The engine searching this way still plays the win, and proves it.
  EngineOptions o;
  o.mirror_plies = SearchGame::kMirrorPlies;
  o.free_move_plies = SearchGame::kFreeMovePlies;
  for (bool filter_root : {false, true}) {
    o.mcts.filter_root = filter_root;
    const auto r = Engine(o, false).move(s, search::Limits::of_nodes(100000));
    EXPECT_EQ(r.move, make_move(2, 4)) << filter_root;
    EXPECT_EQ(r.proven, search::Proven::kWin) << filter_root;
  }
  // Off (the default), every legal move.
  SearchGame plain;
  EXPECT_FALSE(plain.tree_moves(s, out));
  EXPECT_EQ(out, legal_moves(s));
}

// On random positions: a non-empty subset of the legal moves, all of them
// when it says so, and a move left out only where the knowledge applies.
TEST(UtttSearch, TreeMovesAreLegalAndLeaveOutOnlyWhatTheyShould) {
  SearchGame g = with_tree_knowledge();
  std::vector<Move> out;
  for (const State& s : random_positions(3000, 77)) {
    const std::vector<Move> legal = legal_moves(s);
    const bool left_out = g.tree_moves(s, out);
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(left_out, out.size() < legal.size());
    for (Move m : out) EXPECT_TRUE(is_legal(s, m));
    if (s.plies() > SearchGame::kFreeMovePlies) {
      EXPECT_FALSE(left_out);
    }
    const bool mirror = out.size() == 1 && s.forced >= 0 && out[0] == make_move(s.forced, s.forced);
    if (!left_out || mirror) continue;
    for (Move m : legal) {
      if (std::find(out.begin(), out.end(), m) != out.end()) continue;
      const State t = applied(s, m);
      EXPECT_FALSE(t.over());
      EXPECT_EQ(t.forced, -1) << "only a move that gives the free choice is left out";
    }
  }
}

TEST(UtttSearch, HonoursANodeBudgetExactly) {
  for (Leaf leaf : {Leaf::kPlayout, Leaf::kNetwork})
    for (const State& s : random_positions(5, 11)) {
      Engine engine(with_leaf(leaf), false);
      const auto r = engine.move(s, search::Limits::of_nodes(777));
      ASSERT_TRUE(r.move);
      EXPECT_TRUE(is_legal(s, *r.move));
      if (r.proven == search::Proven::kUnknown) {
        EXPECT_EQ(r.nodes, 777u);
      }
    }
}

TEST(UtttSearch, StopsAtItsDeadline) {
  auto limits = search::Limits::of_time(std::chrono::milliseconds(50));
  limits.poll_every = 64;
  const auto cpu_before = tabula::testing::thread_cpu_time();
  Engine engine;
  const auto r = engine.move(initial_state(), limits);
  const auto cpu = tabula::testing::thread_cpu_time() - cpu_before;
  EXPECT_GE(r.elapsed, std::chrono::milliseconds(50));
  EXPECT_LT(cpu.count(), 0.5);
  EXPECT_GT(r.nodes, 0u);
}

TEST(UtttSearch, IsDeterministicForASeedAndANodeBudget) {
  for (const State& s : random_positions(4, 5)) {
    EngineOptions o;
    o.mcts.seed = 99;
    const auto a = Engine(o, false).move(s, search::Limits::of_nodes(3000));
    const auto b = engine_move(s, search::Limits::of_nodes(3000), {}, 99);
    EXPECT_EQ(a.move, b.move);
    EXPECT_EQ(a.score, b.score);
  }
}

TEST(UtttSearch, KeepsItsTreeAcrossTheMovesOfAGame) {
  Engine keeper;
  Engine fresh(EngineOptions{}, false);
  Rng rng(8);
  State s = initial_state();
  int reused = 0;
  for (int ply = 0; ply < 30 && !s.over(); ++ply) {
    if (ply % 2 == 0) {
      const auto r = keeper.move(s, search::Limits::of_nodes(2000));
      ASSERT_TRUE(r.move);
      ASSERT_TRUE(is_legal(s, *r.move));
      EXPECT_EQ(r.nodes, r.proven == search::Proven::kUnknown ? 2000u : r.nodes);
      if (keeper.reused_visits() > 0) ++reused;
      apply(s, *r.move);
    } else {
      apply(s, *fresh.move(s, search::Limits::of_nodes(500)).move);
    }
  }
  EXPECT_GT(reused, 10);
  // Any other position is searched from scratch.
  const auto r = keeper.move(initial_state(), search::Limits::of_nodes(100));
  EXPECT_EQ(keeper.reused_visits(), 0u);
  EXPECT_TRUE(r.move);
}

TEST(UtttSearch, ThreadsShareTheBudgetAndAgreeWithThemselves) {
  EngineOptions o;
  o.threads = 2;
  for (const State& s : random_positions(3, 21)) {
    const auto a = Engine(o, false).move(s, search::Limits::of_nodes(4000));
    const auto b = Engine(o, false).move(s, search::Limits::of_nodes(4000));
    ASSERT_TRUE(a.move);
    EXPECT_TRUE(is_legal(s, *a.move));
    EXPECT_EQ(a.move, b.move);
    if (a.proven == search::Proven::kUnknown) {
      EXPECT_EQ(a.nodes, 4000u);
    }
  }
  auto limits = search::Limits::of_time(std::chrono::milliseconds(30));
  const auto r = Engine(o, false).move(initial_state(), limits);
  EXPECT_TRUE(r.move);
  EXPECT_GT(r.nodes, 0u);
}

TEST(UtttSearch, PlayoutPoliciesFinishTheGame) {
  Rng rng(4);
  for (Policy p : {Policy::kRandom, Policy::kWin, Policy::kWinAvoid})
    for (const State& s : random_positions(20, 3)) EXPECT_NE(policy_playout(s, rng, p), Outcome::kOngoing);
}

TEST(UtttSearch, InformedSearchBeatsPlainUctAtEqualSimulations) {
  const int games = tabula::testing::scaled(12, 2);
  double score = 0;
  for (int g = 0; g < games; ++g) {
    EngineOptions mine;
    mine.mcts.seed = g + 1;
    EngineOptions base = EngineOptions::plain_uct();
    base.mcts.seed = g + 101;
    Engine a(mine), b(base, false);
    State s = initial_state();
    const int a_side = g % 2;
    while (!s.over()) apply(s, *(s.side == a_side ? a : b).move(s, search::Limits::of_nodes(1500)).move);
    score +=
        s.outcome == Outcome::kDraw ? 0.5 : (s.outcome == (a_side == kX ? Outcome::kXWins : Outcome::kOWins));
  }
  EXPECT_GT(score, games * 0.6);
}

}  // namespace
}  // namespace tabula::uttt
