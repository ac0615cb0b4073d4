// Joint friction, seed 002 eq. (14):
//   tau_friction = c sgn(qd) + v qd,
// with c the constant Coulomb friction, which depends only on the sign of the joint
// velocity, and v the coefficient of viscous friction. The seed gives the magnitude
// law; the torque acting on the joint opposes its motion: tau_f = -(c sgn(qd) + v qd).
//
// How the step applies it. The viscous part is implicit, like the PD damping: h v is
// added to the joint's diagonal of M (articulation_motion.h), stable at any h. The
// Coulomb part is no explicit torque: every 1-dof joint with c > 0 gets a joint
// friction row solved with the contacts in every formulation (contact/contact_rows.h),
// the joint's analogue of the friction cone: qdot^{l+1} = 0 with an impulse
// |tau| <= c h, and where the other loads need more, tau = -c h sgn(qdot^{l+1}). So a
// joint whose load stays below c does not move at all, and a moving joint with no
// other load stops in I |qdot| / c (I its effective inertia) and stays stopped.
#pragma once

#include "base/status.h"

namespace contactlab {

struct JointFriction {
  double coulomb = 0;  // c [N m] or [N] for a prismatic joint, >= 0
  double viscous = 0;  // v [N m s / rad] or [N s / m], >= 0
};

// Checks the ranges above; the message names the field.
Status validate_joint_friction(const JointFriction& friction);

}  // namespace contactlab
