// Seed 002 eq. (10)-(12): the pose moves with the new velocity,
//   q^{l+1} = q^l + h G v^{l+1},   G = [I 0; 0 B R^T],
// where B R^T maps the world angular velocity w to Euler-parameter rates:
//   d(quaternion)/dt = 1/2 (0, w) * quaternion.
// The quaternion is renormalised after the update so it stays a unit quaternion.
#pragma once

#include "base/math_types.h"

namespace contactlab {

void integrate_pose(double time_step, const Vec3& linear_velocity,
                    const Vec3& angular_velocity, Vec3& position, Quat& orientation);

}  // namespace contactlab
