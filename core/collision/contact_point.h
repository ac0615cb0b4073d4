// What the narrow phase reports for one point of contact between two geoms.
#pragma once

#include "base/math_types.h"

namespace contactlab {

struct ContactPoint {
  Vec3 position;    // world, midway between the two surfaces [m]
  Vec3 normal;      // world, unit, pointing from geom A towards geom B
  double distance;  // signed distance phi [m]; negative when the shapes overlap
  int feature;      // identifies the point within its pair from step to step (warm starts)
};

}  // namespace contactlab
