// A fast check that a block of doubles holds no infinity and no NaN.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace contactlab {

// One pass over the IEEE-754 bits, without early exit or floating-point compares, so
// that compilers check two entries per instruction. A double is infinite or NaN
// exactly when its 11 exponent bits are all ones; adding one to that field then
// carries into the sign bit, and only then.
inline bool all_finite(const double* values, std::size_t count) {
  constexpr std::uint64_t kExponent = 0x7ff0000000000000ull;
  constexpr std::uint64_t kExponentOne = 0x0010000000000000ull;
  std::uint64_t carried = 0;
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t bits;
    std::memcpy(&bits, values + i, sizeof bits);
    carried |= (bits & kExponent) + kExponentOne;
  }
  return (carried >> 63) == 0;
}

}  // namespace contactlab
