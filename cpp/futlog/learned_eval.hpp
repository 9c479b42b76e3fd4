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
  static constexpr int kMaxHidden = 128;

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
    return logit_rows(p_.data() + first_bias(), a.index.data(), a.count);
  }
  // Expected result for the side to move, -1000..1000.
  int evaluate(const State& s) const {
    int proven;
    return evaluate_proven(s, proven);
  }
  // The same, and a proof from the move distances (features::Summary):
  // proven = +1 when the side to move scores with this move, -1 when it
  // has lost whatever it plays, else 0; `summary`, when given, receives
  // the move distances to the goals and the proofs.
  int evaluate_proven(const State& s, int& proven, features::Summary* summary = nullptr) const {
    features::Active a;
    features::extract(s, a);
    proven = a.wins ? 1 : a.lost ? -1 : 0;
    if (summary) *summary = {a.attack_distance, a.defence_distance, a.lost, a.wins};
    return scaled(logit(a));
  }

  // The part of the evaluation that the children of one position share:
  // the rows of its history (visited cells, played edges) summed once, in
  // the children's frame. A child adds the rows of its own position and of
  // the few edges and cells its move marked: about half the rows, and no
  // pass over the edges played before.
  struct ChildBase {
    bool ready = false;
    int turn = 0;  // the children's side to move
    EdgeSet played{};
    std::array<VertexSet, 8> marked{};  // the parent's marked edges, by direction
    VertexSet touched = 0;
    alignas(32) std::array<float, kMaxHidden> acc{};
  };
  void prepare_children(const State& parent, ChildBase& base) const;
  // evaluate_proven for a position that extends base's parent (its played
  // edges and more, the children's side to move), to rounding; any other
  // position is evaluated from scratch.
  int evaluate_proven(const ChildBase& base, const State& s, int& proven,
                      features::Summary* summary = nullptr) const;

  static int scaled(float z) {
    return static_cast<int>(std::lround(1000.0 * std::tanh(0.5 * static_cast<double>(z))));
  }

  // The text form read by from_file.
  std::string to_text() const;
  // A C++ initializer for eval_weights.inc.
  std::string to_include() const;

  static std::size_t parameter_count(int hidden) {
    return static_cast<std::size_t>(features::kCount) * hidden + 2 * static_cast<std::size_t>(hidden) + 1;
  }

 private:
  std::size_t first_bias() const { return static_cast<std::size_t>(features::kCount) * hidden_; }
  // The logit of the hidden sums `start` plus the rows idx[0..n), minus
  // the row `minus` when it is not negative.
  float logit_rows(const float* start, const std::uint16_t* idx, int n, int minus = -1) const {
    // The usual sizes get a loop of known length, which the compiler keeps
    // in vector registers: the sum over the active rows is most of the
    // evaluation's cost, and of a search's.
    switch (hidden_) {
      case 16:
        return logit_sized<16>(start, idx, n, minus);
      case 32:
        return logit_sized<32>(start, idx, n, minus);
      case 64:
        return logit_sized<64>(start, idx, n, minus);
      default:
        return logit_any(start, idx, n, minus);
    }
  }
  template <int H>
  float logit_sized(const float* start, const std::uint16_t* idx, int n, int minus) const {
    // Sums held in 8-float vectors (GCC and Clang vector extension), so
    // that they stay in registers across the rows.
    static_assert(H % 8 == 0);
    using V8 = float __attribute__((vector_size(32)));
    constexpr int kV = H / 8;
    V8 acc[kV];
    for (int k = 0; k < kV; ++k) std::memcpy(&acc[k], start + 8 * k, sizeof(V8));
    for (int i = 0; i < n; ++i) {
      const float* row = p_.data() + static_cast<std::size_t>(idx[i]) * H;
      for (int k = 0; k < kV; ++k) {
        V8 r;
        std::memcpy(&r, row + 8 * k, sizeof(V8));
        acc[k] += r;
      }
    }
    if (minus >= 0) {
      const float* row = p_.data() + static_cast<std::size_t>(minus) * H;
      for (int k = 0; k < kV; ++k) {
        V8 r;
        std::memcpy(&r, row + 8 * k, sizeof(V8));
        acc[k] -= r;
      }
    }
    float sums[H];
    std::memcpy(sums, acc, sizeof sums);
    return output(sums, p_.data() + first_bias() + H, H);
  }
  float logit_any(const float* start, const std::uint16_t* idx, int n, int minus) const {
    float acc[kMaxHidden];
    for (int j = 0; j < hidden_; ++j) acc[j] = start[j];
    for (int i = 0; i < n; ++i) {
      const float* row = p_.data() + static_cast<std::size_t>(idx[i]) * hidden_;
      for (int j = 0; j < hidden_; ++j) acc[j] += row[j];
    }
    if (minus >= 0)
      for (int j = 0; j < hidden_; ++j) acc[j] -= p_[static_cast<std::size_t>(minus) * hidden_ + j];
    return output(acc, p_.data() + first_bias() + hidden_, hidden_);
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

inline void LearnedEval::prepare_children(const State& parent, ChildBase& base) const {
  base.ready = true;
  base.turn = 1 - parent.turn;
  base.played = played_edges(parent);
  base.marked = kDirections.premarked;
  mark_edges(base.played, base.marked);
  FreeEdges edges;
  free_edges_of_marked(base.marked, edges);
  base.touched = edges.touched;
  // Every visited cell counts here, the ball's too: the child's ball is
  // taken out again if it was visited before its move.
  const auto& cells = features::kCellOf.of[base.turn];
  const float* b1 = p_.data() + first_bias();
  std::copy(b1, b1 + hidden_, base.acc.begin());
  auto add_row = [&](int i) {
    const float* row = p_.data() + static_cast<std::size_t>(i) * hidden_;
    for (int j = 0; j < hidden_; ++j) base.acc[j] += row[j];
  };
  for_each_vertex(base.touched, [&](int v) { add_row(features::kVisitedBase + cells[v]); });
  for_each_edge(base.played, [&](int e) { add_row(features::edge_feature(e, base.turn)); });
}

inline int LearnedEval::evaluate_proven(const ChildBase& base, const State& s, int& proven,
                                        features::Summary* summary) const {
  const EdgeSet played = played_edges(s);
  EdgeSet added;
  bool extends = base.ready && s.turn == base.turn;
  for (int i = 0; i < kWords; ++i) {
    extends &= (played[i] & base.played[i]) == base.played[i];
    added[i] = played[i] & ~base.played[i];
  }
  if (!extends) return evaluate_proven(s, proven, summary);
  std::array<VertexSet, 8> marked = base.marked;
  mark_edges(added, marked);
  FreeEdges edges;
  free_edges_of_marked(marked, edges);
  features::Active a;
  features::Summary sum;
  int count = features::position_features(s, edges, a.index.data(), sum);
  auto add = [&](int i) { a.index[count++] = static_cast<std::uint16_t>(i); };
  const auto& cells = features::kCellOf.of[s.turn];
  const VertexSet ball = vertex_bit(s.ball);
  for_each_vertex(edges.touched & ~base.touched & ~ball,
                  [&](int v) { add(features::kVisitedBase + cells[v]); });
  for_each_edge(added, [&](int e) { add(features::edge_feature(e, s.turn)); });
  const int minus = (base.touched & ball) ? features::kVisitedBase + cells[s.ball] : -1;
  proven = sum.wins ? 1 : sum.lost ? -1 : 0;
  if (summary) *summary = sum;
  return scaled(logit_rows(base.acc.data(), a.index.data(), count, minus));
}

}  // namespace tabula::futlog
