#pragma once
// What every C++ suite shares: the build's sanitizer setting (to scale
// work, never to bound time) and a random legal game walk over any game
// meeting search::Game.
#include <time.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "common/rng.hpp"
#include "search/game.hpp"

namespace tabula::testing {

// True in the ASan/UBSan build (CTest sets TABULA_SANITIZED for every test).
inline bool sanitized() {
  const char* v = std::getenv("TABULA_SANITIZED");
  return v != nullptr && std::strcmp(v, "0") != 0;
}

// Work scaled for the build: `full` in release, `reduced` under sanitizers.
inline int scaled(int full, int reduced) { return sanitized() ? reduced : full; }

// CPU time used by the calling thread. Budget tests bound this rather
// than wall time: a search that honours its wall-clock deadline cannot
// use more CPU than that, however busy the machine is.
inline std::chrono::duration<double> thread_cpu_time() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return std::chrono::duration<double>(static_cast<double>(ts.tv_sec) +
                                       1e-9 * static_cast<double>(ts.tv_nsec));
}

// Plays uniformly random legal moves from `s` until the game is over (or
// `max_plies`), calling visit(state, moves) at every position reached,
// the final one included (with no moves). Returns the final state.
template <search::Game G, class Visit>
typename G::State random_walk(G& game, typename G::State s, Rng& rng, Visit visit, int max_plies = 100000) {
  std::vector<typename G::Move> moves;
  for (int ply = 0;; ++ply) {
    moves.clear();
    int score;
    const bool over = game.terminal(s, score);
    if (!over) game.moves(s, moves);
    visit(s, moves);
    if (over || moves.empty() || ply >= max_plies) return s;
    s = game.apply(s, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
  }
}

}  // namespace tabula::testing
