#pragma once
// The opening book: the engine's moves for the first plies, chosen by long
// searches (train/uttt/uttt_book) and compiled in from opening_book.inc.
//
// The book's text has one entry per line (blank lines and lines starting
// with '#', "//", R"BOOK( or )BOOK" are skipped):
//
//   line         move  sims     score  [max_ms=N]  top
//   44,33        35    4000000  +12    35:0.412 34:0.210 55:0.100
//
// line: the moves from the start position, each as row and column digits
// 0-8 on the 9x9 grid (CodinGame's notation, protocol.hpp), "-" for the
// start position; move: the book move; sims: the search's simulations;
// score: its expected result for the side to move, -1000..1000; max_ms
// (optional): the entry answers only moves given at most N milliseconds,
// for entries that a match accepted at that time control and not at a
// longer one (train/uttt/book_lines.txt); top: the most visited moves with
// their shares of the root's visits, most visited first (the generator
// expands the book along them).
//
// An entry is found by its position, so a transposition finds it too.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "uttt/state.hpp"

namespace tabula::uttt {

struct BookEntry {
  std::vector<Move> line;
  State position;  // after `line`
  Move move = 0;
  std::uint64_t sims = 0;
  int score = 0;
  int max_ms = 0;                            // > 0: only for moves given at most this many milliseconds
  std::vector<std::pair<Move, double>> top;  // (move, share of the visits)
};

// Entries of a book's text, each replayed and checked with the rules; a
// line that does not parse, an illegal move or a finished game is an
// error (its text and line number) and its entry is left out.
struct ParsedBook {
  std::vector<BookEntry> entries;
  std::vector<std::string> errors;
};
ParsedBook parse_book(std::string_view text);

// One entry as a line of the book's text (no newline).
std::string format_entry(const BookEntry& e);
// Moves as the book writes them: "44,33", "-" for none.
std::string format_line(const std::vector<Move>& line);
// The moves of such a text, or nothing when it is not one (legality is
// not checked).
std::optional<std::vector<Move>> parse_line(std::string_view text);

// The time a move may take, as the book sees a call: a call bounded
// otherwise (by simulations) is given kUntimed, which no max_ms admits.
using BookTime = std::chrono::milliseconds;
inline constexpr BookTime kUntimed = BookTime::max();

// Book entries by position.
class Book {
 public:
  // A position given twice is an error (appended to `errors`); the first
  // entry stays.
  explicit Book(const std::vector<BookEntry>& entries, std::vector<std::string>* errors = nullptr);
  // The entry for s that answers a move given `time`, or null.
  const BookEntry* entry(const State& s, BookTime time) const;
  std::optional<Move> move(const State& s, BookTime time) const;
  std::size_t size() const { return entries_.size(); }

 private:
  // By the position alone: the state's own hash field may be unset
  // (build_state without hash).
  struct Hash {
    std::size_t operator()(const State& s) const { return compute_hash(s); }
  };
  std::unordered_map<State, BookEntry, Hash> entries_;
};

// The compiled book's entry and move for a position and a move's time, or
// none when the book has no answer there. Thread-safe: the table is built
// at first use.
const BookEntry* book_entry(const State& s, BookTime time);
std::optional<Move> book_move(const State& s, BookTime time);

// The compiled book: its entries and the errors found in its text (none in
// a good build: a test checks).
const std::vector<BookEntry>& opening_book_entries();
const std::vector<std::string>& opening_book_errors();

}  // namespace tabula::uttt
