// The UTTT opening book from our own long searches (book_builder.hpp),
// written as cpp/uttt/opening_book.inc's text (format: book.hpp).
//
//   uttt_book --out FILE [--sims N] [--depth D] [--width K] [--jobs J] [--seed S] [--lines LINES]
//             [--resume]
//
// LINES is a file of lines of play the book follows past its first plies
// (parse_book_lines, book_builder.hpp).
// FILE is written entry by entry as the searches finish (flushed), then,
// once the book is complete, rewritten in the book's fixed order. With
// --resume the positions already in FILE are not searched again (their
// simulation count and the seed must be the same), so a killed run loses
// only the searches it had running, and a deeper or wider book reuses a
// smaller one. Progress goes to stderr.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "uttt/book_builder.hpp"

using namespace tabula::uttt;

namespace {

std::string settings_line(const BookSettings& s, const std::string& lines_path) {
  const auto slash = lines_path.rfind('/');
  const std::string lines = lines_path.empty() ? "" : " --lines " + lines_path.substr(slash + 1);
  return "// uttt_book --sims " + std::to_string(s.sims) + " --seed " + std::to_string(s.seed) + " --depth " +
         std::to_string(s.depth) + " --width " + std::to_string(s.width) + lines + "\n";
}

std::string head(const BookSettings& s, const std::string& lines_path) {
  return "// The UTTT opening book (format: cpp/uttt/book.hpp), written by train/uttt/book.sh:\n" +
         settings_line(s, lines_path) + "R\"BOOK(\n" +
         "# line                     move  sims      score  top moves: share of the root's visits\n";
}

bool write_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "w");
  if (!f) return false;
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && ok && std::rename(tmp.c_str(), path.c_str()) == 0;
}

// A file's whole text, or nothing when it cannot be opened.
std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

[[noreturn]] void usage() {
  std::fprintf(stderr,
               "usage: uttt_book --out FILE [--sims N] [--depth D] [--width K (1..%d)] [--jobs J] [--seed S] "
               "[--lines LINES] [--resume]\n",
               kBookTopMoves);
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  BookSettings settings;
  settings.sims = 100000;
  settings.depth = 2;
  settings.width = 2;
  std::string out_path, lines_path;
  bool resume = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--resume") {
      resume = true;
      continue;
    }
    if (i + 1 >= argc) usage();
    const std::string v = argv[++i];
    if (a == "--out")
      out_path = v;
    else if (a == "--sims")
      settings.sims = std::stoull(v);
    else if (a == "--depth")
      settings.depth = std::stoi(v);
    else if (a == "--width")
      settings.width = std::stoi(v);
    else if (a == "--jobs")
      settings.jobs = std::stoi(v);
    else if (a == "--seed")
      settings.seed = std::stoull(v);
    else if (a == "--lines")
      lines_path = v;
    else
      usage();
  }
  if (out_path.empty() || settings.width < 1 || settings.width > kBookTopMoves || settings.jobs < 1 ||
      settings.sims == 0)
    usage();

  if (!lines_path.empty()) {
    const auto text = read_text(lines_path);
    if (!text) {
      std::fprintf(stderr, "cannot read %s\n", lines_path.c_str());
      return 1;
    }
    const ParsedBookLines parsed = parse_book_lines(*text);
    for (const auto& e : parsed.errors) std::fprintf(stderr, "%s: %s\n", lines_path.c_str(), e.c_str());
    if (!parsed.errors.empty()) return 1;
    settings.lines = parsed.lines;
  }

  std::vector<BookEntry> done;
  if (const auto text = resume ? read_text(out_path) : std::nullopt) {
    const ParsedBook parsed = parse_book(*text);
    for (const auto& e : parsed.errors) std::fprintf(stderr, "%s: %s\n", out_path.c_str(), e.c_str());
    if (!parsed.errors.empty()) return 1;
    const std::string seed = "--seed " + std::to_string(settings.seed) + " ";
    bool same = text->find(seed) != std::string::npos;
    for (const auto& e : parsed.entries) same = same && e.sims == settings.sims;
    if (!same) {
      std::fprintf(stderr, "%s was written with another --sims or --seed\n", out_path.c_str());
      return 1;
    }
    done = parsed.entries;
  }
  std::fprintf(stderr,
               "book: depth %d, width %d, %zu lines, %llu simulations a position, seed %llu, %d jobs; %zu to "
               "resume\n",
               settings.depth, settings.width, settings.lines.size(),
               static_cast<unsigned long long>(settings.sims), static_cast<unsigned long long>(settings.seed),
               settings.jobs, done.size());

  // The file so far: the resumed entries, then each search as it ends.
  std::string text = head(settings, lines_path);
  for (const auto& e : done) text += format_entry(e) + "\n";
  if (!write_file(out_path, text)) {
    std::fprintf(stderr, "cannot write %s\n", out_path.c_str());
    return 1;
  }
  std::FILE* out = std::fopen(out_path.c_str(), "a");
  if (!out) return 1;
  const auto start = std::chrono::steady_clock::now();
  auto on_search = [&](const BookEntry& e, const BookProgress& p) {
    std::fprintf(out, "%s\n", format_entry(e).c_str());
    std::fflush(out);
    const double share = e.top.empty() ? 0.0 : e.top[0].second;
    std::fprintf(stderr, "[%d searched, %d resumed, %d queued, %.0f s] %s -> %s score %+d, top share %.3f\n",
                 p.searched, p.resumed, p.queued,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                 format_line(e.line).c_str(), format_line({e.move}).c_str(), e.score, share);
  };
  const std::vector<BookEntry> book = build_book(settings, done, on_search);
  std::fclose(out);

  text = head(settings, lines_path);
  for (const auto& e : book) text += format_entry(e) + "\n";
  text += ")BOOK\"\n";
  if (!write_file(out_path, text)) {
    std::fprintf(stderr, "cannot write %s\n", out_path.c_str());
    return 1;
  }
  std::fprintf(stderr, "book: %zu positions, wall %.1f s, cpu %.1f s: %s\n", book.size(),
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), cpu_seconds(),
               out_path.c_str());
  return 0;
}
