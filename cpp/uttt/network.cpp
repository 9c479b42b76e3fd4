#include "uttt/network.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace tabula::uttt {

namespace {

#include "uttt/value_weights.inc"

static_assert(kValueWeightsFormat == Network::kFormatVersion, "value_weights.inc: another format version");
static_assert(kValueWeightsInputs == Network::kInputs && kValueWeightsHidden == Network::kHidden,
              "value_weights.inc: another network shape");

constexpr std::size_t kParameters =
    std::size_t{Network::kInputs} * Network::kHidden + Network::kHidden + Network::kHidden + 1;
constexpr char kMagic[8] = {'U', 'T', 'T', 'T', 'N', 'E', 'T', '1'};

// Symmetries of a 3x3 square as maps of (row, column).
constexpr std::array<std::array<std::uint8_t, 9>, 8> make_symmetries() {
  std::array<std::array<std::uint8_t, 9>, 8> t{};
  for (int k = 0; k < 8; ++k)
    for (int i = 0; i < 9; ++i) {
      int r = i / 3, c = i % 3;
      if (k & 1) {  // transpose
        const int x = r;
        r = c;
        c = x;
      }
      if (k & 2) r = 2 - r;  // mirror rows
      if (k & 4) c = 2 - c;  // mirror columns
      t[k][i] = static_cast<std::uint8_t>(r * 3 + c);
    }
  return t;
}

unsigned map_mask(unsigned m, const std::array<std::uint8_t, 9>& sym) {
  unsigned out = 0;
  for (; m; m &= m - 1) out |= 1u << sym[__builtin_ctz(m)];
  return out;
}

}  // namespace

const std::array<std::array<std::uint8_t, 9>, 8> kSymmetry = make_symmetries();

State transformed(const State& s, int k) {
  const auto& sym = kSymmetry[k];
  State t = s;
  for (int p = 0; p < 2; ++p) {
    for (int b = 0; b < 9; ++b) t.cells[p][sym[b]] = static_cast<std::uint16_t>(map_mask(s.cells[p][b], sym));
    t.won[p] = static_cast<std::uint16_t>(map_mask(s.won[p], sym));
  }
  t.drawn = static_cast<std::uint16_t>(map_mask(s.drawn, sym));
  t.forced = s.forced < 0 ? s.forced : static_cast<std::int8_t>(sym[s.forced]);
  t.hash = compute_hash(t);
  return t;
}

Network::Network() : w1(std::size_t{kInputs} * kHidden, 0.0f), b1(kHidden, 0.0f), w2(kHidden, 0.0f) {}

const Network& Network::embedded() {
  static const Network net = [] {
    Network n;
    const float* p = kValueWeights;
    std::memcpy(n.w1.data(), p, n.w1.size() * sizeof(float));
    p += n.w1.size();
    std::memcpy(n.b1.data(), p, n.b1.size() * sizeof(float));
    p += n.b1.size();
    std::memcpy(n.w2.data(), p, n.w2.size() * sizeof(float));
    p += n.w2.size();
    n.b2 = *p;
    n.origin = kValueWeightsOrigin;
    return n;
  }();
  return net;
}

std::optional<Network> Network::load(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) return std::nullopt;
  char magic[8];
  std::uint32_t header[3];
  if (std::fread(magic, 1, 8, f.get()) != 8 || std::memcmp(magic, kMagic, 8) != 0) return std::nullopt;
  if (std::fread(header, sizeof header[0], 3, f.get()) != 3) return std::nullopt;
  if (header[0] != kFormatVersion || header[1] != kInputs || header[2] != kHidden) return std::nullopt;
  std::vector<float> all(kParameters);
  if (std::fread(all.data(), sizeof(float), all.size(), f.get()) != all.size()) return std::nullopt;
  Network n;
  auto it = all.begin();
  std::copy(it, it + static_cast<long>(n.w1.size()), n.w1.begin());
  it += static_cast<long>(n.w1.size());
  std::copy(it, it + kHidden, n.b1.begin());
  it += kHidden;
  std::copy(it, it + kHidden, n.w2.begin());
  it += kHidden;
  n.b2 = *it;
  n.origin = path;
  return n;
}

