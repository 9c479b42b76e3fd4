#pragma once
// A 192-bit set: three 64-bit words. Cell (row, col) is bit row * 16 + col,
// so a 12 x 12 board fits with at least four empty padding columns per row;
// shifting a line by up to three steps never wraps onto the board.
#include <bit>
#include <cstdint>

namespace tabula::fourmation {

inline constexpr int kStride = 16;
inline constexpr int kMaxSize = 12;
inline constexpr int kMinSize = 3;
inline constexpr int kBits = 192;

struct Bits {
  std::uint64_t w[3]{};

  constexpr bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1u; }
  constexpr void set(int i) { w[i >> 6] |= std::uint64_t{1} << (i & 63); }
  constexpr void reset(int i) { w[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  constexpr bool any() const { return (w[0] | w[1] | w[2]) != 0; }
  constexpr bool none() const { return !any(); }
  constexpr int count() const { return std::popcount(w[0]) + std::popcount(w[1]) + std::popcount(w[2]); }
  // Index of the lowest set bit; the set must not be empty.
  constexpr int lowest() const {
    if (w[0]) return std::countr_zero(w[0]);
    if (w[1]) return 64 + std::countr_zero(w[1]);
    return 128 + std::countr_zero(w[2]);
  }
  constexpr void pop_lowest() {
    if (w[0])
      w[0] &= w[0] - 1;
    else if (w[1])
      w[1] &= w[1] - 1;
    else
      w[2] &= w[2] - 1;
  }
  static constexpr Bits single(int i) {
    Bits b;
    b.set(i);
    return b;
  }

  // Bit i of the result is bit i - k of this set (towards higher indices), 0 < k < 64.
  constexpr Bits up(int k) const {
    return Bits{{w[0] << k, (w[1] << k) | (w[0] >> (64 - k)), (w[2] << k) | (w[1] >> (64 - k))}};
  }
  // Bit i of the result is bit i + k of this set, 0 < k < 64.
  constexpr Bits down(int k) const {
    return Bits{{(w[0] >> k) | (w[1] << (64 - k)), (w[1] >> k) | (w[2] << (64 - k)), w[2] >> k}};
  }

  friend constexpr Bits operator&(Bits a, Bits b) {
    return Bits{{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2]}};
  }
  friend constexpr Bits operator|(Bits a, Bits b) {
    return Bits{{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2]}};
  }
  friend constexpr Bits operator^(Bits a, Bits b) {
    return Bits{{a.w[0] ^ b.w[0], a.w[1] ^ b.w[1], a.w[2] ^ b.w[2]}};
  }
  constexpr Bits operator~() const { return Bits{{~w[0], ~w[1], ~w[2]}}; }
  friend constexpr bool operator==(const Bits&, const Bits&) = default;
};

inline constexpr int cell_of(int row, int col) { return row * kStride + col; }
inline constexpr int row_of(int cell) { return cell / kStride; }
inline constexpr int col_of(int cell) { return cell % kStride; }

}  // namespace tabula::fourmation
