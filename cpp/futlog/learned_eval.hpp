#pragma once
// The learned evaluation: a small network over the binary features of
// features.hpp, fitted by self-play (train/futlog/). One hidden layer of
// clipped ReLU units (min(max(x, 0), 1)) then one output, the log-odds of a
// win for the side to move; the evaluation is the expected result scaled
// to -1000..1000 (1000 * (2 p - 1)). The features are mirror- and
// colour-symmetric, so the evaluation is too.
//
// The weights are embedded at build time from eval_weights.inc (written by
// the trainer) and can also be loaded from a file of the same text format:
//   futlog-eval <version> <features> <hidden>
//   W1 (features x hidden, row per feature), b1 (hidden), W2 (hidden), b2
// A file whose format, version or sizes differ is refused.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "futlog/features.hpp"

namespace tabula::futlog {

inline constexpr int kEvalFormatVersion = 2;

class LearnedEval {
 public:
  // The embedded weights.
  LearnedEval();
  // Weights read from `path`; throws std::runtime_error on a bad file.
  static LearnedEval from_file(const std::string& path);
  // All parameters in file order (W1, b1, W2, b2).
  static LearnedEval from_parameters(int hidden, std::vector<float> parameters);

  int hidden() const { return hidden_; }
  const std::vector<float>& parameters() const { return p_; }

  float logit(const State& s) const {
    features::Active a;
    features::extract(s, a);
    return logit(a);
  }
  float logit(const features::Active& a) const {
    // The usual sizes get a loop of known length, which the compiler keeps
    // in vector registers: the sum over the active rows is most of the
    // evaluation's cost, and of a search's.
    switch (hidden_) {
      case 16:
        return logit_sized<16>(a);
      case 32:
        return logit_sized<32>(a);
      case 64:
        return logit_sized<64>(a);
      default:
        return logit_any(a);
    }
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

  // The text form read by from_file.
  std::string to_text() const;
  // A C++ initializer for eval_weights.inc.
  std::string to_include() const;

  static constexpr int kMaxHidden = 128;
  static std::size_t parameter_count(int hidden) {
    return static_cast<std::size_t>(features::kCount) * hidden + 2 * static_cast<std::size_t>(hidden) + 1;
  }

 private:
  template <int H>
  float logit_sized(const features::Active& a) const {
    // Sums held in 8-float vectors (GCC and Clang vector extension), so
    // that they stay in registers across the rows.
    static_assert(H % 8 == 0);
    using V8 = float __attribute__((vector_size(32)));
    constexpr int kV = H / 8;
    V8 acc[kV];
    const float* b1 = p_.data() + static_cast<std::size_t>(features::kCount) * H;
    for (int k = 0; k < kV; ++k) std::memcpy(&acc[k], b1 + 8 * k, sizeof(V8));
    for (int i = 0; i < a.count; ++i) {
      const float* row = p_.data() + static_cast<std::size_t>(a.index[i]) * H;
      for (int k = 0; k < kV; ++k) {
        V8 r;
        std::memcpy(&r, row + 8 * k, sizeof(V8));
        acc[k] += r;
      }
    }
    float sums[H];
    std::memcpy(sums, acc, sizeof sums);
    return output(sums, b1 + H, H);
  }
  float logit_any(const features::Active& a) const {
    float acc[kMaxHidden];
    const float* b1 = p_.data() + static_cast<std::size_t>(features::kCount) * hidden_;
    for (int j = 0; j < hidden_; ++j) acc[j] = b1[j];
    for (int i = 0; i < a.count; ++i) {
      const float* row = p_.data() + static_cast<std::size_t>(a.index[i]) * hidden_;
      for (int j = 0; j < hidden_; ++j) acc[j] += row[j];
    }
    return output(acc, b1 + hidden_, hidden_);
  }
  // The output unit over the clipped hidden sums; w2 is followed by b2.
  static float output(const float* acc, const float* w2, int hidden) {
    float z = w2[hidden];
    for (int j = 0; j < hidden; ++j) z += w2[j] * std::clamp(acc[j], 0.0f, 1.0f);
    return z;
  }

  int hidden_ = 0;
  std::vector<float> p_;
};

}  // namespace tabula::futlog
