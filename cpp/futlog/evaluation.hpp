#pragma once
// Static evaluation for the side to move, in centi-steps: how close the
// ball is to each goal, how many exits the ball has, and the visited
// vertices in front of each goal (bounce points that let a chain run on
// towards that goal).
#include <algorithm>
#include <cstdlib>

#include "futlog/rules.hpp"

namespace tabula::futlog {

// King-move distance from (x, y) to the mouth of the goal at y = goal_y.
inline int goal_distance(int x, int y, int goal_y) {
  return std::max(std::max(0, std::abs(x) - 1), std::abs(goal_y - y));
}

// Visited inner vertices in the two rows in front of the goal at goal_y.
inline int bounce_points(const State& s, int goal_y) {
  const int sign = goal_y > 0 ? 1 : -1;
  int n = 0;
  for (int row = 3; row <= 4; ++row)
    for (int x = -3; x <= 3; ++x)
      if (visited(s, vertex_id(x, sign * row))) n += row - 2;
  return n;
}

inline int evaluate(const State& s) {
  const int x = vertex_x(s.ball), y = vertex_y(s.ball);
  const int attack_y = s.turn == 0 ? 6 : -6;
  const int d_attack = goal_distance(x, y, attack_y);
  const int d_defend = goal_distance(x, y, -attack_y);
  int score = 100 * (d_defend - d_attack);
  if (d_attack <= 2) score += 150 * (3 - d_attack);  // a shot is close for the mover
  if (d_defend <= 2) score -= 60 * (3 - d_defend);
  score += 4 * free_edge_count(s, s.ball);
  score += 12 * (bounce_points(s, attack_y) - bounce_points(s, -attack_y));
  return score;
}

}  // namespace tabula::futlog
