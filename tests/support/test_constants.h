// Constants the tests share, in one place so that test files compiled together in a
// unity batch do not each define their own.
#pragma once

namespace contactlab {

inline constexpr double kPi = 3.14159265358979323846;

}  // namespace contactlab
