// The linear complementarity problem over the cone-edge unknowns z = [beta; c_l; tau;
// p_s] (cone_edge_problem.h):
//
//   w = (G + diag r) z + q >= 0,   z >= 0,   z^T w = 0,
//
// on beta and c_l, and on each joint friction row's tau the box of its bound b = c h:
// -b <= tau <= b, w >= 0 at -b, w <= 0 at b, w = 0 between (the joint sticks). A
// torsion row's p_s is bounded by its contact's normal impulse, |p_s| <= sum_j beta_cj
// (torsion_lcp.h states these conditions).
// G = J_beta M^-1 J_beta^T (the rays' Gram matrix), r >= 0 a diagonal regularisation,
// q the rows' velocity at v_free minus their target. These are the optimality (KKT)
// conditions of the convex QP  min 1/2 z^T (G + diag r) z + q^T z over z >= 0 and the
// boxes, the dual of
//   r = 0:  Anitescu's QP in v' (seed 004, "Anitescu's convex formulation"), positive
//           semidefinite, z = the Lagrange multipliers beta of its constraints;
//   r > 0:  Todorov's regularised dual with the pyramidal cone (seed 004, "Todorov's
//           convex formulation"), positive definite, one answer.
// Either way v' = v_free + M^-1 J_beta^T z.
//
// Solved, in order, by
//  1. an active-set guess (edge_active_set.h): the active rows and impulses of the last
//     solve of the same contacts (a sticking contact with all its rays), or, for
//     contacts not seen before, the rows that z = 0 leaves violated (q < 0). Rows
//     without regularisation get a proximal term (edge_lcp.cpp) that makes each solve
//     positive definite and whose iteration converges to the exact answer; a guess
//     whose answer fails is corrected (negative z leave, violated w enter) a few times.
//     A joint friction row starts free (sticking) and is fixed at the bound its tau
//     passes; a fixed one's known impulse moves into the offsets;
//     This is the path of almost every step: a resting stack of boxes never reaches 2.
//     An island with torsion rows (contact_rows.h) skips it: their bound, the normal
//     impulse sum_j beta_cj, is no constant the guess could fix a row at;
//  2. Lemke's method (lemke.h) on the dense matrix, which solves any LCP with a
//     positive semidefinite matrix unless the QP is infeasible (Anitescu, seed 004),
//     the joint friction rows split as seed 002 eqs. (5)-(6) (joint_friction_lcp.h),
//     the torsion rows' p_s as the KKT conditions of |p_s| <= sum_j beta_cj
//     (torsion_lcp.h); with torsion rows, from the basis the same contacts ended with
//     last time;
//  3. the interior-point method (conic/) on the QP, the boxes and the torsion bounds
//     as two inequalities each;
//  4. the frictionless LCP of seed 002 with the hard targets (contact_lcp.h), which
//     keeps the joint friction rows;
//  5. holding the island still.
// Answers of 1 and 2 pass the certificate z >= 0, w >= 0, |z^T w| <= 1e-9 s, with s =
// max(1, |q|_inf, the size of the terms of w) (lemke.h's measure; a box row's as
// edge_lcp.cpp's evaluate states; with torsion rows Lemke's own on the split problem);
// 3's passes conic/certificate.h at 1e-9. A fallback says what failed in the report.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "conic/problem.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "formulation/contact_lcp.h"
#include "formulation/edge_active_set.h"
#include "formulation/edge_warm_start.h"
#include "formulation/island_impulses.h"
#include "formulation/solver_report.h"
#include "lcp/lemke.h"

namespace contactlab {

struct EdgeLcp {
  Eigen::VectorXd offset;          // q [m/s]
  Eigen::VectorXd regularisation;  // r >= 0 [m/s per N s] (per N m s on a rotation row)
};

struct EdgeLcpWorkspace {
  std::vector<long long> key;
  std::vector<char> active;
  EdgeActiveSetWorkspace active_set;
  Eigen::MatrixXd matrix;  // G + diag r
  LemkeSolver lemke;
  ConicProblem program;
  ContactLcp frictionless;
  Eigen::VectorXd free_velocity;
  Eigen::VectorXd z;
  Eigen::VectorXd w;
  Eigen::VectorXd row_velocity;     // J_beta v_free, per row
  Eigen::VectorXd proximal_center;  // z_k
  Eigen::VectorXd shift;            // what the proximal term adds to w
  Eigen::VectorXd bounded_offset;   // q with the joint friction rows at a bound folded in
  Eigen::VectorXd bound_velocity;   // the velocity their impulses cause
  Eigen::VectorXd bound_shift;      // and its row velocities
  Eigen::MatrixXd split_matrix;     // Lemke's matrix with the joint friction rows split
  Eigen::VectorXd split_offset;
  // What gave the last solve's z and w: "active set", "Lemke" or "interior point" (1-3
  // above), or nullptr when it fell back to 4 or 5 (z and w are then not its answer).
  const char* answered_by = nullptr;
};

// (rows, lcp, v_free in island.velocity, warm starts) => z, v^{l+1} in island.velocity,
// the impulses (cone_edge_problem.h), the warm starts for the next solve and the
// report (Lemke pivots or interior-point iterations as iterations; problem_size =
// k u + L + F + T). The report starts as the caller left it (IslandSolveReport::reset).
void solve_edge_lcp(const IslandRows& rows, const EdgeLcp& lcp, EdgeWarmStarts& warm_starts,
                    EdgeLcpWorkspace& workspace, IslandDynamics& island, IslandImpulses& impulses,
                    IslandSolveReport& report);

// Lemke's problem (2. above) with the bounded unknowns split: [beta; c_l], the joint
// friction rows' [tau+; tau-; sigma] (joint_friction_lcp.h), then the torsion rows' [p+;
// p-; sigma] (torsion_lcp.h), from G + diag r in `matrix` and q in `offset` over z =
// [beta; c_l; tau; p_s] (k u + L + 3 F + 3 T unknowns).
void build_split_edge_lcp(const IslandRows& rows, const Eigen::MatrixXd& matrix, const Eigen::VectorXd& offset,
                          Eigen::MatrixXd& split_matrix, Eigen::VectorXd& split_offset);

}  // namespace contactlab
