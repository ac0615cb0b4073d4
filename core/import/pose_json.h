// Positions and rotations as the scene format writes them (docs/scene_format.md):
// [x, y, z], and a rotation as its unit quaternion [w, x, y, z] with w >= 0.
#pragma once

#include <nlohmann/json.hpp>

#include "base/math_types.h"

namespace contactlab {

nlohmann::json vec3_json(const Vec3& v);
nlohmann::json quaternion_json(const Mat3& rotation);

}  // namespace contactlab
