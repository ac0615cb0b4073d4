// Reduces the points of one contact region to the vertices of its convex hull (seed
// 002 §3.2: interior points of a planar contact add nothing, since any force
// distribution over the region is a convex sum of forces at the hull's vertices).
#pragma once

#include "base/math_types.h"

namespace contactlab {

struct PatchPoint {
  Vec3 position = Vec3::Zero();  // world, midway between the surfaces [m]
  double distance = 0;           // phi [m]
  int feature = 0;
};

// Keeps at most this many points per region.
constexpr int kMaxPatchPoints = 8;

// In place, returns the new count:
// 1. points closer than `tolerance` to an earlier kept point merge into it (the
//    smaller distance wins, then the smaller feature id);
// 2. for a planar convex polygon given in order (`is_polygon`), vertices on the
//    segment between their neighbours are dropped;
// 3. above kMaxPatchPoints, the deepest point is kept, then repeatedly the point
//    farthest from those kept, measured in the plane perpendicular to `normal`
//    (farthest-point sampling; distances within `tolerance` tie and go to the deeper
//    point, then the lower index); the
//    kept points stay in their original order.
int reduce_patch(PatchPoint* points, int count, bool is_polygon, const Vec3& normal, double tolerance);

}  // namespace contactlab
