// The learned evaluation: the embedded weights load, the score is
// deterministic, mirror- and colour-symmetric, and the weights file format
// is checked.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "common/rng.hpp"
#include "futlog/learned_eval.hpp"
#include "futlog/outcomes.hpp"
#include "futlog/search.hpp"
#include "test_support.hpp"

namespace tabula::futlog {
namespace {

// The same position turned upside down, with the other side to move.
State colour_flip(const State& s) {
  State t;
  t.marked = EdgeSet{};
  auto flip = [](int v) { return vertex_id(vertex_x(v), -vertex_y(v)); };
  for_each_edge(s.marked, [&](int e) {
    const int a = flip(kGeometry.end_a[e]), b = flip(kGeometry.end_b[e]);
    set_edge(t.marked, kGeometry.edge[a][direction_to(a, vertex_x(b), vertex_y(b))]);
  });
  t.ball = static_cast<std::uint8_t>(flip(s.ball));
  t.turn = static_cast<std::uint8_t>(s.turn ^ 1);
  return t;
}

// Positions from random games.
std::vector<State> sample_positions(int games) {
  Game game;
  Rng rng(7);
  std::vector<State> out;
  for (int g = 0; g < games; ++g)
    tabula::testing::random_walk(game, State{}, rng, [&](const State& s, const std::vector<Outcome>& moves) {
      if (!moves.empty()) out.push_back(s);
    });
  return out;
}

TEST(FutlogLearnedEval, EmbeddedWeightsLoad) {
  const LearnedEval eval;
  EXPECT_EQ(eval.parameters().size(), LearnedEval::parameter_count(eval.hidden()));
  const State s;
  EXPECT_EQ(eval.evaluate(s), eval.evaluate(s));
  EXPECT_LE(std::abs(eval.evaluate(s)), 1000);
}

TEST(FutlogLearnedEval, MirrorAndColourSymmetric) {
  const LearnedEval eval;
  for (const State& s : sample_positions(tabula::testing::scaled(20, 4))) {
    const float z = eval.logit(s);
    // Equal up to the order of the float sums (the same weights are added).
    ASSERT_NEAR(z, eval.logit(mirror(s)), 1e-4);
    ASSERT_NEAR(z, eval.logit(colour_flip(s)), 1e-4);
    ASSERT_LE(std::abs(eval.evaluate(s) - eval.evaluate(colour_flip(s))), 1);
    ASSERT_EQ(eval.evaluate(s), eval.evaluate(s));
  }
}

TEST(FutlogLearnedEval, FeaturesInRange) {
  features::Active a;
  for (const State& s : sample_positions(tabula::testing::scaled(10, 2))) {
    features::extract(s, a);
    ASSERT_GT(a.count, 4);
    for (int i = 0; i < a.count; ++i) ASSERT_LT(a.index[i], features::kCount);
  }
}

TEST(FutlogLearnedEval, DistancesSeeBounces) {
  // From the start the goals are several moves away; a goal reachable by a
  // bounce off the visited post is at distance 0.
  features::Active a;
  features::extract(State{}, a);
  EXPECT_GE(a.attack_distance, 3);
  State s;
  s.ball = static_cast<std::uint8_t>(vertex_id(1, 4));
  features::extract(s, a);
  EXPECT_EQ(a.attack_distance, 0);
}

TEST(FutlogLearnedEval, FileRoundTripAndChecks) {
  const LearnedEval eval;
  const std::string path = ::testing::TempDir() + "futlog_eval_weights.txt";
  std::ofstream(path) << eval.to_text();
  const LearnedEval back = LearnedEval::from_file(path);
  ASSERT_EQ(back.hidden(), eval.hidden());
  ASSERT_EQ(back.parameters().size(), eval.parameters().size());
  for (std::size_t i = 0; i < eval.parameters().size(); ++i)
    ASSERT_NEAR(back.parameters()[i], eval.parameters()[i], 1e-5 * (1 + std::abs(eval.parameters()[i])));
  const State s;
  EXPECT_EQ(back.evaluate(s), eval.evaluate(s));

  const std::string n = std::to_string(features::kCount);
  std::ofstream(path) << "futlog-eval 1 " << n << " 1\n0\n";  // an older format
  EXPECT_THROW(LearnedEval::from_file(path), std::runtime_error);
  std::ofstream(path) << "futlog-eval 2 5 1\n0 0 0 0 0\n";  // other features
  EXPECT_THROW(LearnedEval::from_file(path), std::runtime_error);
  std::ofstream(path) << "futlog-eval 2 " << n << " 1\n0 0\n";  // cut short
  EXPECT_THROW(LearnedEval::from_file(path), std::runtime_error);
  std::ofstream(path) << "futlog-eval 2 " << n << " 0\n";  // no hidden unit
  EXPECT_THROW(LearnedEval::from_file(path), std::runtime_error);
  std::ofstream(path) << "something else\n";
  EXPECT_THROW(LearnedEval::from_file(path), std::runtime_error);
  EXPECT_THROW(LearnedEval::from_file(path + ".missing"), std::runtime_error);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace tabula::futlog

namespace tabula::futlog {
namespace {

// The proof of a lost position is sound: every move then loses at once.
TEST(FutlogLearnedEval, LostProofIsSound) {
  OutcomeGenerator gen;
  features::Active a;
  int proofs = 0;
  std::vector<Outcome> children, replies;
  for (const State& p : sample_positions(30)) {
    gen.generate(p, children);
    for (const Outcome& c : children) {
      const State s = apply(p, c);
      if (game_over(s)) continue;
      features::extract(s, a);
      if (!a.lost) continue;
      ++proofs;
      gen.generate(s, replies);
      for (const Outcome& o : replies) {
        const State t = apply(s, o);
        ASSERT_TRUE(game_over(t));
        ASSERT_NE(winner(t), s.turn + 1);
      }
    }
  }
  EXPECT_GT(proofs, 0);
}

// The proof of a win is sound: the side to move has a move that scores.
TEST(FutlogLearnedEval, WinProofIsSound) {
  OutcomeGenerator gen;
  features::Active a;
  int proofs = 0, misses = 0;
  std::vector<Outcome> children, replies;
  for (const State& p : sample_positions(tabula::testing::scaled(30, 6))) {
    gen.generate(p, children);
    for (const Outcome& c : children) {
      const State s = apply(p, c);
      if (game_over(s)) continue;
      features::extract(s, a);
      gen.generate(s, replies);
      bool scores = false;
      for (const Outcome& o : replies) {
        const State t = apply(s, o);
        scores |= game_over(t) && winner(t) == s.turn + 1 && goal_for(t) == s.turn + 1;
      }
      if (a.wins) {
        ++proofs;
        ASSERT_TRUE(scores);
      }
      misses += scores && !a.wins;
    }
  }
  EXPECT_GT(proofs, 0);
  EXPECT_EQ(misses, 0);  // exact: every goal within the move is seen
}

// A child evaluated from its parent's shared part (prepare_children) gets
// the value and the proof of a whole evaluation; a position that does not
// extend the parent is evaluated whole.
TEST(FutlogLearnedEval, ChildrenShareTheirParentsHistory) {
  const LearnedEval eval;
  OutcomeGenerator gen;
  LearnedEval::ChildBase base;
  std::vector<Outcome> children;
  int compared = 0, ball_visited = 0;
  const std::vector<State> all = sample_positions(tabula::testing::scaled(20, 4));
  for (const State& p : all) {
    eval.prepare_children(p, base);
    gen.generate(p, children);
    for (const Outcome& c : children) {
      const State s = apply(p, c);
      int whole_proof = 9, shared_proof = 9;
      const int whole = eval.evaluate_proven(s, whole_proof);
      const int shared = eval.evaluate_proven(base, s, shared_proof);
      ASSERT_LE(std::abs(whole - shared), 1);
      ASSERT_EQ(whole_proof, shared_proof);
      ball_visited += contains(base.touched, s.ball);
      ++compared;
    }
    // The parent itself has the other side to move, and a later position
    // of the game may lack the parent's edges: both are evaluated whole.
    int a = 0, b = 0;
    ASSERT_EQ(eval.evaluate_proven(base, p, a), eval.evaluate_proven(p, b));
    ASSERT_EQ(eval.evaluate_proven(base, all.front(), a), eval.evaluate_proven(all.front(), b));
  }
  EXPECT_GT(compared, 100);
  EXPECT_GT(ball_visited, 0);  // the case where the ball's visited row comes out is met
}

}  // namespace
}  // namespace tabula::futlog
