// Distance between two convex cores by the Gilbert–Johnson–Keerthi algorithm
// (Gilbert, Johnson & Keerthi 1988; van den Bergen 1999): iterate a simplex of
// support points of the Minkowski difference a - b towards the origin.
#pragma once

#include "collision/convex_set.h"

namespace contactlab {

struct GjkResult {
  bool overlap = false;   // the cores intersect (or touch to rounding)
  // When they do not overlap: the best direction found (unit, from a towards b) and
  // the separation along it, a lower bound of the distance that equals it at
  // convergence [m]; support points of a and b along it.
  double distance = 0;
  Vec3 normal = Vec3::UnitZ();
  Vec3 point_a = Vec3::Zero();
  Vec3 point_b = Vec3::Zero();
  // When the overlap was found as a tetrahedron of points of a - b around the origin.
  bool has_enclosing_tetrahedron = false;
  Vec3 enclosing_tetrahedron[4];
};

// Polytope cores converge in finitely many steps; curved cores (cylinder) stop when the
// distance is known to a relative 1e-12 or after 96 iterations.
GjkResult gjk_distance(const ConvexSet& a, const ConvexSet& b);

}  // namespace contactlab
