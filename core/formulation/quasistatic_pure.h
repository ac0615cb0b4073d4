// Seed 003's quasi-static step without the mass matrix ("Doesn't need the mass
// matrix"): force balance, sum F = 0, exactly, on every unactuated coordinate.
//
// Pang's problem (quasistatic_motion.h) in the island's velocity v = dq / h with
// eps_q = 0:
//   min_v  1/2 v_a^T M_q,a v_a - v_a^T M_q,a v_q,a - h w_u^T v_u
//   s.t.   A v >= t          (Anitescu's rays (n_c + mu_c d_j)^T J_c v >= target_c,
//                             joint limits sign qdot_j >= target_l)
// where u are the free bodies' coordinates (objects, weight w_u = (m g, 0)) and a the
// articulations', every one of them actuated (M_q,a = h^2 K, v_q,a = (q_cmd - q) / h,
// with the couplings eliminated). The objects' part is linear: nothing but the contacts
// bounds it. Its KKT conditions are
//   objects:  A_u^T beta + h w_u = 0                      (force balance, no inertia)
//   robot:    v_a = v_q,a + M_q,a^-1 A_a^T beta             (the impedance's springs)
//   0 <= beta  _|_  A v - t >= 0,
// a mixed LCP whose objects' velocities are free. With v_u = p - m, p, m >= 0 it is
// the LCP in z = (p, m, beta)
//   w_p    = -h w_u - A_u^T beta                           >= 0  _|_  p    >= 0
//   w_m    =  h w_u + A_u^T beta                           >= 0  _|_  m    >= 0
//   w_beta =  A_u (p - m) + W beta + (A_a v_q,a - t)       >= 0  _|_  beta >= 0
// (w_p, w_m >= 0 together are the objects' force balance); its matrix
//   [ 0     0    -A_u^T ]
//   [ 0     0     A_u^T ]     W = A_a M_q,a^-1 A_a^T  (positive semidefinite)
//   [ A_u  -A_u   W     ]
// is copositive-plus (z^T M z = beta^T W beta), so Lemke's method either solves it or
// ends on a secondary ray, and then the LCP has no solution (Cottle, Pang and Stone,
// "The Linear Complementarity Problem", Theorem 4.4.13): no contact impulses in the
// cones balance the objects' weight at any motion the rows allow. That is seed 003's
// "force balance of the cube is infeasible"; the island is held still and the step
// reports SolverStatus::Infeasible, never a NaN.
//
// What it does not pose: joint friction rows and torsion rows (an island with them is
// held still with QuasistaticPureUnsupported), and articulations with a passive joint
// (quasistatic_articulation_motion refuses them in pure mode, naming the joint). A
// free body that touches nothing has no force balance to solve and moves as in the
// regularised model (its island has no rows).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "formulation/island_problem.h"
#include "formulation/island_solution.h"
#include "lcp/lemke.h"

namespace contactlab {

struct QuasistaticPureWorkspace {
  Eigen::MatrixXd rows_matrix;      // A: r x n, r = k u + L
  Eigen::VectorXd targets;          // t
  std::vector<int> object_index;    // island coordinates of free bodies (u)
  std::vector<int> robot_index;     // island coordinates of articulations (a)
  Eigen::MatrixXd robot_inverse;    // M_q,a^-1 over a
  Eigen::MatrixXd robot_rows;       // A_a
  Eigen::MatrixXd object_rows;      // A_u
  Eigen::MatrixXd lcp_matrix;
  Eigen::VectorXd lcp_offset;
  Eigen::VectorXd beta;
  LemkeSolver lemke;
  // The last solve's answer to the LCP and whether Lemke gave it as posed (no
  // fallback, no regularised matrix): what copy_pure_problem copies.
  Eigen::VectorXd z;
  Eigen::VectorXd w;
  bool solved = false;
  bool infeasible = false;  // Lemke's method ended on a ray: the island held still
};

// (rows, v_free in island.velocity) => v^{l+1} in island.velocity, impulses, modes and
// the report. v_free's objects' part must be h M_q^-1 (m g, 0) for the free bodies'
// M_q^-1 in `island` (quasistatic_free_body), from which h w_u = M_q v_free.
void solve_pure_quasistatic(const IslandRows& rows, IslandDynamics& island,
                            QuasistaticPureWorkspace& workspace, IslandSolution& solution);

// The last solve's LCP in z = (p, m, beta) with its answer, named v+<i>, v-<i> (the
// objects' coordinates, v_u = p - m), then the rows' beta<c>.<j> and cl<l>. When Lemke's
// method ended on a ray, the LCP with the step's answer z = 0 (held still, `fallback`
// set) and a Farkas ray d proving it infeasible (island_problem.h): with y = A_u^T beta*
// + h w_u the weight the contacts leave unbalanced at beta* = argmin_{beta >= 0}
// ||A_u^T beta + h w_u||^2 (an LCP Lemke solves: (A_u A_u^T, A_u h w_u), positive
// semidefinite and feasible), d = (max(y, 0), max(-y, 0), 0): M^T d = (0, 0, -A_u y) <= 0
// by that minimum's optimality, and q^T d = -(h w_u)^T y = -||y||^2 < 0. y is a motion of
// the objects that every contact row allows (A_u y >= 0) along which the weight does
// work: seed 003's infeasible cube slides down along it. False when Lemke failed
// otherwise.
bool copy_pure_problem(const IslandRows& rows, const QuasistaticPureWorkspace& workspace, long long entries_left,
                       IslandProblem& problem);

}  // namespace contactlab
