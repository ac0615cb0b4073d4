#include "base/options.h"

#include <cmath>
#include <functional>
#include <sstream>

namespace contactlab {
namespace {

std::string format_number(double value) {
  std::ostringstream out;
  out.precision(6);
  out << value;
  return out.str();
}

bool within(double value, double low, double high) {
  return std::isfinite(value) && value >= low && value <= high;
}

bool is_whole(double value) { return std::isfinite(value) && value == std::floor(value); }

// One option: its range check (with the words the message uses), and how it is
// read and written. Words name the values 0, 1, ... of options that have them.
struct OptionSpec {
  const char* name;
  std::function<bool(double)> allowed;
  const char* allowed_text;
  std::function<double(const Options&)> get;
  std::function<void(Options&, double)> set;
  std::vector<const char*> words;
};

OptionSpec range_option(const char* name, double low, double high, const char* allowed_text,
                        double Options::*field) {
  return {name,
          [low, high](double v) { return within(v, low, high); },
          allowed_text,
          [field](const Options& o) { return o.*field; },
          [field](Options& o, double v) { o.*field = v; },
          {}};
}

OptionSpec count_option(const char* name, int low, int high, const char* allowed_text,
                        int Options::*field, std::vector<const char*> words = {}) {
  return {name,
          [low, high](double v) { return within(v, low, high) && is_whole(v); },
          allowed_text,
          [field](const Options& o) { return static_cast<double>(o.*field); },
          [field](Options& o, double v) { o.*field = static_cast<int>(v); },
          std::move(words)};
}

OptionSpec gravity_option(const char* name, int axis) {
  return {name,
          [](double v) { return within(v, -100, 100); },
          "between -100 and 100 m/s^2",
          [axis](const Options& o) { return o.gravity[axis]; },
          [axis](Options& o, double v) { o.gravity[axis] = v; },
          {}};
}

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      range_option("time_step", 1e-4, 0.1, "between 0.0001 and 0.1 s", &Options::time_step),
      {"friction_coefficient",
       [](double v) { return within(v, 0, 2) || v == -1; },
       "between 0 and 2, or -1 for the scene's materials",
       [](const Options& o) { return o.friction_coefficient; },
       [](Options& o, double v) { o.friction_coefficient = v; },
       {}},
      range_option("error_reduction", 0, 1, "between 0 and 1", &Options::error_reduction),
      {"friction_edges",
       [](double v) { return within(v, 4, 32) && is_whole(v) && static_cast<int>(v) % 2 == 0; },
       "an even whole number from 4 to 32",
       [](const Options& o) { return static_cast<double>(o.friction_edges); },
       [](Options& o, double v) { o.friction_edges = static_cast<int>(v); },
       {}},
      range_option("contact_margin", 0, 0.05, "between 0 and 0.05 m", &Options::contact_margin),
      range_option("contact_threshold", 0, 0.01, "between 0 and 0.01 m",
                   &Options::contact_threshold),
      range_option("kinetic_threshold_speed", 0, 10, "between 0 and 10 m/s",
                   &Options::kinetic_threshold_speed),
      gravity_option("gravity_x", 0),
      gravity_option("gravity_y", 1),
      gravity_option("gravity_z", 2),
      count_option("autograsp", 0, 1, "0 (dynamic) or 1 (static)", &Options::autograsp,
                   {"dynamic", "static"}),
      count_option("contact_search", 0, 1, "0 (margin) or 1 (step_size)", &Options::contact_search,
                   {"margin", "step_size"}),
      {"formulation",
       [](double v) { return within(v, 0, 4) && is_whole(v); },
       "0 (lcp), 1 (convex), 2 (soft), 3 (quasistatic) or 4 (compliant)",
       [](const Options& o) { return static_cast<double>(o.formulation); },
       [](Options& o, double v) { o.formulation = static_cast<Formulation>(static_cast<int>(v)); },
       {"lcp", "convex", "soft", "quasistatic", "compliant"}},
      range_option("soft_regularisation", 1e-6, 10, "between 1e-06 and 10",
                   &Options::soft_regularisation),
      range_option("soft_time_constant", 0.001, 1, "between 0.001 and 1 s",
                   &Options::soft_time_constant),
      range_option("soft_damping", 0, 1000, "between 0 and 1000 N s/m", &Options::soft_damping),
      count_option("soft_cone", 0, 1, "0 (pyramidal) or 1 (elliptic)", &Options::soft_cone,
                   {"pyramidal", "elliptic"}),
      range_option("quasistatic_mass_scale", 1e-6, 10, "between 1e-06 and 10",
                   &Options::quasistatic_mass_scale),
      count_option("quasistatic_problem", 0, 1, "0 (qp) or 1 (lcp)", &Options::quasistatic_problem,
                   {"qp", "lcp"}),
      range_option("compliant_stiffness", 10, 1e9, "between 10 and 1e+09 N/m",
                   &Options::compliant_stiffness),
      range_option("compliant_damping_ratio", 0, 10, "between 0 and 10",
                   &Options::compliant_damping_ratio),
      range_option("compliant_stiction_speed", 1e-6, 1, "between 1e-06 and 1 m/s",
                   &Options::compliant_stiction_speed),
      count_option("compliant_substeps", 0, 10000,
                   "a whole number from 1 to 10000, or 0 for as many as stability needs",
                   &Options::compliant_substeps),
  };
  return specs;
}

