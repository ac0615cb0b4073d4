#include "scene/option_json.h"

#include <cmath>

#include "base/options.h"

namespace contactlab {

Json number_json(double value) {
  const bool whole = std::floor(value) == value && std::abs(value) < 9e15 && !(value == 0 && std::signbit(value));
  return whole ? Json(static_cast<long long>(value)) : Json(value);
}

Json option_json(const std::string& name, double value) {
  for (const OptionDescription& description : option_descriptions()) {
    if (description.name != name) continue;
    for (const NamedValue& named : description.values) {
      if (named.value == value) return named.name;
    }
  }
  return number_json(value);
}

}  // namespace contactlab
