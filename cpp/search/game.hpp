#pragma once
// What a game must offer the shared searches. A game is an object (its
// parameters and caches are members, so every search owns its own and no
// core needs thread-local state):
//
//   struct MyGame {
//     using State = ...; using Move = ...;
//     void moves(const State&, std::vector<Move>&);  // the legal moves
//     State apply(const State&, const Move&);
//     int side(const State&);                        // player to move, 0 or 1
//     bool terminal(const State&, int& score);       // over? score for the side to
//                                                    // move: >0 won, <0 lost, 0 drawn
//     int evaluate(const State&);                    // heuristic for the side to move,
//                                                    // well inside +-kDecisive
//     std::uint64_t hash(const State&);              // may be symmetry-canonical
//   };
//
// A position that is not terminal but has no move is valued by evaluate().
// A child whose side to move is the parent's (a skipped turn) is searched
// without negation.
//
// Optional hooks, used when present:
//   void order(const State&, std::vector<Move>&);
//       sorts moves best guess first for the searches (perft skips it)
//   static constexpr int kMoveKeys; int move_key(const Move&);
//       history heuristic for move ordering (keys in 0..kMoveKeys-1)
//   int horizon(const State&, int ply);
//       value at depth 0 instead of evaluate(), e.g. to look for an
//       immediate win (a quiescence step)
//   int reduction(std::size_t move_index, int depth);
//       late-move reduction in plies for the move_index-th move (0: none)
//   static constexpr int kLeafCounterDepth; std::uint64_t count_leaves(const State&, int depth);
//       perft of depth <= kLeafCounterDepth, faster than playing it out
//       (finished games included: it applies perft's finished-game rule)
//   int draw_score(const State&);
//       value of a drawn terminal position for its side to move (contempt),
//       instead of 0
//   void watch(Budget* budget);
//       the searches give the game their running budget when a search starts
//       (nullptr when it ends), for a game whose single node can cost long:
//       calling budget->check() inside that work lets the limits and the
//       stop callback end the search there (whatever the node then returns
//       is discarded, as after any stop)
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tabula::search {

template <class G>
concept Game = requires(G& g, const typename G::State& s, const typename G::Move& m,
                        std::vector<typename G::Move>& out, int& score) {
  g.moves(s, out);
  { g.apply(s, m) } -> std::same_as<typename G::State>;
  { g.side(s) } -> std::convertible_to<int>;
  { g.terminal(s, score) } -> std::same_as<bool>;
};

template <class G>
concept EvaluatedGame = Game<G> && requires(G& g, const typename G::State& s) {
  { g.evaluate(s) } -> std::convertible_to<int>;
  { g.hash(s) } -> std::convertible_to<std::uint64_t>;
};

template <class G>
concept HasOrdering = requires(G& g, const typename G::State& s, std::vector<typename G::Move>& moves) {
  g.order(s, moves);
};

template <class G>
concept HasMoveKeys = requires(G& g, const typename G::Move& m) {
  { G::kMoveKeys } -> std::convertible_to<int>;
  { g.move_key(m) } -> std::convertible_to<int>;
};

template <class G>
concept HasHorizon = requires(G& g, const typename G::State& s, int ply) {
  { g.horizon(s, ply) } -> std::convertible_to<int>;
};

template <class G>
concept HasReductions = requires(G& g, std::size_t index, int depth) {
  { g.reduction(index, depth) } -> std::convertible_to<int>;
};

template <class G>
concept HasLeafCounter = requires(G& g, const typename G::State& s, int depth) {
  { G::kLeafCounterDepth } -> std::convertible_to<int>;
  { g.count_leaves(s, depth) } -> std::convertible_to<std::uint64_t>;
};

class Budget;

template <class G>
concept WatchesBudget = requires(G& g, Budget* budget) {
  g.watch(budget);
};

// Lends a search's budget to a game that watches it, for the search's life.
template <class G>
class BudgetWatch {
 public:
  BudgetWatch(G& game, Budget& budget) : game_(game) {
    if constexpr (WatchesBudget<G>) game_.watch(&budget);
  }
  ~BudgetWatch() {
    if constexpr (WatchesBudget<G>) game_.watch(nullptr);
  }
  BudgetWatch(const BudgetWatch&) = delete;
  BudgetWatch& operator=(const BudgetWatch&) = delete;

 private:
  G& game_;
};

template <class G>
concept HasDrawScore = requires(G& g, const typename G::State& s) {
  { g.draw_score(s) } -> std::convertible_to<int>;
};

}  // namespace tabula::search
