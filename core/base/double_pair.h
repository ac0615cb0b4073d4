// Two doubles as one value, GCC's and Clang's vector extension: a kernel over small
// dense blocks written in pairs of adjacent entries, each lane's operation the scalar
// one in the scalar's order, so the same bits whether the target runs a pair as one
// SIMD instruction (x86-64's SSE2; WebAssembly's simd128, with which CMakeLists.txt
// builds the files that use it) or as two. Stated once so that the compiler need not
// find the pairs itself: it vectorised the 6x6 kernels with lane swaps on every load,
// or not at all.
#pragma once

#include <cstring>

namespace contactlab {

using DoublePair = double __attribute__((vector_size(16)));

// A pair loaded from and stored to any double (Eigen's vectors are 8-byte aligned):
// memcpy, which the compilers turn into one unaligned load or store.
inline DoublePair load_pair(const double* p) {
  DoublePair value;
  std::memcpy(&value, p, sizeof value);
  return value;
}
inline void store_pair(double* p, DoublePair value) { std::memcpy(p, &value, sizeof value); }
inline DoublePair both(double value) { return DoublePair{value, value}; }
// |x| per lane, the sign bit cleared as std::abs clears it.
inline DoublePair abs_pair(DoublePair x) {
  using BitsPair = long long __attribute__((vector_size(16)));
  constexpr long long kMagnitude = 0x7fffffffffffffffLL;
  return reinterpret_cast<DoublePair>(reinterpret_cast<BitsPair>(x) & BitsPair{kMagnitude, kMagnitude});
}

}  // namespace contactlab
