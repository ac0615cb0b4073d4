// Face contact: when a face of one core is flush with the contact normal, the contact
// region is the other core's facing feature (incident face, cylinder cap or side
// line, capsule segment, sphere centre) clipped to the prism over that reference
// face; each clipped vertex is a contact point with its own depth below the reference
// plane (seed 002 §3.2: the vertices bounding the contact region). When clipping cuts
// away the incident core's deepest point (deep or offset overlaps), that point is
// reported too, so the deepest contact always matches the separation along the normal.
#pragma once

#include "base/math_types.h"
#include "collision/convex_set.h"
#include "collision/patch_reduction.h"
#include "collision/small_array.h"

namespace contactlab {

// Reference faces must be parallel to the normal to within acos(kFlushCosine)
// (about 1.4e-5 rad); the depths are then measured along the face's own normal.
constexpr double kFlushCosine = 1 - 1e-10;

using PatchPoints = SmallArray<PatchPoint, 32>;

// Appends the face-contact points with distance <= margin to `points`, sets `normal`
// (a to b, the reference face's normal) and `is_polygon` (the region is a planar
// polygon given in order). Returns false when neither core has a face flush with
// `contact_normal` (a to b). Polytope faces are preferred as reference faces (a's on
// ties); a cylinder cap is the reference only against a non-flush partner. Caps used
// as reference faces are their inscribed octagons against polygons, the exact disk
// against segments and points.
bool face_contact_patch(const ConvexSet& a, const ConvexSet& b, const Vec3& contact_normal, double margin,
                        Vec3& normal, PatchPoints& points, bool& is_polygon);

}  // namespace contactlab
