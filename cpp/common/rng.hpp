#pragma once
// Small, fast, seedable generators. Each search or playout owns its own
// generator, so nothing here is shared between threads.
#include <cstdint>

namespace tabula {

// SplitMix64: used to seed other generators and to fill Zobrist tables.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// xoshiro256**: the playout generator.
class Rng {
 public:
  explicit constexpr Rng(std::uint64_t seed = 0x7AB01Au) {
    for (auto& word : s_) word = splitmix64(seed);
  }
  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n) for n >= 1 (Lemire's multiply-shift; the tiny bias
  // for n far below 2^32 is irrelevant for playouts).
  constexpr std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

}  // namespace tabula
