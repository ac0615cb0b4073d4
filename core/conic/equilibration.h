// Ruiz equilibration of a conic program (D. Ruiz, "A scaling algorithm to equilibrate both
// rows and columns norms in matrices", 2001, as used by OSQP and Clarabel): diagonal scalings
// D of the variables and E of the constraint rows such that the KKT matrix
//   diag(D, E) [[P, A^T, G^T], [A, 0, 0], [G, 0, 0]] diag(D, E)
// has rows of nearly equal infinity norm, then a cost factor c_s. The scaled problem
//   P~ = c_s D P D,  c~ = c_s D c,  A~ = E_A A D,  b~ = E_A b,  G~ = E_G G D,  h~ = E_G h
// has the solutions  x = D x~,  s = s~ / E_G,  y = E_A y~ / c_s,  z = E_G z~ / c_s.
// E_G takes one value per second-order cone, so s~ and z~ stay in K. Each pass divides by
// square roots of row norms clamped to [1e-4, 1e4] (a zero row is left alone).
#pragma once

#include <Eigen/Core>

#include "conic/cone.h"
#include "conic/problem.h"

namespace contactlab::conic {

struct Equilibration {
  Eigen::VectorXd variable_scale;  // D (n)
  Eigen::VectorXd equality_scale;  // E_A (p)
  Eigen::VectorXd cone_scale;      // E_G (m)
  double cost_scale = 1;           // c_s
};

// `problem` must be valid (validate_conic_problem). `scaled` gets full-size matrices (an
// empty P or A or G becomes a zero one of the right shape) and P symmetrised as
// (P + P^T) / 2. passes = 0 gives the identity scaling.
void equilibrate(const ConicProblem& problem, const ConeLayout& cones, int passes,
                 ConicProblem& scaled, Equilibration& scaling);

// Maps variables of the scaled problem to the original one (formulas above).
void unscale_primal(const Equilibration& scaling, const Eigen::VectorXd& scaled_x,
                    const Eigen::VectorXd& scaled_s, Eigen::VectorXd& x, Eigen::VectorXd& s);
void unscale_dual(const Equilibration& scaling, const Eigen::VectorXd& scaled_y,
                  const Eigen::VectorXd& scaled_z, Eigen::VectorXd& y, Eigen::VectorXd& z);

}  // namespace contactlab::conic
