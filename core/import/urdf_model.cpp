#include "import/urdf_model.h"

#include <cmath>

namespace contactlab {

const char* urdf_joint_type_name(UrdfJointType type) {
  switch (type) {
    case UrdfJointType::Revolute: return "revolute";
    case UrdfJointType::Continuous: return "continuous";
    case UrdfJointType::Prismatic: return "prismatic";
    case UrdfJointType::Fixed: return "fixed";
    case UrdfJointType::Floating: return "floating";
    case UrdfJointType::Planar: return "planar";
  }
  return "?";
}

Mat3 rotation_from_rpy(const Vec3& rpy) {
  const double cr = std::cos(rpy.x()), sr = std::sin(rpy.x());
  const double cp = std::cos(rpy.y()), sp = std::sin(rpy.y());
  const double cy = std::cos(rpy.z()), sy = std::sin(rpy.z());
  Mat3 rotation;
  rotation << cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr,  //
      sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr,          //
      -sp, cp * sr, cp * cr;
  return rotation;
}

}  // namespace contactlab
