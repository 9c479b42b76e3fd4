#pragma once
// The opening book's tree expansion (train/uttt/uttt_book writes its
// entries; book.hpp reads them). From the start position, each position is
// searched by the engine (default EngineOptions, one thread, no kept tree,
// a fixed simulation count and seed: the result depends on the position
// alone), its most visited move is the book move, and the `width` most
// visited moves (the book move among them) lead to the positions of the
// next ply, down to `depth` plies: positions at plies 0..depth-1 are in the
// book. A position reached by two lines is searched once.
//
// Past those plies the book can follow given lines of play (games that
// left the book early, say): along each, the positions where the line's
// side is to move are searched in order, as long as the book's move is
// the line's own; where the book chooses another move the line ends, since
// a game with the book would not go on along it.
//
// A line may carry a time bound (max_ms, book.hpp): the positions it
// searches answer only moves of at most that many milliseconds, unless
// they are among the breadth-first plies or a line without a bound
// searches them too (between two bounds, the larger holds).
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "uttt/book.hpp"

namespace tabula::uttt {

// Entries record this many of the most visited moves, so a book can be
// resumed, or deepened, from its entries alone: the width is at most this.
inline constexpr int kBookTopMoves = 5;

struct BookLine {
  std::vector<Move> moves;
  bool x = false;  // the positions where x is to move are searched
  bool o = false;  // and those where o is
  int max_ms = 0;  // > 0: its positions answer moves of at most this many ms
};

// Lines of the text of a lines file: one per line, the side(s) whose
// positions are searched (`x`, `o` or `xo`), then the moves as the book
// writes them ("44,33,00"); anything after is a comment, as are blank
// lines and lines starting with '#'. A line "max_ms N" gives the lines
// below it the time bound N, until the next such line ("max_ms 0": none).
// A line that does not parse or holds an illegal move is an error (its
// number and text), and is left out.
struct ParsedBookLines {
  std::vector<BookLine> lines;
  std::vector<std::string> errors;
};
ParsedBookLines parse_book_lines(std::string_view text);

struct BookSettings {
  std::uint64_t sims = 1000;
  std::uint64_t seed = 1;
  int depth = 1;
  int width = 1;
  int jobs = 1;
  std::vector<BookLine> lines;
};

// One position searched as the book records it (line: how it was reached).
BookEntry search_book_position(const std::vector<Move>& line, const State& position, std::uint64_t sims,
                               std::uint64_t seed);

// The moves below an entry that the book expands: the book move, then the
// most visited others, `width` in all.
std::vector<Move> book_children(const BookEntry& e, int width);

struct BookProgress {
  int searched = 0;  // searches finished in this call
  int resumed = 0;   // positions taken from `done`
  int queued = 0;    // positions known and waiting
};

// Expands the book with settings.jobs searches in parallel, breadth first,
// then along settings.lines (each line's searches one after the other,
// lines in parallel). Entries in
// `done` (a resumed run's, by position) of the same simulation count are
// not searched again. on_search is called, one call at a time, after each
// search, in the order they finish. Returns the book's entries in a fixed
// order (breadth first, children in book_children order, each with the
// first line of that order; then the positions of each line in the order
// of the lines, those not placed yet), whatever the jobs and the order of
// finishing. Each entry's max_ms comes from the settings' lines, not from
// `done`.
std::vector<BookEntry> build_book(
    const BookSettings& settings, const std::vector<BookEntry>& done,
    const std::function<void(const BookEntry&, const BookProgress&)>& on_search);

}  // namespace tabula::uttt
