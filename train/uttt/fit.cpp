// Fits the UTTT value network (cpp/uttt/network.hpp) to self-play
// positions (records.hpp) and exports its weights.
//
//   uttt_fit --out-bin FILE [--out-inc FILE] [--epochs E] [--lr X]
//            [--lambda L] [--seed S] [--init FILE|compiled] DATA...
//
// The target of a position is lambda * game result + (1 - lambda) * search
// value, both for the side to move (default lambda 0.5); the loss is the
// cross-entropy of the network's output against it. Every sample is seen
// under a random one of the eight symmetries each epoch. Adam, minibatches
// of 256, learning rate decayed linearly to a tenth; 5% of the positions
// (whole games are not kept apart) are held out and reported.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "common/rng.hpp"
#include "network_arg.hpp"
#include "records.hpp"
#include "uttt/network.hpp"

using namespace tabula;
using namespace tabula::uttt;

namespace {

constexpr int kH = Network::kHidden;
constexpr int kI = Network::kInputs;

struct Sample {
  State state;
  float target;
  float result;
};

struct Adam {
  std::vector<float> m, v;
  explicit Adam(std::size_t n) : m(n, 0.0f), v(n, 0.0f) {}
  void step(float* w, const float* g, std::size_t n, float lr, int t) {
    const float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
    const float c1 = 1.0f - std::pow(b1, static_cast<float>(t)),
                c2 = 1.0f - std::pow(b2, static_cast<float>(t));
    for (std::size_t i = 0; i < n; ++i) {
      m[i] = b1 * m[i] + (1 - b1) * g[i];
      v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
      w[i] -= lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + eps);
    }
  }
};

float bce(float p, float t) {
  p = std::clamp(p, 1e-6f, 1 - 1e-6f);
  return -(t * std::log(p) + (1 - t) * std::log(1 - p));
}

