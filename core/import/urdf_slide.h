// A robot put on a vertical slide: a root link "world" and a prismatic joint "lift"
// along the world's z axis to the robot's own root link, instead of the root being
// welded to the world. The slide starts at 0 (the root where the base puts it) and
// gets a PD motor like every movable joint (pd_gain_rule.h), so a timeline raises and
// lowers a hand by the root link's set point (docs/urdf.md, `--lift`).
#pragma once

#include "base/math_types.h"
#include "base/status.h"
#include "import/urdf_model.h"

namespace contactlab {

struct UrdfSlide {
  double lower = 0, upper = 0;  // [m], along world z from the base; lower <= 0 <= upper
};

constexpr double kSlideVelocity = 0.1;  // [m/s] the slide's max_velocity

// `base_rotation` is the orientation the root link's joint frame gets in the world
// (UrdfImportOptions::base), so that the slide's axis is world z. Fails, leaving
// `robot` as it was, when the limits do not hold 0 or are not finite numbers within
// [-10, 10] m, or when the robot already has a link named "world".
Status put_on_vertical_slide(UrdfRobot& robot, const Mat3& base_rotation, const UrdfSlide& slide);

}  // namespace contactlab