// The seed's symbols are accepted as short names.
std::string canonical_name(const std::string& name) {
  if (name == "h") return "time_step";
  if (name == "mu") return "friction_coefficient";
  if (name == "gamma") return "error_reduction";
  if (name == "u") return "friction_edges";
  return name;
}

const OptionSpec* find_spec(const std::string& name) {
  for (const OptionSpec& spec : option_specs()) {
    if (name == spec.name) return &spec;
  }
  return nullptr;
}

std::string known_names() {
  std::string known;
  for (const std::string& option : option_names()) known += (known.empty() ? "" : ", ") + option;
  return known;
}

}  // namespace

const std::vector<std::string>& option_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (const OptionSpec& spec : option_specs()) list.push_back(spec.name);
    return list;
  }();
  return names;
}

Status set_option(Options& options, const std::string& alias, double value) {
  const std::string name = canonical_name(alias);
  const OptionSpec* spec = find_spec(name);
  if (spec == nullptr) return Status::failure(name + ": unknown option (known: " + known_names() + ")");
  if (!spec->allowed(value)) {
    return Status::failure(name + ": must be " + spec->allowed_text + ", got " + format_number(value));
  }
  spec->set(options, value);
  return Status::success();
}

Status get_option(const Options& options, const std::string& alias, double& value) {
  const std::string name = canonical_name(alias);
  const OptionSpec* spec = find_spec(name);
  if (spec == nullptr) return Status::failure(name + ": unknown option");
  value = spec->get(options);
  return Status::success();
}

Status option_value_of_word(const std::string& alias, const std::string& word, double& value) {
  const std::string name = canonical_name(alias);
  const OptionSpec* spec = find_spec(name);
  if (spec == nullptr) return Status::failure(name + ": unknown option (known: " + known_names() + ")");
  if (spec->words.empty()) return Status::failure(name + ": must be a number, got \"" + word + "\"");
  std::string listed;
  for (std::size_t i = 0; i < spec->words.size(); ++i) {
    if (word == spec->words[i]) {
      value = static_cast<double>(i);
      return Status::success();
    }
    listed += (i == 0 ? "" : ", ") + std::string(spec->words[i]);
  }
  return Status::failure(name + ": must be one of " + listed + ", got \"" + word + "\"");
}

const char* formulation_name(Formulation formulation) {
  return find_spec("formulation")->words[static_cast<int>(formulation)];
}

}  // namespace contactlab
