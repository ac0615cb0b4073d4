// The pass of the sparse Lemke basis's etas stored whole (sparse_lemke_basis.h) over
// b, compiled also for AVX (base/vector_clones.h): up to four etas in one pass, each
// entry b_i read and written once for them all, with the same subtractions in the same
// order as one pass per eta,
//
//   b_i := (((b_i - c0_i v0) - c1_i v1) - c2_i v2) - c3_i v3,
//
// so the results are bit for bit those of the passes one after the other.
#pragma once

#include <cstddef>

namespace contactlab {

constexpr int kEtasInOnePass = 4;

// target_i -= columns[0]_i values[0], then columns[1]_i values[1], ... for the first
// `columns_count` (1 to kEtasInOnePass) columns, for i < count.
void subtract_scaled_columns(const double* const* columns, const double* values, int columns_count, double* target,
                             std::size_t count);

}  // namespace contactlab
