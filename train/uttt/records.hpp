#pragma once
// Training positions as the self-play generator writes them and the fitter
// reads them: one fixed-size little-endian record per position.
#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "uttt/state.hpp"

namespace tabula::uttt::train {

struct Record {
  std::array<std::array<std::uint16_t, 9>, 2> cells{};
  std::int8_t forced = -1;
  std::uint8_t side = 0;
  std::uint8_t result = 1;  // the game's result for the side to move: 0 lost, 1 drawn, 2 won
  std::uint8_t pad = 0;
  float search_value = 0.5f;  // the search's expected result for the side to move
};
static_assert(sizeof(Record) == 44);

inline State to_state(const Record& r) {
  // from_parts rebuilds won and drawn boards; the side comes from the counts.
  auto s = from_parts(r.cells, r.forced);
  return s ? *s : initial_state();
}

inline bool append(std::FILE* f, const std::vector<Record>& records) {
  return std::fwrite(records.data(), sizeof(Record), records.size(), f) == records.size();
}

inline std::vector<Record> read_all(const char* path) {
  std::vector<Record> out;
  std::FILE* f = std::fopen(path, "rb");
  if (!f) return out;
  Record r;
  while (std::fread(&r, sizeof r, 1, f) == 1) out.push_back(r);
  std::fclose(f);
  return out;
}

}  // namespace tabula::uttt::train
