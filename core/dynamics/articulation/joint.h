// The joint that connects a link to its parent in a kinematic tree (seed 002 §2.2:
// revolute, prismatic, fixed; plus the free joint of a floating base).
//
// The child link frame is
//   X_world_child = X_world_parent * origin * motion(q),
// where motion(q) is a rotation about `axis` by q (revolute), a translation along
// `axis` by q (prismatic), the identity (fixed), or the pose stored in q (free).
// A free joint belongs to a root link only, with `origin` the identity: its q is the
// link frame's world pose directly.
//
// Coordinates of one joint:
//   positions  q: revolute [rad] / prismatic [m]: 1; fixed: 0;
//                 free: 7 = (x y z) of the link frame origin [m], then the unit
//                 quaternion (qw qx qy qz) of the link frame in the world.
//   velocities v: revolute [rad/s] / prismatic [m/s]: 1; fixed: 0;
//                 free: 6 = linear velocity of the link frame origin in the world
//                 [m/s], then angular velocity in the world [rad/s].
#pragma once

#include <limits>

#include "base/math_types.h"

namespace contactlab {

enum class JointType { Revolute, Prismatic, Fixed, Free };

struct Joint {
  JointType type = JointType::Revolute;
  Vec3 axis = Vec3::UnitZ();  // unit, in the joint frame (revolute, prismatic)
  Pose origin;                // joint frame in the parent link frame (world for a root) at q = 0
  // Position limits [rad] or [m] (revolute, prismatic), lower <= upper.
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();

  int position_size() const;
  int velocity_size() const;
};

const char* joint_type_name(JointType type);

// motion(q) of the header comment; `positions` points at the joint's position_size()
// coordinates. A free joint's quaternion is normalised here, so a slightly
// denormalised q still gives a rotation matrix (an all-zero one gives the identity).
Pose joint_motion(const Joint& joint, const double* positions);

// origin * motion(q): the child link frame in the parent link frame.
Pose joint_transform(const Joint& joint, const double* positions);

}  // namespace contactlab
