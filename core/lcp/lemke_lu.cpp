#include "lcp/lemke_lu.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "base/finite_values.h"
#include "base/vector_clones.h"
#include "lcp/column_kernels.h"

namespace contactlab {
namespace {

// target[i] -= column[i] * multiplier for i in [begin, end): the one update of the
// elimination and of both triangular solves.
CONTACTLAB_INLINE_IN_CLONES void subtract_multiple(const double* __restrict column, double multiplier, double* __restrict target, int begin,
                       int end) {
  for (int i = begin; i < end; ++i) target[i] -= column[i] * multiplier;
}

}  // namespace

CONTACTLAB_VECTOR_CLONES
bool lu_factorise(double* a, int k, int* row_swap, double singular_tolerance) {
  // max |a_ij| in lanes: the same number in any order (column_kernels.h).
  const double largest = max_abs(a, static_cast<std::size_t>(k) * k);
  const double singular = singular_tolerance * largest;
  for (int col = 0; col < k; ++col) {
    double* column = a + static_cast<std::size_t>(col) * k;
    int pivot_row = col;
    for (int i = col + 1; i < k; ++i) {
      if (std::abs(column[i]) > std::abs(column[pivot_row])) pivot_row = i;
    }
    row_swap[col] = pivot_row;
    if (!(std::abs(column[pivot_row]) > singular)) return false;
    if (pivot_row != col) {
      for (int c = 0; c < k; ++c) {
        double* swapped = a + static_cast<std::size_t>(c) * k;
        std::swap(swapped[col], swapped[pivot_row]);
      }
    }
    const double pivot = column[col];
    for (int i = col + 1; i < k; ++i) column[i] /= pivot;
    for (int c = col + 1; c < k; ++c) {
      double* target = a + static_cast<std::size_t>(c) * k;
      const double factor = target[col];
      if (factor == 0) continue;
      subtract_multiple(column, factor, target, col + 1, k);
    }
  }
  return true;
}

CONTACTLAB_VECTOR_CLONES
void lu_solve(const double* lu, int k, const int* row_swap, double* b) {
  for (int col = 0; col < k; ++col) std::swap(b[col], b[row_swap[col]]);
  // A zero multiplier is skipped: subtracting its +-0 products leaves every entry as it
  // is but for the sign of an exact zero (bit for bit when b holds no -0, as the unit
  // right-hand sides of a basis inverse, which so solve far faster).
  for (int col = 0; col < k; ++col) {
    if (b[col] == 0) continue;
    subtract_multiple(lu + static_cast<std::size_t>(col) * k, b[col], b, col + 1, k);
  }
  for (int col = k - 1; col >= 0; --col) {
    const double* column = lu + static_cast<std::size_t>(col) * k;
    b[col] /= column[col];
    if (b[col] == 0) continue;
    subtract_multiple(column, b[col], b, 0, col);
  }
}

namespace {

// target[q] -= source[q] * multiplier for q < end, a multiple of four: whole vectors,
// no remainder.
CONTACTLAB_INLINE_IN_CLONES void subtract_multiple_in_fours(const double* __restrict source, double multiplier,
                                                            double* __restrict target, int end) {
  for (int q = 0; q < end; q += 4) {
    for (int lane = 0; lane < 4; ++lane) target[q + lane] -= source[q + lane] * multiplier;
  }
}

// lu_inverse()'s solves on the unit right-hand sides in `inverse`, passing over the
// zero entries of the factors where SkipZeros.
template <bool SkipZeros>
CONTACTLAB_INLINE_IN_CLONES void solve_unit_rows(const double* lu, int k, double* inverse) {
  const int stride = lu_inverse_stride(k);
  const std::size_t size = static_cast<std::size_t>(k);
  for (int t = 0; t < k; ++t) {
    double* row = inverse + t * static_cast<std::size_t>(stride);
    for (int q = 0; q < stride; ++q) row[q] = t == q ? 1.0 : 0.0;
  }
  // L y = P e: right-hand side q is zero above row q, and row col holds nonzeros only
  // in the columns q <= col (the others' multiplier is the zero lu_solve() skips; the
  // whole vector that holds col subtracts +-0 from entries that are never -0 here).
  for (int col = 0; col < k; ++col) {
    const double* column = lu + col * size;
    const double* source = inverse + col * static_cast<std::size_t>(stride);
    const int end = lu_inverse_stride(col + 1);
    for (int i = col + 1; i < k; ++i) {
      if (SkipZeros && column[i] == 0) continue;
      subtract_multiple_in_fours(source, column[i], inverse + i * static_cast<std::size_t>(stride), end);
    }
  }
  // U x = y, each row divided by its pivot, then subtracted from the rows above it.
  for (int col = k - 1; col >= 0; --col) {
    const double* column = lu + col * size;
    double* source = inverse + col * static_cast<std::size_t>(stride);
    const double pivot = column[col];
    for (int q = 0; q < stride; ++q) source[q] /= pivot;
    for (int i = 0; i < col; ++i) {
      if (SkipZeros && column[i] == 0) continue;
      subtract_multiple_in_fours(source, column[i], inverse + i * static_cast<std::size_t>(stride), stride);
    }
  }
}

}  // namespace

// A zero entry of the factors multiplies a row into +-0s while that row is finite, and
// subtracting +-0 leaves an entry that is not -0 as it is: the zeros are passed over.
// A row with an infinity or a NaN (an overflow) stays so to the end and would have
// subtracted NaNs: where the result is not all finite, it is formed again without
// passing over anything, as lu_solve() does.
CONTACTLAB_VECTOR_CLONES
void lu_inverse(const double* lu, int k, const int* row_swap, double* inverse, int* order) {
  // order[q]: the unit right-hand side whose 1 lu_solve()'s exchanges move to row q.
  for (int q = 0; q < k; ++q) order[q] = q;
  for (int col = 0; col < k; ++col) std::swap(order[col], order[row_swap[col]]);
  solve_unit_rows<true>(lu, k, inverse);
  if (!all_finite(inverse, static_cast<std::size_t>(k) * lu_inverse_stride(k))) {
    solve_unit_rows<false>(lu, k, inverse);
  }
}

}  // namespace contactlab
