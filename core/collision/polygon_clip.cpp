#include "collision/polygon_clip.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

// The point where the polygon edge from `from` to `to` crosses side `side`.
ClipVertex crossing(const ClipVertex& from, const ClipVertex& to, double from_distance, double to_distance,
                    int side) {
  ClipVertex vertex;
  const double t = from_distance / (from_distance - to_distance);
  vertex.position = from.position + t * (to.position - from.position);
  if (from.out_edge >= 0) {
    vertex.kind = PatchPointKind::IncidentEdgeOnSide;
    vertex.first = from.out_edge;
    vertex.second = side;
  } else {
    const int other_side = -from.out_edge - 1;
    vertex.kind = PatchPointKind::ReferenceCorner;
    vertex.first = std::min(side, other_side);
    vertex.second = std::max(side, other_side);
  }
  return vertex;
}

// Marks `vertex` as the point where the incident edge `edge` crosses side `side`.
void mark_side_crossing(ClipVertex& vertex, int edge, int side) {
  vertex.kind = PatchPointKind::IncidentEdgeOnSide;
  vertex.first = edge;
  vertex.second = side;
}

// Replaces the two-point polygon by the part [t_start, t_end] of its segment p0 -> p1
// (empty when t_start > t_end).
void keep_segment_part(ClipVertex start, ClipVertex end, const Vec3& p0, const Vec3& p1,
                       double t_start, double t_end, ClipPolygon& polygon) {
  polygon.clear();
  if (t_start > t_end) return;
  start.position = p0 + t_start * (p1 - p0);
  end.position = p0 + t_end * (p1 - p0);
  polygon.push_back(start);
  polygon.push_back(end);
}

}  // namespace

void clip_polygon(const SidePlane* sides, int side_count, ClipPolygon& polygon) {
  ClipPolygon input;
  for (int j = 0; j < side_count && polygon.size() > 0; ++j) {
    input.clear();
    for (int i = 0; i < polygon.size(); ++i) input.push_back(polygon[i]);
    polygon.clear();
    const int n = input.size();
    for (int i = 0; i < n; ++i) {
      const ClipVertex& from = input[i];
      const ClipVertex& to = input[(i + 1) % n];
      const double from_distance = sides[j].normal.dot(from.position) - sides[j].offset;
      const double to_distance = sides[j].normal.dot(to.position) - sides[j].offset;
      const bool from_inside = from_distance <= 0, to_inside = to_distance <= 0;
      if (from_inside) polygon.push_back(from);
      if (from_inside && !to_inside) {
        // Leaving: the new vertex continues along side j.
        ClipVertex vertex = crossing(from, to, from_distance, to_distance, j);
        vertex.out_edge = -(j + 1);
        polygon.push_back(vertex);
      } else if (!from_inside && to_inside) {
        // Entering: the new vertex continues along the edge it was cut from.
        ClipVertex vertex = crossing(from, to, from_distance, to_distance, j);
        vertex.out_edge = from.out_edge;
        polygon.push_back(vertex);
      }
    }
  }
}

void clip_segment(const SidePlane* sides, int side_count, ClipPolygon& polygon) {
  ClipVertex start = polygon[0], end = polygon[1];
  const Vec3 p0 = start.position, p1 = end.position;
  double t_start = 0, t_end = 1;
  for (int j = 0; j < side_count; ++j) {
    const double d0 = sides[j].normal.dot(p0) - sides[j].offset;
    const double d1 = sides[j].normal.dot(p1) - sides[j].offset;
    if (d0 > 0 && d1 > 0) {
      polygon.clear();
      return;
    }
    if (d0 > 0) {
      const double t = d0 / (d0 - d1);
      if (t > t_start) {
        t_start = t;
        mark_side_crossing(start, polygon[0].out_edge, j);
      }
    } else if (d1 > 0) {
      const double t = d0 / (d0 - d1);
      if (t < t_end) {
        t_end = t;
        mark_side_crossing(end, polygon[0].out_edge, j);
      }
    }
  }
  keep_segment_part(start, end, p0, p1, t_start, t_end, polygon);
}

void clip_segment_to_disk(const Vec3& center, const Vec3& axis, double radius, int side_id,
                          ClipPolygon& polygon) {
  ClipVertex start = polygon[0], end = polygon[1];
  const Vec3 p0 = start.position, p1 = end.position;
  // |q(t)|^2 <= r^2 for q(t) = the part of p(t) - center perpendicular to the axis.
  Vec3 q0 = p0 - center;
  q0 -= axis.dot(q0) * axis;
  Vec3 dq = p1 - p0;
  dq -= axis.dot(dq) * axis;
  const double qa = dq.squaredNorm(), qb = q0.dot(dq), qc = q0.squaredNorm() - radius * radius;
  double t_start = 0, t_end = 1;
  if (qa <= 1e-30 * (qc + radius * radius)) {
    if (qc > 0) polygon.clear();
    return;
  }
  const double discriminant = qb * qb - qa * qc;
  if (discriminant < 0) {
    polygon.clear();
    return;
  }
  const double root = std::sqrt(discriminant);
  const double t_low = (-qb - root) / qa, t_high = (-qb + root) / qa;
  if (t_low > t_start) {
    t_start = t_low;
    mark_side_crossing(start, polygon[0].out_edge, side_id);
  }
  if (t_high < t_end) {
    t_end = t_high;
    mark_side_crossing(end, polygon[0].out_edge, side_id);
  }
  keep_segment_part(start, end, p0, p1, t_start, t_end, polygon);
}

}  // namespace contactlab
