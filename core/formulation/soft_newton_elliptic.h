// The soft formulation's elliptic problem (soft_island.h, soft_elliptic.h) over a large
// island by Newton's method in velocity space, as soft_newton.h solves the pyramid's:
// the same problem and answer as the dense dual
//
//   min_p  1/2 p^T (A + R) p + p^T (J v_free - v*)   s.t.  mu_c p_n >= ||p_t|| per contact,
//
// posed as its primal over the island's velocity v (Todorov 2014; MuJoCo's Newton
// solver with its elliptic cone):
//
//   min_v  f(v) = 1/2 (v - v_free)^T M (v - v_free) + sum_c l_c(y_c),
//   y_c = (J_c v_free - v*_c) + J_c (v - v_free)  [m/s],
//
// l_c the contact's term of elliptic_cone_cost.h (three zones), whose gradient is minus
// the contact's impulse p_c: the minimiser has M (v - v_free) = J^T p, i.e. v = v_free +
// M^-1 J^T p, the dense dual's v^{l+1}. f is strictly convex and once differentiable:
//
//   gradient  g = M (v - v_free) - sum_c J_c^T p_c(y_c),
//   Hessian   H = M + sum_c J_c^T H_c J_c,   H_c the contact's zone's (R^-1 at the bottom,
//             the cone surface's rank-2 block in the middle, 0 at the top),
//
// velocity_hessian.h's sparse H and factorisation. Newton's direction d = -H^-1 g, then
// the minimiser along it: f(v + a d) is convex in a with a continuous, increasing
// derivative f'(a) = d^T g(v + a d) and second derivative d^T H(v + a d) d, whose zero
// is found by Newton's method on f' safeguarded by the bracket f' < 0 < f' (MuJoCo's
// line search does the same on its cost); it stops when |f'(a)| <= 1e-10 |f'(0)|.
// Stop when |g_i| <= kSoftNewtonTolerance T (soft_newton.h's test, velocity_hessian.h's
// gradient_small), or when no contact is in the middle zone and a step left every
// contact's zone as its Hessian was built (the cost is then one quadratic there and the
// step minimised it exactly, as soft_newton.h's unchanged active set); failing both
// within kSoftNewtonIterations iterations, the solve fails.
// Warm start from v^l when the cost is lower there, as the pyramid's. Free bodies
// without joint rows or torsion rows only (SoftFormulation::solves_sparse).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "formulation/elliptic_cone_cost.h"
#include "formulation/island_impulses.h"
#include "formulation/solver_report.h"
#include "formulation/velocity_hessian.h"

namespace contactlab {

struct SoftEllipticNewtonWorkspace {
  std::vector<Mat3> weight;                // per contact: H_c
  std::vector<Vec3> contact_velocity;      // per contact: y_c
  std::vector<Vec3> contact_slope;         // per contact: J_c d
  std::vector<EllipticConeCost> cost;      // per contact: l_c, p_c at v
  std::vector<EllipticZone> built_zone;    // per contact: its zone where H was built
  Eigen::VectorXd free_velocity;           // v_free
  Eigen::VectorXd velocity;                // v
  Eigen::VectorXd gradient;                // g
  Eigen::VectorXd term_size;               // t
  Eigen::VectorXd direction;               // d
  Eigen::VectorXd displacement;            // v - v_free
  // "velocity-space Newton method" when the last solve answered, else nullptr.
  const char* answered_by = nullptr;
};

// (rows, diag R_c and J_c v_free - v*_c per contact, v_free in island.velocity, v^l in
// island.start_velocity, the shared H in `system`) => p per contact, v^{l+1} = v_free +
// M^-1 J^T p in island.velocity, the report (Newton iterations; problem_size 3 k).
// False, with the island and impulses as they were, when it did not converge or met a
// non-finite number.
bool solve_soft_newton_elliptic(const IslandRows& rows, const std::vector<Vec3>& regularisation,
                                const std::vector<Vec3>& offset, VelocityHessian& system,
                                SoftEllipticNewtonWorkspace& workspace, IslandDynamics& island,
                                IslandImpulses& impulses, IslandSolveReport& report);

}  // namespace contactlab
