#include "lcp/lemke_lu.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace contactlab {

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
      for (int i = col + 1; i < k; ++i) target[i] -= column[i] * factor;
    }
  }
  return true;
}

void lu_solve(const double* lu, int k, const int* row_swap, double* b) {
  for (int col = 0; col < k; ++col) std::swap(b[col], b[row_swap[col]]);
  // A zero multiplier is skipped: subtracting its +-0 products leaves every entry as it
  // is but for the sign of an exact zero (bit for bit when b holds no -0, as the unit
  // right-hand sides of a basis inverse, which so solve far faster).
  for (int col = 0; col < k; ++col) {
    if (b[col] == 0) continue;
    const double* column = lu + static_cast<std::size_t>(col) * k;
    for (int i = col + 1; i < k; ++i) b[i] -= column[i] * b[col];
  }
  for (int col = k - 1; col >= 0; --col) {
    const double* column = lu + static_cast<std::size_t>(col) * k;
    b[col] /= column[col];
    if (b[col] == 0) continue;
    for (int i = 0; i < col; ++i) b[i] -= column[i] * b[col];
  }
}

}  // namespace contactlab
