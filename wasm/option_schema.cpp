#include "option_schema.h"

#include <nlohmann/json.hpp>

#include "base/options.h"

namespace contactlab {
namespace {

nlohmann::json option_json(const OptionDescription& option) {
  nlohmann::json values = nlohmann::json::array();
  for (const NamedValue& named : option.values) {
    values.push_back({{"value", named.value}, {"name", named.name}, {"label", named.label}});
  }
  return {{"name", option.name},
          {"symbol", option.symbol},
          {"label", option.label},
          {"unit", option.unit},
          {"scale", option.scale == OptionScale::Log ? "log" : "linear"},
          {"integer", option.integer},
          {"min", option.min},
          {"max", option.max},
          {"slider_min", option.slider_min},
          {"slider_max", option.slider_max},
          {"step", option.step},
          {"default", option.default_value},
          {"values", values},
          {"formulation", option.formulation ? nlohmann::json(formulation_name(*option.formulation)) : nullptr},
          {"allowed", option.allowed},
          {"aliases", option.aliases}};
}

}  // namespace

std::string option_schema_json() {
  nlohmann::json options = nlohmann::json::array();
  for (const OptionDescription& option : option_descriptions()) options.push_back(option_json(option));
  return nlohmann::json{{"options", options}}.dump();
}

}  // namespace contactlab
