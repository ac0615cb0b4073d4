// Clipping an incident feature (polygon, segment or point) to the prism over a
// reference face (Sutherland–Hodgman), keeping track of which features each resulting
// vertex comes from (contact_feature.h).
#pragma once

#include "base/math_types.h"
#include "collision/contact_feature.h"
#include "collision/small_array.h"

namespace contactlab {

struct ClipVertex {
  Vec3 position = Vec3::Zero();
  PatchPointKind kind = PatchPointKind::IncidentVertex;
  int first = 0;
  int second = 0;
  // The edge leaving this vertex along the polygon: an incident edge id (>= 0) or
  // reference side j encoded as -(j + 1).
  int out_edge = 0;
};

using ClipPolygon = SmallArray<ClipVertex, 32>;

// One side of the reference face: points with normal . x <= offset are inside.
struct SidePlane {
  Vec3 normal = Vec3::Zero();
  double offset = 0;
};

// Clips the convex polygon (3 or more vertices, in order) to all sides, in place.
void clip_polygon(const SidePlane* sides, int side_count, ClipPolygon& polygon);

// Clips the segment polygon[0]-polygon[1] to all sides, in place (0 or 2 vertices; the
// ends coincide when it only touches).
void clip_segment(const SidePlane* sides, int side_count, ClipPolygon& polygon);

// Clips the segment polygon[0]-polygon[1] to the infinite cylinder of radius `radius`
// about the line through `center` along unit `axis`, in place; a cut end is recorded
// as lying on reference side `side_id`.
void clip_segment_to_disk(const Vec3& center, const Vec3& axis, double radius, int side_id,
                          ClipPolygon& polygon);

}  // namespace contactlab
