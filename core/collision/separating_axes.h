// The separating-axis search over a pair's finite families of critical directions
// (the face normals of the Minkowski difference that can be written down exactly).
//
// For every unit direction n, separation_along(a, b, n) is a lower bound of the signed
// distance of the cores, with equality at the optimum. Polytopes, points and segments
// have only finitely many candidates (face normals and edge-edge cross products), so
// the best of them is the exact penetration depth (the separating axis theorem). A
// cylinder adds its axis, the side-line x edge directions, the directions from its
// axis and from its rims to the other core's vertices; contacts between a rim and an
// edge or between two curved surfaces are not in the list (signed_distance.h refines
// those).
#pragma once

#include "collision/convex_set.h"

namespace contactlab {

struct AxisCandidate {
  double separation = 0;         // between the cores along `normal` [m]; -inf if none
  Vec3 normal = Vec3::UnitZ();   // unit, from a towards b
};

// True when the candidates are complete: neither core is a cylinder.
bool candidate_axes_are_complete(const ConvexSet& a, const ConvexSet& b);

// The candidates in two groups, searched apart so that the caller can prefer face
// contacts and skip the second group: the best face direction (a polytope face normal
// or a cylinder axis, where a flat face can be flush with the other core) and the best
// other direction (edge-edge, side and rim families). In each group, a later candidate
// replaces an earlier one only when it is larger by more than `tie_tolerance` [m]:
// faces of a come before faces of b.
AxisCandidate best_face_axis(const ConvexSet& a, const ConvexSet& b, double tie_tolerance);
AxisCandidate best_other_axis(const ConvexSet& a, const ConvexSet& b, double tie_tolerance);

}  // namespace contactlab
