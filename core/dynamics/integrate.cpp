#include "dynamics/integrate.h"

namespace contactlab {

void integrate_pose(double time_step, const Vec3& linear_velocity,
                    const Vec3& angular_velocity, Vec3& position, Quat& orientation) {
  position += time_step * linear_velocity;
  // Eq. (10)-(11) in world form: q_dot = 1/2 (0, w) q.
  const Quat spin(0, angular_velocity.x(), angular_velocity.y(), angular_velocity.z());
  const Quat rate = spin * orientation;
  const double half_step = 0.5 * time_step;
  Quat next(orientation.w() + half_step * rate.w(), orientation.x() + half_step * rate.x(),
            orientation.y() + half_step * rate.y(), orientation.z() + half_step * rate.z());
  next.normalize();
  orientation = next;
}

}  // namespace contactlab
