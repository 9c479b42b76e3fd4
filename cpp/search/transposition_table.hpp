#pragma once
// A fixed-size, single-owner transposition table: one search (or one
// engine object reused by one caller) owns it, so no locking is needed.
// The storage is mapped from the system for the table alone and unmapped
// with it: it comes zeroed, a fresh table costs only the pages a search
// touches, and all of them go back when it ends. (From malloc, a large
// block freed once raises glibc's mmap threshold; later tables then come
// from the thread's heap arena, zeroed page by page, and stay resident
// for as long as the thread lives: 24 MiB for every thread that ever ran
// a 4Mation search.)
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
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
  ~TranspositionTable() { release(); }
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  void resize(unsigned log2_entries) {
    release();
    const std::size_t size = std::size_t{1} << log2_entries;
    void* p =
        mmap(nullptr, size * sizeof(TTEntry), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    entries_ = static_cast<TTEntry*>(p);
    size_ = size;
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
  void release() {
    if (entries_) munmap(entries_, bytes());
    entries_ = nullptr;
    size_ = 0;
  }
  TTEntry* entries_ = nullptr;
  std::size_t size_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace tabula::search
