#include "collision/contact_patch.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "collision/contact_feature.h"
#include "collision/geometry_queries.h"
#include "collision/polygon_clip.h"

namespace contactlab {
namespace {

struct ReferenceFace {
  const ConvexSet* owner = nullptr;
  bool on_b = false;
  int index = 0;                   // polytope face, or cylinder cap (0 at -z, 1 at +z)
  Vec3 normal = Vec3::UnitZ();     // outward of the owner, towards the incident core
  Vec3 point = Vec3::Zero();       // on the face plane
};

int most_aligned_face(const PolytopeGeometry& polytope, const Vec3& direction, double& alignment) {
  int best = 0;
  alignment = polytope.face_normals[0].dot(direction);
  for (int f = 1; f < polytope.face_count(); ++f) {
    const double value = polytope.face_normals[f].dot(direction);
    if (value > alignment) {
      alignment = value;
      best = f;
    }
  }
  return best;
}

Vec3 cap_center(const ConvexSet& cylinder, int cap) {
  return cylinder.center + (cap == 1 ? cylinder.half_length : -cylinder.half_length) * cylinder.axis;
}

bool find_reference_face(const ConvexSet& a, const ConvexSet& b, const Vec3& normal, ReferenceFace& face) {
  double align_a = -2, align_b = -2;
  int face_a = 0, face_b = 0;
  if (a.kind == CoreKind::Polytope) face_a = most_aligned_face(*a.polytope, normal, align_a);
  if (b.kind == CoreKind::Polytope) face_b = most_aligned_face(*b.polytope, -normal, align_b);
  if (align_a >= kFlushCosine || align_b >= kFlushCosine) {
    const bool use_a = align_a >= align_b;
    const ConvexSet& owner = use_a ? a : b;
    face.owner = &owner;
    face.on_b = !use_a;
    face.index = use_a ? face_a : face_b;
    face.normal = owner.polytope->face_normals[face.index];
    face.point = owner.polytope->vertices[owner.polytope->face(face.index)[0]];
    return true;
  }
  for (const bool on_b : {false, true}) {
    const ConvexSet& owner = on_b ? b : a;
    if (owner.kind != CoreKind::Cylinder) continue;
    const double axial = owner.axis.dot(on_b ? -normal : normal);
    if (std::abs(axial) < kFlushCosine) continue;
    face.owner = &owner;
    face.on_b = on_b;
    face.index = axial > 0 ? 1 : 0;
    face.normal = axial > 0 ? owner.axis : Vec3(-owner.axis);
    face.point = cap_center(owner, face.index);
    return true;
  }
  return false;
}

// Side planes of the convex loop `corners` lying in the plane with normal `normal`,
// facing away from the loop's centroid.
void side_planes(const Vec3* corners, int count, const Vec3& normal, SidePlane* sides) {
  Vec3 centroid = Vec3::Zero();
  for (int i = 0; i < count; ++i) centroid += corners[i];
  centroid /= static_cast<double>(count);
  for (int j = 0; j < count; ++j) {
    const Vec3& from = corners[j];
    Vec3 side = (corners[(j + 1) % count] - from).cross(normal);
    const double length = side.norm();
    side = length > 0 ? Vec3(side / length) : Vec3::Zero();
    if (side.dot(from - centroid) < 0) side = -side;
    sides[j] = SidePlane{side, side.dot(from)};
  }
}

void rim_points_world(const ConvexSet& cylinder, int cap, Vec3* corners) {
  const double z = cap == 1 ? cylinder.half_length : -cylinder.half_length;
  for (int k = 0; k < kRimPointCount; ++k) {
    corners[k] = cylinder.pose.to_world(rim_point_local(k, cylinder.cylinder_radius, z));
  }
}

void add_vertex(const Vec3& position, int id, ClipPolygon& polygon) {
  ClipVertex vertex;
  vertex.position = position;
  vertex.kind = PatchPointKind::IncidentVertex;
  vertex.first = id;
  vertex.out_edge = id;
  polygon.push_back(vertex);
}

// The incident core's feature facing the reference face: `outward` is the direction
// from the incident core towards the reference face (minus the reference normal).
void incident_feature(const ConvexSet& incident, const Vec3& outward, ClipPolygon& polygon) {
  polygon.clear();
  switch (incident.kind) {
    case CoreKind::Point:
      add_vertex(incident.center, 0, polygon);
      return;
    case CoreKind::Segment:
      add_vertex(incident.center - incident.half_length * incident.axis, 0, polygon);
      add_vertex(incident.center + incident.half_length * incident.axis, 1, polygon);
      return;
    case CoreKind::Polytope: {
      // The face through the deepest vertex that faces the reference face best.
      const PolytopeGeometry& polytope = *incident.polytope;
      const int deepest = support_vertex(polytope, outward);
      int best = -1;
      double best_alignment = 0;
      for (int f = 0; f < polytope.face_count(); ++f) {
        bool has_vertex = false;
        for (const int v : polytope.face(f)) has_vertex = has_vertex || v == deepest;
        const double alignment = polytope.face_normals[f].dot(outward);
        if (has_vertex && (best < 0 || alignment > best_alignment)) {
          best = f;
          best_alignment = alignment;
        }
      }
      for (const int v : polytope.face(best)) add_vertex(polytope.vertices[v], v, polygon);
      return;
    }
    case CoreKind::Cylinder: {
      const double axial = incident.axis.dot(outward);
      const Vec3 radial = perpendicular_part(outward, incident.axis);
      const double radial_length = radial.norm();
      if (std::abs(axial) < radial_length) {
        // Side line: the deepest point of each rim.
        const Vec3 rim_offset = (incident.cylinder_radius / radial_length) * radial;
        for (int cap = 0; cap < 2; ++cap) {
          add_vertex(cap_center(incident, cap) + rim_offset, deepest_rim_id(cap), polygon);
        }
        return;
      }
      // Cap octagon; unless the cap is flush, the rim point nearest the deepest point
      // of the rim is replaced by that exact deepest point (the polygon stays convex:
      // all its vertices lie on the rim circle, in order).
      const int cap = axial > 0 ? 1 : 0;
      const double z = cap == 1 ? incident.half_length : -incident.half_length;
      int replaced = -1;
      if (radial_length > 1e-12) {
        const Vec3 local = incident.pose.rotation.transpose() * radial;
        double best = -2;
        for (int k = 0; k < kRimPointCount; ++k) {
          const double value = rim_point_local(k, 1, 0).dot(local);
          if (value > best) {
            best = value;
            replaced = k;
          }
        }
      }
      for (int k = 0; k < kRimPointCount; ++k) {
        if (k == replaced) {
          add_vertex(cap_center(incident, cap) + (incident.cylinder_radius / radial_length) * radial,
                     deepest_rim_id(cap), polygon);
        } else {
          add_vertex(incident.pose.to_world(rim_point_local(k, incident.cylinder_radius, z)),
                     rim_point_id(cap, k), polygon);
        }
      }
      return;
    }
  }
}

}  // namespace

bool face_contact_patch(const ConvexSet& a, const ConvexSet& b, const Vec3& contact_normal, double margin,
                        Vec3& normal, PatchPoints& points, bool& is_polygon) {
  ReferenceFace reference;
  if (!find_reference_face(a, b, contact_normal, reference)) return false;
  const ConvexSet& owner = *reference.owner;
  const ConvexSet& incident = reference.on_b ? a : b;
  const Vec3& m = reference.normal;

  ClipPolygon polygon;
  incident_feature(incident, -m, polygon);
  is_polygon = polygon.size() >= 3;
  // The incident feature holds the incident core's deepest point along -m.
  ClipVertex deepest = polygon[0];
  for (int i = 1; i < polygon.size(); ++i) {
    if (m.dot(polygon[i].position) < m.dot(deepest.position)) deepest = polygon[i];
  }

  // (reference face, incident feature) => (clipped region), against the exact sides.
  if (owner.kind == CoreKind::Cylinder && polygon.size() < 3) {
    const Vec3 center = cap_center(owner, reference.index);
    if (polygon.size() == 2) {
      clip_segment_to_disk(center, owner.axis, owner.cylinder_radius, kRimPointCount, polygon);
    } else {
      Vec3 radial = polygon[0].position - center;
      radial -= owner.axis.dot(radial) * owner.axis;
      if (radial.norm() > owner.cylinder_radius) polygon.clear();
    }
  } else {
    SmallArray<Vec3, 32> corners;
    if (owner.kind == CoreKind::Cylinder) {
      corners.resize(kRimPointCount);
      rim_points_world(owner, reference.index, corners.data());
    } else {
      const std::vector<int>& loop = owner.polytope->face(reference.index);
      corners.resize(static_cast<int>(loop.size()));
      for (int i = 0; i < corners.size(); ++i) corners[i] = owner.polytope->vertices[loop[i]];
    }
    SmallArray<SidePlane, 32> sides;
    sides.resize(corners.size());
    side_planes(corners.data(), corners.size(), m, sides.data());
    if (polygon.size() >= 3) {
      clip_polygon(sides.data(), sides.size(), polygon);
    } else if (polygon.size() == 2) {
      clip_segment(sides.data(), sides.size(), polygon);
    } else {
      for (int j = 0; j < sides.size() && polygon.size() > 0; ++j) {
        if (sides[j].normal.dot(polygon[0].position) > sides[j].offset) polygon.clear();
      }
    }
  }

  // When clipping removed the deepest point by more than a rounding tolerance (a deep
  // or offset overlap, or a point that rounding put just outside), it is kept as well,
  // so that the deepest contact is never shallower than the cores' separation along
  // the normal.
  double clipped_depth = std::numeric_limits<double>::infinity();
  for (int i = 0; i < polygon.size(); ++i) clipped_depth = std::min(clipped_depth, m.dot(polygon[i].position));
  const double tolerance = 1e-9 * (a.size + b.size + a.radius + b.radius);
  if (clipped_depth > m.dot(deepest.position) + tolerance) {
    polygon.push_back(deepest);
    is_polygon = false;
  }

  // (clipped region) => (contact points): depth below the reference plane, minus the
  // incident sweep radius; the point midway between the two surfaces.
  normal = reference.on_b ? Vec3(-m) : m;
  for (int i = 0; i < polygon.size(); ++i) {
    const ClipVertex& vertex = polygon[i];
    const double depth = m.dot(vertex.position - reference.point);
    const double distance = depth - incident.radius;
    if (distance > margin) continue;
    PatchPoint point;
    point.position = vertex.position - (0.5 * (depth + incident.radius)) * m;
    point.distance = distance;
    point.feature = patch_feature(reference.on_b, reference.index, vertex.kind, vertex.first, vertex.second);
    points.push_back(point);
  }
  return true;
}

}  // namespace contactlab
