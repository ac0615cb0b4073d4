#include "formulation/envelope_cholesky.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

// sum_{k = begin}^{end - 1} a_k b_k in four interleaved partial sums (k mod 4), added
// as ((s0 + s1) + (s2 + s3)): a fixed order, with a quarter of the dependent additions.
double dot_range(const double* a, const double* b, int begin, int end) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int k = begin;
  for (; k + 3 < end; k += 4) {
    s0 += a[k] * b[k];
    s1 += a[k + 1] * b[k + 1];
    s2 += a[k + 2] * b[k + 2];
    s3 += a[k + 3] * b[k + 3];
  }
  for (; k < end; ++k) s0 += a[k] * b[k];
  return (s0 + s1) + (s2 + s3);
}

}  // namespace

bool EnvelopeCholesky::factor(const Eigen::MatrixXd& matrix) {
  const int n = static_cast<int>(matrix.rows());
  first_.resize(n);
  start_.resize(n);
  std::size_t count = 0;
  for (int i = 0; i < n; ++i) {
    int first = 0;
    while (first < i && matrix(i, first) == 0) ++first;
    first_[i] = first;
    start_[i] = count;
    count += static_cast<std::size_t>(i - first + 1);
  }
  values_.resize(count);

  // L_ij = (A_ij - sum_{k<j} L_ik L_jk) / L_jj for f_i <= j < i, and
  // L_ii = sqrt(A_ii - sum_{k<i} L_ik^2); the sums start where both rows do.
  for (int i = 0; i < n; ++i) {
    double* row_i = values_.data() + start_[i] - first_[i];  // row_i[k] = L(i, k)
    for (int j = first_[i]; j <= i; ++j) {
      const double* row_j = values_.data() + start_[j] - first_[j];
      const double sum = matrix(i, j) - dot_range(row_i, row_j, std::max(first_[i], first_[j]), j);
      if (j < i) {
        row_i[j] = sum / row_j[j];
        continue;
      }
      if (!(sum > 0) || !(sum > kRelativePivotTolerance * matrix(i, i))) return false;
      row_i[i] = std::sqrt(sum);
    }
  }
  return true;
}

void EnvelopeCholesky::solve_in_place(Eigen::VectorXd& rhs) const {
  const int n = size();
  // L y = b, row by row.
  for (int i = 0; i < n; ++i) {
    const double* row = values_.data() + start_[i] - first_[i];
    rhs[i] = (rhs[i] - dot_range(row, rhs.data(), first_[i], i)) / row[i];
  }
  // L^T x = y, from the last row up, each x_i taken out of the rows above it.
  for (int i = n - 1; i >= 0; --i) {
    const double* row = values_.data() + start_[i] - first_[i];
    const double x = rhs[i] / row[i];
    rhs[i] = x;
    for (int k = first_[i]; k < i; ++k) rhs[k] -= row[k] * x;
  }
}

}  // namespace contactlab
