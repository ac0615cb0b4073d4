#include "dynamics/articulation/joint.h"

#include <cmath>

#include "base/portable_trig.h"

namespace contactlab {

int Joint::position_size() const {
  switch (type) {
    case JointType::Revolute:
    case JointType::Prismatic: return 1;
    case JointType::Fixed: return 0;
    case JointType::Free: return 7;
  }
  return 0;
}

int Joint::velocity_size() const {
  switch (type) {
    case JointType::Revolute:
    case JointType::Prismatic: return 1;
    case JointType::Fixed: return 0;
    case JointType::Free: return 6;
  }
  return 0;
}

const char* joint_type_name(JointType type) {
  switch (type) {
    case JointType::Revolute: return "revolute";
    case JointType::Prismatic: return "prismatic";
    case JointType::Fixed: return "fixed";
    case JointType::Free: return "free";
  }
  return "unknown";
}

Pose joint_motion(const Joint& joint, const double* positions) {
  Pose motion;
  switch (joint.type) {
    case JointType::Revolute: {
      // Rotation by q about the unit axis a: the quaternion (cos q/2, sin q/2 a).
      double half_cos, half_sin;
      portable_cos_sin(0.5 * positions[0], half_cos, half_sin);
      const Vec3 vector_part = half_sin * joint.axis;
      motion.rotation =
          Quat(half_cos, vector_part.x(), vector_part.y(), vector_part.z()).toRotationMatrix();
      break;
    }
    case JointType::Prismatic:
      motion.position = positions[0] * joint.axis;
      break;
    case JointType::Fixed:
      break;
    case JointType::Free: {
      motion.position = Vec3(positions[0], positions[1], positions[2]);
      Quat orientation(positions[3], positions[4], positions[5], positions[6]);
      if (orientation.squaredNorm() > 0) {
        orientation.normalize();
        motion.rotation = orientation.toRotationMatrix();
      }
      break;
    }
  }
  return motion;
}

Pose joint_transform(const Joint& joint, const double* positions) {
  return joint.origin.compose(joint_motion(joint, positions));
}

}  // namespace contactlab
