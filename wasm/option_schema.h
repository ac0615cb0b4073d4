// The core's option table (base/options.h) as JSON for the page, which builds its
// option controls from it (docs/option_schema.md).
#pragma once

#include <string>

namespace contactlab {

std::string option_schema_json();

}  // namespace contactlab
