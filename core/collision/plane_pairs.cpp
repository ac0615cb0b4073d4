// A static plane (the half-space z <= 0 of its frame, outward normal n = frame z)
// against every other shape, in closed form: each candidate point x of the shape's
// core has height n . (x - plane origin), so phi = height - sweep radius exactly.
// - sphere: its centre (1 point); capsule: both segment ends (2 when lying flat);
// - box, hull: every vertex (4 for a box resting on a face, 2 on an edge);
// - cylinder: per cap, the 8 rim points of the inscribed octagon (rotating with the
//   cylinder), with the one nearest the rim's deepest point replaced by that exact
//   deepest point unless the cap is parallel to the plane. A cylinder standing on a cap
//   gives the 8 octagon vertices; lying on its side, the 2 ends of its lowest line.
// Only points with phi <= margin are kept; each cap or vertex set is a separate region.
#include <cmath>

#include "collision/contact_feature.h"
#include "collision/geometry_queries.h"
#include "collision/pair_routines.h"
#include "collision/patch_reduction.h"
#include "collision/polytope_geometry.h"
#include "collision/small_array.h"

namespace contactlab {
namespace {

constexpr double kMergeTolerance = 1e-6;  // relative to the shape's size

struct PlaneSurface {
  Vec3 normal;    // outward, unit
  Vec3 origin;

  explicit PlaneSurface(const Pose& pose) : normal(pose.rotation.col(2)), origin(pose.position) {}
  double height(const Vec3& x) const { return normal.dot(x - origin); }
};

// A core point x with sweep radius r: the point midway between the plane (x - height n)
// and the shape's surface (x - r n).
PatchPoint plane_point(const PlaneSurface& plane, const Vec3& x, double radius, int feature) {
  const double height = plane.height(x);
  PatchPoint point;
  point.position = x - (0.5 * (height + radius)) * plane.normal;
  point.distance = height - radius;
  point.feature = feature;
  return point;
}

void emit(const PlaneSurface& plane, PatchPoint* points, int count, double tolerance,
          std::vector<ContactPoint>& out) {
  count = reduce_patch(points, count, false, plane.normal, tolerance);
  for (int i = 0; i < count; ++i) {
    out.push_back(ContactPoint{points[i].position, plane.normal, points[i].distance, points[i].feature});
  }
}

}  // namespace

void collide_plane_sphere(const Shape&, const Pose& plane_pose, const Shape& sphere,
                          const Pose& sphere_pose, double margin, std::vector<ContactPoint>& out) {
  const PlaneSurface plane(plane_pose);
  const PatchPoint point = plane_point(plane, sphere_pose.position, sphere.radius, 0);
  if (point.distance <= margin) out.push_back(ContactPoint{point.position, plane.normal, point.distance, 0});
}

void collide_plane_capsule(const Shape&, const Pose& plane_pose, const Shape& capsule,
                           const Pose& capsule_pose, double margin, std::vector<ContactPoint>& out) {
  const PlaneSurface plane(plane_pose);
  const Vec3 axis = capsule_pose.rotation.col(2);
  PatchPoint points[2];
  int count = 0;
  for (int end = 0; end < 2; ++end) {
    const Vec3 x = capsule_pose.position + (end == 0 ? -capsule.half_length : capsule.half_length) * axis;
    const PatchPoint point = plane_point(plane, x, capsule.radius, end);
    if (point.distance <= margin) points[count++] = point;
  }
  emit(plane, points, count, kMergeTolerance * (capsule.half_length + capsule.radius), out);
}

void collide_plane_polytope(const Shape&, const Pose& plane_pose, const Shape& polytope_shape,
                            const Pose& polytope_pose, double margin, std::vector<ContactPoint>& out) {
  const PlaneSurface plane(plane_pose);
  PolytopeGeometry polytope;
  build_polytope_geometry(polytope_shape, polytope_pose, polytope);
  SmallArray<PatchPoint, 64> points;
  for (int i = 0; i < polytope.vertex_count(); ++i) {
    const PatchPoint point = plane_point(plane, polytope.vertices[i], 0, i);
    if (point.distance <= margin) points.push_back(point);
  }
  emit(plane, points.data(), points.size(), kMergeTolerance * polytope.bounding_radius, out);
}

void collide_plane_cylinder(const Shape&, const Pose& plane_pose, const Shape& cylinder,
                            const Pose& cylinder_pose, double margin, std::vector<ContactPoint>& out) {
  const PlaneSurface plane(plane_pose);
  const Vec3 axis = cylinder_pose.rotation.col(2);
  // The rim's deepest point lies along the part of -n perpendicular to the axis.
  const Vec3 radial = perpendicular_part(-plane.normal, axis);
  const double radial_length = radial.norm();
  int replaced = -1;
  if (radial_length > 1e-12) {
    const Vec3 local = cylinder_pose.rotation.transpose() * radial;
    double best = -2;
    for (int k = 0; k < kRimPointCount; ++k) {
      const double value = rim_point_local(k, 1, 0).dot(local);
      if (value > best) {
        best = value;
        replaced = k;
      }
    }
  }
  const double tolerance =
      kMergeTolerance * std::sqrt(cylinder.radius * cylinder.radius + cylinder.half_length * cylinder.half_length);
  for (int cap = 0; cap < 2; ++cap) {
    const double z = cap == 1 ? cylinder.half_length : -cylinder.half_length;
    PatchPoint points[kRimPointCount];
    int count = 0;
    for (int k = 0; k < kRimPointCount; ++k) {
      const bool deepest = k == replaced;
      const Vec3 x = deepest ? Vec3(cylinder_pose.position + z * axis + (cylinder.radius / radial_length) * radial)
                             : cylinder_pose.to_world(rim_point_local(k, cylinder.radius, z));
      const PatchPoint point = plane_point(plane, x, 0, deepest ? deepest_rim_id(cap) : rim_point_id(cap, k));
      if (point.distance <= margin) points[count++] = point;
    }
    emit(plane, points, count, tolerance, out);
  }
}

}  // namespace contactlab
