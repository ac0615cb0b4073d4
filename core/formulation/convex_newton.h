// Anitescu's convex relaxation (convex_island.h) over a large island of free bodies,
// solved in velocity space over a sparse Hessian instead of by its dense dual LCP
// (island_size.h): the same QP,
//
//   min_v  1/2 (v - v_free)^T M (v - v_free)
//   s.t.   s_cj(v) = q_cj + e_cj^T J_c (v - v_free) >= 0   for every contact c and ray j,
//
// q_cj = e_cj^T J_c v_free - target_c [m/s] (seed 004's (n_c + mu_c d_j)^T v' >= the
// target, convex_island.h; e_cj = (1, mu cos_j, mu sin_j) in the contact's frame), by
// the method of multipliers (Hestenes 1969, Powell 1969; Rockafellar 1976: on the dual
// it is the proximal point method). Round i minimises the augmented Lagrangian
//
//   L_i(v) = 1/2 (v - v_free)^T M (v - v_free) + sum_cj s(s_cj(v) - r_cj beta^i_cj) / r_cj,
//   s(y) = 1/2 min(y, 0)^2,
//
// which is soft's pyramidal cost (soft_newton.h) with its offset q - r beta^i: soft's
// Newton method with the exact line search minimises it over the same sparse H = M +
// J^T D J (velocity_hessian.h), started from the last round's v. Then
//
//   beta^{i+1}_cj = max(0, beta^i_cj - s_cj / r_cj)   [N s],
//
// and M (v - v_free) = J_beta^T beta^{i+1} holds at L_i's minimiser, so each round ends
// with beta >= 0 and the stationarity of the QP's KKT conditions; what is left is
// s >= 0 and beta^T s = 0, where s_cj = r_cj (beta^i_cj - beta^{i+1}_cj) on the rays
// that push. The rounds stop when the KKT residual
//
//   max( max_cj -s_cj,  max_{cj: beta_cj > 0} |s_cj| )  <=  kConvexNewtonTolerance Q,
//
// Q = max(1 m/s, max |q_cj|), and fail after kConvexNewtonRounds rounds (a round's Newton
// method may stop at its iteration limit; only the residual decides). 1e-6 m/s of a row's
// velocity is 2.5 nm of drift in a step of 2.5 ms, which the next step's targets take
// back; the residual of a resting 10 x 10 grid stalls at some 1e-8 m/s after ten rounds
// (directions of the Delassus matrix with lambda far below r), so 1e-9 was out of reach.
//
// r_cj = rho_i e_cj^T W_cc e_cj (W_cc the contact's Delassus block): each round shrinks
// the residual by about r / (r + lambda) along an eigenvector lambda of the active
// rows' Delassus matrix, so small r converges in few rounds, but makes L_i stiff and its
// Newton method slow from far away (the 10 x 10 grid from rest: 50 iterations a round
// at rho = 1e-6; a pile's resting rays join the active set a few per iteration, each
// iteration's exact line search stopping at the first kinks). So rho starts at
// kConvexFirstRatio, where L_i is soft contact, and shrinks tenfold a round to
// kConvexLastRatio. On an island of kConvexSteadyMembers bodies or more it stops at
// kConvexSteadyRatio and stays there while the rounds converge: it shrinks tenfold
// again only after a round whose residual is above kConvexStallRate times the last
// round's, or whose rate would not reach the tolerance within the rounds left. A round
// at the same rho as the last one changes L_i's Hessian only where its active set
// changed, so its Newton method starts near its answer and its factorisation is mostly
// the last one's (block_cholesky.h factors again only the columns whose blocks
// changed): that pays where a whole factorisation dominates a round; on a smaller
// island a round's other work does, and the tenfold shrink takes fewer rounds
// (docs/performance.md, "Convex's rho held while the rounds converge"). beta^0 comes
// from the last step contact by contact (contact_warm_start.h, SolverMemory's
// convex_contacts), a new contact's at zero; with every contact found again rho starts
// at kConvexWarmRatio, with at least kConvexWarmShare of them at kConvexMostlyWarmRatio.
// Only free bodies, no joint or torsion rows (ConvexFormulation::solves_sparse leaves
// the rest to the dense solvers).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "formulation/contact_warm_start.h"
#include "formulation/edge_lcp.h"
#include "formulation/island_impulses.h"
#include "formulation/soft_newton.h"
#include "formulation/solver_report.h"

namespace contactlab {

inline constexpr double kConvexFirstRatio = 1e-2;
inline constexpr double kConvexWarmRatio = 1e-4;
inline constexpr double kConvexMostlyWarmRatio = 1e-3;
inline constexpr double kConvexWarmShare = 0.9;
inline constexpr double kConvexSteadyRatio = 1e-3;
inline constexpr double kConvexStallRate = 0.7;
inline constexpr int kConvexSteadyMembers = 32;
inline constexpr double kConvexLastRatio = 1e-6;
inline constexpr double kConvexNewtonTolerance = 1e-6;
inline constexpr int kConvexNewtonRounds = 30;

struct ConvexNewtonWorkspace {
  SoftNewtonWorkspace newton;      // the Hessian and soft's minimiser
  EdgeLcp shifted;                 // per ray: r and q - r beta^i
  Eigen::VectorXd offset;          // per ray: q
  Eigen::VectorXd scale;           // per ray: e^T W_cc e
  Eigen::VectorXd multiplier;      // per ray: beta^i
  std::vector<char> taken;         // contact_warm_start.h's scratch
  // "velocity-space method of multipliers" when the last solve answered (beta in
  // `multiplier`, q in `offset`), else nullptr.
  const char* answered_by = nullptr;
};

// (rows, the contacts' geoms, features and points, v_free in island.velocity, v^l in
// island.start_velocity, warm starts) => beta, the impulses (cone_edge_problem.h's
// edge_impulses), v^{l+1} = v_free + M^-1 J_beta^T beta in island.velocity, the report
// (Newton iterations over all rounds; problem_size k u; warm_start_used when some
// contact's beta^0 came from the last step), and beta kept, contact by contact, for the
// next step. False, with island.velocity and the impulses untouched, when the rounds did
// not converge or met a non-finite number.
bool solve_convex_newton(const IslandRows& rows, const IslandContactState& contacts, ContactWarmStart& warm_start,
                         ConvexNewtonWorkspace& workspace, IslandDynamics& island, IslandImpulses& impulses,
                         IslandSolveReport& report);

}  // namespace contactlab
