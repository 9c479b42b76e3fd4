#pragma once
// The learned evaluation: a logistic model over the binary features of
// features.hpp, fitted by self-play (train/futlog/). Its output, for the
// side to move, is the expected result scaled to -1000..1000
// (1000 * (2 p - 1), p the predicted chance of winning).
//
// The weights are embedded at build time from eval_weights.inc (written by
// the trainer) and can also be loaded from a file of the same text format:
//   futlog-eval <version> <feature count>
//   <weight> ... (feature count of them)
// A file whose format, version or count differs is refused.
#include <cmath>
#include <string>
#include <vector>

#include "futlog/features.hpp"

namespace tabula::futlog {

inline constexpr int kEvalFormatVersion = 1;

class LearnedEval {
 public:
  // The embedded weights.
  LearnedEval();
  // Weights read from `path`; throws std::runtime_error on a bad file.
  static LearnedEval from_file(const std::string& path);
  static LearnedEval from_weights(std::vector<float> w);

  // The linear score (log-odds of a win for the side to move).
  float logit(const State& s) const {
    features::Active a;
    features::extract(s, a);
    return logit(a);
  }
  float logit(const features::Active& a) const {
    float z = 0;
    for (int i = 0; i < a.count; ++i) z += w_[a.index[i]];
    return z;
  }
  // Expected result for the side to move, -1000..1000.
  int evaluate(const State& s) const {
    int proven;
    return evaluate_proven(s, proven);
  }
  // The same, and proven = -1 when the side to move has lost whatever it
  // plays (features::Active::lost), else 0.
  int evaluate_proven(const State& s, int& proven) const {
    features::Active a;
    features::extract(s, a);
    proven = a.lost ? -1 : 0;
    return scaled(logit(a));
  }
  static int scaled(float z) {
    return static_cast<int>(std::lround(1000.0 * std::tanh(0.5 * static_cast<double>(z))));
  }
  const std::vector<float>& weights() const { return w_; }
  // The text form read by from_file.
  std::string to_text() const;
  // A C++ initializer for eval_weights.inc.
  std::string to_include() const;

 private:
  std::vector<float> w_;
};

}  // namespace tabula::futlog
