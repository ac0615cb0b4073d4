#include "dynamics/drag_spring.h"

#include <algorithm>
#include <vector>

namespace contactlab {

double drag_mass(const Model& model, int body) {
  const Body& grabbed = model.bodies[body];
  if (grabbed.articulation < 0) return grabbed.mass;
  const Articulation& articulation = model.articulations[grabbed.articulation];
  const KinematicTree& tree = articulation.tree;
  // Links come after their parents, so one pass marks the subtree.
  std::vector<char> below(tree.link_count(), 0);
  double mass = 0;
  for (int link = 0; link < tree.link_count(); ++link) {
    const int parent = tree.link(link).parent;
    below[link] = link == grabbed.link || (parent >= 0 && below[parent]);
    if (below[link]) mass += model.bodies[articulation.link_body[link]].mass;
  }
  return mass;
}

Vec3 drag_point(const DragSpring& drag, const Vec3& position, const Quat& orientation) {
  return position + orientation * drag.point;
}

DragGains drag_gains(const DragSpring& drag, const Options& options) {
  const double h = options.time_step;
  const double omega = std::min(kDragAngularFrequency, kDragStepRate / h);
  DragGains gains;
  if (options.formulation == Formulation::Quasistatic) {
    gains.stiffness = drag.mass * std::min(omega * omega, options.quasistatic_mass_scale / (h * h));
    return gains;
  }
  gains.stiffness = drag.mass * omega * omega;
  gains.damping = 2 * drag.mass * omega;
  return gains;
}

Vec6 drag_wrench(const DragSpring& drag, const Options& options, const Vec3& position, const Quat& orientation,
                 const Vec3& linear_velocity, const Vec3& angular_velocity) {
  Vec6 wrench = Vec6::Zero();
  if (drag.body < 0) return wrench;
  const DragGains gains = drag_gains(drag, options);
  const Vec3 arm = orientation * drag.point;
  const Vec3 point_velocity = linear_velocity + angular_velocity.cross(arm);
  const Vec3 force = gains.stiffness * (drag.target - (position + arm)) - gains.damping * point_velocity;
  wrench.head<3>() = force;
  wrench.tail<3>() = arm.cross(force);
  return wrench;
}

}  // namespace contactlab
