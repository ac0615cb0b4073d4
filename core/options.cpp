#include "options.h"

#include <cmath>
#include <sstream>

namespace contactlab {
namespace {

std::string format_number(double value) {
  std::ostringstream out;
  out.precision(6);
  out << value;
  return out.str();
}

Status out_of_range(const std::string& name, const std::string& allowed, double value) {
  return Status::failure(name + ": must be " + allowed + ", got " + format_number(value));
}

bool within(double value, double low, double high) {
  return std::isfinite(value) && value >= low && value <= high;
}

// The seed's symbols are accepted as short names.
std::string canonical_name(const std::string& name) {
  if (name == "h") return "time_step";
  if (name == "mu") return "friction_coefficient";
  if (name == "gamma") return "error_reduction";
  if (name == "u") return "friction_edges";
  return name;
}

}  // namespace

const std::vector<std::string>& option_names() {
  static const std::vector<std::string> names = {
      "time_step",      "friction_coefficient",    "error_reduction",
      "friction_edges", "contact_margin",          "contact_threshold",
      "kinetic_threshold_speed", "gravity_x",      "gravity_y",
      "gravity_z",      "autograsp"};
  return names;
}

Status set_option(Options& options, const std::string& alias, double value) {
  const std::string name = canonical_name(alias);
  if (name == "time_step") {
    if (!within(value, 1e-4, 0.1)) return out_of_range(name, "between 0.0001 and 0.1 s", value);
    options.time_step = value;
  } else if (name == "friction_coefficient") {
    if (!(within(value, 0, 2) || value == -1)) {
      return out_of_range(name, "between 0 and 2, or -1 for the scene's materials", value);
    }
    options.friction_coefficient = value;
  } else if (name == "error_reduction") {
    if (!within(value, 0, 1)) return out_of_range(name, "between 0 and 1", value);
    options.error_reduction = value;
  } else if (name == "friction_edges") {
    if (!within(value, 4, 32) || value != std::floor(value) || static_cast<int>(value) % 2 != 0) {
      return out_of_range(name, "an even whole number from 4 to 32", value);
    }
    options.friction_edges = static_cast<int>(value);
  } else if (name == "contact_margin") {
    if (!within(value, 0, 0.05)) return out_of_range(name, "between 0 and 0.05 m", value);
    options.contact_margin = value;
  } else if (name == "contact_threshold") {
    if (!within(value, 0, 0.01)) return out_of_range(name, "between 0 and 0.01 m", value);
    options.contact_threshold = value;
  } else if (name == "kinetic_threshold_speed") {
    if (!within(value, 0, 10)) return out_of_range(name, "between 0 and 10 m/s", value);
    options.kinetic_threshold_speed = value;
  } else if (name == "gravity_x" || name == "gravity_y" || name == "gravity_z") {
    if (!within(value, -100, 100)) return out_of_range(name, "between -100 and 100 m/s^2", value);
    options.gravity[name.back() - 'x'] = value;
  } else if (name == "autograsp") {
    if (value != 0 && value != 1) return out_of_range(name, "0 (dynamic) or 1 (static)", value);
    options.autograsp = static_cast<int>(value);
  } else {
    std::string known;
    for (const std::string& option : option_names()) known += (known.empty() ? "" : ", ") + option;
    return Status::failure(name + ": unknown option (known: " + known + ")");
  }
  return Status::success();
}

Status get_option(const Options& options, const std::string& alias, double& value) {
  const std::string name = canonical_name(alias);
  if (name == "time_step") value = options.time_step;
  else if (name == "friction_coefficient") value = options.friction_coefficient;
  else if (name == "error_reduction") value = options.error_reduction;
  else if (name == "friction_edges") value = options.friction_edges;
  else if (name == "contact_margin") value = options.contact_margin;
  else if (name == "contact_threshold") value = options.contact_threshold;
  else if (name == "kinetic_threshold_speed") value = options.kinetic_threshold_speed;
  else if (name == "gravity_x" || name == "gravity_y" || name == "gravity_z") {
    value = options.gravity[name.back() - 'x'];
  } else if (name == "autograsp") {
    value = options.autograsp;
  } else {
    return Status::failure(name + ": unknown option");
  }
  return Status::success();
}

}  // namespace contactlab
