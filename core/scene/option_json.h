// An option's value as scene files and links write it: a choice's word ("convex",
// "materials"), else the number, whole numbers without a fraction; read back by the
// scene loader or the link reader, it is the same value to the last bit.
#pragma once

#include <string>

#include "scene/json_fields.h"

namespace contactlab {

// A number as JSON, whole numbers without ".0", -0 kept.
Json number_json(double value);

// Option `name`'s value: its word when the option names it, else number_json(value).
Json option_json(const std::string& name, double value);

}  // namespace contactlab
