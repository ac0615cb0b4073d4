#include "base/number_text.h"

#include <cmath>
#include <cstdio>

namespace contactlab {

std::string describe_number(double value) {
  char buffer[32];
  if (value == std::floor(value) && std::abs(value) < 1e15) {
    std::snprintf(buffer, sizeof buffer, "%.0f", value);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
  }
  return buffer;
}

std::string quoted(const std::string& text) { return "\"" + text + "\""; }

}  // namespace contactlab
