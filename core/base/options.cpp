#include "base/options.h"

#include <cmath>
#include <functional>
#include <initializer_list>
#include <sstream>
#include <utility>

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

// One option: its description, and how it is read and written. Written as a chain,
// e.g. number("time_step", &Options::time_step).about("time step", "h", "s")
// .range(1e-4, 0.1).log_slider(0.01).alias("h").
struct OptionSpec {
  OptionDescription description;
  int multiple_of = 1;  // an integer option's values are multiples of this
  std::function<double(const Options&)> get;
  std::function<void(Options&, double)> set;

  OptionSpec& about(const char* label, const char* symbol, const char* unit) {
    description.label = label;
    description.symbol = symbol;
    description.unit = unit;
    return *this;
  }
  // The valid range; a slider spans all of it unless slider() narrows it.
  OptionSpec& range(double min, double max) {
    description.min = description.slider_min = min;
    description.max = description.slider_max = max;
    return *this;
  }
  OptionSpec& slider(double step) {
    description.step = step;
    return *this;
  }
  OptionSpec& slider(double min, double max, double step) {
    description.slider_min = min;
    description.slider_max = max;
    return slider(step);
  }
  OptionSpec& log_slider(double step) {
    description.scale = OptionScale::Log;
    return slider(step);
  }
  // The values 0, 1, ... named in order, (name, label) each: the option is a choice.
  OptionSpec& choice(std::initializer_list<std::pair<const char*, const char*>> names) {
    for (const auto& [name, label] : names) special(static_cast<double>(description.values.size()), name, label);
    return range(0, static_cast<double>(description.values.size() - 1)).slider(1);
  }
  // A value with a name, valid also outside the range.
  OptionSpec& special(double value, const char* name, const char* label) {
    description.values.push_back({value, name, label});
    return *this;
  }
  OptionSpec& even() {
    multiple_of = 2;
    return *this;
  }
  OptionSpec& of(Formulation formulation) {
    description.formulation = formulation;
    return *this;
  }
  OptionSpec& alias(const char* short_name) {
    description.aliases.push_back(short_name);
    return *this;
  }
  // What set_option's message says when the generated text would not say it right.
  OptionSpec& allowed(const char* text) {
    description.allowed = text;
    return *this;
  }
};

OptionSpec accessed_by(const char* name, bool integer, std::function<double(const Options&)> get,
                       std::function<void(Options&, double)> set) {
  OptionSpec spec;
  spec.description.name = name;
  spec.description.integer = integer;
  spec.get = std::move(get);
  spec.set = std::move(set);
  return spec;
}

OptionSpec number(const char* name, double Options::*field) {
  return accessed_by(
      name, false, [field](const Options& o) { return o.*field; }, [field](Options& o, double v) { o.*field = v; });
}

OptionSpec whole_number(const char* name, int Options::*field) {
  return accessed_by(
      name, true, [field](const Options& o) { return static_cast<double>(o.*field); },
      [field](Options& o, double v) { o.*field = static_cast<int>(v); });
}

OptionSpec gravity(const char* name, const char* symbol, int axis) {
  return accessed_by(
             name, false, [axis](const Options& o) { return o.gravity[axis]; },
             [axis](Options& o, double v) { o.gravity[axis] = v; })
      .about("gravity", symbol, "m/s^2")
      .range(-100, 100);
}

bool is_choice(const OptionDescription& description) {
  return description.integer && !description.values.empty() &&
         static_cast<double>(description.values.size()) == description.max - description.min + 1;
}

