#pragma once
// Zobrist keys computed at compile time from a fixed seed, so hashes are the
// same in every build and every thread without any initialisation step.
#include <array>
#include <cstddef>
#include <cstdint>

#include "common/rng.hpp"

namespace tabula {

template <std::size_t N>
constexpr std::array<std::uint64_t, N> zobrist_keys(std::uint64_t seed) {
  std::array<std::uint64_t, N> keys{};
  for (auto& key : keys) key = splitmix64(seed);
  return keys;
}

}  // namespace tabula
