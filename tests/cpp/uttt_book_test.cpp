#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "uttt/book.hpp"
#include "uttt/book_builder.hpp"
#include "uttt/engine.hpp"
#include "uttt/protocol.hpp"

namespace tabula::uttt {
namespace {

Move rc(int row, int col) { return *protocol::from_row_col(row, col); }

State after(const std::vector<Move>& line) {
  State s = initial_state();
  for (const Move m : line) {
    EXPECT_TRUE(is_legal(s, m));
    apply(s, m);
  }
  return s;
}

std::string text_of(const std::vector<BookEntry>& entries) {
  std::string out;
  for (const auto& e : entries) out += format_entry(e) + "\n";
  return out;
}

TEST(UtttBook, CompiledBookReplaysLegally) {
  for (const auto& error : opening_book_errors()) ADD_FAILURE() << error;
  const auto& entries = opening_book_entries();
  ASSERT_FALSE(entries.empty());
  EXPECT_TRUE(entries[0].line.empty()) << "the book starts with the start position";
  for (const auto& e : entries) {
    // Replayed here with the rules, independently of the parser's own check.
    State s = initial_state();
    for (const Move m : e.line) {
      ASSERT_FALSE(s.over());
      ASSERT_TRUE(is_legal(s, m)) << format_line(e.line);
      apply(s, m);
    }
    ASSERT_FALSE(s.over());
    EXPECT_TRUE(is_legal(s, e.move)) << format_line(e.line);
    if (e.max_ms == 0) {
      EXPECT_EQ(book_move(s, kUntimed), e.move) << format_line(e.line);
    } else {
      EXPECT_EQ(book_move(s, BookTime(e.max_ms)), e.move) << format_line(e.line);
      EXPECT_FALSE(book_move(s, BookTime(e.max_ms + 1))) << format_line(e.line);
    }
  }
}

TEST(UtttBook, PositionsOutOfTheBookHaveNoMove) {
  const auto& entries = opening_book_entries();
  auto in_book = [&](const State& s) {
    return std::any_of(entries.begin(), entries.end(), [&](const BookEntry& e) { return e.position == s; });
  };
  int outside = 0;
  for (int row = 0; row < 9; ++row)
    for (int col = 0; col < 9; ++col)
      if (const State s = after({rc(row, col)}); !in_book(s)) {
        EXPECT_FALSE(book_move(s, BookTime(1)));
        ++outside;
      }
  EXPECT_GT(outside, 0);
  // Deeper than every line of the book.
  std::size_t deepest = 0;
  for (const auto& e : entries) deepest = std::max(deepest, e.line.size());
  State s = initial_state();
  for (std::size_t ply = 0; ply <= deepest; ++ply) {
    MoveList moves;
    generate_moves(s, moves);
    apply(s, moves.moves[moves.size - 1]);
  }
  EXPECT_FALSE(book_move(s, BookTime(1)));
}

TEST(UtttBook, ATranspositionFindsTheEntry) {
  // 33 11 55 77 and 55 77 33 11 put the same marks on the grid and both
  // send x to the centre board.
  const ParsedBook parsed = parse_book(
      "// a comment\n"
      "R\"BOOK(\n"
      "# line move sims score top\n"
      "33,11,55,77   44  1000  +12  44:0.500 43:0.250\n"
      ")BOOK\"\n");
  ASSERT_TRUE(parsed.errors.empty()) << parsed.errors[0];
  ASSERT_EQ(parsed.entries.size(), 1u);
  const BookEntry& e = parsed.entries[0];
  EXPECT_EQ(e.move, rc(4, 4));
  EXPECT_EQ(e.sims, 1000u);
  EXPECT_EQ(e.score, 12);
  ASSERT_EQ(e.top.size(), 2u);
  EXPECT_EQ(e.top[1].first, rc(4, 3));
  EXPECT_DOUBLE_EQ(e.top[1].second, 0.25);
  const Book book(parsed.entries);
  EXPECT_EQ(book.move(after({rc(5, 5), rc(7, 7), rc(3, 3), rc(1, 1)}), kUntimed), rc(4, 4));
  EXPECT_EQ(book.move(after({rc(3, 3), rc(1, 1), rc(5, 5), rc(7, 7)}), kUntimed), rc(4, 4));
  EXPECT_FALSE(book.move(after({rc(3, 3), rc(1, 1), rc(5, 5)}), kUntimed));
  // A state rebuilt without its hash is found too.
  const State s = after({rc(3, 3), rc(1, 1), rc(5, 5), rc(7, 7)});
  const auto rebuilt = from_parts(s.cells, s.forced, false);
  ASSERT_TRUE(rebuilt);
  EXPECT_EQ(book.move(*rebuilt, kUntimed), rc(4, 4));
}

TEST(UtttBook, BadEntriesAreErrors) {
  const char* bad[] = {
      "44 33",                           // fields missing
      "44,3 33 1000 0",                  // half a move
      "44;33 33 1000 0",                 // separator
      "44 9 1000 0",                     // move
      "44 33 1e6 0",                     // simulations
      "44 33 1000 1001",                 // score
      "44 33 1000 0 33:1.5",             // share
      "44 33 1000 0 33",                 // share missing
      "44,44 33 1000 0",                 // the cell is taken
      "44,00 33 1000 0",                 // not in the board 44 sent o to
      "44 00 1000 0",                    // the book move is not in the board
      "44 33 1000 0 00:0.1",             // a top move is illegal
      "44 33 1000 0 max_ms=0",           // a bound of nothing
      "44 33 1000 0 max_ms=-5",          // negative
      "44 33 1000 0 max_ms=+5",          // signed
      "44 33 1000 0 max_ms=1s",          // units
      "44 33 1000 0 max_ms=",            // empty
      "44 33 1000 0 max_ms=5 max_ms=9",  // twice
      "44 33 1000 0 33:0.5 max_ms=5",    // after the top moves
  };
  for (const char* line : bad) {
    const ParsedBook parsed = parse_book(line);
    EXPECT_TRUE(parsed.entries.empty()) << line;
    EXPECT_EQ(parsed.errors.size(), 1u) << line;
  }
  // A position given twice.
  const ParsedBook twice = parse_book("33,11,55,77 44 1 0\n55,77,33,11 43 1 0\n");
  ASSERT_EQ(twice.entries.size(), 2u);
  std::vector<std::string> errors;
  const Book book(twice.entries, &errors);
  EXPECT_EQ(errors.size(), 1u);
  EXPECT_EQ(book.size(), 1u);
}

TEST(UtttBook, EntriesReadBackAsWritten) {
  BookEntry e;
  e.line = {rc(4, 4), rc(3, 3)};
  e.position = after(e.line);
  e.move = rc(0, 0);
  e.sims = 123456;
  e.score = -7;
  e.top = {{rc(0, 0), 0.5}, {rc(1, 1), 0.125}};
  for (const int max_ms : {0, 100}) {
    e.max_ms = max_ms;
    const ParsedBook parsed = parse_book(format_entry(e));
    ASSERT_TRUE(parsed.errors.empty()) << parsed.errors[0];
    ASSERT_EQ(parsed.entries.size(), 1u);
    EXPECT_EQ(format_entry(parsed.entries[0]), format_entry(e));
    EXPECT_EQ(parsed.entries[0].position, e.position);
    EXPECT_EQ(parsed.entries[0].max_ms, max_ms);
    EXPECT_EQ(parsed.entries[0].top.size(), 2u);
  }
  EXPECT_NE(format_entry(e).find(" max_ms=100 "), std::string::npos) << format_entry(e);
}

// An entry with a time bound answers only moves given at most that long; a
// call bounded by simulations (kUntimed) gets only the entries without one.
TEST(UtttBook, ATimeBoundLimitsTheCallsAnEntryAnswers) {
  const ParsedBook parsed = parse_book(
      "44  33  1000  +1  max_ms=100  33:0.9\n"
      "55  86  1000  +1  86:0.9\n");
  ASSERT_TRUE(parsed.errors.empty()) << parsed.errors[0];
  const Book book(parsed.entries);
  const State bounded = after({rc(4, 4)}), free = after({rc(5, 5)});
  EXPECT_EQ(book.move(bounded, BookTime(1)), rc(3, 3));
  EXPECT_EQ(book.move(bounded, BookTime(100)), rc(3, 3));
  EXPECT_FALSE(book.move(bounded, BookTime(101)));
  EXPECT_FALSE(book.move(bounded, kUntimed));
  EXPECT_EQ(book.entry(bounded, BookTime(100))->max_ms, 100);
  EXPECT_EQ(book.entry(bounded, BookTime(101)), nullptr);
  for (const BookTime t : {BookTime(1), BookTime(100), BookTime(100000), kUntimed})
    EXPECT_EQ(book.move(free, t), rc(8, 6));
}

TEST(UtttBook, SearchIsTheEnginesOneThreadSearch) {
  for (const auto& line : {std::vector<Move>{}, std::vector<Move>{rc(4, 4), rc(3, 3)}}) {
    const State s = after(line);
    const BookEntry e = search_book_position(line, s, 3000, 11);
    EngineOptions options;
    options.mcts.seed = 11;
    Engine engine(options, false);
    const auto r = engine.move(s, search::Limits::of_nodes(3000));
    EXPECT_EQ(e.move, r.move);
    EXPECT_EQ(e.score, r.score);
    ASSERT_FALSE(e.top.empty());
    double shares = 0.0;
    for (const auto& [m, share] : e.top) shares += share;
    EXPECT_LE(shares, 1.0 + 1e-9);
    EXPECT_GE(e.top[0].second, e.top.back().second);
  }
}

BookSettings small(int depth, int jobs) {
  BookSettings s;
  s.sims = 300;
  s.seed = 5;
  s.depth = depth;
  s.width = 2;
  s.jobs = jobs;
  return s;
}

TEST(UtttBook, TheSameSeedGivesTheSameBook) {
  int searches = 0;
  const auto once = build_book(small(3, 2), {}, [&](const BookEntry&, const BookProgress&) { ++searches; });
  const auto again = build_book(small(3, 2), {}, nullptr);
  const auto serial = build_book(small(3, 1), {}, nullptr);
  ASSERT_EQ(once.size(), 7u);  // 1 + 2 + 4: no transposition within 2 plies
  EXPECT_EQ(searches, 7);
  EXPECT_EQ(text_of(again), text_of(once));
  EXPECT_EQ(text_of(serial), text_of(once));
  // Breadth first, children in the order of the expansion, the book move first.
  EXPECT_TRUE(once[0].line.empty());
  EXPECT_EQ(once[1].line, std::vector<Move>{once[0].move});
  for (const auto& e : once) EXPECT_EQ(e.position, after(e.line));
  // Each line follows its parent's expansion.
  for (std::size_t i = 1; i < once.size(); ++i) {
    const auto parent = std::find_if(once.begin(), once.end(), [&](const BookEntry& p) {
      return p.line.size() + 1 == once[i].line.size() &&
             std::equal(p.line.begin(), p.line.end(), once[i].line.begin());
    });
    ASSERT_NE(parent, once.end());
    const auto children = book_children(*parent, 2);
    EXPECT_NE(std::find(children.begin(), children.end(), once[i].line.back()), children.end());
  }
}

TEST(UtttBook, ResumeSkipsDonePositions) {
  // A run killed after its first searches: what it wrote, read back.
  std::vector<BookEntry> written;
  const auto full = build_book(small(3, 1), {}, [&](const BookEntry& e, const BookProgress&) {
    if (written.size() < 4) written.push_back(e);
  });
  const ParsedBook read = parse_book(text_of(written));
  ASSERT_TRUE(read.errors.empty());
  std::vector<std::string> searched;
  BookProgress last;
  const auto resumed = build_book(small(3, 2), read.entries, [&](const BookEntry& e, const BookProgress& p) {
    searched.push_back(format_line(e.line));
    last = p;
  });
  EXPECT_EQ(searched.size(), full.size() - 4);
  EXPECT_EQ(last.searched, static_cast<int>(full.size()) - 4);
  EXPECT_LE(last.resumed, 4);
  for (const auto& e : written)
    EXPECT_EQ(std::count(searched.begin(), searched.end(), format_line(e.line)), 0) << format_line(e.line);
  EXPECT_EQ(text_of(resumed), text_of(full));
  // A deeper book searches only the new ply.
  int deeper = 0;
  const auto deep = build_book(small(4, 2), full, [&](const BookEntry& e, const BookProgress&) {
    ++deeper;
    EXPECT_EQ(e.line.size(), 3u);
  });
  EXPECT_EQ(static_cast<std::size_t>(deeper) + full.size(), deep.size());
  // Entries of another simulation count are searched again.
  int again = 0;
  BookSettings more = small(3, 2);
  more.sims = 400;
  build_book(more, full, [&](const BookEntry&, const BookProgress&) { ++again; });
  EXPECT_EQ(again, static_cast<int>(full.size()));
}

// A line of play past the breadth-first plies: the book searches the
// positions of the line's side while its move is the line's own.
TEST(UtttBook, LinesAreFollowedWhileTheBookAgrees) {
  const BookSettings settings = small(1, 2);  // the start position alone, breadth first
  auto book_move_at = [&](const std::vector<Move>& line) {
    return search_book_position(line, after(line), settings.sims, settings.seed).move;
  };
  auto other_move = [&](const std::vector<Move>& line, Move not_this) {
    MoveList moves;
    generate_moves(after(line), moves);
    return moves.moves[0] != not_this ? moves.moves[0] : moves.moves[1];
  };
  // x: any moves; o: the book's move at ply 1, another at ply 3; then on.
  std::vector<Move> line;
  line.push_back(other_move(line, 0));
  line.push_back(book_move_at(line));
  line.push_back(other_move(line, 0));
  line.push_back(other_move(line, book_move_at(line)));
  line.push_back(other_move(line, 0));
  line.push_back(other_move(line, 0));
  BookSettings with_lines = settings;
  with_lines.lines = {BookLine{line, false, true}};
  std::vector<std::vector<Move>> searched;
  const auto book = build_book(with_lines, {},
                               [&](const BookEntry& e, const BookProgress&) { searched.push_back(e.line); });
  const std::vector<Move> ply1(line.begin(), line.begin() + 1), ply3(line.begin(), line.begin() + 3);
  // The start (breadth first), ply 1 (agrees), ply 3 (disagrees: the line ends).
  ASSERT_EQ(searched.size(), 3u);
  EXPECT_TRUE(searched[0].empty());
  EXPECT_EQ(searched[1], ply1);
  EXPECT_EQ(searched[2], ply3);
  ASSERT_EQ(book.size(), 3u);
  EXPECT_EQ(book[1].line, ply1);
  EXPECT_EQ(book[2].line, ply3);
  EXPECT_NE(book[2].move, line[3]);
  EXPECT_EQ(book[1].move, line[1]);
  for (const auto& e : book) EXPECT_EQ(e.position, after(e.line));

  // Both sides' positions ("xo"), the line leaving the book at once: the
  // start's book move is not the line's first.
  BookSettings off = settings;
  std::vector<Move> leaves = {other_move({}, book[0].move)};
  off.lines = {BookLine{leaves, true, true}};
  EXPECT_EQ(build_book(off, {}, nullptr).size(), 1u);

  // Two lines sharing their prefix, searched by two jobs: each position
  // once; the entries of a finished run are not searched again.
  BookSettings twice = with_lines;
  twice.lines.push_back(twice.lines[0]);
  int searches = 0;
  const auto shared = build_book(twice, {}, [&](const BookEntry&, const BookProgress&) { ++searches; });
  EXPECT_EQ(searches, 3);
  EXPECT_EQ(text_of(shared), text_of(book));
  searches = 0;
  EXPECT_EQ(text_of(build_book(twice, book, [&](const BookEntry&, const BookProgress&) { ++searches; })),
            text_of(book));
  EXPECT_EQ(searches, 0);
}

TEST(UtttBook, LinesFileParses) {
  const ParsedBookLines parsed = parse_book_lines(
      "# lines\n"
      "\n"
      "o 44,33,00  12 games\n"
      "xo 44\n"
      "y 44\n"
      "x 44,3\n"
      "x\n"
      "o 44,33,55\n"
      "max_ms 100\n"
      "x 44,33  a bounded line\n"
      "max_ms 0\n"
      "x 55\n"
      "max_ms\n"
      "max_ms -3\n"
      "max_ms 100 200\n"
      "x 33\n");
  ASSERT_EQ(parsed.lines.size(), 5u);
  EXPECT_EQ(parsed.lines[0].max_ms, 0);
  EXPECT_EQ(parsed.lines[2].max_ms, 100);
  EXPECT_EQ(parsed.lines[2].moves, (std::vector<Move>{rc(4, 4), rc(3, 3)}));
  EXPECT_EQ(parsed.lines[3].max_ms, 0);
  EXPECT_EQ(parsed.lines[4].max_ms, 0) << "a bad bound leaves none";
  EXPECT_EQ(parsed.lines[0].moves, (std::vector<Move>{rc(4, 4), rc(3, 3), rc(0, 0)}));
  EXPECT_FALSE(parsed.lines[0].x);
  EXPECT_TRUE(parsed.lines[0].o);
  EXPECT_TRUE(parsed.lines[1].x && parsed.lines[1].o);
  ASSERT_EQ(parsed.errors.size(), 7u);
  EXPECT_TRUE(parsed.errors[0].starts_with("line 5: the side")) << parsed.errors[0];
  EXPECT_TRUE(parsed.errors[1].starts_with("line 6: bad moves")) << parsed.errors[1];
  EXPECT_TRUE(parsed.errors[2].starts_with("line 7: bad moves")) << parsed.errors[2];
  EXPECT_TRUE(parsed.errors[3].starts_with("line 8: move 3 is illegal")) << parsed.errors[3];
  for (int i = 4; i < 7; ++i)
    EXPECT_TRUE(parsed.errors[i].starts_with("line " + std::to_string(i + 9) + ": max_ms needs"))
        << parsed.errors[i];
}

// A line's time bound goes to the positions it searches, unless the
// breadth-first plies or a line without a bound have them too; between two
// bounds the larger holds. A resumed entry's own bound does not count.
TEST(UtttBook, LinesGiveTheirTimeBoundToTheirPositions) {
  const BookSettings settings = small(2, 2);
  // A line for x along the book's own moves: its x positions are searched
  // while the book agrees; the start is in the breadth-first plies.
  std::vector<Move> line;
  State s = initial_state();
  for (int ply = 0; ply < 6; ++ply) {
    const BookEntry e = search_book_position(line, s, settings.sims, settings.seed);
    line.push_back(e.move);
    apply(s, e.move);
  }
  auto bounds = [&](const std::vector<BookLine>& lines, const std::vector<BookEntry>& done) {
    BookSettings with = settings;
    with.lines = lines;
    std::vector<std::pair<std::size_t, int>> out;  // (plies, max_ms) past the breadth-first entries
    for (const auto& e : build_book(with, done, nullptr))
      if (e.line.size() >= 2)
        out.emplace_back(e.line.size(), e.max_ms);
      else
        EXPECT_EQ(e.max_ms, 0) << format_line(e.line);
    return out;
  };
  const std::vector<std::pair<std::size_t, int>> b100 = {{2, 100}, {4, 100}, {6, 100}};
  EXPECT_EQ(bounds({BookLine{line, true, false, 100}}, {}), b100);
  const auto book100 = [&] {
    BookSettings with = settings;
    with.lines = {BookLine{line, true, false, 100}};
    return build_book(with, {}, nullptr);
  }();
  EXPECT_EQ(bounds({BookLine{line, true, false, 0}}, book100),
            (std::vector<std::pair<std::size_t, int>>{{2, 0}, {4, 0}, {6, 0}}));
  EXPECT_EQ(bounds({BookLine{line, true, false, 100}, BookLine{line, true, false, 0}}, {}),
            (std::vector<std::pair<std::size_t, int>>{{2, 0}, {4, 0}, {6, 0}}));
  EXPECT_EQ(bounds({BookLine{line, true, false, 100}, BookLine{line, true, false, 300}}, {}),
            (std::vector<std::pair<std::size_t, int>>{{2, 300}, {4, 300}, {6, 300}}));
  // A shorter unbounded line frees only the positions it reaches.
  const std::vector<Move> to_ply_2(line.begin(), line.begin() + 3);
  EXPECT_EQ(bounds({BookLine{line, true, false, 100}, BookLine{to_ply_2, true, false, 0}}, {}),
            (std::vector<std::pair<std::size_t, int>>{{2, 0}, {4, 100}, {6, 100}}));
}

// The compiled book was written with the repository's lines file as it is:
// along each line, the line's side's positions are in the book as long as
// the book agrees with the line, and so is the first where it does not.
TEST(UtttBook, CompiledBookFollowsItsLines) {
  std::ifstream in(TABULA_SOURCE_DIR "/train/uttt/book_lines.txt");
  ASSERT_TRUE(in);
  std::stringstream text;
  text << in.rdbuf();
  const ParsedBookLines parsed = parse_book_lines(text.str());
  EXPECT_TRUE(parsed.errors.empty()) << parsed.errors.front();
  ASSERT_FALSE(parsed.lines.empty());
  for (const BookLine& line : parsed.lines) {
    // A bounded line's positions answer moves within its bound, the others' any.
    const BookTime time = line.max_ms > 0 ? BookTime(line.max_ms) : kUntimed;
    State s = initial_state();
    for (std::size_t ply = 0; ply < line.moves.size() && !s.over(); ++ply) {
      if (s.side == kX ? line.x : line.o) {
        const auto m = book_move(s, time);
        ASSERT_TRUE(m) << format_line(line.moves) << " at ply " << ply;
        if (*m != line.moves[ply]) break;
      }
      apply(s, line.moves[ply]);
    }
  }
}

}  // namespace
}  // namespace tabula::uttt
