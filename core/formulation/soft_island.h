// Todorov's regularised convex formulation, as MuJoCo uses it (seed 004 "Todorov's
// convex formulation" and its relaxed cart example). Per island, over the contacts'
// frame impulses p = (p_n, p_t1, p_t2) [N s]:
//
//   min_p  1/2 p^T (A + R) p + p^T (J v_free - v*)   s.t.  p_c in the friction cone,
//
//   A  = J M^-1 J^T, the frame blocks W_ce of contact_rows.h [m/s per N s];
//   R  = epsilon diag(A): the impulse regularisation, which makes the problem
//        strictly convex and the contact soft (seed 004: "adds a small term to the
//        diagonal"); epsilon = options.soft_regularisation, MuJoCo's "impulse
//        regularization scaling" (dimensionless);
//   v* = J v^l - 2 h (1 + epsilon) / kappa J v^l - h (1 + epsilon) / kappa^2 [phi, 0, 0]
//        [m/s], the reference velocity, Baumgarte-like: kappa =
//        options.soft_time_constant [s], MuJoCo's "error-reduction time constant",
//        phi the contact distance [m] (negative in penetration), J v^l the frame
//        velocity at the start of the step (island_impulses.h); in penetration its
//        normal part is capped at options.max_recovery_speed. At an impact, a contact
//        of restitution e > 0 approaching faster than contact/restitution.h's
//        threshold, its normal part is raised to Newton's law (seed 004): to
//        -e v_n^l + eps_n (-e v_n^l - v_n,free), where eps_n A_nn is the regulariser
//        a normal impulse meets (epsilon for the elliptic cone; the mean of the u rays'
//        over u for the pyramid), so that an isolated contact leaves at -e v_n^l. A
//        soft contact acts from the contact margin on, so the law applies as soon as
//        the contact is in the problem (docs/restitution.md). In an island with an
//        impact, every other open contact's normal part is capped at 0: kept from its
//        J v^l, it would push apart bodies the impact has just stopped.
// Where p is inside the cone the optimality condition reads J v' + R p = v*: the
// contact behaves as a spring-damper whose stiffness and damping kappa and epsilon
// set. At rest (v' = v^l = 0) an active normal row gives R_nn p_n = -h (1 + eps) phi /
// kappa^2; for a cube on a plane (A_nn = 4/m at each of the four corners, p_n =
// m g h / 4 each) the penetration is
//   phi = -epsilon g kappa^2 / (1 + epsilon)        (elliptic cone).
// A tangential load makes the contact creep: in steady slip at speed s, J_t v' = s
// and J_t v^l = s give
//   s = kappa R_t p_t / (2 h (1 + epsilon)),
// e.g. about 1 mm/s for a box on a 20 degree slope, and a grasped object slides slowly
// out of the fingers (MuJoCo counters this with impratio or noslip, not done here).
//
// The friction cone (options.soft_cone):
//   0 pyramidal: p_c = sum_j beta_cj (n + mu d_j), beta >= 0 (cone_edge_problem.h),
//     the positive-definite LCP of edge_lcp.h with, per ray, the regulariser seen
//     along the ray, r_cj = e_cj^T R_c e_cj = eps (A_nn + mu^2 (cos_j^2 A_t1t1 +
//     sin_j^2 A_t2t2)), and the reference along it, q_cj = e_cj^T (J_c v_free - v*_c).
//     Along a single ray it is the elliptic problem restricted to that ray, so the two
//     cones agree whenever the impulse lies on an edge (a slide along an edge). Where
//     all u rays carry load they act as u springs in parallel: at rest the cube sinks
//     only phi = -epsilon g kappa^2 (1 + mu^2) / (u (1 + epsilon)). (MuJoCo's
//     documentation also notes that the two cones give different soft dynamics.)
//     Its fallbacks are edge_lcp.h's, down to the hard frictionless LCP;
//   1 elliptic: mu p_n >= ||p_t||, a second-order cone program (soft_elliptic.h),
//     solved directly where no contact slides and by the interior-point method
//     otherwise; if that fails, by the pyramidal cone.
// Torsional friction (contact/torsional_friction.h): a contact's moment tau_n = mu_t p_s
// about its normal, |p_s| <= p_n, beside its friction cone (the soft-finger cone as the
// product of the two), is regularised as the frame's rows are, R_s = epsilon s^T M^-1 s
// (s the spin row scaled by mu_t, contact_rows.h), with the reference v*_s = (1 - 2 h
// (1 + epsilon) / kappa) s^T v^l; in the pyramid p_s is an unknown of its own coupled to
// the rays (torsion_lcp.h), in the elliptic cone two linear inequalities beside the
// second-order cone (soft_elliptic.h).
// Joint-limit rows stay hard: l^T v' >= target_l (contact_rows.h), with no R; so do
// joint friction rows, qdot_j' = 0 while |tau| < c h (a joint held by friction does
// not creep as a soft contact does).
//
// Implicit damping ("implicit damping inertia" of seed 004's cart example): b =
// options.soft_damping [N s/m on a translation, N m s/rad on a rotation] on every
// velocity coordinate, taken implicitly, (M + h b I)(v_free - v) = h (k - b v); the
// contacts then act through (M + h b I)^-1. Articulations take the same b
// (soft_formulation.cpp, through articulation_motion.h's added damping).
#pragma once

