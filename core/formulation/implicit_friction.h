// Compliant contact's friction over one substep, linearly implicit in the slip (seed 004,
// "Compliant Contact Models": its Stribeck figure's law, stribeck_friction.h, in the
// contact force lambda of eq. (21), M v' + C v = tau_g + B u + J^T lambda, counting the
// seed's numbered equations in order).
//
// The law f_t(u) = -mu(|u| / v_s) f_n u / |u| of the slip u = (v_t1, v_t2) is kept as it
// is; only its integration over the substep h_s changes. Explicitly, h_s f_t(u^l), the
// law is a damper of slope b = f_n mu'(0) / v_s near rest (2 mu_s f_n / v_s on the
// smooth curve), and the substep's slip u^{l+1} = (1 - h_s b W) u^l is stable only while
// h_s b W < 2 (W = 1/m for a point mass): with v_s = 1 mm/s this asked for ~120
// substeps of a 2.5 ms step where the normal spring asks for ~18. Here the force is the
// one at the end of the substep, linearised about the slip u0 at its start:
//
//   p_c = h_s (f_t(u0) - C (u^{l+1} - u0)),   C = -df_t/du at u0 (made >= 0, below)  [N s]
//
// For the damper alone (f_t = -b u, C = b) this is implicit Euler, u^{l+1} = u0 /
// (1 + h_s b W): |u^{l+1}| < |u0| for every h_s > 0, the unconditional stability of
// implicit damping in standard integrators. C is symmetric and non-negative, so each
// contact's update below takes kinetic energy out and never puts it in. The steady
// states are the law's own (u^{l+1} = u0 gives p = h_s f_t(u0)): the creep speed under a
// load below mu_s f_n, and mu_d f_n while sliding.
//
// C splits along the slip direction d = u0 / |u0| and across it:
//
//   C = a (I - d d^T) + c d d^T,   a = f_n mu(s) / (s v_s)   (the secant)           [N s/m]
//                                  c = max(f_n mu'(s) / v_s, a - 1 / (h_s W_dd), 0)
//
// Across the slip the law turns its force with the slip's direction at the rate a. Along
// it, c is the law's own slope f_n mu'(s) / v_s where that is positive (the rise to mu_s
// near rest); never negative (the Stribeck step down to mu_d would be an anti-damper,
// and the plateau's slope is 0, so a steady slide keeps exactly mu_d f_n); and at least
// a - 1 / (h_s W_dd) (W_dd = d^T W_tt d): where the explicit force would carry the slip
// past rest within the substep, c stops it at rest instead (for one contact on a fixed
// body, u^{l+1} = u0 (1 + h_s W_dd (c - a)) / (1 + h_s W_dd c) = 0), as Coulomb's law
// stops a slide. At rest (u0 = 0), C = a I with a = f_n mu'(0) / v_s.
//
// The contacts of an island share bodies, so p_c depends on the others' impulses:
// solved by Gauss-Seidel sweeps over the contacts, each solving its own 2 x 2 system with
// its tangent-plane block W_tt of W_cc (its effective mass), from the explicit impulses
// h_s f_t(u0) (which are already the answer at a steady state). Each update is the exact
// minimiser of the island's convex quadratic over that contact's impulse, so the sweeps
// converge.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "contact/contact_rows.h"
#include "formulation/stribeck_friction.h"

namespace contactlab {

// One contact's friction linearised about its slip at the substep's start.
struct LinearisedFriction {
  Eigen::Vector2d slip = Eigen::Vector2d::Zero();      // u0 = (v_t1, v_t2) at the start [m/s]
  Eigen::Vector2d force = Eigen::Vector2d::Zero();     // f_t(u0) [N]
  Eigen::Matrix2d damping = Eigen::Matrix2d::Zero();   // C [N s/m], symmetric, >= 0
  // Filled by solve_implicit_friction: with K = I + h_s C W_tt, the impulse is
  // p = offset - response u_others, u_others the slip without this contact's impulse.
  Eigen::Matrix2d gram = Eigen::Matrix2d::Zero();      // W_tt [1/kg]
  Eigen::Matrix2d response = Eigen::Matrix2d::Zero();  // K^-1 h_s C [kg]
  Eigen::Vector2d offset = Eigen::Vector2d::Zero();    // K^-1 h_s (f_t(u0) + C u0) [N s]
};

// (u0, f_n, v_s, mu_s, mu_d, curve, h_s, W_tt) => C, as above.
Eigen::Matrix2d friction_damping(const Eigen::Vector2d& slip, double normal_force, double stiction_speed,
                                 double static_coefficient, double kinetic_coefficient, StribeckCurve curve,
                                 double substep, const Eigen::Matrix2d& tangent_gram);

// (rows, each contact's linearised friction, the island's velocity and impulses with
// h_s f_t(u0) of every contact applied) => impulses p_c = h_s (f_t(u0) - C (u^{l+1} -
// u0)) and the velocity they give, by sweeps over the contacts in their order until no
// contact's slip changes by more than `tolerance` [m/s] in a sweep, or `max_sweeps`.
// Returns the sweeps taken.
int solve_implicit_friction(const IslandRows& rows, std::vector<LinearisedFriction>& friction,
                            double substep, double tolerance, int max_sweeps, std::vector<Vec3>& impulses,
                            Eigen::VectorXd& velocity);

}  // namespace contactlab
