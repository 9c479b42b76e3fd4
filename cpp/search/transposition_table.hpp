#pragma once
// A fixed-size, single-owner transposition table. Each search owns one (or a
// thread_local one is reused), so no locking is needed.
#include <cstdint>
#include <vector>

namespace tabula::search {

enum class Bound : std::uint8_t { kNone = 0, kExact, kLower, kUpper };

struct TTEntry {
  std::uint64_t key = 0;
  std::int32_t score = 0;
  std::int16_t depth = -1;
  Bound bound = Bound::kNone;
  std::uint8_t generation = 0;
  std::uint16_t move_index = 0;  // index of the best move in the node's move list
};

class TranspositionTable {
 public:
  explicit TranspositionTable(unsigned log2_entries = 20) { resize(log2_entries); }

  void resize(unsigned log2_entries) {
    entries_.assign(std::size_t{1} << log2_entries, TTEntry{});
    mask_ = entries_.size() - 1;
    generation_ = 0;
  }
  void clear() { entries_.assign(entries_.size(), TTEntry{}); }
  // A new search: older entries become cheaper to replace.
  void new_search() { ++generation_; }

  const TTEntry* probe(std::uint64_t key) const {
    const TTEntry& e = entries_[key & mask_];
    return (e.bound != Bound::kNone && e.key == key) ? &e : nullptr;
  }

  void store(std::uint64_t key, int depth, int score, Bound bound, unsigned move_index) {
    TTEntry& e = entries_[key & mask_];
    // Keep a deeper entry of the current search for another position.
    if (e.key != key && e.generation == generation_ && e.depth > depth) return;
    e = TTEntry{key,   score,       static_cast<std::int16_t>(depth),
                bound, generation_, static_cast<std::uint16_t>(move_index)};
  }

  std::size_t size() const { return entries_.size(); }

 private:
  std::vector<TTEntry> entries_;
  std::size_t mask_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace tabula::search
