#include "lcp/lemke_lu.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "base/vector_clones.h"

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
  double largest = 0;
  const std::size_t entries = static_cast<std::size_t>(k) * k;
  for (std::size_t e = 0; e < entries; ++e) largest = std::max(largest, std::abs(a[e]));
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

// b_j[i] -= column[i] * multiplier_j for i in [begin, end), the four right-hand sides
// together.
CONTACTLAB_INLINE_IN_CLONES void subtract_four(const double* __restrict column, double* __restrict b0, double* __restrict b1,
                   double* __restrict b2, double* __restrict b3, const double multipliers[4], int begin,
                   int end) {
  const double m0 = multipliers[0], m1 = multipliers[1], m2 = multipliers[2], m3 = multipliers[3];
  for (int i = begin; i < end; ++i) {
    const double entry = column[i];
    b0[i] -= entry * m0;
    b1[i] -= entry * m1;
    b2[i] -= entry * m2;
    b3[i] -= entry * m3;
  }
}

// The update of lu_solve() at `col` on the right-hand sides whose multiplier b_j[col]
// is nonzero: four together where all are, else one by one.
CONTACTLAB_INLINE_IN_CLONES void eliminate_four(const double* column, int col, double* const b[4], int begin, int end) {
  const double multipliers[4] = {b[0][col], b[1][col], b[2][col], b[3][col]};
  if (multipliers[0] != 0 && multipliers[1] != 0 && multipliers[2] != 0 && multipliers[3] != 0) {
    subtract_four(column, b[0], b[1], b[2], b[3], multipliers, begin, end);
    return;
  }
  for (int j = 0; j < 4; ++j) {
    if (multipliers[j] != 0) subtract_multiple(column, multipliers[j], b[j], begin, end);
  }
}

}  // namespace

CONTACTLAB_VECTOR_CLONES
void lu_solve_four(const double* lu, int k, const int* row_swap, double* const b[4]) {
  for (int col = 0; col < k; ++col) {
    for (int j = 0; j < 4; ++j) std::swap(b[j][col], b[j][row_swap[col]]);
  }
  for (int col = 0; col < k; ++col) {
    eliminate_four(lu + static_cast<std::size_t>(col) * k, col, b, col + 1, k);
  }
  for (int col = k - 1; col >= 0; --col) {
    const double* column = lu + static_cast<std::size_t>(col) * k;
    for (int j = 0; j < 4; ++j) b[j][col] /= column[col];
    eliminate_four(column, col, b, 0, col);
  }
}

}  // namespace contactlab
