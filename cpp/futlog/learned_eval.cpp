#include "futlog/learned_eval.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tabula::futlog {

namespace {
// eval_weights.inc defines kEmbeddedVersion, kEmbeddedFeatures,
// kEmbeddedHidden and kEmbeddedParameters (written by the trainer).
#include "futlog/eval_weights.inc"

static_assert(kEmbeddedVersion == kEvalFormatVersion, "eval_weights.inc is of another format version");
static_assert(kEmbeddedFeatures == features::kCount, "eval_weights.inc has another feature count");
static_assert(kEmbeddedHidden > 0 && kEmbeddedHidden <= LearnedEval::kMaxHidden);
static_assert(sizeof(kEmbeddedParameters) / sizeof(kEmbeddedParameters[0]) ==
              static_cast<std::size_t>(features::kCount) * kEmbeddedHidden + 2 * kEmbeddedHidden + 1);
}  // namespace

LearnedEval::LearnedEval()
    : hidden_(kEmbeddedHidden), p_(std::begin(kEmbeddedParameters), std::end(kEmbeddedParameters)) {}

LearnedEval LearnedEval::from_parameters(int hidden, std::vector<float> parameters) {
  if (hidden <= 0 || hidden > kMaxHidden) throw std::runtime_error("futlog evaluation: bad hidden size");
  if (parameters.size() != parameter_count(hidden))
    throw std::runtime_error("futlog evaluation: wrong number of parameters");
  LearnedEval e;
  e.hidden_ = hidden;
  e.p_ = std::move(parameters);
  return e;
}

LearnedEval LearnedEval::from_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("futlog evaluation: cannot read " + path);
  std::string magic;
  int version = 0, count = 0, hidden = 0;
  in >> magic >> version >> count >> hidden;
  if (magic != "futlog-eval")
    throw std::runtime_error("futlog evaluation: " + path + " is not a weights file");
  if (version != kEvalFormatVersion)
    throw std::runtime_error("futlog evaluation: " + path + " has format version " + std::to_string(version));
  if (count != features::kCount)
    throw std::runtime_error("futlog evaluation: " + path + " has " + std::to_string(count) + " features");
  if (hidden <= 0 || hidden > kMaxHidden)
    throw std::runtime_error("futlog evaluation: " + path + " has a bad hidden size");
  std::vector<float> p(parameter_count(hidden));
  for (float& x : p)
    if (!(in >> x)) throw std::runtime_error("futlog evaluation: " + path + " is cut short");
  return from_parameters(hidden, std::move(p));
}

std::string LearnedEval::to_text() const {
  std::ostringstream out;
  out << "futlog-eval " << kEvalFormatVersion << ' ' << features::kCount << ' ' << hidden_ << '\n';
  char buf[32];
  for (std::size_t i = 0; i < p_.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%.7g", static_cast<double>(p_[i]));
    out << buf << ((i + 1) % 16 == 0 ? '\n' : ' ');
  }
  out << '\n';
  return out.str();
}

std::string LearnedEval::to_include() const {
  std::ostringstream out;
  out << "// Written by train/futlog (futlog_train fit or export): the learned evaluation's\n"
      << "// parameters, format version " << kEvalFormatVersion << " (learned_eval.hpp).\n"
      << "constexpr int kEmbeddedVersion = " << kEvalFormatVersion << ";\n"
      << "constexpr int kEmbeddedFeatures = " << features::kCount << ";\n"
      << "constexpr int kEmbeddedHidden = " << hidden_ << ";\n"
      << "constexpr float kEmbeddedParameters[] = {\n";
  char buf[32];
  for (std::size_t i = 0; i < p_.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%.7ef,", static_cast<double>(p_[i]));
    out << buf << ((i + 1) % 8 == 0 ? '\n' : ' ');
  }
  out << "\n};\n";
  return out.str();
}

}  // namespace tabula::futlog