// "0 (lcp), 1 (convex) or 2 (soft)" for a choice; "between 0 and 2 m" for a range,
// followed by ", or -1 for the scene's materials" per special value.
std::string generated_allowed_text(const OptionDescription& description) {
  std::string text;
  if (is_choice(description)) {
    for (std::size_t i = 0; i < description.values.size(); ++i) {
      const NamedValue& named = description.values[i];
      text += (i == 0 ? "" : i + 1 == description.values.size() ? " or " : ", ") + format_number(named.value) + " (" +
              named.name + ")";
    }
    return text;
  }
  text = "between " + format_number(description.min) + " and " + format_number(description.max);
  if (!description.unit.empty()) text += " " + description.unit;
  for (const NamedValue& named : description.values) {
    text += ", or " + format_number(named.value) + " for " + named.label;
  }
  return text;
}

std::vector<OptionSpec> completed(std::vector<OptionSpec> specs) {
  const Options defaults;
  for (OptionSpec& spec : specs) {
    spec.description.default_value = spec.get(defaults);
    if (spec.description.allowed.empty()) spec.description.allowed = generated_allowed_text(spec.description);
  }
  return specs;
}

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = completed({
      number("time_step", &Options::time_step)
          .about("time step", "h", "s")
          .range(1e-4, 0.5)
          .log_slider(0.01)
          .alias("h"),
      number("friction_coefficient", &Options::friction_coefficient)
          .about("friction", "mu", "")
          .range(0, 2)
          .slider(0.01)
          .special(-1, "materials", "the scene's materials")
          .alias("mu"),
      number("restitution", &Options::restitution)
          .about("restitution", "e", "")
          .range(0, 1)
          .slider(0.01)
          .special(-1, "materials", "the scene's materials"),
      number("torsional_friction", &Options::torsional_friction)
          .about("torsion", "mu_t", "m")
          .range(0, 1)
          .slider(0, 0.05, 0.0005)
          .special(-1, "materials", "the scene's materials"),
      number("error_reduction", &Options::error_reduction)
          .about("error reduction", "gamma", "")
          .range(0, 1)
          .slider(0.01)
          .alias("gamma"),
      number("baumgarte_alpha", &Options::baumgarte_alpha)
          .about("loop damping", "alpha", "1/s")
          .range(0, 10000)
          .slider(0, 1000, 1),
      number("baumgarte_beta", &Options::baumgarte_beta)
          .about("loop stiffness", "beta", "1/s")
          .range(0, 10000)
          .slider(0, 1000, 1),
      whole_number("friction_edges", &Options::friction_edges)
          .about("friction edges", "u", "")
          .range(2, 32)
          .slider(2)
          .even()
          .allowed("an even whole number from 2 to 32")
          .alias("u"),
      number("contact_margin", &Options::contact_margin).about("contact margin", "", "m").range(0, 0.05).slider(0.0005),
      number("contact_threshold", &Options::contact_threshold)
          .about("contact threshold", "", "m")
          .range(0, 0.01)
          .slider(0.00005),
      number("kinetic_threshold_speed", &Options::kinetic_threshold_speed)
          .about("kinetic threshold", "s_t", "m/s")
          .range(0, 10)
          .slider(0, 0.1, 0.0005),
      number("max_recovery_speed", &Options::max_recovery_speed)
          .about("max recovery speed", "", "m/s")
          .range(0.001, 100)
          .log_slider(0.01),
      gravity("gravity_x", "g_x", 0).slider(-20, 20, 0.01),
      gravity("gravity_y", "g_y", 1).slider(-20, 20, 0.01),
      gravity("gravity_z", "g_z", 2).slider(-20, 0, 0.01),
      whole_number("autograsp", &Options::autograsp)
          .about("auto-grasp kind", "", "")
          .choice({{"dynamic", "Dynamic"}, {"static", "Static"}}),
      whole_number("contact_search", &Options::contact_search)
          .about("contact search", "", "")
          .choice({{"margin", "within margin"}, {"step_size", "shorten step"}}),
      whole_number("position_update", &Options::position_update)
          .about("position update", "", "")
          .choice({{"semi_implicit", "semi-implicit (v^{l+1}, implicit PD)"},
                   {"seed_002", "seed 002 eq. (12) (v^l, explicit PD)"}}),
      accessed_by(
          "formulation", true, [](const Options& o) { return static_cast<double>(o.formulation); },
          [](Options& o, double v) { o.formulation = static_cast<Formulation>(static_cast<int>(v)); })
          .about("formulation", "", "")
          .choice({
              {"lcp",
               "Seed 002: Anitescu–Potra mixed LCP with the u-sided friction pyramid, solved exactly by Lemke "
               "pivoting."},
              {"convex",
               "Seed 004: Anitescu's convex relaxation, a QP; a sliding contact lifts off by the boundary layer h μ "
               "|v_t|."},
              {"soft",
               "Seed 004: Todorov / MuJoCo soft contact, a regularised convex problem: R = ε diag(A), errors relax "
               "over κ."},
              {"quasistatic",
               "Seed 003: Pang's quasi-static time stepping: force balance each step, inertia kept only as ε_q M / h."},
              {"compliant",
               "Seed 004: penalty contact, a spring-damper normal force with Stribeck friction, in stable substeps."},
              {"hybrid",
               "Seed 004: event-driven rigid contact: smooth dynamics between events found by root finding, "
               "impulsive reset maps at impacts; free bodies only."},
          }),
      whole_number("coordinates", &Options::coordinates)
          .about("coordinates", "", "")
          .choice({{"reduced", "reduced (joint coordinates)"}, {"maximal", "maximal (every link a body)"}}),
      number("soft_regularisation", &Options::soft_regularisation)
          .about("regularisation", "epsilon", "")
          .range(1e-6, 10)
          .log_slider(0.01)
          .of(Formulation::Soft),
      number("soft_time_constant", &Options::soft_time_constant)
          .about("time constant", "kappa", "s")
          .range(0.001, 1)
          .log_slider(0.01)
          .of(Formulation::Soft),
      number("soft_damping", &Options::soft_damping)
          .about("damping", "b", "N s/m")
          .range(0, 1000)
          .slider(0, 100, 0.1)
          .of(Formulation::Soft),
      whole_number("soft_cone", &Options::soft_cone)
          .about("friction cone", "", "")
          .choice({{"pyramidal", "pyramidal"}, {"elliptic", "elliptic"}})
          .of(Formulation::Soft),
      number("quasistatic_mass_scale", &Options::quasistatic_mass_scale)
          .about("mass scale", "epsilon_q", "")
          .range(1e-6, 10)
          .log_slider(0.01)
          .of(Formulation::Quasistatic),
      whole_number("quasistatic_problem", &Options::quasistatic_problem)
          .about("problem", "", "")
          .choice({{"qp", "QP (Anitescu)"}, {"lcp", "LCP (Stewart–Trinkle)"}})
          .of(Formulation::Quasistatic),
      whole_number("quasistatic_model", &Options::quasistatic_model)
          .about("force balance", "", "")
          .choice({{"regularised", "regularised (ε_q M / h kept)"}, {"pure", "pure (ΣF = 0, no mass matrix)"}})
          .of(Formulation::Quasistatic),
      number("compliant_stiffness", &Options::compliant_stiffness)
          .about("stiffness", "k", "N/m")
          .range(10, 1e9)
          .log_slider(0.01)
          .of(Formulation::Compliant),
      number("compliant_damping_ratio", &Options::compliant_damping_ratio)
          .about("damping ratio", "zeta", "")
          .range(0, 10)
          .slider(0.01)
          .of(Formulation::Compliant),
      whole_number("compliant_damping_law", &Options::compliant_damping_law)
          .about("damping law", "", "")
          .choice({{"linear", "linear (k d + c d', ζ)"}, {"hunt_crossley", "Hunt–Crossley (k d (1 + d_hc d'))"}})
          .of(Formulation::Compliant),
      number("compliant_dissipation", &Options::compliant_dissipation)
          .about("Hunt–Crossley dissipation", "d_hc", "s/m")
          .range(0, 100)
          .slider(0, 5, 0.01)
          .of(Formulation::Compliant),
      whole_number("compliant_friction_law", &Options::compliant_friction_law)
          .about("friction curve", "", "")
          .choice({{"smooth", "smooth (Castro / Drake)"}, {"piecewise_linear", "piecewise linear (seed 004)"}})
          .of(Formulation::Compliant),
      number("compliant_stiction_speed", &Options::compliant_stiction_speed)
          .about("stiction speed", "v_s", "m/s")
          .range(1e-6, 1)
          .log_slider(0.01)
          .of(Formulation::Compliant),
      whole_number("compliant_substeps", &Options::compliant_substeps)
          .about("substeps", "", "")
          .range(0, 10000)
          .slider(0, 200, 1)
          .special(0, "auto", "as many as stability needs")
          .allowed("a whole number from 1 to 10000, or 0 for as many as stability needs")
          .of(Formulation::Compliant),
      whole_number("compliant_integration", &Options::compliant_integration)
          .about("integration", "", "")
          .choice({{"substeps", "explicit substeps"}, {"error_controlled", "error-controlled (Dormand–Prince)"}})
          .of(Formulation::Compliant),
      number("compliant_relative_tolerance", &Options::compliant_relative_tolerance)
          .about("integration relative tolerance", "rtol", "")
          .range(1e-14, 1e-2)
          .log_slider(0.1)
          .of(Formulation::Compliant),
      number("compliant_absolute_tolerance", &Options::compliant_absolute_tolerance)
          .about("integration absolute tolerance", "atol", "")
          .range(1e-16, 1e-2)
          .log_slider(0.1)
          .of(Formulation::Compliant),
      whole_number("compliant_max_integrator_steps", &Options::compliant_max_integrator_steps)
          .about("integrator steps per step", "", "")
          .range(1, 1000000)
          .slider(1, 100000, 1)
          .of(Formulation::Compliant),
      number("hybrid_relative_tolerance", &Options::hybrid_relative_tolerance)
          .about("relative tolerance", "rtol", "")
          .range(1e-14, 1e-2)
          .log_slider(0.1)
          .of(Formulation::Hybrid),
      number("hybrid_absolute_tolerance", &Options::hybrid_absolute_tolerance)
          .about("absolute tolerance", "atol", "")
          .range(1e-16, 1e-2)
          .log_slider(0.1)
          .of(Formulation::Hybrid),
      number("hybrid_event_tolerance", &Options::hybrid_event_tolerance)
          .about("event time tolerance", "", "s")
          .range(1e-15, 1e-3)
          .log_slider(0.1)
          .of(Formulation::Hybrid),
      number("hybrid_contact_tolerance", &Options::hybrid_contact_tolerance)
          .about("contact tolerance", "delta", "m")
          .range(1e-12, 1e-3)
          .log_slider(0.1)
          .of(Formulation::Hybrid),
      number("hybrid_zeno_speed", &Options::hybrid_zeno_speed)
          .about("Zeno speed", "v_z", "m/s")
          .range(0, 10)
          .slider(0, 0.1, 0.0005)
          .of(Formulation::Hybrid),
      whole_number("hybrid_max_events", &Options::hybrid_max_events)
          .about("events per step", "", "")
          .range(1, 100000)
          .slider(1, 10000, 1)
          .of(Formulation::Hybrid),
      whole_number("hybrid_impact_friction", &Options::hybrid_impact_friction)
          .about("impact friction", "", "")
          .choice({{"coulomb", "Coulomb (cone)"}, {"frictionless", "frictionless"}, {"infinite", "infinite"}})
          .of(Formulation::Hybrid),
  });
  return specs;
}

