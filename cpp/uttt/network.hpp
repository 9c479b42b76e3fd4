#pragma once
// The learned value of a UTTT position: a small multilayer perceptron,
// trained here by self-play (train/uttt/), evaluated in plain C++.
//
// Inputs (kInputs binary features, seen from the side to move): its marks
// and the opponent's marks in the boards still open (81 each), the boards
// each has won and the drawn boards (9 each), and the board the move is
// forced into (9, or a tenth input for a free choice); then, per board and
// per player (side to move first), whether the player can win that board
// with one move and whether winning that board would win the game (9 each).
// One hidden layer of
// kHidden rectified units; the output, through a logistic function, is the
// expected result for the side to move (win 1, draw 0.5, loss 0).
//
// Weights: the network trained for this version of the engine is compiled
// in (value_weights.inc, written by train/uttt/fit and committed); others
// load from a file of the same format (magic "UTTTNET1", then format
// version, inputs and hidden units as 32-bit integers, then the weights as
// 32-bit floats: W1 row by input, b1, w2, b2), checked at load.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "uttt/state.hpp"

namespace tabula::uttt {

class Network {
 public:
  static constexpr std::uint32_t kFormatVersion = 2;
  static constexpr int kInputs = 235;
  static constexpr int kHidden = 128;
  static constexpr int kMaxFeatures = 81 + 9 + 1 + 36;

  // Feature offsets.
  static constexpr int kMine = 0, kTheirs = 81, kMyBoards = 162, kTheirBoards = 171, kDrawn = 180,
                       kForced = 189, kMyThreats = 199, kTheirThreats = 208, kMyKeys = 217, kTheirKeys = 226;

  // The network compiled into the engine.
  static const Network& embedded();
  // A network from a weights file; nothing when the file is missing or its
  // format, version or shape differ.
  static std::optional<Network> load(const std::string& path);
  bool save(const std::string& path) const;

  // Zero weights (a value of 0.5 everywhere).
  Network();

  // The active features of a position, for the side to move; returns how
  // many were written.
  static int features(const State& s, std::array<std::uint16_t, kMaxFeatures>& out);

  // The expected result for the side to move, in (0, 1).
  float evaluate(const State& s) const;
  float evaluate(const std::uint16_t* features, int count) const;

  // The parameters, for training: W1 is kInputs rows of kHidden.
  std::vector<float> w1, b1, w2;
  float b2 = 0.0f;
  // The training run that made these weights (informative).
  std::string origin;
};

// The eight symmetries of the square act on boards and cells alike:
// kSymmetry[k][i] is where position i goes under symmetry k.
extern const std::array<std::array<std::uint8_t, 9>, 8> kSymmetry;
// The position under symmetry k (the hash is recomputed).
State transformed(const State& s, int k);

}  // namespace tabula::uttt
