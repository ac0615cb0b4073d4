// The signed distance phi of two convex cores and the direction that attains it:
// phi = max over unit n of separation_along(a, b, n) (the distance when apart, minus
// the penetration depth when overlapping).
//
// Every proposed direction is scored by its exact separation, so a poor proposal can
// never make the answer worse. One bias: when the best face direction (a face normal
// or cylinder axis) has a face or line of each core within 0.05 rad of flush with it,
// it is kept unless another direction separates better by more than 10% of its
// separation (at least 1e-6 of the pair's size). Nearly flush faces then give a face
// patch instead of a single point from an edge pair that separates marginally better,
// at the price of up to 10% more penetration (or less clearance) in such near-ties.
// Proposals:
// - the separating-axis candidates (separating_axes.h), exact for polytopes, points
//   and segments, and for the flat and ruled features of cylinders;
// - when the cores are apart, the GJK closest-point direction (gjk.h), exact for
//   vertex-vertex and vertex-edge configurations and for curved surfaces (to 1e-12);
// - when a cylinder overlaps the other core, a proximal-point refinement for curved
//   contacts (rim-edge, rim-rim, rim-side): translate b along the current normal n
//   until the cores are apart by `shift`, take the GJK direction of that translated
//   pair as the next n. The fixed points are the directions where the gradient of the
//   separation is parallel to n (local optima), and each step cannot decrease the
//   separation; for a shallow overlap of depth p between surfaces of curvature radius
//   R the direction error shrinks by about (p + shift) / R per step.
// GJK and the refinement (and, for the best face direction, the other candidates) are
// skipped when the best candidate is proven optimal to the tie tolerance: the support point of one core along it is within that of the
// candidate's separation from the other core (inside it by as much, when overlapping;
// signed_distance_bound in convex_set.h), as at a rim or vertex over a face or a
// vertex within a cylinder's side.
#pragma once

#include "collision/convex_set.h"

namespace contactlab {

struct SignedDistance {
  double distance = 0;          // separation of the cores along `normal` [m]
  Vec3 normal = Vec3::UnitZ();  // unit, from a towards b
};

// False when phi is certainly larger than `core_margin` (no contact to report); then
// `result` holds the direction found that separates most, and its separation.
bool signed_distance(const ConvexSet& a, const ConvexSet& b, double core_margin, SignedDistance& result);

}  // namespace contactlab
