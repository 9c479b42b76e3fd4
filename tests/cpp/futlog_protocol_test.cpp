// The referee's protocol: paths in text, and every move checked by our rules.
#include <gtest/gtest.h>

#include "futlog/outcomes.hpp"
#include "futlog/protocol.hpp"

namespace tabula::futlog {
namespace {

TEST(FutlogProtocol, FormatAndParse) {
  const std::vector<std::uint8_t> path = {static_cast<std::uint8_t>(vertex_id(0, 1)),
                                          static_cast<std::uint8_t>(vertex_id(-1, 2))};
  EXPECT_EQ(protocol::format_path(path), "0,1 -1,2");
  std::vector<Point> pts;
  ASSERT_TRUE(protocol::parse_points("0,1  -1,2 ", pts));
  ASSERT_EQ(pts.size(), 2u);
  EXPECT_EQ(pts[1], (Point{-1, 2}));
  EXPECT_FALSE(protocol::parse_points("0,1 x,2", pts));
  EXPECT_FALSE(protocol::parse_points("0;1", pts));
  EXPECT_FALSE(protocol::parse_points("0,1,2", pts));
  EXPECT_FALSE(protocol::parse_points("999999,1", pts));
}

TEST(FutlogProtocol, SplitCommand) {
  const auto [cmd, rest] = protocol::split_command("  play 0,1 1,1 \r");
  EXPECT_EQ(cmd, "play");
  EXPECT_EQ(rest, "0,1 1,1");
  EXPECT_EQ(protocol::split_command("new").second, "");
}

TEST(FutlogProtocol, ChecksMovesByOurRules) {
  const State s;
  const auto legal = protocol::check_move(s, "0,1");
  ASSERT_EQ(legal.verdict, protocol::Verdict::kLegal);
  EXPECT_EQ(legal.after.turn, 1);
  EXPECT_EQ(protocol::check_move(s, "0,2").verdict, protocol::Verdict::kIllegal);      // not a neighbour
  EXPECT_EQ(protocol::check_move(s, "0,1 0,2").verdict, protocol::Verdict::kIllegal);  // past the end
  EXPECT_EQ(protocol::check_move(s, "").verdict, protocol::Verdict::kMalformed);
  EXPECT_EQ(protocol::check_move(s, "a").verdict, protocol::Verdict::kMalformed);
  // Back over the edge just played: a bounce on the visited centre, so the
  // move is not complete.
  const State t = legal.after;
  EXPECT_EQ(protocol::check_move(t, "0,0").verdict, protocol::Verdict::kIllegal);  // the edge is marked
  EXPECT_EQ(protocol::check_move(t, "1,0").verdict, protocol::Verdict::kLegal);
  // A step onto the visited side line bounces: incomplete alone.
  State u;
  u.ball = static_cast<std::uint8_t>(vertex_id(3, 0));
  EXPECT_EQ(protocol::check_move(u, "4,0").verdict, protocol::Verdict::kIncomplete);
  EXPECT_EQ(protocol::check_move(u, "4,0 3,1").verdict, protocol::Verdict::kLegal);
}

}  // namespace
}  // namespace tabula::futlog
