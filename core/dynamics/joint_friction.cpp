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

}  // namespace contactlab
