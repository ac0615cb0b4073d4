// Narrow phase: the contact set between two geoms (seed 002 §3.2).
//
// Appends to `out` every contact point whose signed distance phi <= margin, with the
// normal pointing from geom A to geom B. Where the shapes touch along a line or a
// face, the points are the vertices of the planar convex hull of the contact region
// (interior points carry no extra information: any wrench over the region is a
// convex sum of forces at the hull's vertices). A box resting on a plane yields 4.
#pragma once

#include <vector>

#include "collision/contact_point.h"
#include "geometry/shape.h"

namespace contactlab {

void collide(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
             double margin, std::vector<ContactPoint>& out);

// The same, with a unit direction from a towards b that the caller keeps for this pair
// between calls (zero: none yet). Pairs of the general convex routine only: when the
// cores' separation along it exceeds the margin by more than a slack far above the
// search's own error, the pair has no contact and the search is skipped; otherwise the
// search runs and leaves its best direction there. The points never depend on the
// direction passed in (only whether the search that finds none is run).
void collide(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
             double margin, std::vector<ContactPoint>& out, Vec3& separating_direction);

// An axis-aligned bounding box of the shape at `pose`, grown by `margin` on every side.
// Planes report an infinite box.
struct Aabb {
  Vec3 min;
  Vec3 max;
};
Aabb bounding_box(const Shape& shape, const Pose& pose, double margin);

}  // namespace contactlab
