#include "dynamics/joint_friction.h"

#include <cmath>

namespace contactlab {

Status validate_joint_friction(const JointFriction& friction) {
  if (!(friction.coulomb >= 0) || !std::isfinite(friction.coulomb)) {
    return Status::failure("joint friction: coulomb (c) must be finite and >= 0");
  }
  if (!(friction.viscous >= 0) || !std::isfinite(friction.viscous)) {
    return Status::failure("joint friction: viscous (v) must be finite and >= 0");
  }
  return Status::success();
}

double joint_friction_torque(const JointFriction& friction, double joint_velocity) {
  // sgn(qd), with sgn(0) = 0.
  const double sign = joint_velocity > 0 ? 1.0 : (joint_velocity < 0 ? -1.0 : 0.0);
  return -(friction.coulomb * sign + friction.viscous * joint_velocity);  // eq. (14)
}

}  // namespace contactlab
