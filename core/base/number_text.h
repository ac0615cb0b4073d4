// Numbers as messages show them.
#pragma once

#include <string>

namespace contactlab {

// Whole numbers in full, others with 6 significant digits.
std::string describe_number(double value);

// "name" in double quotes.
std::string quoted(const std::string& text);

}  // namespace contactlab
