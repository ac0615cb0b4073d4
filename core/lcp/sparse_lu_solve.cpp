#include "lcp/sparse_lu_solve.h"

namespace contactlab {

namespace {

// The types SparseLU's own solve uses for a vector right-hand side, so that the same
// dense kernels (triangular solve, matrix-vector product) are chosen.
using Block = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>, 0,
                         Eigen::OuterStride<>>;
using Segment = Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor>, 0, Eigen::OuterStride<>>;

bool all_zero(const double* values, Eigen::Index count) {
  for (Eigen::Index i = 0; i < count; ++i) {
    if (values[i] != 0) return false;
  }
  return true;
}

// x := L^-1 x, L unit lower triangular, by supernodes in ascending order.
template <typename SupernodalL>
void solve_lower(const SupernodalL& L, Eigen::VectorXd& x, Eigen::VectorXd& work) {
  const Eigen::Index n = x.size();
  const double* values = L.valuePtr();
  for (Eigen::Index k = 0; k <= L.nsuper(); ++k) {
    const Eigen::Index first = L.supToCol()[k];
    const Eigen::Index row_start = L.rowIndexPtr()[first];
    const Eigen::Index rows = L.rowIndexPtr()[first + 1] - row_start;
    const Eigen::Index columns = L.supToCol()[k + 1] - first;
    const Eigen::Index below = rows - columns;
    const Eigen::Index value_start = L.colIndexPtr()[first];
    if (columns == 1) {
      const double pivot_value = x[first];
      if (pivot_value == 0) continue;
      // The column below its diagonal entry.
      for (Eigen::Index e = 1; e < rows; ++e) {
        x[L.rowIndex()[row_start + e]] -= pivot_value * values[value_start + e];
      }
      continue;
    }
    if (all_zero(x.data() + first, columns)) continue;
    const Eigen::Index stride = L.colIndexPtr()[first + 1] - value_start;
    Block diagonal(values + value_start, columns, columns, Eigen::OuterStride<>(stride));
    Segment segment(x.data() + first, columns, 1, Eigen::OuterStride<>(n));
    segment = diagonal.template triangularView<Eigen::UnitLower>().solve(segment);
    Block lower(values + value_start + columns, below, columns, Eigen::OuterStride<>(stride));
    work.topRows(below).noalias() = lower * segment;
    for (Eigen::Index i = 0; i < below; ++i) x[L.rowIndex()[row_start + columns + i]] -= work[i];
  }
}

// x := U^-1 x: the supernodes' diagonal blocks (kept with L) and U's columns above
// them, in descending order.
template <typename SupernodalL, typename SparseU>
void solve_upper(const SupernodalL& L, const SparseU& U, Eigen::VectorXd& x) {
  const Eigen::Index n = x.size();
  const double* values = L.valuePtr();
  for (Eigen::Index k = L.nsuper(); k >= 0; --k) {
    const Eigen::Index first = L.supToCol()[k];
    const Eigen::Index value_start = L.colIndexPtr()[first];
    const Eigen::Index columns = L.supToCol()[k + 1] - first;
    if (columns == 1) {
      x[first] /= values[value_start];
    } else if (!all_zero(x.data() + first, columns)) {
      const Eigen::Index stride = L.colIndexPtr()[first + 1] - value_start;
      Block diagonal(values + value_start, columns, columns, Eigen::OuterStride<>(stride));
      Segment segment(x.data() + first, columns, 1, Eigen::OuterStride<>(n));
      segment = diagonal.template triangularView<Eigen::Upper>().solve(segment);
    }
    for (Eigen::Index column = first; column < first + columns; ++column) {
      const double pivot_value = x[column];
      if (pivot_value == 0) continue;
      for (Eigen::Index e = U.outerIndexPtr()[column]; e < U.outerIndexPtr()[column + 1]; ++e) {
        x[U.innerIndexPtr()[e]] -= pivot_value * U.valuePtr()[e];
      }
    }
  }
}

}  // namespace

void solve_sparse_lu(const SparseLuFactors& lu, const Eigen::VectorXd& b, Eigen::VectorXd& x,
                     Eigen::VectorXd& work) {
  const Eigen::Index n = b.size();
  work.resize(n);
  // y = P_r b, then L U y' = y, then x = P_c^T y'.
  const auto& row_order = lu.rowsPermutation().indices();
  Eigen::VectorXd& y = x;
  y.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) y[row_order[i]] = b[i];
  const auto& L = lu.matrixL().m_mapL;
  const auto U = lu.matrixU();
  solve_lower(L, y, work);
  solve_upper(L, U.m_mapU, y);
  const auto& column_order = lu.colsPermutation().indices();
  for (Eigen::Index i = 0; i < n; ++i) work[i] = y[column_order[i]];
  x.swap(work);
}

}  // namespace contactlab
