// A = L L^T for a symmetric positive-definite matrix whose rows start late: row i of
// the lower triangle is zero left of a first column f_i (its envelope), and so is row
// i of L. The reduced contact systems (edge_active_set.h) have this shape, since a
// contact couples only with contacts on the bodies it touches: a stack of boxes gives
// a banded matrix. Rows are stored packed from f_i to the diagonal and the factor is
// computed row by row (Cholesky-Banachiewicz), every sum running over contiguous
// memory in a fixed order: the same bits on every platform.
#pragma once

#include <vector>

#include <Eigen/Core>

namespace contactlab {

class EnvelopeCholesky {
 public:
  // A pivot counts as positive when it exceeds this fraction of its diagonal entry of
  // A; below it, A is singular or indefinite to working precision.
  static constexpr double kRelativePivotTolerance = 1e-14;

  // Factors the lower triangle of a square `matrix` (the upper one is not read).
  // False, leaving the factor unusable, when a pivot is not positive (above).
  bool factor(const Eigen::MatrixXd& matrix);

  int size() const { return static_cast<int>(first_.size()); }
  // The entries of the envelope, sum over rows of (i - f_i + 1).
  std::size_t stored_entries() const { return values_.size(); }

  // rhs := A^-1 rhs. Requires a successful factor() of rhs.size() rows.
  void solve_in_place(Eigen::VectorXd& rhs) const;

 private:
  double lower(int i, int j) const { return values_[start_[i] + (j - first_[i])]; }

  std::vector<int> first_;          // f_i
  std::vector<std::size_t> start_;  // where row i's entries begin in values_
  std::vector<double> values_;      // L(i, f_i .. i), row after row
};

}  // namespace contactlab
