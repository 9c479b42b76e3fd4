// A network named on a training tool's command line: a weights file
// (Network::load), or "compiled" for the network compiled into the
// engine, so a new generation can start from the committed weights
// without a file of them.
#pragma once

#include <optional>
#include <string>

#include "uttt/network.hpp"

namespace tabula::uttt {

inline std::optional<Network> network_from_arg(const std::string& arg) {
  if (arg == "compiled") return Network::embedded();
  return Network::load(arg);
}

}  // namespace tabula::uttt