#include <optional>
#include <vector>

#include <Eigen/Core>

#include "base/options.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "dynamics/rigid_body.h"
#include "formulation/edge_lcp.h"
#include "formulation/island_impulses.h"
#include "formulation/soft_elliptic.h"
#include "formulation/soft_newton.h"
#include "formulation/soft_newton_elliptic.h"
#include "formulation/solver_report.h"

namespace contactlab {

struct SoftIslandWorkspace {
  std::vector<std::optional<double>> impact;  // per contact: Newton's -e v_n^l, if an impact [m/s]
  std::vector<Vec3> regularisation;  // per contact: diag(R_c) [m/s per N s]
  std::vector<Vec3> offset;          // per contact: J_c v_free - v*_c [m/s]
  Eigen::VectorXd limit_offset;      // per joint row: l v_free - target [m/s or rad/s]
  Eigen::VectorXd torsion_regularisation;  // per torsion row: R_s = eps s^T M^-1 s
  Eigen::VectorXd torsion_offset;          // per torsion row: s^T v_free - v*_s [m/s]
  EdgeLcp lcp;                       // the pyramidal problem
  EdgeLcpWorkspace solver;
  SoftEllipticWorkspace elliptic;
  SoftNewtonWorkspace newton;        // the pyramid of an island posed sparsely
  SoftEllipticNewtonWorkspace elliptic_newton;  // its elliptic cone, on newton's H
};

// Implicit damping b = options.soft_damping on each of a free body's six coordinates
// (seed 004, "implicit damping inertia"): (M + h b I)(v_free - v) = h (k - b v), and
// the damped inverse mass (M + h b I)^-1 the contacts then act through.
void soft_damped_free_body(const Body& body, const Options& options, const Quat& orientation,
                           const Vec6& velocity, const Vec6& force, InverseMass& inverse_mass,
                           Vec6& free_velocity);

// (rows, contact state, v_free in island.velocity, the pyramid's warm starts) =>
// v^{l+1}, impulses, report. Rows without the dense Gram blocks (an island posed
// sparsely, island_size.h) are solved by Newton's method in velocity space from the
// same R and offsets: soft_newton_elliptic.h's with the elliptic cone, soft_newton.h's
// with the pyramid (and for the elliptic cone when its Newton's method fails).
void solve_soft_island(const IslandRows& rows, const IslandContactState& contacts,
                       const Options& options, EdgeWarmStarts& warm_starts,
                       SoftIslandWorkspace& workspace, IslandDynamics& island,
                       IslandImpulses& impulses, IslandSolveReport& report);

}  // namespace contactlab
