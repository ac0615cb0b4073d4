// The Newton systems of the interior-point method (interior_point.h):
//
//   [[P, A^T, G^T], [A, 0, 0], [G, 0, -W^2]] [dx; dy; dz] = [r_x; r_y; r_z]            (1)
//
// W is the Nesterov–Todd scaling (cone.h), symmetric. With zhat = W dz, Ghat = W^-1 G and
// rhat = W^-1 r_z the third row reads Ghat dx - zhat = rhat; eliminating zhat leaves the
// quasi-definite system
//
//   [[P + Ghat^T Ghat + delta I, A^T], [A, -delta I]] [dx; dy] = [r_x + Ghat^T rhat; r_y]  (2)
//
// (L. Vandenberghe, "The CVXOPT linear and quadratic cone program solvers", 2010, section 9).
// (2) is factored densely as Pi (2) Pi^T = L D L^T, the x rows first, then the y rows: a
// quasi-definite matrix has such a factorisation for any order (R. Vanderbei, SIAM J.
// Optim. 5(1), 1995), with D > 0 on the x rows and D < 0 on the y rows. Within each block
// Pi takes the largest remaining pivot first (diagonal pivoting), which keeps |L| bounded
// when P + Ghat^T Ghat is rank-deficient and its entries are large (W^-2 grows like 1/mu).
// delta = static_regularization + 1e-14 max_i (P + Ghat^T Ghat)_ii keeps the matrix
// quasi-definite when P + Ghat^T Ghat is singular or A has dependent rows; its second part
// is the size of the rounding errors of the Schur complements, so that rounding cannot flip
// the sign of a pivot once W^-2 grows like 1/mu. A pivot that still has the wrong sign or
// lies below 1e-13 is replaced by +-2e-7 (dynamic regularisation). Iterative refinement on
// the unregularised system (1) itself removes the effect of delta; its residual is measured
// unscaled, since W^-1 would hide the error of the rows whose W is large, and those errors
// go straight into the primal residual G x + s - h of the next iterate.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "conic/cone.h"

namespace contactlab::conic {

class KktSystem {
 public:
  // P (n x n, symmetric), A (p x n) and G (m x n, rows laid out as `cones`) must stay alive
  // and unchanged while the system is used. Allocates all the workspace.
  void reset(const Eigen::MatrixXd& P, const Eigen::MatrixXd& A, const Eigen::MatrixXd& G,
             const ConeLayout& cones, double static_regularization, int refinement_steps);

  // Forms and factors (2) for `scaling` (copied); false if a pivot is not finite.
  bool factor(const NtScaling& scaling);

  // Solves (1) with the last factorisation; scaled_dz = W dz. False if the answer is not
  // finite. The outputs are resized as needed.
  bool solve(const Eigen::VectorXd& r_x, const Eigen::VectorXd& r_y, const Eigen::VectorXd& r_z,
             Eigen::VectorXd& dx, Eigen::VectorXd& dy, Eigen::VectorXd& dz,
             Eigen::VectorXd& scaled_dz);

  // Pivots replaced by the dynamic regularisation in the last factorisation.
  int dynamic_regularizations() const { return dynamic_regularizations_; }
  // ||residual of (1)||_inf after the last solve's refinement.
  double refinement_residual() const { return refinement_residual_; }

 private:
  // [x; y; zhat] for the scaled right-hand side [r_x; r_y; rhat], without refinement.
  void solve_reduced(const Eigen::VectorXd& r_x, const Eigen::VectorXd& r_y,
                     const Eigen::VectorXd& r_hat, Eigen::VectorXd& x, Eigen::VectorXd& y,
                     Eigen::VectorXd& z_hat);
  // The residual [r_x; r_y; r_z] - (1) [x; y; W^-1 zhat] into residual_x_, _y_, _z_;
  // returns its infinity norm. G^T z is formed as Ghat^T zhat, W^2 z as W zhat.
  double residual(const Eigen::VectorXd& r_x, const Eigen::VectorXd& r_y,
                  const Eigen::VectorXd& r_z, const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                  const Eigen::VectorXd& z_hat);
  void swap_symmetric(Eigen::Index k, Eigen::Index r);

  const Eigen::MatrixXd* P_ = nullptr;
  const Eigen::MatrixXd* A_ = nullptr;
  const Eigen::MatrixXd* G_ = nullptr;
  ConeLayout cones_;
  double static_regularization_ = 0;
  int refinement_steps_ = 0;
  int dynamic_regularizations_ = 0;
  double refinement_residual_ = 0;

  NtScaling scaling_;
  Eigen::MatrixXd scaled_G_;   // Ghat = W^-1 G (m x n): Ghat x by columns
  Eigen::MatrixXd scaled_Gt_;  // Ghat^T (n x m): Ghat^T v and Ghat^T Ghat by columns
  Eigen::MatrixXd factor_;     // L below the diagonal (column-major), D on it
  Eigen::VectorXd pivots_;     // D
  std::vector<int> permutation_;  // row k of the factored matrix is row permutation_[k] of (2)
  Eigen::VectorXd reduced_;    // right-hand side and solution of (2)
  Eigen::VectorXd permuted_;   // the same, permuted
  Eigen::VectorXd r_hat_;
  Eigen::VectorXd residual_x_, residual_y_, residual_z_;
  Eigen::VectorXd correction_x_, correction_y_, correction_z_;
  Eigen::VectorXd trial_x_, trial_y_, trial_z_;
};

}  // namespace contactlab::conic
