#pragma once
#include <array>
#include <cstdint>

#include "common/zobrist.hpp"

namespace tabula::uttt {

// [0, 162): a mark of player p on move m at p * 81 + m; [162, 172): the
// forced board + 1; 172: `0` to move.
inline constexpr auto kKeys = zobrist_keys<173>(0x0077177700ull);
inline constexpr int kForcedKeyBase = 162;
inline constexpr int kSideKey = 172;

}  // namespace tabula::uttt
