#include "futlog/protocol.hpp"

#include <charconv>

namespace tabula::futlog::protocol {

std::string format_path(const std::vector<std::uint8_t>& vertices) {
  std::vector<Point> points;
  points.reserve(vertices.size());
  for (const auto v : vertices) points.push_back({vertex_x(v), vertex_y(v)});
  return format_points(points);
}

std::string format_points(const std::vector<Point>& points) {
  std::string out;
  for (const Point& p : points) {
    if (!out.empty()) out += ' ';
    out += std::to_string(p.x) + ',' + std::to_string(p.y);
  }
  return out;
}

namespace {
bool parse_int(std::string_view t, int& v) {
  if (t.empty()) return false;
  const char* end = t.data() + t.size();
  const auto [ptr, ec] = std::from_chars(t.data(), end, v);
  return ec == std::errc{} && ptr == end;
}
}  // namespace

bool parse_points(std::string_view text, std::vector<Point>& out) {
  out.clear();
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    if (i == text.size()) break;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    const std::string_view token = text.substr(i, j - i);
    const std::size_t comma = token.find(',');
    if (comma == std::string_view::npos) return false;
    Point p{};
    if (!parse_int(token.substr(0, comma), p.x) || !parse_int(token.substr(comma + 1), p.y)) return false;
    if (p.x < -100 || p.x > 100 || p.y < -100 || p.y > 100) return false;
    out.push_back(p);
    i = j;
  }
  return true;
}

Checked check_move(const State& s, std::string_view path_text) {
  Checked c;
  std::vector<Point> points;
  if (!parse_points(path_text, points) || points.empty()) return c;
  State after;
  switch (replay(s, points, after)) {
    case PathStatus::kComplete:
      c.verdict = Verdict::kLegal;
      c.after = after;
      break;
    case PathStatus::kPrefix:
      c.verdict = Verdict::kIncomplete;
      break;
    case PathStatus::kIllegal:
      c.verdict = Verdict::kIllegal;
      break;
  }
  return c;
}

std::pair<std::string_view, std::string_view> split_command(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  std::size_t j = i;
  while (j < line.size() && line[j] != ' ') ++j;
  std::size_t k = j;
  while (k < line.size() && line[k] == ' ') ++k;
  std::size_t end = line.size();
  while (end > k && (line[end - 1] == '\r' || line[end - 1] == ' ')) --end;
  return {line.substr(i, j - i), line.substr(k, end - k)};
}

}  // namespace tabula::futlog::protocol
