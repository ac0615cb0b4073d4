// The torque-free rotation of a rigid body over one step: the gyroscopic part of seed
// 002 eq. (1), -omega x (I omega), integrated so that the world angular momentum
// L = R I_b omega_b is kept exactly and the kinetic energy 1/2 omega^T I omega never
// grows (docs/physics_robustness.md).
//
// Euler's equations in the body frame, dL_b/dt = L_b x I_b^-1 L_b, are stepped by the
// implicit midpoint rule (Hairer, Lubich, Wanner, "Geometric Numerical Integration",
// 2nd ed. 2006, Thm. IV.2.1 and Sect. VII.5; Austin, Krishnaprasad, Wang, "Almost
// Poisson integration of rigid body systems", J. Comput. Phys. 107, 1993):
//   L_b' = L_b + h L_m x w_m,   L_m = (L_b + L_b') / 2,   w_m = I_b^-1 L_m,
// which keeps both quadratic invariants |L_b| and 1/2 L_b^T I_b^-1 L_b. The same step
// is the Cayley rotation L_b' = cay(h w_m)^T L_b with cay(h w) the rotation about w by
// 2 atan(h |w| / 2), and the body turns by that rotation, R' = R cay(h w_m): then
// R' L_b' = R L_b, the world momentum unchanged whatever w_m is. w_m solves
//   I_b w_m + (h / 2) w_m x I_b w_m = L_b
// by Newton's method. A step whose turn is large for the body's inertia is split into
// substeps so that Newton's Jacobian stays positive definite.
#pragma once

#include "base/math_types.h"
#include "dynamics/model.h"

namespace contactlab {

struct FreeRotation {
  // The body's turn over the step as the world angular velocity w_t whose update by
  // eq. (10)-(11) (integrate_pose, the Cayley rotation cay(h w_t)) makes it:
  // q^{l+1} = cay(h w_t) q^l. For one substep w_t = R w_m.
  Vec3 turn_velocity = Vec3::Zero();
  // The world angular velocity at the end of the step, I_w(q^{l+1})^-1 L.
  Vec3 angular_velocity = Vec3::Zero();
};

// (body, q^l, w^l, h) => the turn and w at the end of a step with no torque.
FreeRotation free_rotation(const Body& body, const Quat& orientation, const Vec3& angular_velocity,
                           double time_step);

}  // namespace contactlab
