// Bilateral rows removed from a step before its contact problem, seed 002 eqs.
// (20)-(21): with the rows H v^{l+1} = t on the unconstrained motion (v_free, M^-1),
//
//   Y = M^-1 H^T,   G = H Y (+ C),   v_free += Y G^-1 (t - H v_free),
//   M^-1 -= Y G^-1 Y^T,
//
// after which every impulse the contact problem adds moves the rows by H M^-1 (...)
// = 0: the rows are solved together with the contacts, as the mixed LCP of eq. (18)
// asks. C, a diagonal of compliances, makes a row soft: the row then stands for an
// implicit spring-damper on its rate (a motor's PD force, maximal_motion.h), which is
// Woodbury's identity for (M + H^T C^-1 H)^-1.
//
// The rows need not be independent (a planar four-bar's out-of-plane rows are zero, a
// loop can repeat a coupling). Seed 004 takes the pseudo-inverse of G there; here a
// row whose pivot in G's Cholesky factor is below kDependentPivot times G's largest
// diagonal entry is left out (it holds already, to working precision, when the rows it
// depends on do), and the rest are solved exactly: the velocity the pseudo-inverse
// gives whenever the rows agree.
//
// Used for the loop closures (loop_elimination.h) and for the joints, couplings and
// motors of maximal coordinates (maximal_motion.h). Plain loops in a fixed order.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/status.h"
#include "dynamics/articulation/dense_cholesky.h"

namespace contactlab {

constexpr double kDependentPivot = 1e-9;

// What one elimination keeps: the independent rows, the factor found choosing them,
// G over them, its factor, G^-1 (t - H v_free) and G^-1 Y^T over them, and per
// coordinate the kept rows that move it (Y's non-zeros).
struct EqualityElimination {
  std::vector<int> kept;
  Eigen::MatrixXd upper;
  Eigen::MatrixXd kept_gram;
  DenseCholesky factor;
  Eigen::VectorXd correction;
  Eigen::MatrixXd solved;
  std::vector<int> nonzero_start;
  std::vector<int> nonzero;
};

// (Y = M^-1 H^T (n x m), G (m x m), t - H v_free (m)) => v_free and M^-1 keeping the
// rows. Fails with the factor's message when G over the kept rows is not positive
// definite.
Status eliminate_equality_rows(const Eigen::MatrixXd& mobility, const Eigen::MatrixXd& gram,
                               const Eigen::VectorXd& correction, EqualityElimination& ws,
                               Eigen::VectorXd& free_velocity, Eigen::MatrixXd& inverse_mass);

}  // namespace contactlab
