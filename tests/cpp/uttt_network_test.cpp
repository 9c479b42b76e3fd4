// The value network: the compiled-in weights, the file format, the
// symmetries and its evaluation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <set>

#include "uttt/network.hpp"
#include "uttt/playout.hpp"

namespace tabula::uttt {
namespace {

std::vector<State> positions(int n, std::uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  while (static_cast<int>(out.size()) < n) {
    State s = initial_state();
    const int plies = static_cast<int>(rng.below(60));
    for (int i = 0; i < plies && !s.over(); ++i) apply(s, random_move(s, rng));
    if (!s.over()) out.push_back(s);
  }
  return out;
}

TEST(UtttNetwork, TheCompiledInWeightsLoadAndEvaluate) {
  const Network& net = Network::embedded();
  EXPECT_FALSE(net.origin.empty());
  for (const State& s : positions(50, 1)) {
    const float v = net.evaluate(s);
    EXPECT_GT(v, 0.0f);
    EXPECT_LT(v, 1.0f);
    EXPECT_EQ(v, net.evaluate(s)) << "deterministic";
  }
}

TEST(UtttNetwork, FeaturesAreDistinctAndInRange) {
  std::array<std::uint16_t, Network::kMaxFeatures> f;
  for (const State& s : positions(100, 2)) {
    const int n = Network::features(s, f);
    std::set<int> seen(f.begin(), f.begin() + n);
    EXPECT_EQ(static_cast<int>(seen.size()), n);
    for (int i = 0; i < n; ++i) EXPECT_LT(f[i], Network::kInputs);
  }
}

TEST(UtttNetwork, SymmetriesPreserveTheRules) {
  for (const State& s : positions(30, 3))
    for (int k = 0; k < 8; ++k) {
      const State t = transformed(s, k);
      EXPECT_EQ(t.side, s.side);
      EXPECT_EQ(t.outcome, s.outcome);
      EXPECT_EQ(count_moves(t), count_moves(s));
      EXPECT_EQ(__builtin_popcount(t.won[0]), __builtin_popcount(s.won[0]));
      MoveList moves;
      generate_moves(s, moves);
      for (Move m : moves) {
        const Move tm = make_move(kSymmetry[k][board_of(m)], kSymmetry[k][cell_of(m)]);
        EXPECT_TRUE(is_legal(t, tm));
        EXPECT_EQ(applied(t, tm), transformed(applied(s, m), k));
      }
    }
  EXPECT_EQ(transformed(initial_state(), 5), initial_state());
}

TEST(UtttNetwork, TheTrainedValueIsNearlySymmetric) {
  // Trained on every symmetry of its positions: the eight images of a
  // position get close values.
  const Network& net = Network::embedded();
  double spread = 0;
  int n = 0;
  for (const State& s : positions(100, 4)) {
    float lo = 1, hi = 0;
    for (int k = 0; k < 8; ++k) {
      const float v = net.evaluate(transformed(s, k));
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    spread += hi - lo;
    ++n;
  }
  EXPECT_LT(spread / n, 0.15);
}

TEST(UtttNetwork, SavesAndLoadsItsFileFormat) {
  const std::string path = ::testing::TempDir() + "uttt_network_test.bin";
  ASSERT_TRUE(Network::embedded().save(path));
  const auto loaded = Network::load(path);
  ASSERT_TRUE(loaded);
  for (const State& s : positions(20, 5)) EXPECT_EQ(loaded->evaluate(s), Network::embedded().evaluate(s));
  // Another version number is refused.
  std::FILE* f = std::fopen(path.c_str(), "r+b");
  ASSERT_TRUE(f);
  std::fseek(f, 8, SEEK_SET);
  const std::uint32_t version = 99;
  std::fwrite(&version, sizeof version, 1, f);
  std::fclose(f);
  EXPECT_FALSE(Network::load(path));
  EXPECT_FALSE(Network::load(path + ".missing"));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace tabula::uttt
