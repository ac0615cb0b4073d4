// Strict parsing of command-line values: a value is accepted whole or not at all.
#pragma once

#include <string>

#include "base/status.h"

namespace contactlab {

Status parse_number(const std::string& flag, const std::string& text, double& value);
Status parse_count(const std::string& flag, const std::string& text, long low, long high, long& value);
// "KEY=VALUE" with a numeric VALUE.
Status parse_assignment(const std::string& text, std::string& key, double& value);

}  // namespace contactlab
