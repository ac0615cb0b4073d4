// Capsule against capsule in closed form, as two segments swept by spheres. The
// candidate point pairs are each segment end with its closest point on the other
// segment (features 0, 1: a's ends; 2, 3: b's ends) and the closest points of the two
// segments (feature 4, left out when the segments are parallel, where it adds nothing
// between the ends). Every pair is an exact point-to-segment distance with its own
// normal; two capsules lying side by side give the 2 ends of their overlap, crossing
// capsules give 1 point. Pairs closer than a tolerance to an earlier one are merged.
#include <cmath>

#include "collision/geometry_queries.h"
#include "collision/pair_routines.h"

namespace contactlab {
namespace {

constexpr double kMergeTolerance = 1e-6;  // relative to the pair's size

struct Segment {
  Vec3 end[2];
  Vec3 axis;
};

Segment capsule_segment(const Shape& capsule, const Pose& pose) {
  const Vec3 axis = pose.rotation.col(2);
  return Segment{{pose.position - capsule.half_length * axis, pose.position + capsule.half_length * axis}, axis};
}

}  // namespace

void collide_capsule_capsule(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
                             double margin, std::vector<ContactPoint>& out) {
  const Segment sa = capsule_segment(a, pose_a), sb = capsule_segment(b, pose_b);
  const bool parallel = sa.axis.cross(sb.axis).norm() <= 1e-9;
  Vec3 on_a[5], on_b[5];
  for (int end = 0; end < 2; ++end) {
    on_a[end] = sa.end[end];
    on_b[end] = sb.end[0] + closest_parameter_on_segment(sa.end[end], sb.end[0], sb.end[1]) * (sb.end[1] - sb.end[0]);
    on_b[2 + end] = sb.end[end];
    on_a[2 + end] = sa.end[0] + closest_parameter_on_segment(sb.end[end], sa.end[0], sa.end[1]) * (sa.end[1] - sa.end[0]);
  }
  double s = 0, t = 0;
  closest_parameters_of_segments(sa.end[0], sa.end[1], sb.end[0], sb.end[1], s, t);
  on_a[4] = sa.end[0] + s * (sa.end[1] - sa.end[0]);
  on_b[4] = sb.end[0] + t * (sb.end[1] - sb.end[0]);

  // When the segments meet, the normal is undefined: perpendicular to both axes
  // (pointing from a's centre towards b's), or to a's axis when they are parallel.
  Vec3 fallback = parallel ? any_perpendicular(sa.axis) : Vec3(sa.axis.cross(sb.axis).normalized());
  if (fallback.dot(pose_b.position - pose_a.position) < 0) fallback = -fallback;

  const double tolerance = kMergeTolerance * (a.half_length + a.radius + b.half_length + b.radius);
  const size_t first = out.size();
  for (int k = 0; k < (parallel ? 4 : 5); ++k) {
    const Vec3 difference = on_b[k] - on_a[k];
    const double length = difference.norm();
    const double distance = length - a.radius - b.radius;
    if (distance > margin) continue;
    const Vec3 normal = length > 0 ? Vec3(difference / length) : fallback;
    const Vec3 position = 0.5 * ((on_a[k] + a.radius * normal) + (on_b[k] - b.radius * normal));
    bool merged = false;
    for (size_t i = first; i < out.size() && !merged; ++i) {
      if ((out[i].position - position).norm() > tolerance) continue;
      merged = true;
      if (distance < out[i].distance) out[i] = ContactPoint{position, normal, distance, k};
    }
    if (!merged) out.push_back(ContactPoint{position, normal, distance, k});
  }
}

}  // namespace contactlab
