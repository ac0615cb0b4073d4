#include "dynamics/articulation/spatial.h"

namespace contactlab {

SpatialInertia SpatialInertia::of_body(double mass, const Vec3& com_from_reference,
                                       const Mat3& inertia_about_com) {
  const Vec3& c = com_from_reference;
  SpatialInertia inertia;
  inertia.mass = mass;
  inertia.first_moment = mass * c;
  // Parallel-axis theorem: I_o = I_c + m (|c|^2 E - c c^T).
  inertia.rotational =
      inertia_about_com + mass * (c.squaredNorm() * Mat3::Identity() - c * c.transpose());
  return inertia;
}

Vec6 SpatialInertia::apply(const Vec6& motion) const {
  const Vec3 linear_velocity = motion.head<3>();
  const Vec3 angular_velocity = motion.tail<3>();
  Vec6 momentum;
  momentum.head<3>() = mass * linear_velocity + angular_velocity.cross(first_moment);
  momentum.tail<3>() = rotational * angular_velocity + first_moment.cross(linear_velocity);
  return momentum;
}

SpatialInertia& SpatialInertia::operator+=(const SpatialInertia& other) {
  mass += other.mass;
  first_moment += other.first_moment;
  rotational += other.rotational;
  return *this;
}

Vec6 motion_cross_motion(const Vec6& velocity, const Vec6& motion) {
  // (v, w) x (s_v, s_w) = (w x s_v + v x s_w, w x s_w)
  const Vec3 v = velocity.head<3>(), w = velocity.tail<3>();
  const Vec3 s_v = motion.head<3>(), s_w = motion.tail<3>();
  Vec6 out;
  out.head<3>() = w.cross(s_v) + v.cross(s_w);
  out.tail<3>() = w.cross(s_w);
  return out;
}

Vec6 motion_cross_force(const Vec6& velocity, const Vec6& force) {
  // (v, w) x* (f, n) = (w x f, w x n + v x f)
  const Vec3 v = velocity.head<3>(), w = velocity.tail<3>();
  const Vec3 f = force.head<3>(), n = force.tail<3>();
  Vec6 out;
  out.head<3>() = w.cross(f);
  out.tail<3>() = w.cross(n) + v.cross(f);
  return out;
}

}  // namespace contactlab
