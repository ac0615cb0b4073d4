// A collision shape in world space as a convex core swept by a sphere: a sphere is a
// point core, a capsule a segment core; boxes, hulls and cylinders have radius 0.
// Signed distances between cores minus the two radii are the shapes' signed distances.
#pragma once

#include "base/math_types.h"
#include "collision/polytope_geometry.h"
#include "geometry/shape.h"

namespace contactlab {

enum class CoreKind { Point, Segment, Polytope, Cylinder };

struct ConvexSet {
  CoreKind kind = CoreKind::Point;
  Pose pose;                  // the geom's pose (cylinder rim points live in its frame)
  Vec3 center = Vec3::Zero(); // point; segment midpoint; cylinder centre [m]
  Vec3 axis = Vec3::UnitZ();  // segment / cylinder axis, unit (geom z)
  double half_length = 0;     // segment / cylinder [m]
  double cylinder_radius = 0; // cylinder [m]
  double radius = 0;          // sweep radius: sphere, capsule [m]
  const PolytopeGeometry* polytope = nullptr;
  Vec3 offset = Vec3::Zero(); // added to every support point (a translated copy)
  double size = 0;            // bounding radius of the core about `center` [m]
};

// The ConvexSet of a non-plane shape; `polytope` is filled for boxes and hulls.
ConvexSet make_convex_set(const Shape& shape, const Pose& pose, PolytopeGeometry& polytope);

// A point of the core farthest along `direction` (need not be unit).
Vec3 support_point(const ConvexSet& set, const Vec3& direction);

// [low, high] of the core's projection onto `axis` (need not be unit).
void projection_interval(const ConvexSet& set, const Vec3& axis, double& low, double& high);

// Separation of the cores along unit `normal` (pointing from a towards b):
// min over b of normal . x  -  max over a of normal . x. The signed distance of the
// cores is the maximum of this over all unit normals; any normal gives a lower bound.
double separation_along(const ConvexSet& a, const ConvexSet& b, const Vec3& normal);

// A line feature is one within this sine of perpendicular to a direction.
constexpr double kLineSine = 1e-7;

// A feature of a core farthest along a direction: a point (end[0]) or a segment.
struct SupportFeature {
  Vec3 end[2];
  bool is_segment = false;
};

// The feature of `set` farthest along unit `direction`: a polytope's edge, a segment, a
// cylinder's side line when within kLineSine of perpendicular to it, else a point.
SupportFeature support_feature(const ConvexSet& set, const Vec3& direction);

// An upper bound of the signed distance of `point` from the core (negative inside):
// exact for points, segments and cylinders, and for polytopes when the point is inside
// or its projection onto the plane of the face it is farthest beyond lies in the
// polytope; +infinity otherwise. For every point q of a core b, the signed distance
// of cores a and b is at most this bound for a at q: apart, it is at most |q - p| for
// every p of a; overlapping, the ball of radius -bound about q lies in a, so b moved
// by less than that still shares a point with a, and the penetration depth is at least
// -bound.
double signed_distance_bound(const ConvexSet& set, const Vec3& point);

}  // namespace contactlab
