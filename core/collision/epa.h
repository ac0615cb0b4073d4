// Penetration direction of two overlapping convex cores by the Expanding Polytope
// Algorithm (van den Bergen 2001): grow a polytope of support points of the
// Minkowski difference a - b, starting from a tetrahedron around the origin, towards
// the face of a - b nearest the origin. The outward normal of that face is the
// direction from a to b along which the cores separate soonest.
//
// Used as a global proposal for curved cores, where the separating-axis candidates may
// miss the optimum: the result is scored exactly and polished by the caller
// (signed_distance.h), so its own accuracy only needs to pick the right basin.
#pragma once

#include "collision/convex_set.h"

namespace contactlab {

// Writes the best normal found (unit, a to b): the face normal along which the cores
// overlap least, measured exactly by support points. False when the initial
// tetrahedron is degenerate. Runs at most 48 expansions.
bool epa_penetration_normal(const ConvexSet& a, const ConvexSet& b, const Vec3 tetrahedron[4], Vec3& normal);

}  // namespace contactlab
