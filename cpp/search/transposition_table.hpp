#pragma once
// A fixed-size, single-owner transposition table: one search (or one
// engine object reused by one caller) owns it, so no locking is needed.
// The storage comes zeroed from calloc, so a fresh table costs only the
// pages a search actually touches.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

namespace tabula::search {

enum class Bound : std::uint8_t { kNone = 0, kExact, kLower, kUpper };

// All-zero bytes are an empty entry.
struct TTEntry {
  std::uint64_t key;
  std::int32_t score;
  std::int16_t depth;
  Bound bound;
  std::uint8_t generation;
  std::uint16_t move_index;  // index of the best move in the node's move list
};

class TranspositionTable {
 public:
  explicit TranspositionTable(unsigned log2_entries = 20) { resize(log2_entries); }

  void resize(unsigned log2_entries) {
    size_ = std::size_t{1} << log2_entries;
    entries_.reset(static_cast<TTEntry*>(std::calloc(size_, sizeof(TTEntry))));
    if (!entries_) throw std::bad_alloc();
    generation_ = 0;
  }
  void clear() { resize(log2_size()); }
  // A new search: older entries become cheaper to replace.
  void new_search() { ++generation_; }

  const TTEntry* probe(std::uint64_t key) const {
    const TTEntry& e = entries_[key & (size_ - 1)];
    return (e.bound != Bound::kNone && e.key == key) ? &e : nullptr;
  }

  void store(std::uint64_t key, int depth, int score, Bound bound, unsigned move_index) {
    TTEntry& e = entries_[key & (size_ - 1)];
    // Keep a deeper entry of the current search for another position.
    if (e.key != key && e.generation == generation_ && e.depth > depth) return;
    e = TTEntry{key,   score,       static_cast<std::int16_t>(depth),
                bound, generation_, static_cast<std::uint16_t>(move_index)};
  }

  std::size_t size() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(TTEntry); }

 private:
  unsigned log2_size() const {
    unsigned n = 0;
    while ((std::size_t{1} << n) < size_) ++n;
    return n;
  }
  struct Free {
    void operator()(TTEntry* p) const { std::free(p); }
  };
  std::unique_ptr<TTEntry[], Free> entries_;
  std::size_t size_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace tabula::search
