// One compliant contact's force (seed 004, "Compliant Contact Models"): a spring and a
// damper along the normal (the seed's piecewise-linear spring law; the sum is clipped
// at zero so that the damper never pulls) and regularised friction in the tangent
// plane (stribeck_friction.h: the smooth law, or seed 004's piecewise-linear curve by
// options.compliant_friction_law), from the contact's gap and relative velocity:
//
//   f_n = max(0, k d - c v_n)  where phi < 0, else 0                           [N]
//   d   = min(-phi, v_max sqrt(m_eff / k))  (v_max = options.max_recovery_speed)
//   c   = 2 zeta sqrt(k m_eff),  m_eff = 1 / (n^T M^-1 n)  (the Gram block W_cc)
//   f_t = -mu(|v_t| / v_s) f_n v_t / |v_t|                                     [N]
//
// Hunt and Crossley's damping (options.compliant_damping_law = hunt_crossley; seed 004
// cites them for the damper, <elib>Hunt75</elib>) scales the damper by the depth, with
// d_hc = options.compliant_dissipation [s/m]:
//
//   f_n = max(0, k d (1 + d_hc d'))  where phi < 0, else 0,   d' = -v_n       [N]
//
// The force is continuous: zero at touch and at separation (d = 0), where the linear
// damper jumps to c |v_n|; and, clipped at zero, it never pulls. Per unit mass the
// contact obeys d' dd'/dd = -(k / m) d (1 + d_hc d'); integrated over an impact from
// (d, d') = (0, v) to (0, -e v) the spring's side sums to zero, so
//
//   d_hc v - ln(1 + d_hc v) = -d_hc e v - ln(1 - d_hc e v),
//
// whatever k and m: e falls with the impact speed, e = 1 - (2/3) d_hc v + O((d_hc v)^2).
// A pair's restitution is therefore not used under this law.
#pragma once

#include "base/math_types.h"
#include "base/options.h"
#include "formulation/stribeck_friction.h"

namespace contactlab {

// Whether the options ask for Hunt and Crossley's damping.
bool uses_hunt_crossley(const Options& options);
// The friction curve the options ask for.
StribeckCurve compliant_stribeck_curve(const Options& options);

// (phi, the relative velocity in the frame (n, t1, t2), n^T M^-1 n, zeta, mu_s, mu_d) =>
// (f_n, f_t1, f_t2) [N] on body b of the contact.
Vec3 compliant_contact_force(double distance, const Vec3& frame_velocity, double normal_inverse_mass,
                             double damping_ratio, double static_coefficient, double kinetic_coefficient,
                             const Options& options);

}  // namespace contactlab
