#include "import/pose_json.h"

#include <Eigen/Geometry>

namespace contactlab {

nlohmann::json vec3_json(const Vec3& v) { return nlohmann::json::array({v.x(), v.y(), v.z()}); }

nlohmann::json quaternion_json(const Mat3& rotation) {
  Eigen::Quaterniond q(rotation);
  q.normalize();
  if (q.w() < 0) q.coeffs() *= -1;
  return nlohmann::json::array({q.w(), q.x(), q.y(), q.z()});
}

}  // namespace contactlab