void write_inc(const Network& n, const std::string& path, const std::string& origin) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return;
  std::fprintf(f, "// The value network compiled into the engine (format: network.hpp),\n");
  std::fprintf(f, "// written by train/uttt/fit. %s\n", origin.c_str());
  std::fprintf(f, "// clang-format off\n");
  std::fprintf(f, "inline constexpr std::uint32_t kValueWeightsFormat = %u;\n", Network::kFormatVersion);
  std::fprintf(f, "inline constexpr int kValueWeightsInputs = %d;\n", kI);
  std::fprintf(f, "inline constexpr int kValueWeightsHidden = %d;\n", kH);
  std::fprintf(f, "inline constexpr const char* kValueWeightsOrigin = \"%s\";\n", origin.c_str());
  std::vector<float> all(n.w1);
  all.insert(all.end(), n.b1.begin(), n.b1.end());
  all.insert(all.end(), n.w2.begin(), n.w2.end());
  all.push_back(n.b2);
  std::fprintf(f, "inline constexpr float kValueWeights[%zu] = {\n", all.size());
  for (std::size_t i = 0; i < all.size(); ++i)
    std::fprintf(f, "%.9g,%s", static_cast<double>(all[i]), (i % 8 == 7 || i + 1 == all.size()) ? "\n" : " ");
  std::fprintf(f, "};\n// clang-format on\n");
  std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
  std::string out_bin, out_inc, init;
  int epochs = 10;
  float lr0 = 2e-3f, lambda = 0.5f;
  std::uint64_t seed = 7;
  std::vector<std::string> data;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--out-bin")
      out_bin = next();
    else if (a == "--out-inc")
      out_inc = next();
    else if (a == "--init")
      init = next();
    else if (a == "--epochs")
      epochs = std::stoi(next());
    else if (a == "--lr")
      lr0 = std::stof(next());
    else if (a == "--lambda")
      lambda = std::stof(next());
    else if (a == "--seed")
      seed = std::stoull(next());
    else
      data.push_back(a);
  }
  if (out_bin.empty() || data.empty()) {
    std::fprintf(
        stderr,
        "usage: uttt_fit --out-bin FILE [--out-inc FILE] [--epochs E] [--lr X] [--lambda L] DATA...\n");
    return 2;
  }
  std::vector<Sample> samples;
  for (const auto& path : data)
    for (const auto& r : train::read_all(path.c_str())) {
      const float z = r.result / 2.0f;
      samples.push_back({train::to_state(r), lambda * z + (1 - lambda) * r.search_value, z});
    }
  Rng rng(seed);
  for (std::size_t i = samples.size(); i > 1; --i)
    std::swap(samples[i - 1], samples[rng.below(static_cast<std::uint32_t>(i))]);
  const std::size_t held = samples.size() / 20;
  std::fprintf(stderr, "%zu positions, %zu held out\n", samples.size(), held);

  Network net;
  if (!init.empty()) {
    auto loaded = network_from_arg(init);
    if (!loaded) return 1;
    net = *loaded;
  } else {
    for (auto& w : net.w1) w = (static_cast<float>(rng.below(1u << 20)) / (1u << 20) - 0.5f) * 0.2f;
    for (auto& w : net.w2) w = (static_cast<float>(rng.below(1u << 20)) / (1u << 20) - 0.5f) * 0.2f;
  }
  const std::size_t nw1 = net.w1.size();
  std::vector<float> g1(nw1), gb1(kH), g2(kH);
  float gb2 = 0;
  Adam a1(nw1), ab1(kH), a2(kH), ab2(1);
  const int batch = 256;
  int t = 0;
  const std::size_t train_n = samples.size() - held;
  const long total_steps = static_cast<long>(epochs) * static_cast<long>(train_n / batch);
  std::array<std::uint16_t, Network::kMaxFeatures> feats;
  alignas(32) float h[kH], dh[kH];
  const auto start = std::chrono::steady_clock::now();

  auto validate = [&](float& loss, float& mse) {
    double l = 0, e = 0;
    for (std::size_t i = train_n; i < samples.size(); ++i) {
      const float p = net.evaluate(samples[i].state);
      l += bce(p, samples[i].target);
      e += (p - samples[i].result) * (p - samples[i].result);
    }
    loss = static_cast<float>(l / std::max<std::size_t>(1, held));
    mse = static_cast<float>(e / std::max<std::size_t>(1, held));
  };

  {  // the starting point, so that a generation fitted from --init shows its gain
    float vl, vm;
    validate(vl, vm);
    std::fprintf(stderr, "before fitting: held-out loss %.4f, held-out MSE vs result %.4f\n", vl, vm);
  }
  for (int epoch = 0; epoch < epochs; ++epoch) {
    double train_loss = 0;
    for (std::size_t i = train_n; i > 1; --i)
      std::swap(samples[i - 1], samples[rng.below(static_cast<std::uint32_t>(i))]);
    for (std::size_t b0 = 0; b0 + batch <= train_n; b0 += batch) {
      std::fill(g1.begin(), g1.end(), 0.0f);
      std::fill(gb1.begin(), gb1.end(), 0.0f);
      std::fill(g2.begin(), g2.end(), 0.0f);
      gb2 = 0;
      for (std::size_t k = b0; k < b0 + batch; ++k) {
        const State s = transformed(samples[k].state, static_cast<int>(rng.below(8)));
        const int n = Network::features(s, feats);
        for (int j = 0; j < kH; ++j) h[j] = net.b1[j];
        for (int f = 0; f < n; ++f) {
          const float* row = net.w1.data() + std::size_t{feats[f]} * kH;
          for (int j = 0; j < kH; ++j) h[j] += row[j];
        }
        float y = net.b2;
        for (int j = 0; j < kH; ++j) y += net.w2[j] * std::max(h[j], 0.0f);
        const float p = 1.0f / (1.0f + std::exp(-y));
        train_loss += bce(p, samples[k].target);
        const float dy = (p - samples[k].target) / batch;
        gb2 += dy;
        for (int j = 0; j < kH; ++j) {
          const float a = std::max(h[j], 0.0f);
          g2[j] += dy * a;
          dh[j] = h[j] > 0.0f ? dy * net.w2[j] : 0.0f;
          gb1[j] += dh[j];
        }
        for (int f = 0; f < n; ++f) {
          float* row = g1.data() + std::size_t{feats[f]} * kH;
          for (int j = 0; j < kH; ++j) row[j] += dh[j];
        }
      }
      ++t;
      const float lr =
          lr0 * (1.0f - 0.9f * static_cast<float>(t) / static_cast<float>(std::max(1L, total_steps)));
      a1.step(net.w1.data(), g1.data(), nw1, lr, t);
      ab1.step(net.b1.data(), gb1.data(), kH, lr, t);
      a2.step(net.w2.data(), g2.data(), kH, lr, t);
      ab2.step(&net.b2, &gb2, 1, lr, t);
    }
    float vl, vm;
    validate(vl, vm);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr,
                 "epoch %d: train loss %.4f, held-out loss %.4f, held-out MSE vs result %.4f (%.0f s)\n",
                 epoch + 1, train_loss / static_cast<double>(train_n / batch * batch), vl, vm, secs);
  }
  char origin[256];
  std::snprintf(origin, sizeof origin, "%zu positions, %d epochs, lambda %.2f, lr %.4f, seed %llu",
                samples.size(), epochs, static_cast<double>(lambda), static_cast<double>(lr0),
                static_cast<unsigned long long>(seed));
  net.origin = origin;
  if (!net.save(out_bin)) return 1;
  if (!out_inc.empty()) write_inc(net, out_inc, origin);
  return 0;
}
