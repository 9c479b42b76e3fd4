#include "futlog/learned_eval.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tabula::futlog {

namespace {
struct Embedded {
  int version;
  int count;
  const float* weights;
};

// eval_weights.inc defines kEmbeddedVersion, kEmbeddedCount and
// kEmbeddedWeights (written by the trainer).
#include "futlog/eval_weights.inc"

static_assert(kEmbeddedVersion == kEvalFormatVersion, "eval_weights.inc is of another format version");
static_assert(kEmbeddedCount == features::kCount, "eval_weights.inc has another feature count");
static_assert(sizeof(kEmbeddedWeights) / sizeof(kEmbeddedWeights[0]) == features::kCount);
}  // namespace

LearnedEval::LearnedEval() : w_(std::begin(kEmbeddedWeights), std::end(kEmbeddedWeights)) {}

LearnedEval LearnedEval::from_weights(std::vector<float> w) {
  if (w.size() != static_cast<std::size_t>(features::kCount))
    throw std::runtime_error("futlog evaluation: wrong number of weights");
  LearnedEval e;
  e.w_ = std::move(w);
  return e;
}

LearnedEval LearnedEval::from_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("futlog evaluation: cannot read " + path);
  std::string magic;
  int version = 0, count = 0;
  in >> magic >> version >> count;
  if (magic != "futlog-eval")
    throw std::runtime_error("futlog evaluation: " + path + " is not a weights file");
  if (version != kEvalFormatVersion)
    throw std::runtime_error("futlog evaluation: " + path + " has format version " + std::to_string(version));
  if (count != features::kCount)
    throw std::runtime_error("futlog evaluation: " + path + " has " + std::to_string(count) + " weights");
  std::vector<float> w(static_cast<std::size_t>(count));
  for (float& x : w)
    if (!(in >> x)) throw std::runtime_error("futlog evaluation: " + path + " is cut short");
  return from_weights(std::move(w));
}

std::string LearnedEval::to_text() const {
  std::ostringstream out;
  out << "futlog-eval " << kEvalFormatVersion << ' ' << w_.size() << '\n';
  char buf[32];
  for (std::size_t i = 0; i < w_.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%.6g", static_cast<double>(w_[i]));
    out << buf << ((i + 1) % 10 == 0 ? '\n' : ' ');
  }
  out << '\n';
  return out.str();
}

std::string LearnedEval::to_include() const {
  std::ostringstream out;
  out << "// Written by train/futlog (futlog_train): the learned evaluation's weights.\n"
      << "// Format version " << kEvalFormatVersion << ", " << w_.size() << " features (features.hpp).\n"
      << "constexpr int kEmbeddedVersion = " << kEvalFormatVersion << ";\n"
      << "constexpr int kEmbeddedCount = " << w_.size() << ";\n"
      << "constexpr float kEmbeddedWeights[] = {\n";
  char buf[32];
  for (std::size_t i = 0; i < w_.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%.7ef,", static_cast<double>(w_[i]));
    out << buf << ((i + 1) % 8 == 0 ? '\n' : ' ');
  }
  out << "};\n";
  return out.str();
}

}  // namespace tabula::futlog
