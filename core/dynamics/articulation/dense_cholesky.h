// A = L L^T for a small dense symmetric positive-definite matrix (a tree's mass
// matrix M), then solves with A for any number of right-hand sides, e.g. M^-1 J^T.
// Plain loops in a fixed order: the same bits on every platform (no Eigen blocked
// kernels).
#pragma once

#include <Eigen/Core>

#include "base/status.h"

namespace contactlab {

class DenseCholesky {
 public:
  // A pivot counts as positive when it exceeds this fraction of its diagonal entry of
  // A; below it, A is singular or indefinite to working precision.
  static constexpr double kRelativePivotTolerance = 1e-14;

  // Factors the lower triangle of a square `matrix` (the upper one is not read).
  // On failure the message names the first pivot that was not positive and the
  // factorisation is unusable until the next successful factor().
  Status factor(const Eigen::MatrixXd& matrix);

  bool factored() const { return factored_; }
  int size() const { return static_cast<int>(lower_.rows()); }
  const Eigen::MatrixXd& lower() const { return lower_; }  // L; its upper part is zero

  // rhs := A^-1 rhs. Requires factored() and rhs.size() == size().
  void solve_in_place(Eigen::VectorXd& rhs) const;
  // Every column of rhs (size() rows) := A^-1 column.
  void solve_in_place(Eigen::MatrixXd& rhs) const;

 private:
  void solve_column(double* column) const;

  Eigen::MatrixXd lower_;
  bool factored_ = false;
};

}  // namespace contactlab
