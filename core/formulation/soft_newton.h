// The soft formulation's pyramidal problem (soft_island.h) solved in velocity space by
// Newton's method over a sparse Hessian, for every island of free bodies without torsion
// rows (island_size.h), cheaper than its dense dual at every size. The same problem, the
// same answer: the dual over the rays' impulses beta >= 0,
//
//   min_beta  1/2 beta^T (G + diag r) beta + q^T beta,   G = J_beta M^-1 J_beta^T,
//
// with r_cj and q_cj = e_cj^T (J_c v_free - v*_c) as soft_island.cpp sets them, is the
// dual of the primal over the island's velocity v (Todorov 2014, "Convex and
// analytically-invertible dynamics with contacts and constraints", the primal MuJoCo's
// Newton solver minimises):
//
//   min_v  f(v) = 1/2 (v - v_free)^T M (v - v_free) + sum_cj s(y_cj) / r_cj,
//   y_cj = q_cj + e_cj^T J_c (v - v_free)  [m/s], the ray's velocity past its reference,
//   s(y) = 1/2 min(y, 0)^2,
//
// since max over beta >= 0 of (-beta y - 1/2 r beta^2) = s(y) / r. Its minimiser gives
// beta_cj = max(0, -y_cj / r_cj) [N s] and M (v - v_free) = J_beta^T beta, i.e. v =
// v_free + M^-1 J_beta^T beta, the dual's v^{l+1}. M is each free body's (M + h b I)
// (soft_island.h's implicit damping), a 6x6 block per body. f is strictly convex and
// piecewise quadratic; with the rays whose y < 0 (the active set A):
//
//   gradient  g = M (v - v_free) + sum_{cj in A} J_c^T e_cj y_cj / r_cj,
//   Hessian   H = M + sum_{cj in A} J_c^T e_cj e_cj^T J_c / r_cj = M + J^T D J,
//
// D block diagonal, a 3x3 block per contact in its frame, sum_j e e^T / r over its
// active rays: velocity_hessian.h's sparse H and its factorisation, whose symbolic
// analysis serves every iteration of a solve (the pattern holds all contacts, active
// or not).
//
// Newton's direction d = -H^-1 g, then the exact minimiser along it: along v + a d the
// cost is piecewise quadratic in a, its derivative piecewise linear and increasing,
// with a kink where a ray's y crosses 0; the kinks are visited in order until the
// derivative's zero (as MuJoCo's exact line search for its pyramidal cone, and Drake's
// SAP, Castro et al. 2022, for its own cost). Stop:
//   - when a step leaves the active set its Hessian was built on unchanged: the step
//     then minimised the very quadratic f is on that piece, exactly (a piecewise
//     quadratic converges in finitely many steps);
//   - or when |g_i| <= kSoftNewtonTolerance T for every coordinate, T the largest size
//     of the terms t_j = |M (v - v_free)|_j + sum_c |J_c^T f_c|_j (f_c = sum_{j in A}
//     e_cj y_cj / r_cj) over the island's coordinates of the same kind, linear [N s] or
//     angular [N m s] (rays whose y sits at round-off about 0 in a resting pile flip in
//     and out of A, so the first test alone may never hold there);
//   - failing both within kSoftNewtonIterations iterations, the solve fails (the step
//     holds the island still and says so).
// It starts from v^l (the last step's velocity, the island's start_velocity) when the
// cost is lower there than at v_free: a resting box's answer is then one Newton step
// away. Only free bodies, and no joint-limit, joint friction or torsion rows (their
// hard or coupled bounds are no term of this cost): SoftFormulation::solves_sparse
// leaves the others to the dense solvers.
#pragma once

#include <utility>
#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "formulation/edge_lcp.h"
#include "formulation/island_impulses.h"
#include "formulation/solver_report.h"
#include "formulation/velocity_hessian.h"

namespace contactlab {

inline constexpr double kSoftNewtonTolerance = 1e-10;
inline constexpr int kSoftNewtonIterations = 50;

struct SoftNewtonWorkspace {
  VelocityHessian system;                  // M, the contacts' sides, H and its factor
  std::vector<Mat3> weight;                // per contact: D_c
  Eigen::VectorXd free_velocity;           // v_free
  Eigen::VectorXd velocity;                // v
  Eigen::VectorXd gradient;                // g
  Eigen::VectorXd term_size;               // t
  Eigen::VectorXd direction;               // d
  Eigen::VectorXd displacement;            // v - v_free
  Eigen::VectorXd momentum;                // M (v - v_free)
  Eigen::VectorXd moved;                   // M d
  std::vector<Vec3> contact_rate;          // per contact: J_c (v - v_free)
  std::vector<Vec3> ray_edge;              // e per ray
  Eigen::VectorXd inverse_regularisation;  // 1 / r per ray
  Eigen::VectorXd ray_velocity;            // y per ray
  Eigen::VectorXd ray_slope;               // e^T J d per ray
  std::vector<char> active;                // per ray: y < 0 when H was built
  std::vector<char> active_changed;        // per contact: its active rays changed since D_c was formed
  std::vector<std::pair<double, int>> kinks;  // the line search's, (a, ray): room for one a ray
  Eigen::VectorXd z;                       // beta
  // "velocity-space Newton method" when solve_soft_newton's last solve answered, else nullptr.
  const char* answered_by = nullptr;
};

// (rows, r and q over the k u rays, v_free in workspace.free_velocity and the Hessian's
// pieces prepared (prepare_velocity_hessian), a start) => the minimiser of f in
// workspace.velocity, y per ray at it in workspace.ray_velocity, the Newton iterations
// added to the report. Starts from `start` when it has the island's size and f is lower
// there than at v_free; a null `start` resumes from workspace.velocity as the last call
// on the same island and v_free left it (only q or r changed since: its M (v - v_free)
// and J_c (v - v_free) are taken as they stand). Within the solve, each step's v + a d
// moves M (v - v_free) by a M d and y by a e^T J_c d; its answer's M (v - v_free),
// J_c (v - v_free) and y are formed again from v. False when it did not converge or
// met a non-finite number (a failed factorisation's iterations not reported).
bool minimise_soft_cost(const IslandRows& rows, const EdgeLcp& lcp, const Eigen::VectorXd* start,
                        SoftNewtonWorkspace& workspace, IslandSolveReport& report);

// (rows, the pyramid's r and q over its k u rays, v_free in island.velocity, v^l in
// island.start_velocity) => beta, the impulses (cone_edge_problem.h's edge_impulses),
// v^{l+1} = v_free + M^-1 J_beta^T beta in island.velocity, and the report (Newton
// iterations; problem_size k u). False, with the island held still and nothing
// reported, when it did not converge or met a non-finite number.
bool solve_soft_newton(const IslandRows& rows, const EdgeLcp& lcp, SoftNewtonWorkspace& workspace,
                       IslandDynamics& island, IslandImpulses& impulses, IslandSolveReport& report);

}  // namespace contactlab
