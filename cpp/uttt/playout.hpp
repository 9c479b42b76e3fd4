#pragma once
// Uniformly random moves and games.
#include <cstdint>

#include "common/rng.hpp"
#include "uttt/state.hpp"

namespace tabula::uttt {

// A uniformly random legal move; the game must not be over.
Move random_move(const State& s, Rng& rng);

// Plays uniformly random moves until the game ends; returns the outcome.
Outcome random_playout(State s, Rng& rng);

// A move that wins the game at once for the side to move, if any (255
// when there is none). The game must not be over.
Move winning_move(const State& s);

// Playout policies, from the plainest:
enum class Policy : std::uint8_t {
  kRandom,  // uniformly random moves
  kWin,     // a move that wins the game at once when there is one, else random
  // as kWin, and a random move is redrawn (a few times at most) while it
  // lets the opponent win the game at once
  kWinAvoid,
};

// Plays the policy's moves until the game ends; returns the outcome.
Outcome policy_playout(State s, Rng& rng, Policy policy);

// The boards (mask) in which `player` could win the game with one move,
// were it sent there.
unsigned game_threats(const State& s, int player);

}  // namespace tabula::uttt
