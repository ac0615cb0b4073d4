// Small closed-form geometric queries shared by the pair routines.
#pragma once

#include "base/math_types.h"

namespace contactlab {

// Parameter t in [0, 1] of the point of segment a-b closest to `point`.
double closest_parameter_on_segment(const Vec3& point, const Vec3& a, const Vec3& b);

// Parameters s, t in [0, 1] of the closest points a0 + s (a1 - a0) and b0 + t (b1 - b0)
// of two segments (Ericson, Real-Time Collision Detection, §5.1.9). Parallel segments
// get s = 0 or a clamped end; degenerate segments are points.
void closest_parameters_of_segments(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1,
                                    double& s, double& t);

// Cylinder rims are represented by the 8 vertices of the regular octagon inscribed in
// each rim circle (exact constants, no sin/cos): rim point k of a cap lies at
// r (cos(k pi/4), sin(k pi/4)) in the geom's xy-plane.
constexpr int kRimPointCount = 8;
Vec3 rim_point_local(int k, double radius, double z);

// The part of `v` perpendicular to unit `axis`, projected twice so that rounding leaves
// no axial residue even when v is nearly parallel to the axis. Inline: the cylinder's
// support function calls it in every GJK iteration.
inline Vec3 perpendicular_part(const Vec3& v, const Vec3& axis) {
  Vec3 part = v - axis.dot(v) * axis;
  part -= axis.dot(part) * axis;
  return part;
}

// A unit vector perpendicular to `v` (a fixed choice, used when a direction is undefined).
Vec3 any_perpendicular(const Vec3& v);

}  // namespace contactlab
