#pragma once
// The text protocol the tournament runner's futlog-referee bridge
// (prolog/tabula/tournament_bridge.pl) speaks with a player process, one
// line each way:
//
//   referee            player
//   hello              hello <name>
//   new                ok                      a new game from the start
//   play <path>        ok <w> | illegal <why>  a complete move by either side;
//                                              <w>: 0 the game goes on, 1 or 2
//                                              the winner in the player's view
//   go <ms>            move <path>             choose a move for the side to
//                                              move within <ms> milliseconds
//                                              (not played until `play`)
//   quit                                       ends the process
//
// A path is the positions the ball visits after its start, as "x,y"
// separated by spaces, in the field's own coordinates (x in -4..4, y in
// -6..6; player 1 attacks y = 6 and kicks off).
#include <string>
#include <string_view>
#include <vector>

#include "futlog/rules.hpp"

namespace tabula::futlog::protocol {

std::string format_path(const std::vector<std::uint8_t>& vertices);
std::string format_points(const std::vector<Point>& points);
// Parses "x,y x,y ..."; false on any malformed token.
bool parse_points(std::string_view text, std::vector<Point>& out);

// A move checked by our rules.
enum class Verdict { kLegal, kIllegal, kIncomplete, kMalformed };
struct Checked {
  Verdict verdict = Verdict::kMalformed;
  State after;  // valid when kLegal
};
Checked check_move(const State& s, std::string_view path_text);

// Splits a line into its first word and the rest (leading spaces dropped).
std::pair<std::string_view, std::string_view> split_command(std::string_view line);

}  // namespace tabula::futlog::protocol
