#pragma once
// The engine's search: the shared ID alpha-beta with this game's traits,
// then, when it finds no forced win, a choice among the near-best moves that
// plays for the opponent's mistakes (mistakes.hpp).
#include <chrono>
#include <cstdint>
#include <functional>

#include "fourmation/state.hpp"
#include "search/transposition_table.hpp"

namespace tabula::fourmation {

struct SearchOptions {
  std::chrono::milliseconds budget{1000};  // <= 0: no time limit
  int max_depth = 0;                       // 0: up to the end of the game
  std::uint64_t max_nodes = 0;             // 0: no limit; with seek_mistakes it bounds the minimax
                                           // search, and the mistake-seeking searches are sized from it
  // Choose among near-best moves by the opponent's chances to go wrong.
  // Off, the search is plain minimax (as for solving a position).
  bool seek_mistakes = true;
};

struct SearchOutcome {
  bool has_move = false;
  int move = kNoCell;
  // score, depth, solved and verdict describe the minimax search, whose
  // move mistake seeking may have replaced.
  int score = 0;            // for the side to move; |score| near search::kWin is a forced result
  int depth = 0;            // deepest completed iteration of the main search
  std::uint64_t nodes = 0;  // every node searched, the mistake-seeking searches included
  double seconds = 0;
  bool aborted = false;          // the stop callback ended the search
  bool solved = false;           // the score is the game-theoretic value
  int verdict = 0;               // when solved: +1 win, 0 draw, -1 loss for the side to move
  bool mistake_seeking = false;  // `move` was chosen for the opponent's chances to go wrong
};

// Best move for the side to move. `stop` is polled now and then; returning
// true ends the search (the best move so far is kept).
SearchOutcome search(const State& s, const SearchOptions& options, search::TranspositionTable& tt,
                     const std::function<bool()>& stop = {});

// The minimax search alone, with draws scored as bad for
// `contempt_side` (whichever side is to move): a search on behalf of that
// side. Ignores options.seek_mistakes.
SearchOutcome minimax_search(const State& s, const SearchOptions& options, search::TranspositionTable& tt,
                             const std::function<bool()>& stop, int contempt_side);

}  // namespace tabula::fourmation
