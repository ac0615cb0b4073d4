// The general convex pair: signed distance and normal (signed_distance.h), then the
// contact region:
// 1. a face flush with the normal => the clipped face patch (contact_patch.h);
// 2. otherwise the two support features along the normal (a vertex, edge, capsule
//    segment, cylinder side line or rim point); two parallel line features => the two
//    ends of their overlap;
// 3. otherwise one point between the closest points of the two features (an edge
//    crossing, a vertex, or a point on a curved rim or side).
#include <cmath>

#include "collision/contact_feature.h"
#include "collision/contact_patch.h"
#include "collision/convex_set.h"
#include "collision/geometry_queries.h"
#include "collision/pair_routines.h"
#include "collision/patch_reduction.h"
#include "collision/signed_distance.h"

namespace contactlab {
namespace {

constexpr double kMergeTolerance = 1e-6;  // relative to the pair's size
// A kept direction proves a pair apart when it separates the cores by more than the
// margin plus this (relative to the pair's size): signed_distance's search then
// finds a direction at least that good (its GJK is exact to a relative 1e-12, its ties
// 1e-12 of the size), so it would report no contact either.
constexpr double kProofSlack = 1e-6;

PatchPoint make_point(const Vec3& on_a, const Vec3& on_b, const Vec3& normal, double distance,
                      double radius_a, double radius_b, int feature) {
  PatchPoint point;
  point.position = 0.5 * ((on_a + radius_a * normal) + (on_b - radius_b * normal));
  point.distance = distance;
  point.feature = feature;
  return point;
}

// Points of an edge, segment, side-line or single-point contact.
void feature_contact(const ConvexSet& a, const ConvexSet& b, const SignedDistance& contact, double margin,
                     double merge_tolerance, PatchPoints& points) {
  const Vec3& n = contact.normal;
  const SupportFeature fa = support_feature(a, n);
  const SupportFeature fb = support_feature(b, -n);
  if (fa.is_segment && fb.is_segment) {
    const Vec3 along_a = fa.end[1] - fa.end[0];
    const Vec3 along_b = fb.end[1] - fb.end[0];
    const double length_a = along_a.norm(), length_b = along_b.norm();
    if (along_a.cross(along_b).norm() <= kLineSine * length_a * length_b) {
      // Parallel lines: the ends of the overlap of b's segment with a's.
      const Vec3 unit = along_a / length_a;
      const double b0 = unit.dot(fb.end[0] - fa.end[0]), b1 = unit.dot(fb.end[1] - fa.end[0]);
      const double low_b = std::min(b0, b1), high_b = std::max(b0, b1);
      const double low = std::max(0.0, low_b), high = std::min(length_a, high_b);
      if (high - low > merge_tolerance) {
        const double ends[2] = {low, high};
        const int codes[2] = {low_b > 0 ? (b0 <= b1 ? 2 : 3) : 0, high_b < length_a ? (b0 <= b1 ? 3 : 2) : 1};
        for (int k = 0; k < 2; ++k) {
          const Vec3 on_a = fa.end[0] + ends[k] * unit;
          const Vec3 on_b = fb.end[0] + ((ends[k] - b0) / (b1 - b0)) * along_b;
          const double distance = n.dot(on_b - on_a) - a.radius - b.radius;
          if (distance <= margin) {
            points.push_back(make_point(on_a, on_b, n, distance, a.radius, b.radius, line_end_feature(codes[k])));
          }
        }
        return;
      }
    }
  }
  double s = 0, t = 0;
  const Vec3 a1 = fa.is_segment ? fa.end[1] : fa.end[0];
  const Vec3 b1 = fb.is_segment ? fb.end[1] : fb.end[0];
  closest_parameters_of_segments(fa.end[0], a1, fb.end[0], b1, s, t);
  const Vec3 on_a = fa.end[0] + s * (a1 - fa.end[0]);
  const Vec3 on_b = fb.end[0] + t * (b1 - fb.end[0]);
  const double distance = contact.distance - a.radius - b.radius;
  points.push_back(make_point(on_a, on_b, n, distance, a.radius, b.radius, kSinglePointFeature));
}

}  // namespace

void collide_convex(const Shape& shape_a, const Pose& pose_a, const Shape& shape_b, const Pose& pose_b,
                    double margin, std::vector<ContactPoint>& out, Vec3* separating_direction) {
  PolytopeGeometry polytope_a, polytope_b;
  const ConvexSet a = make_convex_set(shape_a, pose_a, polytope_a);
  const ConvexSet b = make_convex_set(shape_b, pose_b, polytope_b);
  const double core_margin = margin + a.radius + b.radius;
  if (separating_direction && separating_direction->squaredNorm() > 0 &&
      separation_along(a, b, *separating_direction) > core_margin + kProofSlack * (a.size + b.size)) {
    return;
  }
  SignedDistance contact;
  const bool near = signed_distance(a, b, core_margin, contact);
  if (separating_direction) *separating_direction = contact.normal;
  if (!near) return;

  const double merge_tolerance = kMergeTolerance * (a.size + a.radius + b.size + b.radius);
  PatchPoints points;
  Vec3 normal = contact.normal;
  bool is_polygon = false;
  face_contact_patch(a, b, contact.normal, margin, normal, points, is_polygon);
  if (points.empty()) {
    normal = contact.normal;
    is_polygon = false;
    feature_contact(a, b, contact, margin, merge_tolerance, points);
  }
  const int count = reduce_patch(points.data(), points.size(), is_polygon, normal, merge_tolerance);
  for (int i = 0; i < count; ++i) {
    out.push_back(ContactPoint{points[i].position, normal, points[i].distance, points[i].feature});
  }
}

}  // namespace contactlab
