#pragma once
// The engine of a thread's plain calls (tabula_engine_move/3 without an
// engine handle): each thread keeps the tree of its last time-bounded
// search, so that a caller who asks for the moves of one game, one call
// after another, gets the strength of a handle without knowing of
// handles. States stay plain terms: the tree is only a cache, used when
// the position searched is the last root or one or two plies below it
// (the move played, then the reply), and dropped otherwise.
//
// Memory: one tree per thread, at most EngineOptions' max_tree_nodes
// (2^24 nodes of 32 bytes per search thread; a tenth of a second's search
// keeps about 0.5 M nodes, a second's about 5 M). It is given back when
// the thread ends, when the thread searches a position of another game,
// and at once by forget(); freed to the C library's allocator, which hands
// it to the system at its own pace (SWI-Prolog's trim_heap/0 at once). The
// copy that rerooting needs is freed after every search, so only the tree
// itself stays.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "uttt/engine.hpp"

namespace tabula::uttt {

class ThreadEngine {
 public:
  // A search of s on `threads` threads, from the kept tree when s follows it.
  static search::Result<Move> move(const State& s, const search::Limits& limits, int threads,
                                   const search::StopFn& stop = {}) {
    Slot& slot = current();
    if (!slot.engine || slot.threads != threads || !slot.engine->follows(s)) {
      slot.engine.reset();  // the old tree's memory goes before the new one grows
      EngineOptions options;
      options.threads = threads;
      slot.engine = std::make_unique<Engine>(options, true);
      slot.threads = threads;
    }
    search::Result<Move> r = slot.engine->move(s, limits, stop);
    if (r.aborted)
      slot.engine.reset();  // the call raises: its caller is not playing on
    else
      slot.engine->release_spare();
    return r;
  }

  // Frees this thread's tree.
  static void forget() { current().engine.reset(); }

  // Nodes this thread's tree holds (0: none kept).
  static std::size_t kept_nodes() {
    const Slot& slot = current();
    return slot.engine ? slot.engine->tree_nodes() : 0;
  }
  // Simulations the tree already held when this thread's last search began.
  static std::uint64_t reused_visits() {
    const Slot& slot = current();
    return slot.engine ? slot.engine->reused_visits() : 0;
  }

 private:
  struct Slot {
    std::unique_ptr<Engine> engine;
    int threads = 0;
  };
  static Slot& current() {
    thread_local Slot slot;
    return slot;
  }
};

}  // namespace tabula::uttt
