// Joint friction, seed 002 eq. (14):
//   tau_friction = c sgn(qd) + v qd,
// with c the constant Coulomb friction, which depends only on the sign of the joint
// velocity, and v the coefficient of viscous friction. The seed gives the magnitude
// law; the torque acting on the joint opposes its motion, so this file returns
//   tau_f = -(c sgn(qd) + v qd),   sgn(0) = 0.
//
// How the step applies it (seed 002 §4 step 8): like the PD torque, tau_f goes into
// k as a joint torque, evaluated at the velocity qd at the start of the step; it acts
// on the child body about (or along) the joint axis and, opposite, on the parent.
//
// Not stiction: at qd = 0 the law gives no torque, whatever else pushes the joint, so
// a joint at rest starts to move under any load, and a moving joint is stopped only
// approximately: an explicit step whose Coulomb impulse h c exceeds the momentum
// m |qd| (m the joint's effective inertia) reverses the velocity instead of stopping,
// and the joint then chatters around qd = 0 with speed below h c / m. Holding a joint
// at rest up to c would need c as a bound on a constraint row in the solve.
// The viscous part may instead be treated implicitly, like the PD damping, by adding
// h v to the joint's diagonal of M (pd_controller.h); explicitly it is stable only
// while h v / m < 2.
#pragma once

#include "base/status.h"

namespace contactlab {

struct JointFriction {
  double coulomb = 0;  // c [N m] or [N] for a prismatic joint, >= 0
  double viscous = 0;  // v [N m s / rad] or [N s / m], >= 0
};

// Checks the ranges above; the message names the field.
Status validate_joint_friction(const JointFriction& friction);

// (c, v, qd) => tau_f = -(c sgn(qd) + v qd), seed 002 eq. (14).
double joint_friction_torque(const JointFriction& friction, double joint_velocity);

}  // namespace contactlab