bool allowed(const OptionSpec& spec, double value) {
  const OptionDescription& description = spec.description;
  for (const NamedValue& named : description.values) {
    if (value == named.value) return true;
  }
  if (!within(value, description.min, description.max)) return false;
  return !description.integer || (is_whole(value) && static_cast<long>(value) % spec.multiple_of == 0);
}

const OptionSpec* find_spec(const std::string& alias) {
  for (const OptionSpec& spec : option_specs()) {
    if (alias == spec.description.name) return &spec;
    for (const std::string& short_name : spec.description.aliases) {
      if (alias == short_name) return &spec;
    }
  }
  return nullptr;
}

std::string known_names() {
  std::string known;
  for (const std::string& option : option_names()) known += (known.empty() ? "" : ", ") + option;
  return known;
}

std::string unknown_option(const std::string& name) {
  return name + ": unknown option (known: " + known_names() + ")";
}

}  // namespace

const std::vector<OptionDescription>& option_descriptions() {
  static const std::vector<OptionDescription> descriptions = [] {
    std::vector<OptionDescription> list;
    for (const OptionSpec& spec : option_specs()) list.push_back(spec.description);
    return list;
  }();
  return descriptions;
}

const std::vector<std::string>& option_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (const OptionDescription& description : option_descriptions()) list.push_back(description.name);
    return list;
  }();
  return names;
}

