// The convex hull of a point cloud, as the polytope that collision and mass
// properties use.
#pragma once

#include <vector>

#include "base/math_types.h"
#include "base/status.h"
#include "geometry/shape.h"

namespace contactlab {

// Fails (with a message) for fewer than 4 points, non-finite coordinates or a
// degenerate (flat) cloud. Points inside the hull are dropped; coplanar faces merged.
Status build_convex_hull(const std::vector<Vec3>& points, ConvexHullData& hull);

}  // namespace contactlab
