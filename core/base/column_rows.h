// The rows `first` to 5 of a 6-entry column (a column of a column-major 6x6 block, or a
// 6-vector) held as values: four in a row as a quad (base/double_quad.h) where they
// fit, then a lone row and a pair (rows 4 and 5) for what is left. Every operation is
// the scalar one on each row, so a kernel written over ColumnRows sums each entry in
// the order its loop states, at any width: the same bits whether it runs as AVX
// quads, SSE2 or simd128 pairs or scalars. Every member is inlined where it is used.
#pragma once

#include "base/double_pair.h"
#include "base/double_quad.h"

namespace contactlab {

#define CONTACTLAB_COLUMN_ROWS_INLINE inline __attribute__((always_inline))

template <int first>
struct ColumnRows {
  static_assert(first >= 0 && first <= 6, "a row of a 6-entry column");
  static constexpr bool has_quad = first <= 2;
  static constexpr int rest = has_quad ? first + 4 : first;  // the first row after the quad
  static constexpr bool has_lone = (6 - rest) % 2 == 1;      // row `rest`
  static constexpr bool has_pair = 6 - rest >= 2;            // rows 4 and 5
  DoubleQuad quad;
  DoublePair pair;
  double lone;

  // From the column whose entry 0 is at `column`.
  static CONTACTLAB_COLUMN_ROWS_INLINE ColumnRows load(const double* column) {
    ColumnRows x;
    if constexpr (has_quad) x.quad = load_quad(column + first);
    if constexpr (has_lone) x.lone = column[rest];
    if constexpr (has_pair) x.pair = load_pair(column + 4);
    return x;
  }
  CONTACTLAB_COLUMN_ROWS_INLINE void store(double* column) const {
    if constexpr (has_quad) store_quad(column + first, quad);
    if constexpr (has_lone) column[rest] = lone;
    if constexpr (has_pair) store_pair(column + 4, pair);
  }
  // x_r -= a_r f, for a column a.
  CONTACTLAB_COLUMN_ROWS_INLINE void subtract(const double* a, double f) {
    if constexpr (has_quad) quad -= load_quad(a + first) * four(f);
    if constexpr (has_lone) lone -= a[rest] * f;
    if constexpr (has_pair) pair -= load_pair(a + 4) * both(f);
  }
  // x_r / d.
  CONTACTLAB_COLUMN_ROWS_INLINE ColumnRows operator/(double d) const {
    ColumnRows x;
    if constexpr (has_quad) x.quad = quad / four(d);
    if constexpr (has_lone) x.lone = lone / d;
    if constexpr (has_pair) x.pair = pair / both(d);
    return x;
  }
  // x_r f.
  CONTACTLAB_COLUMN_ROWS_INLINE ColumnRows operator*(double f) const {
    ColumnRows x;
    if constexpr (has_quad) x.quad = quad * four(f);
    if constexpr (has_lone) x.lone = lone * f;
    if constexpr (has_pair) x.pair = pair * both(f);
    return x;
  }
  // x_r + y_r.
  CONTACTLAB_COLUMN_ROWS_INLINE ColumnRows operator+(const ColumnRows& y) const {
    ColumnRows x;
    if constexpr (has_quad) x.quad = quad + y.quad;
    if constexpr (has_lone) x.lone = lone + y.lone;
    if constexpr (has_pair) x.pair = pair + y.pair;
    return x;
  }
};

#undef CONTACTLAB_COLUMN_ROWS_INLINE

}  // namespace contactlab

