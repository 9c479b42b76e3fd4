#include "uttt/book_builder.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "uttt/engine.hpp"

namespace tabula::uttt {

namespace {

struct PositionHash {
  std::size_t operator()(const State& s) const { return compute_hash(s); }
};

struct Item {
  State position;
  std::vector<Move> line;
};

using Entries = std::unordered_map<State, BookEntry, PositionHash>;

// Searches along settings.lines (book_builder.hpp): `results` holds the
// entries so far and receives the new ones. A position that another line
// is searching is waited for, not searched twice.
void follow_lines(const BookSettings& settings, const Entries& resumed, Entries& results,
                  BookProgress& progress,
                  const std::function<void(const BookEntry&, const BookProgress&)>& on_search) {
  std::mutex mutex;
  std::condition_variable searched;
  std::unordered_set<State, PositionHash> pending;
  std::atomic<std::size_t> next{0};
  auto entry = [&](const std::vector<Move>& line, const State& s) {
    std::unique_lock lock(mutex);
    searched.wait(lock, [&] { return !pending.contains(s); });
    if (const auto it = results.find(s); it != results.end()) return it->second;
    if (const auto it = resumed.find(s); it != resumed.end()) {
      ++progress.resumed;
      return results.emplace(s, it->second).first->second;
    }
    pending.insert(s);
    lock.unlock();
    BookEntry e = search_book_position(line, s, settings.sims, settings.seed);
    lock.lock();
    pending.erase(s);
    ++progress.searched;
    if (on_search) on_search(e, progress);
    searched.notify_all();
    return results.emplace(s, std::move(e)).first->second;
  };
  auto work = [&] {
    for (std::size_t i; (i = next++) < settings.lines.size();) {
      const BookLine& line = settings.lines[i];
      State s = initial_state();
      std::vector<Move> prefix;
      for (std::size_t ply = 0; ply <= line.moves.size() && !s.over(); ++ply) {
        if (s.side == kX ? line.x : line.o) {
          const BookEntry e = entry(prefix, s);
          if (ply < line.moves.size() && e.move != line.moves[ply]) break;
        }
        if (ply == line.moves.size()) break;
        prefix.push_back(line.moves[ply]);
        apply(s, line.moves[ply]);
      }
    }
  };
  std::vector<std::thread> helpers;
  for (int j = 1; j < settings.jobs; ++j) helpers.emplace_back(work);
  work();
  for (auto& t : helpers) t.join();
}

// The time bound of each position the lines searched (follow_lines' walk,
// replayed on its results): 0 for the breadth-first plies and where a line
// without a bound searched it, else the largest of its lines' bounds.
std::unordered_map<State, int, PositionHash> line_bounds(
    const std::vector<BookLine>& lines, const Entries& results,
    const std::unordered_set<State, PositionHash>& breadth) {
  std::unordered_map<State, int, PositionHash> bounds;
  for (const BookLine& line : lines) {
    State s = initial_state();
    for (std::size_t ply = 0; ply <= line.moves.size() && !s.over(); ++ply) {
      if (s.side == kX ? line.x : line.o) {
        const auto it = results.find(s);
        if (it == results.end()) break;
        const int bound = breadth.contains(s) ? 0 : line.max_ms;
        const auto [b, added] = bounds.emplace(s, bound);
        if (!added) b->second = b->second == 0 || bound == 0 ? 0 : std::max(b->second, bound);
        if (ply < line.moves.size() && it->second.move != line.moves[ply]) break;
      }
      if (ply == line.moves.size()) break;
      apply(s, line.moves[ply]);
    }
  }
  return bounds;
}

}  // namespace

ParsedBookLines parse_book_lines(std::string_view text) {
  ParsedBookLines out;
  std::istringstream in{std::string(text)};
  std::string row;
  int max_ms = 0;
  for (int number = 1; std::getline(in, row); ++number) {
    std::istringstream fields(row);
    std::string side, moves;
    if (!(fields >> side) || side.starts_with('#')) continue;
    auto error = [&](const std::string& why) {
      out.errors.push_back("line " + std::to_string(number) + ": " + why + ": " + row);
    };
    if (side == "max_ms") {
      std::string rest;
      if (!(fields >> max_ms) || max_ms < 0 || fields >> rest) {
        error("max_ms needs one count of milliseconds, 0 for none");
        max_ms = 0;
      }
      continue;
    }
    BookLine line;
    line.max_ms = max_ms;
    line.x = side == "x" || side == "xo";
    line.o = side == "o" || side == "xo";
    if (!line.x && !line.o) {
      error("the side is not x, o or xo");
      continue;
    }
    const auto parsed = fields >> moves ? parse_line(moves) : std::nullopt;
    if (!parsed) {
      error("bad moves");
      continue;
    }
    line.moves = *parsed;
    State s = initial_state();
    std::size_t legal = 0;
    while (legal < line.moves.size() && !s.over() && is_legal(s, line.moves[legal]))
      apply(s, line.moves[legal++]);
    if (legal < line.moves.size())
      error("move " + std::to_string(legal + 1) + " is illegal");
    else
      out.lines.push_back(std::move(line));
  }
  return out;
}

BookEntry search_book_position(const std::vector<Move>& line, const State& position, std::uint64_t sims,
                               std::uint64_t seed) {
  // Engine(options, false) with one thread, as engine.hpp sets it up: the
  // Engine does not show its root's visits, which the book records (a test
  // checks that both give the same move and score). The tree is kept only
  // so that its root can be read: a fresh Mcts starts from scratch anyway.
  EngineOptions options;
  options.mcts.seed = seed;
  SearchGame game;
  game.policy = options.policy;
  const Network* net = options.network ? options.network.get() : &Network::embedded();
  if (options.leaf != Leaf::kPlayout) game.network = net;
  game.mixed = options.leaf == Leaf::kMixed;
  if (options.mcts.prior_weight > 0.0 || options.mcts.prior_mix > 0.0) game.prior_network = net;
  search::MctsOptions o = options.mcts;
  o.reuse = true;
  search::Mcts<SearchGame> mcts(game, o);
  const auto result = mcts.run(position, search::Limits::of_nodes(sims));

  BookEntry e;
  e.line = line;
  e.position = position;
  e.move = *result.move;
  e.sims = sims;
  e.score = result.score;
  auto stats = mcts.root_stats();
  std::sort(stats.begin(), stats.end(), [](const auto& a, const auto& b) {
    return a.visits != b.visits ? a.visits > b.visits : a.move < b.move;
  });
  std::uint64_t total = 0;
  for (const auto& st : stats) total += st.visits;
  for (std::size_t i = 0; i < stats.size() && i < kBookTopMoves; ++i)
    e.top.emplace_back(stats[i].move, total ? static_cast<double>(stats[i].visits) / total : 0.0);
  return e;
}

std::vector<Move> book_children(const BookEntry& e, int width) {
  std::vector<Move> out{e.move};
  for (const auto& [m, share] : e.top)
    if (static_cast<int>(out.size()) < width && m != e.move) out.push_back(m);
  return out;
}

std::vector<BookEntry> build_book(
    const BookSettings& settings, const std::vector<BookEntry>& done,
    const std::function<void(const BookEntry&, const BookProgress&)>& on_search) {
  const int width = std::clamp(settings.width, 1, kBookTopMoves);
  Entries resumed, results;
  for (const BookEntry& e : done)
    if (e.sims == settings.sims) resumed.emplace(e.position, e);

  std::mutex mutex;
  std::condition_variable changed;
  std::deque<Item> queue;
  std::unordered_set<State, PositionHash> seen;
  int busy = 0;
  BookProgress progress;
  // Queues the children of a position (under the lock).
  auto expand = [&](const Item& item, const BookEntry& e) {
    if (static_cast<int>(item.line.size()) + 1 >= settings.depth) return;
    for (const Move m : book_children(e, width)) {
      const State child = applied(item.position, m);
      if (child.over() || !seen.insert(child).second) continue;
      std::vector<Move> line = item.line;
      line.push_back(m);
      queue.push_back({child, std::move(line)});
    }
  };
  const State start = initial_state();
  if (settings.depth > 0) {
    seen.insert(start);
    queue.push_back({start, {}});
  }
  auto work = [&] {
    std::unique_lock lock(mutex);
    for (;;) {
      changed.wait(lock, [&] { return !queue.empty() || busy == 0; });
      if (queue.empty()) return;
      const Item item = std::move(queue.front());
      queue.pop_front();
      if (const auto it = resumed.find(item.position); it != resumed.end()) {
        ++progress.resumed;
        expand(item, results.emplace(item.position, it->second).first->second);
        changed.notify_all();
        continue;
      }
      ++busy;
      lock.unlock();
      BookEntry e = search_book_position(item.line, item.position, settings.sims, settings.seed);
      lock.lock();
      --busy;
      ++progress.searched;
      expand(item, e);
      progress.queued = static_cast<int>(queue.size());
      if (on_search) on_search(e, progress);
      results.emplace(item.position, std::move(e));
      changed.notify_all();
    }
  };
  std::vector<std::thread> helpers;
  for (int j = 1; j < settings.jobs; ++j) helpers.emplace_back(work);
  work();
  for (auto& t : helpers) t.join();
  std::unordered_set<State, PositionHash> breadth;
  for (const auto& [s, e] : results) breadth.insert(s);
  follow_lines(settings, resumed, results, progress, on_search);
  const auto bounds = line_bounds(settings.lines, results, breadth);

  // The fixed order: breadth first from the start, each position under the
  // first line that reaches it.
  std::vector<BookEntry> out;
  if (const auto it = results.find(start); it != results.end()) {
    out.push_back(it->second);
    out.back().line.clear();
    out.back().max_ms = 0;
  }
  std::unordered_set<State, PositionHash> placed{start};
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (static_cast<int>(out[i].line.size()) + 1 >= settings.depth) continue;
    for (const Move m : book_children(out[i], width)) {
      const State child = applied(out[i].position, m);
      const auto it = results.find(child);
      if (it == results.end() || !placed.insert(child).second) continue;
      BookEntry e = it->second;
      e.line = out[i].line;
      e.line.push_back(m);
      e.max_ms = 0;
      out.push_back(std::move(e));
    }
  }
  // Then the lines' positions, each under its line's prefix.
  for (const BookLine& line : settings.lines) {
    State s = initial_state();
    for (std::size_t ply = 0; ply <= line.moves.size() && !s.over(); ++ply) {
      if (const auto it = results.find(s); it != results.end() && placed.insert(s).second) {
        out.push_back(it->second);
        out.back().line.assign(line.moves.begin(), line.moves.begin() + static_cast<std::ptrdiff_t>(ply));
        const auto bound = bounds.find(s);
        out.back().max_ms = bound == bounds.end() ? 0 : bound->second;
      }
      if (ply < line.moves.size()) apply(s, line.moves[ply]);
    }
  }
  return out;
}

}  // namespace tabula::uttt
