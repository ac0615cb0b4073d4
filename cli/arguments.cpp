#include "arguments.h"

#include "base/options.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace contactlab {

Status parse_number(const std::string& flag, const std::string& text, double& value) {
  errno = 0;
  char* end = nullptr;
  const double parsed = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(parsed)) {
    return Status::failure(flag + ": expected a finite number, got '" + text + "'");
  }
  value = parsed;
  return Status::success();
}

Status parse_count(const std::string& flag, const std::string& text, long low, long high, long& value) {
  errno = 0;
  char* end = nullptr;
  const long parsed = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno == ERANGE || parsed < low || parsed > high) {
    return Status::failure(flag + ": expected a whole number from " + std::to_string(low) +
                           " to " + std::to_string(high) + ", got '" + text + "'");
  }
  value = parsed;
  return Status::success();
}

Status parse_assignment(const std::string& text, std::string& key, double& value) {
  const size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0) {
    return Status::failure("--set: expected KEY=VALUE, got '" + text + "'");
  }
  key = text.substr(0, equals);
  const std::string word = text.substr(equals + 1);
  // Options with named values take their names: --set formulation=soft,
  // --set autograsp=static.
  double named = 0;
  if (option_value_of_word(key, word, named).ok()) {
    value = named;
    return Status::success();
  }
  const Status number = parse_number("--set " + key, word, value);
  if (number.ok()) return number;
  // Not a number: the option's own message says what it takes (unknown: the number's).
  const Status words = option_value_of_word(key, word, named);
  if (words.message().find("must be") == std::string::npos) return number;
  return Status::failure("--set " + words.message());
}

}  // namespace contactlab
