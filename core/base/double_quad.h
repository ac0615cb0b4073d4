// Four doubles as one value, beside base/double_pair.h's two: a 6-entry column of a
// 6x6 block as a quad (its entries 0 to 3, or any four in a row) and a pair, each
// lane's operation the scalar one in the scalar's order, so the same bits at any width.
// In a kernel compiled for AVX (base/vector_clones.h) a quad is one instruction, so a
// column takes two where three pairs took three; compiled without AVX (x86-64's
// baseline, WebAssembly's simd128) the compiler runs a quad as two pairs. The helpers
// are inlined wherever they are used.
#pragma once

#include <cstring>

#include "base/double_pair.h"

namespace contactlab {

using DoubleQuad = double __attribute__((vector_size(32)));

// Without AVX a quad is passed between functions otherwise than with it, and -Wpsabi
// says so: GCC at the end of each file that uses a quad, Clang at every call of a
// helper that returns one, inlined or not. None is passed (every helper is inlined
// where it is used), so the warning is off in the files that include this header, for
// both compilers (Clang reads GCC's pragma). Returning quads through references
// instead would silence Clang too, but GCC then compiles the baseline kernels to other
// instructions (measured on block_cholesky.cpp: the same bits, not the same code).
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

// Four adjacent doubles loaded and stored at any alignment (memcpy: one unaligned
// load or store where the target has the width).
inline __attribute__((always_inline)) DoubleQuad load_quad(const double* p) {
  DoubleQuad value;
  std::memcpy(&value, p, sizeof value);
  return value;
}
inline __attribute__((always_inline)) void store_quad(double* p, const DoubleQuad& value) {
  std::memcpy(p, &value, sizeof value);
}
inline __attribute__((always_inline)) DoubleQuad four(double value) {
  return DoubleQuad{value, value, value, value};
}

}  // namespace contactlab
