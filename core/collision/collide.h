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

// An axis-aligned bounding box of the shape at `pose`, grown by `margin` on every side.
// Planes report an infinite box.
struct Aabb {
  Vec3 min;
  Vec3 max;
};
Aabb bounding_box(const Shape& shape, const Pose& pose, double margin);

}  // namespace contactlab
