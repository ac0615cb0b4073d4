#include "dynamics/articulation/dense_cholesky.h"

#include <cmath>
#include <sstream>

namespace contactlab {

Status DenseCholesky::factor(const Eigen::MatrixXd& matrix) {
  factored_ = false;
  if (matrix.rows() != matrix.cols()) {
    std::ostringstream message;
    message << "matrix must be square (got " << matrix.rows() << " x " << matrix.cols() << ")";
    return Status::failure(message.str());
  }
  const int n = static_cast<int>(matrix.rows());
  lower_.setZero(n, n);
  // Column by column (Cholesky-Crout):
  //   L_jj = sqrt(A_jj - sum_{k<j} L_jk^2),
  //   L_ij = (A_ij - sum_{k<j} L_ik L_jk) / L_jj   for i > j.
  for (int j = 0; j < n; ++j) {
    double pivot = matrix(j, j);
    for (int k = 0; k < j; ++k) pivot -= lower_(j, k) * lower_(j, k);
    if (!(pivot > 0) || !(pivot > kRelativePivotTolerance * matrix(j, j))) {
      std::ostringstream message;
      message << "matrix is not positive definite: pivot " << j << " is " << pivot
              << " (diagonal entry " << matrix(j, j) << ")";
      return Status::failure(message.str());
    }
    const double diagonal = std::sqrt(pivot);
    lower_(j, j) = diagonal;
    for (int i = j + 1; i < n; ++i) {
      double sum = matrix(i, j);
      for (int k = 0; k < j; ++k) sum -= lower_(i, k) * lower_(j, k);
      lower_(i, j) = sum / diagonal;
    }
  }
  factored_ = true;
  return Status::success();
}

void DenseCholesky::solve_column(double* column) const {
  const int n = size();
  // L y = b, forward
  for (int i = 0; i < n; ++i) {
    double sum = column[i];
    for (int k = 0; k < i; ++k) sum -= lower_(i, k) * column[k];
    column[i] = sum / lower_(i, i);
  }
  // L^T x = y, backward
  for (int i = n - 1; i >= 0; --i) {
    double sum = column[i];
    for (int k = i + 1; k < n; ++k) sum -= lower_(k, i) * column[k];
    column[i] = sum / lower_(i, i);
  }
}

void DenseCholesky::solve_in_place(Eigen::VectorXd& rhs) const { solve_column(rhs.data()); }

void DenseCholesky::solve_in_place(Eigen::MatrixXd& rhs) const {
  for (int column = 0; column < rhs.cols(); ++column) solve_column(rhs.col(column).data());
}

}  // namespace contactlab