bool Network::save(const std::string& path) const {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
  if (!f) return false;
  const std::uint32_t header[3] = {kFormatVersion, kInputs, kHidden};
  bool ok = std::fwrite(kMagic, 1, 8, f.get()) == 8 && std::fwrite(header, sizeof header[0], 3, f.get()) == 3;
  ok = ok && std::fwrite(w1.data(), sizeof(float), w1.size(), f.get()) == w1.size();
  ok = ok && std::fwrite(b1.data(), sizeof(float), b1.size(), f.get()) == b1.size();
  ok = ok && std::fwrite(w2.data(), sizeof(float), w2.size(), f.get()) == w2.size();
  ok = ok && std::fwrite(&b2, sizeof(float), 1, f.get()) == 1;
  return ok;
}

int Network::features(const State& s, std::array<std::uint16_t, kMaxFeatures>& out) {
  const int me = s.side, them = me ^ 1;
  int n = 0;
  const unsigned finished = s.finished();
  for (unsigned open = ~finished & kFull; open; open &= open - 1) {
    const int b = __builtin_ctz(open);
    for (unsigned m = s.cells[me][b]; m; m &= m - 1)
      out[n++] = static_cast<std::uint16_t>(kMine + b * 9 + __builtin_ctz(m));
    for (unsigned m = s.cells[them][b]; m; m &= m - 1)
      out[n++] = static_cast<std::uint16_t>(kTheirs + b * 9 + __builtin_ctz(m));
  }
  for (unsigned m = s.won[me]; m; m &= m - 1)
    out[n++] = static_cast<std::uint16_t>(kMyBoards + __builtin_ctz(m));
  for (unsigned m = s.won[them]; m; m &= m - 1)
    out[n++] = static_cast<std::uint16_t>(kTheirBoards + __builtin_ctz(m));
  for (unsigned m = s.drawn; m; m &= m - 1) out[n++] = static_cast<std::uint16_t>(kDrawn + __builtin_ctz(m));
  out[n++] = static_cast<std::uint16_t>(kForced + (s.forced < 0 ? 9 : s.forced));
  const unsigned open = ~finished & kFull;
  for (int k = 0; k < 2; ++k) {
    const int p = k == 0 ? me : them;
    unsigned threats = 0;
    for (unsigned b = open; b; b &= b - 1) {
      const int i = __builtin_ctz(b);
      if (kWinningCells[s.cells[p][i]] & s.free_cells(i)) threats |= 1u << i;
    }
    for (unsigned m = threats; m; m &= m - 1)
      out[n++] = static_cast<std::uint16_t>((k == 0 ? kMyThreats : kTheirThreats) + __builtin_ctz(m));
    for (unsigned m = kWinningCells[s.won[p]] & open; m; m &= m - 1)
      out[n++] = static_cast<std::uint16_t>((k == 0 ? kMyKeys : kTheirKeys) + __builtin_ctz(m));
  }
  return n;
}

float Network::evaluate(const std::uint16_t* features, int count) const {
  const float* w = w1.data();
#if defined(__AVX2__) && defined(__FMA__)
  static_assert(kHidden % 64 == 0);
  __m256 total = _mm256_setzero_ps();
  // 64 hidden units at a time, kept in eight registers.
  for (int base = 0; base < kHidden; base += 64) {
    __m256 acc[8];
    for (int k = 0; k < 8; ++k) acc[k] = _mm256_loadu_ps(b1.data() + base + 8 * k);
    for (int i = 0; i < count; ++i) {
      const float* row = w + std::size_t{features[i]} * kHidden + base;
      for (int k = 0; k < 8; ++k) acc[k] = _mm256_add_ps(acc[k], _mm256_loadu_ps(row + 8 * k));
    }
    const __m256 zero = _mm256_setzero_ps();
    for (int k = 0; k < 8; ++k)
      total = _mm256_fmadd_ps(_mm256_max_ps(acc[k], zero), _mm256_loadu_ps(w2.data() + base + 8 * k), total);
  }
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, total);
  float sum = b2;
  for (float v : lanes) sum += v;
#else
  alignas(32) float h[kHidden];
  std::memcpy(h, b1.data(), sizeof h);
  for (int i = 0; i < count; ++i) {
    const float* row = w + std::size_t{features[i]} * kHidden;
    for (int j = 0; j < kHidden; ++j) h[j] += row[j];
  }
  float sum = b2;
  for (int j = 0; j < kHidden; ++j) sum += w2[j] * (h[j] > 0.0f ? h[j] : 0.0f);
#endif
  return 1.0f / (1.0f + std::exp(-sum));
}

float Network::evaluate(const State& s) const {
  std::array<std::uint16_t, kMaxFeatures> f;
  const int n = features(s, f);
  return evaluate(f.data(), n);
}

}  // namespace tabula::uttt
