// Options written in JSON by name (links, exercises, answers): the name checked
// against the option table, the value as a number or, for an option with named values,
// a word, checked against the same table set_option uses. Messages name the field,
// e.g. "settings.options.friction_edges: must be an even whole number from 2 to 32, got 5".
#pragma once

#include <string>

#include "base/status.h"
#include "scene/json_fields.h"

namespace contactlab {

// `name` is a canonical option name (option_names()); the message lists them if not.
Status read_option_name(const std::string& name, const std::string& path);

// The value of option `name` at `path`: a number within the option's range, or one of
// its named values' words ("convex", "materials").
Status read_option_value(const std::string& name, const Json& value, const std::string& path, double& number);

// The option table's message about option `name` (it starts "name: "), with the
// field's path in its place.
Status option_status_at(const Status& status, const std::string& name, const std::string& path);

}  // namespace contactlab
