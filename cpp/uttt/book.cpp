#include "uttt/book.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "uttt/protocol.hpp"

namespace tabula::uttt {

namespace {

// The text of the compiled book: one raw string literal.
constexpr std::string_view kCompiledBook =
#include "uttt/opening_book.inc"
    ;

bool skipped(std::string_view t) {
  return t.empty() || t.starts_with('#') || t.starts_with("//") || t.starts_with("R\"BOOK(") ||
         t.starts_with(")BOOK\"");
}

std::optional<Move> parse_move(std::string_view t) {
  if (t.size() != 2 || t[0] < '0' || t[0] > '9' || t[1] < '0' || t[1] > '9') return std::nullopt;
  return protocol::from_row_col(t[0] - '0', t[1] - '0');
}

}  // namespace

std::optional<std::vector<Move>> parse_line(std::string_view t) {
  std::vector<Move> line;
  if (t == "-") return line;
  for (std::size_t p = 0;; p += 3) {
    const auto m = parse_move(t.substr(p, 2));
    if (!m) return std::nullopt;
    line.push_back(*m);
    if (p + 2 == t.size()) return line;
    if (p + 2 > t.size() || t[p + 2] != ',') return std::nullopt;
  }
}

namespace {

template <class T>
bool parse_number(std::string_view t, T& out) {
  if (t.starts_with('+')) t.remove_prefix(1);
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
  return ec == std::errc() && ptr == t.data() + t.size() && !t.empty();
}

// One entry's fields; the error says what is wrong, empty when nothing is.
std::string parse_entry(std::string_view text, BookEntry& e) {
  std::istringstream in{std::string(text)};
  std::string line, move, sims, score, word;
  if (!(in >> line >> move >> sims >> score)) return "fewer than four fields";
  const auto moves = parse_line(line);
  if (!moves) return "bad line \"" + line + "\"";
  e.line = *moves;
  const auto m = parse_move(move);
  if (!m) return "bad move \"" + move + "\"";
  e.move = *m;
  if (!parse_number(sims, e.sims)) return "bad simulation count \"" + sims + "\"";
  if (!parse_number(score, e.score) || e.score < -1000 || e.score > 1000)
    return "bad score \"" + score + "\"";
  while (in >> word) {
    if (word.starts_with("max_ms=") && e.top.empty() && e.max_ms == 0) {
      if (!parse_number(std::string_view(word).substr(7), e.max_ms) || e.max_ms <= 0 || word[7] == '+')
        return "bad time bound \"" + word + "\"";
      continue;
    }
    const auto colon = word.find(':');
    const auto tm = parse_move(std::string_view(word).substr(0, colon));
    char* end = nullptr;
    const double share = colon == std::string::npos ? -1.0 : std::strtod(word.c_str() + colon + 1, &end);
    if (!tm || colon == std::string::npos || end != word.c_str() + word.size() ||
        !(share >= 0.0 && share <= 1.0))
      return "bad top move \"" + word + "\"";
    e.top.emplace_back(*tm, share);
  }
  // The rules: every move legal where it is played, the game still on.
  e.position = initial_state();
  for (std::size_t i = 0; i < e.line.size(); ++i) {
    if (e.position.over() || !is_legal(e.position, e.line[i]))
      return "move " + std::to_string(i + 1) + " of the line is illegal";
    apply(e.position, e.line[i]);
  }
  if (e.position.over()) return "the game is over after the line";
  if (!is_legal(e.position, e.move)) return "the book move is illegal";
  for (const auto& [tm, share] : e.top)
    if (!is_legal(e.position, tm)) return "a top move is illegal";
  return {};
}

std::string row_col(Move m) {
  const auto [r, c] = protocol::to_row_col(m);
  return {static_cast<char>('0' + r), static_cast<char>('0' + c)};
}

struct Compiled {
  ParsedBook parsed;
  Book book;
  Compiled() : parsed(parse_book(kCompiledBook)), book(parsed.entries, &parsed.errors) {}
};

const Compiled& compiled() {
  static const Compiled c;  // built once; C++ makes the first use thread-safe
  return c;
}

}  // namespace

ParsedBook parse_book(std::string_view text) {
  ParsedBook out;
  int number = 0;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view t = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++number;
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\r')) t.remove_suffix(1);
    if (skipped(t)) continue;
    BookEntry e;
    const std::string error = parse_entry(t, e);
    if (error.empty())
      out.entries.push_back(std::move(e));
    else
      out.errors.push_back("line " + std::to_string(number) + ": " + error + ": " + std::string(t));
  }
  return out;
}

std::string format_line(const std::vector<Move>& line) {
  if (line.empty()) return "-";
  std::string out;
  for (const Move m : line) {
    if (!out.empty()) out += ',';
    out += row_col(m);
  }
  return out;
}

std::string format_entry(const BookEntry& e) {
  char head[96];
  std::snprintf(head, sizeof head, "%-26s %-5s %-9llu %+5d ", format_line(e.line).c_str(),
                row_col(e.move).c_str(), static_cast<unsigned long long>(e.sims), e.score);
  std::string out = head;
  if (e.max_ms > 0) out += " max_ms=" + std::to_string(e.max_ms);
  for (const auto& [m, share] : e.top) {
    char item[16];
    std::snprintf(item, sizeof item, " %s:%.3f", row_col(m).c_str(), share);
    out += item;
  }
  return out;
}

Book::Book(const std::vector<BookEntry>& entries, std::vector<std::string>* errors) {
  for (const BookEntry& e : entries)
    if (!entries_.emplace(e.position, e).second && errors)
      errors->push_back("position given twice: " + format_line(e.line));
}

const BookEntry* Book::entry(const State& s, BookTime time) const {
  const auto it = entries_.find(s);
  if (it == entries_.end()) return nullptr;
  const BookEntry& e = it->second;
  if (e.max_ms > 0 && time > BookTime(e.max_ms)) return nullptr;
  return &e;
}

std::optional<Move> Book::move(const State& s, BookTime time) const {
  const BookEntry* e = entry(s, time);
  if (!e) return std::nullopt;
  return e->move;
}

const BookEntry* book_entry(const State& s, BookTime time) { return compiled().book.entry(s, time); }
std::optional<Move> book_move(const State& s, BookTime time) { return compiled().book.move(s, time); }

const std::vector<BookEntry>& opening_book_entries() { return compiled().parsed.entries; }
const std::vector<std::string>& opening_book_errors() { return compiled().parsed.errors; }

}  // namespace tabula::uttt
