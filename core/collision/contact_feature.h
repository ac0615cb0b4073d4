// Feature ids (ContactPoint::feature): the same number while the same pair of
// features touch, so that a solver can warm-start each point from the previous step.
//
// Patch points (reference-face clipping): bit 30 is set when the reference face
// belongs to geom b, bits 22-29 hold the reference face (index mod 256), bits 20-21
// the kind, bits 10-19 and 0-9 two feature indices (mod 1024):
//   IncidentVertex:      a vertex of the incident feature        (vertex id, 0)
//   IncidentEdgeOnSide:  an incident edge cut by a reference side (edge id, side)
//   ReferenceCorner:     a corner of the reference face           (side, side)
//   Other:               ends of a line overlap (end code, 0), or the single point
// Ids of the incident vertices: polytope vertex index; capsule end 0 (-z) or 1 (+z);
// sphere 0; cylinder rim point k of cap c (c = 0 at -z, 1 at +z) is 8 c + k and the
// deepest point of rim c is 16 + c. An incident edge is named by its first vertex.
#pragma once

namespace contactlab {

enum class PatchPointKind { IncidentVertex = 0, IncidentEdgeOnSide = 1, ReferenceCorner = 2, Other = 3 };

constexpr int patch_feature(bool reference_on_b, int reference_face, PatchPointKind kind, int first,
                            int second) {
  return (reference_on_b ? 1 << 30 : 0) | ((reference_face & 0xff) << 22) |
         (static_cast<int>(kind) << 20) | ((first & 0x3ff) << 10) | (second & 0x3ff);
}

// The one point of a pair that touches at a single point (vertex, edge crossing, curve).
constexpr int kSinglePointFeature = patch_feature(false, 0, PatchPointKind::Other, 1023, 0);

// Overlap ends of two parallel lines: which of the four segment ends bounds them.
constexpr int line_end_feature(int end_code) { return patch_feature(false, 0, PatchPointKind::Other, end_code, 0); }

// Cylinder rim ids.
constexpr int rim_point_id(int cap, int k) { return 8 * cap + k; }
constexpr int deepest_rim_id(int cap) { return 16 + cap; }

}  // namespace contactlab
