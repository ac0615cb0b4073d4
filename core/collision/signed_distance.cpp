#include "collision/signed_distance.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "collision/epa.h"
#include "collision/geometry_queries.h"
#include "collision/gjk.h"
#include "collision/separating_axes.h"

namespace contactlab {
namespace {

constexpr double kTieTolerance = 1e-12;   // relative to the pair's size
constexpr double kRefineShift = 1e-4;     // relative to the pair's size
constexpr int kMaxRefinements = 64;
// Face preference: when both cores have a face or line within kNearlyFlushSine of
// perpendicular to the best face direction, another direction replaces it only when it
// separates better by more than max(kFaceBias |face separation|, kFaceBiasFloor size).
constexpr double kFaceBias = 0.1;
constexpr double kFaceBiasFloor = 1e-6;
constexpr double kNearlyFlushSine = 0.05;
// Overlaps of nearly flush faces shallower than this (relative to the pair's size) are
// taken as flat contacts.
constexpr double kShallow = 1e-2;

// Whether `set` has a face (polytope face, cylinder cap) or a line (capsule segment,
// cylinder side) within kNearlyFlushSine of perpendicular to unit `direction`, facing it.
bool nearly_flush(const ConvexSet& set, const Vec3& direction) {
  const double cosine = std::sqrt(1 - kNearlyFlushSine * kNearlyFlushSine);
  switch (set.kind) {
    case CoreKind::Point:
      return false;
    case CoreKind::Segment:
      return std::abs(set.axis.dot(direction)) <= kNearlyFlushSine;
    case CoreKind::Cylinder: {
      const double axial = std::abs(set.axis.dot(direction));
      return axial >= cosine || axial <= kNearlyFlushSine;
    }
    case CoreKind::Polytope:
      for (int f = 0; f < set.polytope->face_count(); ++f) {
        if (set.polytope->face_normals[f].dot(direction) >= cosine) return true;
      }
      return false;
  }
  return false;
}

// Whether the best candidate's separation is phi to within `slack`: a point of either
// core bounds phi from above by its signed distance from the other core
// (signed_distance_bound in convex_set.h), and so does the distance of two points, one
// of each core. The points tried: the support points along the candidate, tight where
// a rim, vertex or segment end lies over a face or within a cylinder's side; and the
// closest points of the two support features (edges, segments, side lines), tight
// where they cross apart, or where a line crosses a cylinder's side or a segment.
// Then no search can find a direction that separates better by more than `slack`.
bool candidate_is_optimal(const ConvexSet& a, const ConvexSet& b, const AxisCandidate& best, double slack) {
  const double limit = best.separation + slack;
  if (signed_distance_bound(a, support_point(b, -best.normal)) <= limit ||
      signed_distance_bound(b, support_point(a, best.normal)) <= limit) {
    return true;
  }
  const SupportFeature fa = support_feature(a, best.normal);
  const SupportFeature fb = support_feature(b, -best.normal);
  if (!fa.is_segment && !fb.is_segment) return false;
  const Vec3& a1 = fa.is_segment ? fa.end[1] : fa.end[0];
  const Vec3& b1 = fb.is_segment ? fb.end[1] : fb.end[0];
  double s = 0, t = 0;
  closest_parameters_of_segments(fa.end[0], a1, fb.end[0], b1, s, t);
  const Vec3 on_a = fa.end[0] + s * (a1 - fa.end[0]);
  const Vec3 on_b = fb.end[0] + t * (b1 - fb.end[0]);
  return (best.separation > 0 && (on_b - on_a).norm() <= limit) || signed_distance_bound(a, on_b) <= limit ||
         signed_distance_bound(b, on_a) <= limit;
}

// (overlapping pair with a curved core, best direction so far) => (a better direction):
// the better of the start and the EPA direction, then proximal steps while they gain.
AxisCandidate refine_overlap(const ConvexSet& a, const ConvexSet& b, const GjkResult& gjk, AxisCandidate start,
                             double scale) {
  Vec3 expanded;
  if (gjk.has_enclosing_tetrahedron && epa_penetration_normal(a, b, gjk.enclosing_tetrahedron, expanded)) {
    const double separation = separation_along(a, b, expanded);
    if (separation > start.separation) start = AxisCandidate{separation, expanded};
  }
  const double shift = kRefineShift * scale;
  for (int step = 0; step < kMaxRefinements; ++step) {
    ConvexSet translated = b;
    translated.offset += (shift - start.separation) * start.normal;
    const GjkResult apart = gjk_distance(a, translated);
    if (apart.overlap) break;
    const double next = separation_along(a, b, apart.normal);
    if (!(next > start.separation + 1e-15 * scale)) break;
    start = AxisCandidate{next, apart.normal};
  }
  return start;
}

// (candidates of a pair apart by more than the margin) => false, with the one that
// separates more in `result`.
bool apart(const AxisCandidate& face, const AxisCandidate& other, SignedDistance& result) {
  const AxisCandidate& best = other.separation > face.separation ? other : face;
  result.distance = best.separation;
  result.normal = best.normal;
  return false;
}

}  // namespace

bool signed_distance(const ConvexSet& a, const ConvexSet& b, double core_margin, SignedDistance& result) {
  const double scale = a.size + b.size;
  const double tie_tolerance = kTieTolerance * scale;
  // The face group first: a face direction that leaves the cores apart, or that is
  // proven optimal (candidate_is_optimal), leaves nothing for the other candidates and
  // the searches to find but ties.
  const AxisCandidate face = best_face_axis(a, b, tie_tolerance);
  if (face.separation > core_margin) return apart(face, face, result);
  const bool face_proven = std::isfinite(face.separation) && candidate_is_optimal(a, b, face, tie_tolerance);
  AxisCandidate other{-std::numeric_limits<double>::infinity(), Vec3::UnitZ()};
  if (!face_proven) other = best_other_axis(a, b, tie_tolerance);
  const double best_candidate = std::max(face.separation, other.separation);
  if (best_candidate > core_margin) return apart(face, other, result);

  const bool flush = std::isfinite(face.separation) && nearly_flush(a, face.normal) && nearly_flush(b, -face.normal);

  // (candidates) => (GJK or refined direction), offered to the `other` group. Points and
  // segments alone have no candidates (-infinity): GJK decides. A shallow overlap of
  // nearly flush faces is a flat contact whose best direction is the face's: no
  // refinement. The searches are skipped when the best candidate is proven optimal.
  const bool complete = candidate_axes_are_complete(a, b);
  const bool flat_overlap = flush && face.separation >= other.separation && -face.separation <= kShallow * scale;
  const bool proven = face_proven || (std::isfinite(other.separation) && other.separation > face.separation &&
                                      candidate_is_optimal(a, b, other, tie_tolerance));
  if (!proven && (!complete || best_candidate > 0 || !std::isfinite(best_candidate))) {
    const GjkResult gjk = gjk_distance(a, b);
    if (!gjk.overlap) {
      const double separation = separation_along(a, b, gjk.normal);
      if (separation > other.separation + tie_tolerance) other = AxisCandidate{separation, gjk.normal};
    } else if (!complete && !flat_overlap) {
      const AxisCandidate start = face.separation >= other.separation ? face : other;
      const AxisCandidate refined = refine_overlap(a, b, gjk, start, scale);
      if (refined.separation > other.separation + tie_tolerance) other = refined;
    }
  }

  // (face, other) => (chosen direction), preferring nearly flush faces so that they
  // give a patch rather than one point from an edge pair that separates marginally
  // better.
  const double bias = flush ? std::max(kFaceBias * std::abs(face.separation), kFaceBiasFloor * scale) : 0.0;
  AxisCandidate chosen = face;
  if (!std::isfinite(face.separation) || other.separation > face.separation + bias) chosen = other;
  if (!std::isfinite(chosen.separation)) {
    // Cores without volume (points, segments) that meet: they touch.
    chosen = AxisCandidate{0, Vec3::UnitZ()};
  }
  if (std::max(face.separation, other.separation) > core_margin) return apart(face, other, result);
  result.distance = chosen.separation;
  result.normal = chosen.normal;
  return true;
}

}  // namespace contactlab
