// The conic quadratic program solved by solve_conic (interior_point.h):
//
//   minimise    1/2 x^T P x + c^T x
//   subject to  A x = b,  G x + s = h,  s in K,
//   K = R_+^l x Q^{m_1} x ... x Q^{m_N}   (orthant rows first, then second-order cones
//                                           Q^m = {(t, y) : ||y|| <= t}, see cone.h),
//
// with P symmetric positive semidefinite (zero for an LP or SOCP). Its dual variables are
// y (equalities) and z in K (cone rows), with the optimality conditions
//   P x + c + A^T y + G^T z = 0,   A x = b,   G x + s = h,   s, z in K,   s^T z = 0.
// All sizes are dense: the solver is meant for up to a few hundred variables and rows.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "base/status.h"
#include "conic/conic_status.h"

namespace contactlab {

struct ConicProblem {
  Eigen::MatrixXd P;  // n x n, symmetric PSD; an empty (0 x 0) P means zero
  Eigen::MatrixXd A;  // p x n; may be empty (0 x 0) when b is empty
  Eigen::MatrixXd G;  // m x n; may be empty (0 x 0) when h is empty
  Eigen::VectorXd c;  // n >= 1
  Eigen::VectorXd b;  // p
  Eigen::VectorXd h;  // m
  int orthant_size = 0;         // l >= 0: the first l rows of G are x-inequalities G_i x <= h_i
  std::vector<int> cone_sizes;  // m_k >= 1 of each second-order cone; l + sum m_k = m
};

struct ConicSettings {
  // Solved means every scaled residual of check_conic_solution is at most this. (0, 1)
  double tolerance = 1e-9;
  // An infeasibility certificate is accepted when its scaled residual
  // (check_conic_infeasibility) is at most this. (0, 1)
  double infeasibility_tolerance = 1e-8;
  int max_iterations = 60;     // [1, 1000]
  double step_fraction = 0.99;  // fraction of the step to the cone boundary taken, (0, 1)
  bool equilibrate = true;     // Ruiz scaling of the data before the iteration
  // Added to the diagonal of the reduced KKT matrix (+ on x, - on y), on the
  // equilibrated data; iterative refinement removes its effect. [0, 1e-4]
  double static_regularization = 1e-8;
  int refinement_steps = 10;   // iterative refinement passes per KKT solve, [0, 100]
};

// For IterationLimit and NumericalFailure, x, s, y, z are the best point found (smallest
// worst scaled residual): a caller may still accept it at a looser tolerance with
// check_conic_solution. Every number is finite, whatever the status.
struct ConicSolution {
  ConicStatus status = ConicStatus::InvalidInput;
  Eigen::VectorXd x, s;  // primal (n) and slack (m); zero for PrimalInfeasible
  Eigen::VectorXd y;     // equality multipliers (p); zero for DualInfeasible
  Eigen::VectorXd z;     // cone multipliers (m), in K; zero for DualInfeasible
  int iterations = 0;    // Newton steps taken
  // Scaled residuals of check_conic_solution (certificate.h) for the returned point, or
  // for the last iterate when an infeasibility status returns a certificate instead:
  double primal_residual = 0;  // max(equality, inequality, slack_cone)
  double dual_residual = 0;    // max(stationarity, multiplier_cone)
  double gap = 0;              // complementarity
  std::string message;         // what happened, in words
};

// Sizes, finiteness, symmetry of P and the cone description; the message names the field.
Status validate_conic_problem(const ConicProblem& problem);
Status validate_conic_settings(const ConicSettings& settings);

}  // namespace contactlab
