#include "futlog/outcomes.hpp"

#include "futlog/zobrist.hpp"

namespace tabula::futlog {

namespace {
constexpr std::size_t kInitialSlots = 1024;
}

// Doubles the table, moving the entries by their stored hashes (hashing
// every key again would cost tens of milliseconds in the widest positions).
void OutcomeGenerator::grow() {
  const std::size_t n = slots_.empty() ? kInitialSlots : slots_.size() * 2;
  std::vector<std::uint32_t> old_slots(n, 0);
  std::vector<std::uint64_t> old_hashes(n, 0);
  old_slots.swap(slots_);
  old_hashes.swap(slot_hash_);
  used_.clear();
  const std::size_t mask = n - 1;
  for (std::size_t i = 0; i < old_slots.size(); ++i) {
    if (!old_slots[i]) continue;
    std::size_t j = old_hashes[i] & mask;
    while (slots_[j]) j = (j + 1) & mask;
    slots_[j] = old_slots[i];
    slot_hash_[j] = old_hashes[i];
    used_.push_back(static_cast<std::uint32_t>(j));
  }
}

bool OutcomeGenerator::insert(const State& s, std::uint64_t h) {
  if (keys_.size() >= max_positions_) {
    truncated_ = true;
    return false;
  }
  if (keys_.size() % kInterruptPeriod == kInterruptPeriod - 1 && interrupt_ && interrupt_()) {
    truncated_ = interrupted_ = true;
    return false;
  }
  if ((keys_.size() + 1) * 2 > slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  std::size_t j = h & mask;
  while (slots_[j]) {
    if (slot_hash_[j] == h) {
      const Key& k = keys_[slots_[j] - 1];
      if (k.ball == s.ball && k.marked == s.marked) return false;
    }
    j = (j + 1) & mask;
  }
  keys_.push_back(Key{s.marked, s.ball});
  slots_[j] = static_cast<std::uint32_t>(keys_.size());
  slot_hash_[j] = h;
  used_.push_back(static_cast<std::uint32_t>(j));
  return true;
}

void OutcomeGenerator::dfs(State& cur, std::uint64_t h) {
  const int v = cur.ball;
  for (int d = 0; d < 8; ++d) {
    if (!edge_free(cur, v, d)) continue;
    const int e = kGeometry.edge[v][d];
    const State saved = cur;
    const bool again = step(cur, d);
    const std::uint64_t h2 = h ^ kEdgeKeys[e] ^ kBallKeys[v] ^ kBallKeys[cur.ball];
    if (insert(cur, h2)) {
      path_.push_back(cur.ball);
      if (again) {
        dfs(cur, h2);
      } else {
        Outcome o;
        for (int i = 0; i < kWords; ++i) o.added[i] = cur.marked[i] ^ root_.marked[i];
        o.end = cur.ball;
        out_->push_back(o);
        if (paths_) paths_->push_back(path_);
      }
      path_.pop_back();
    }
    cur = saved;
    if (truncated_) return;
  }
}

bool OutcomeGenerator::generate(const State& s, std::vector<Outcome>& out,
                                std::vector<std::vector<std::uint8_t>>* paths) {
  out.clear();
  if (paths) paths->clear();
  for (std::uint32_t j : used_) slots_[j] = 0;
  used_.clear();
  keys_.clear();
  truncated_ = interrupted_ = false;
  if (game_over(s)) return true;
  root_ = s;
  out_ = &out;
  paths_ = paths;
  path_.clear();
  State cur = s;
  cur.turn = 0;  // hashed without the side: every key of one call shares it
  dfs(cur, hash(cur));
  out_ = nullptr;
  paths_ = nullptr;
  // A cut-short list still offers at least one legal move: the first
  // depth-first descent always completes before the cap can be reached
  // (a move has at most kEdges steps).
  return !truncated_;
}

namespace {
bool find_path(State& cur, const State& target, std::vector<std::uint8_t>& path) {
  const int v = cur.ball;
  for (int d = 0; d < 8; ++d) {
    if (!edge_free(cur, v, d) || !test_edge(target.marked, kGeometry.edge[v][d])) continue;
    const State saved = cur;
    const bool again = step(cur, d);
    path.push_back(cur.ball);
    if (again ? find_path(cur, target, path) : (cur.ball == target.ball && cur.marked == target.marked))
      return true;
    path.pop_back();
    cur = saved;
  }
  return false;
}
}  // namespace

std::vector<std::uint8_t> path_of(const State& s, const Outcome& o) {
  std::vector<std::uint8_t> path;
  if (game_over(s)) return path;
  State target = apply(s, o);
  State cur = s;
  if (!find_path(cur, target, path)) path.clear();
  return path;
}

}  // namespace tabula::futlog