Status set_option(Options& options, const std::string& alias, double value) {
  const OptionSpec* spec = find_spec(alias);
  if (spec == nullptr) return Status::failure(unknown_option(alias));
  if (!allowed(*spec, value)) {
    return Status::failure(spec->description.name + ": must be " + spec->description.allowed + ", got " +
                           format_number(value));
  }
  Options changed = options;
  spec->set(changed, value);
  // The quasi-static model poses its own articulation motion (seed 003), in joint
  // coordinates only.
  if (changed.coordinates == 1 && changed.formulation == Formulation::Quasistatic) {
    return Status::failure(spec->description.name +
                           ": coordinates maximal is not supported by formulation quasistatic "
                           "(allowed there: coordinates reduced)");
  }
  // Seed 002's eq. (12) as written moves joint coordinates (finish_maximal_step moves
  // maximal ones by v^{l+1}).
  if (changed.position_update == 1 && changed.coordinates == 1) {
    return Status::failure(spec->description.name +
                           ": position_update seed_002 is taken in coordinates reduced only "
                           "(allowed with coordinates maximal: position_update semi_implicit)");
  }
  // Pure force balance is posed over Anitescu's rows (formulation/quasistatic_pure.h).
  if (changed.quasistatic_model == 1 && changed.quasistatic_problem == 1) {
    return Status::failure(spec->description.name +
                           ": quasistatic_model pure is posed with quasistatic_problem qp only "
                           "(allowed with pure: quasistatic_problem qp)");
  }
  options = changed;
  return Status::success();
}

Status get_option(const Options& options, const std::string& alias, double& value) {
  const OptionSpec* spec = find_spec(alias);
  if (spec == nullptr) return Status::failure(alias + ": unknown option");
  value = spec->get(options);
  return Status::success();
}

Status option_value_of_word(const std::string& alias, const std::string& word, double& value) {
  const OptionSpec* spec = find_spec(alias);
  if (spec == nullptr) return Status::failure(unknown_option(alias));
  const OptionDescription& description = spec->description;
  const std::string got = ", got \"" + word + "\"";
  std::string listed;
  for (const NamedValue& named : description.values) {
    if (word == named.name) {
      value = named.value;
      return Status::success();
    }
    listed += (listed.empty() ? "" : ", ") + named.name;
  }
  if (is_choice(description)) return Status::failure(description.name + ": must be one of " + listed + got);
  // A number in its range, or a special value's word: "-1 for the scene's materials" is
  // also "materials".
  const std::string words = listed.empty() ? "" : " (as a word: " + listed + ")";
  return Status::failure(description.name + ": must be " + description.allowed + words + got);
}

const char* formulation_name(Formulation formulation) {
  return find_spec("formulation")->description.values[static_cast<int>(formulation)].name.c_str();
}

}  // namespace contactlab
