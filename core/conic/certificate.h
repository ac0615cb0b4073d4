// Certificates of a conic program's answer (problem.h), measured on the original data.
//
// Optimality: every residual is scaled by one plus the largest of the terms it is made of
// (data such as c, b, h and products such as A^T y), so that it reads as a relative error
// whatever the size of the multipliers:
//   stationarity     ||P x + c + A^T y + G^T z||_inf / (1 + max ||.||_inf of P x, c, A^T y, G^T z)
//   equality         ||A x - b||_inf / (1 + max(||A x||_inf, ||b||_inf))
//   inequality       ||G x + s - h||_inf / (1 + max(||G x||_inf, ||s||_inf, ||h||_inf))
//   slack_cone       distance of s outside K (cone.h) / (1 + ||s||_inf)
//   multiplier_cone  distance of z outside K / (1 + ||z||_inf)
//   complementarity  |s^T z| / (1 + max(|x^T P x|, |c^T x|, |b^T y|, |h^T z|)),
// the last because x^T P x + c^T x + b^T y + h^T z = s^T z whenever the other residuals
// vanish: it is the duality gap relative to the terms that make it up.
//
// Infeasibility (the Farkas alternatives). Each residual compares how well the terms of
// an equation cancel with how clearly the objective or right-hand side decreases, both
// relative to the sizes of the terms, so that it is unchanged when the certificate, or
// (P, c), or (A, b, G, h) are scaled (|M| is the largest |entry| of M, norms without a
// subscript are 1-norms, ||.||_inf the largest |entry|, and 0 / 0 = 0):
//   primal  (y, z), z in K, b^T y + h^T z < 0, proves that no x is feasible:
//           ||A^T y + G^T z||_inf / (|A| ||y|| + |G| ||z||)
//           / (-(b^T y + h^T z) / (||b||_inf ||y|| + ||h||_inf ||z||))
//   dual    (x, s), s in K, c^T x < 0, proves the objective unbounded (when feasible):
//           max(||P x||_inf / (|P| ||x||), ||A x||_inf / (|A| ||x||),
//               ||G x + s||_inf / (|G| ||x|| + ||s||_inf))
//           / (-c^T x / (||c||_inf ||x||))
// and its cone residual is the distance of z outside K over ||z||_inf, or of s over
// |G| ||x|| + ||s||_inf.
#pragma once

#include <Eigen/Core>

#include "conic/problem.h"

namespace contactlab {

// Infinite residuals when the sizes do not match the problem or a value is not finite.
struct ConicCertificate {
  double stationarity = 0;
  double equality = 0;
  double inequality = 0;
  double slack_cone = 0;
  double multiplier_cone = 0;
  double complementarity = 0;

  double worst() const;
  bool passes(double tolerance) const { return worst() <= tolerance; }
};

// The optimality certificate of solution.x, s, y, z (whatever solution.status says).
ConicCertificate check_conic_solution(const ConicProblem& problem, const ConicSolution& solution);
ConicCertificate check_conic_point(const ConicProblem& problem, const Eigen::VectorXd& x,
                                   const Eigen::VectorXd& s, const Eigen::VectorXd& y,
                                   const Eigen::VectorXd& z);

// Infinite residuals and no direction when the sizes do not match, a value is not finite
// or the decrease is not negative.
struct ConicInfeasibilityCertificate {
  double residual = 0;         // the scaled Farkas residual above
  double cone = 0;             // the scaled cone residual above
  bool has_direction = false;  // b^T y + h^T z < 0 (primal) or c^T x < 0 (dual)

  bool passes(double tolerance) const {
    return has_direction && residual <= tolerance && cone <= tolerance;
  }
};

// Primal infeasibility from (y, z); dual infeasibility from (x, s).
ConicInfeasibilityCertificate check_primal_infeasibility(const ConicProblem& problem,
                                                         const Eigen::VectorXd& y,
                                                         const Eigen::VectorXd& z);
ConicInfeasibilityCertificate check_dual_infeasibility(const ConicProblem& problem,
                                                       const Eigen::VectorXd& x,
                                                       const Eigen::VectorXd& s);
// The certificate matching solution.status (PrimalInfeasible or DualInfeasible; any other
// status gives infinite residuals).
ConicInfeasibilityCertificate check_conic_infeasibility(const ConicProblem& problem,
                                                        const ConicSolution& solution);

}  // namespace contactlab
