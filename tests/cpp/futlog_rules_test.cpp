// The contract's geometry and rules, step by step, on hand-built positions.
#include <gtest/gtest.h>

#include <set>

#include "futlog/outcomes.hpp"
#include "futlog/rules.hpp"

namespace tabula::futlog {
namespace {

int edge_between(int x1, int y1, int x2, int y2) {
  const int d = direction_to(vertex_id(x1, y1), x2, y2);
  return d < 0 ? kNoEdge : kGeometry.edge[vertex_id(x1, y1)][d];
}
bool marked(const State& s, int x1, int y1, int x2, int y2) {
  return test_edge(s.marked, edge_between(x1, y1, x2, y2));
}
// Marks the edges of the given path (a polyline of points) and puts the ball
// at its end; the turn is left as is.
State with_path(State s, std::initializer_list<Point> pts) {
  const Point* prev = nullptr;
  for (const Point& p : pts) {
    if (prev) set_edge(s.marked, edge_between(prev->x, prev->y, p.x, p.y));
    prev = &p;
  }
  s.ball = static_cast<std::uint8_t>(vertex_id(prev->x, prev->y));
  return s;
}

TEST(FutlogGeometry, Counts) {
  EXPECT_EQ(kGeometry.vertex_count, 105);
  EXPECT_EQ(kGeometry.edge_count, 356);
  State s;
  EXPECT_EQ(count_edges(s.marked), 40);
  EXPECT_EQ(kEdges - count_edges(s.marked), 316);
}

TEST(FutlogGeometry, EdgesJoinNeighboursInsideFieldOrGoalBox) {
  EXPECT_NE(edge_between(0, 0, 1, 1), kNoEdge);
  EXPECT_NE(edge_between(-4, -5, -3, -4), kNoEdge);
  EXPECT_NE(edge_between(0, 5, 1, 6), kNoEdge);    // mouth centre to goal corner
  EXPECT_NE(edge_between(-1, 5, 0, 6), kNoEdge);   // post to goal centre
  EXPECT_EQ(edge_between(-2, 5, -1, 6), kNoEdge);  // outside the goal box
  EXPECT_EQ(edge_between(0, 0, 2, 0), kNoEdge);    // not neighbours
  EXPECT_EQ(edge_between(1, -6, 2, -5), kNoEdge);
}

TEST(FutlogGeometry, PremarkedEdges) {
  State s;
  EXPECT_TRUE(marked(s, 4, 0, 4, 1));  // side line
  EXPECT_TRUE(marked(s, -4, -5, -4, -4));
  EXPECT_TRUE(marked(s, 2, 5, 3, 5));  // end line
  EXPECT_TRUE(marked(s, -2, -5, -1, -5));
  EXPECT_FALSE(marked(s, -1, 5, 0, 5));  // goal mouth
  EXPECT_FALSE(marked(s, 0, -5, 1, -5));
  EXPECT_TRUE(marked(s, 1, 5, 1, 6));  // posts
  EXPECT_TRUE(marked(s, -1, -5, -1, -6));
  EXPECT_TRUE(marked(s, -1, 6, 0, 6));  // back lines
  EXPECT_TRUE(marked(s, 0, -6, 1, -6));
  EXPECT_FALSE(marked(s, 0, 5, 0, 6));
  EXPECT_FALSE(marked(s, 3, 4, 4, 5));  // diagonal into the corner is free
}

TEST(FutlogGeometry, GoalCornersOnlyFromMouthCentre) {
  State s;
  for (int sign : {1, -1}) {
    for (int cx : {-1, 1}) {
      const int corner = vertex_id(cx, 6 * sign);
      std::set<int> from;
      for (int d = 0; d < 8; ++d)
        if (edge_free(s, corner, d)) from.insert(kGeometry.next[corner][d]);
      EXPECT_EQ(from, std::set<int>({vertex_id(0, 5 * sign)}));
    }
    const int centre = vertex_id(0, 6 * sign);
    std::set<int> from;
    for (int d = 0; d < 8; ++d)
      if (edge_free(s, centre, d)) from.insert(kGeometry.next[centre][d]);
    EXPECT_EQ(from, std::set<int>({vertex_id(-1, 5 * sign), vertex_id(0, 5 * sign), vertex_id(1, 5 * sign)}));
  }
}

TEST(FutlogGeometry, VisitedAtStart) {
  State s;
  EXPECT_FALSE(visited(s, vertex_id(0, 5)));
  EXPECT_FALSE(visited(s, vertex_id(0, -5)));
  EXPECT_FALSE(visited(s, vertex_id(0, 0)));
  EXPECT_FALSE(visited(s, vertex_id(3, 4)));
  EXPECT_TRUE(visited(s, vertex_id(1, 5)));  // post
  EXPECT_TRUE(visited(s, vertex_id(-1, -5)));
  EXPECT_TRUE(visited(s, vertex_id(4, 0)));
  EXPECT_TRUE(visited(s, vertex_id(-3, -5)));
  EXPECT_TRUE(visited(s, vertex_id(0, 6)));
  int border = 0;
  for (int v = 0; v < kGrid; ++v)
    if (kGeometry.valid[v] && visited(s, v)) ++border;
  EXPECT_EQ(border, 22 + 12 + 6);  // side columns, end rows but the mouth centres, goal vertices
}

TEST(FutlogRules, InitialMoves) {
  State s;
  EXPECT_EQ(count_paths(s), 8u);
  OutcomeGenerator gen;
  std::vector<Outcome> out;
  gen.generate(s, out);
  EXPECT_EQ(out.size(), 8u);
  EXPECT_EQ(goal_for(s), 0);
  EXPECT_FALSE(game_over(s));
}

TEST(FutlogRules, StepToUnvisitedEndsTheMove) {
  State s, out;
  EXPECT_EQ(replay(s, {{0, 1}}, out), PathStatus::kComplete);
  EXPECT_EQ(out.turn, 1);
  EXPECT_EQ(out.ball, vertex_id(0, 1));
  EXPECT_TRUE(marked(out, 0, 0, 0, 1));
  EXPECT_EQ(replay(s, {{0, 1}, {0, 2}}, out), PathStatus::kIllegal);
  EXPECT_EQ(replay(s, {}, out), PathStatus::kIllegal);
  EXPECT_EQ(replay(s, {{0, 0}}, out), PathStatus::kIllegal);
  EXPECT_EQ(replay(s, {{2, 0}}, out), PathStatus::kIllegal);
  EXPECT_EQ(replay(s, {{7, 9}}, out), PathStatus::kIllegal);
}

TEST(FutlogRules, BounceOnVisitedVertexWithFreeEdges) {
  // Player 2 returns to the visited centre: it must bounce on.
  State s = with_path(State{}, {{0, 0}, {0, 1}});
  s.turn = 1;
  State out;
  EXPECT_EQ(replay(s, {{0, 0}}, out), PathStatus::kIllegal);  // the edge is already marked
  EXPECT_EQ(replay(s, {{1, 0}}, out), PathStatus::kComplete);
  EXPECT_EQ(count_paths(s), 7u);
  // From (1,1) the centre is visited, so reaching it bounces.
  State t = with_path(State{}, {{0, 0}, {0, 1}, {1, 1}});
  EXPECT_EQ(replay(t, {{0, 0}}, out), PathStatus::kPrefix);
  EXPECT_EQ(replay(t, {{0, 0}, {-1, -1}}, out), PathStatus::kComplete);
  EXPECT_EQ(replay(t, {{0, 0}, {0, 1}}, out), PathStatus::kIllegal);  // edge used
  // Bouncing on a side line.
  State u = with_path(State{}, {{3, 0}});
  EXPECT_EQ(replay(u, {{4, 0}}, out), PathStatus::kPrefix);
  EXPECT_EQ(replay(u, {{4, 0}, {3, 1}}, out), PathStatus::kComplete);
  EXPECT_EQ(replay(u, {{4, 0}, {4, 1}}, out), PathStatus::kIllegal);  // side line is marked
}

TEST(FutlogRules, GoalsAndOwnGoals) {
  State s = with_path(State{}, {{0, 4}});
  State out;
  EXPECT_EQ(replay(s, {{0, 5}}, out), PathStatus::kComplete);  // unvisited mouth centre ends
  EXPECT_EQ(goal_for(out), 0);
  State t = with_path(State{}, {{0, 4}, {0, 5}});
  EXPECT_EQ(replay(t, {{1, 6}}, out), PathStatus::kComplete);
  EXPECT_EQ(goal_for(out), 1);
  EXPECT_TRUE(game_over(out));
  EXPECT_EQ(winner(out), 1);
  // Player 1 kicks into its own goal: the goal counts for player 2.
  State own = with_path(State{}, {{0, -4}, {0, -5}});
  EXPECT_EQ(replay(own, {{-1, -6}}, out), PathStatus::kComplete);
  EXPECT_EQ(goal_for(out), 2);
  EXPECT_EQ(winner(out), 2);
  // A post is visited: arriving there bounces, and the goal centre ends.
  State post = with_path(State{}, {{1, 4}});
  EXPECT_EQ(replay(post, {{1, 5}}, out), PathStatus::kPrefix);
  EXPECT_EQ(replay(post, {{1, 5}, {0, 6}}, out), PathStatus::kComplete);
  EXPECT_EQ(goal_for(out), 1);
  // Once the game is over there are no moves.
  EXPECT_EQ(count_paths(out), 0u);
  EXPECT_EQ(replay(out, {{0, 5}}, out), PathStatus::kIllegal);
}

TEST(FutlogRules, StuckEndsTheMoveAndTheMoverLoses) {
  // The ball enters the corner (4,5) from (3,4); the corner has only that
  // free edge, so the move ends there and the next player has no step.
  State s = with_path(State{}, {{3, 3}, {3, 4}});
  State out;
  EXPECT_EQ(replay(s, {{4, 5}}, out), PathStatus::kComplete);
  EXPECT_EQ(out.turn, 1);
  EXPECT_FALSE(has_free_edge(out, out.ball));
  EXPECT_TRUE(game_over(out));
  // The statement: the player who brought the ball there (1) loses.
  EXPECT_EQ(winner(out), 2);
  EXPECT_EQ(count_paths(out), 0u);
}

TEST(FutlogRules, MirrorIsAnInvolution) {
  State s = with_path(State{}, {{0, 0}, {1, 1}, {2, 1}, {3, 2}});
  State m = mirror(s);
  EXPECT_EQ(m.ball, vertex_id(-3, 2));
  EXPECT_TRUE(test_edge(m.marked, edge_between(-1, 1, -2, 1)));
  EXPECT_EQ(mirror(m), s);
  EXPECT_EQ(count_paths(s), count_paths(m));
}

}  // namespace
}  // namespace tabula::futlog
