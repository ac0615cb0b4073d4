// Constants the tests share, in one place so that test files compiled together in a
// unity batch do not each define their own.
#pragma once

namespace contactlab {

inline constexpr double kPi = 3.14159265358979323846;
inline constexpr double kGravity = 9.81;  // g [m/s^2], as the scenes and builders use it

}  // namespace contactlab
