#include "import/joint_load.h"

#include <cmath>

namespace contactlab {
namespace {

constexpr double kStandardGravity = 9.81;  // [m/s^2], for the gain rule's tau_g

// The load of joint `d` alone (its subtree at the start pose).
JointLoad own_load(const std::vector<DraftLink>& drafts, int d) {
  const DraftLink& joint_link = drafts[d];
  const Vec3 axis = joint_link.world.rotation * joint_link.joint->axis;
  const Vec3 anchor = joint_link.world.position;
  JointLoad load;
  for (size_t k = 0; k < drafts.size(); ++k) {
    if (!in_subtree(drafts, static_cast<int>(k), d)) continue;
    const DraftLink& link = drafts[k];
    if (joint_link.type == "prismatic") {
      load.inertia += link.mass.mass;
      load.gravity_torque += kStandardGravity * link.mass.mass;
      continue;
    }
    const Vec3 com = link.world.to_world(link.mass.com);
    const double distance = axis.cross(com - anchor).norm();
    const Mat3 inertia = link.world.rotation * link.mass.inertia * link.world.rotation.transpose();
    load.inertia += link.mass.mass * distance * distance + axis.dot(inertia * axis);
    load.gravity_torque += kStandardGravity * link.mass.mass * distance;
  }
  return load;
}

}  // namespace

JointLoad joint_load(const std::vector<DraftLink>& drafts, int d) {
  JointLoad load = own_load(drafts, d);
  for (size_t f = 0; f < drafts.size(); ++f) {
    if (drafts[f].leader != d) continue;
    const JointLoad follower = own_load(drafts, static_cast<int>(f));
    load.inertia += drafts[f].ratio * drafts[f].ratio * follower.inertia;
    load.gravity_torque += std::fabs(drafts[f].ratio) * follower.gravity_torque;
  }
  return load;
}

}  // namespace contactlab
