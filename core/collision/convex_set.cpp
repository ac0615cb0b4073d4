#include "collision/convex_set.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "collision/geometry_queries.h"

namespace contactlab {

ConvexSet make_convex_set(const Shape& shape, const Pose& pose, PolytopeGeometry& polytope) {
  ConvexSet set;
  set.pose = pose;
  set.center = pose.position;
  set.axis = pose.rotation.col(2);
  switch (shape.type) {
    case ShapeType::Plane:
    case ShapeType::Sphere:
      set.kind = CoreKind::Point;
      set.radius = shape.radius;
      break;
    case ShapeType::Capsule:
      set.kind = CoreKind::Segment;
      set.half_length = shape.half_length;
      set.radius = shape.radius;
      set.size = shape.half_length;
      break;
    case ShapeType::Cylinder:
      set.kind = CoreKind::Cylinder;
      set.half_length = shape.half_length;
      set.cylinder_radius = shape.radius;
      set.size = std::sqrt(shape.half_length * shape.half_length + shape.radius * shape.radius);
      break;
    case ShapeType::Box:
    case ShapeType::ConvexHull:
      set.kind = CoreKind::Polytope;
      build_polytope_geometry(shape, pose, polytope);
      set.polytope = &polytope;
      set.center = polytope.centroid;
      set.size = polytope.bounding_radius;
      break;
  }
  return set;
}

Vec3 support_point(const ConvexSet& set, const Vec3& direction) {
  switch (set.kind) {
    case CoreKind::Point:
      return set.center + set.offset;
    case CoreKind::Segment: {
      const double along = set.axis.dot(direction) >= 0 ? set.half_length : -set.half_length;
      return set.center + along * set.axis + set.offset;
    }
    case CoreKind::Polytope:
      return set.polytope->vertices[support_vertex(*set.polytope, direction)] + set.offset;
    case CoreKind::Cylinder: {
      // Cap centre on the side of `direction`, then the rim point along the part of
      // `direction` perpendicular to the axis.
      const double axial = set.axis.dot(direction);
      const Vec3 radial = perpendicular_part(direction, set.axis);
      const double radial_length = radial.norm();
      Vec3 point = set.center + (axial >= 0 ? set.half_length : -set.half_length) * set.axis;
      // |direction| <= sqrt(3) max |component|: the first test implies the second (with
      // room for rounding) and spares its square root in the common case.
      if (radial_length > 2e-15 * direction.cwiseAbs().maxCoeff() || radial_length > 1e-15 * direction.norm()) {
        point += (set.cylinder_radius / radial_length) * radial;
      }
      return point + set.offset;
    }
  }
  return set.center;
}

void projection_interval(const ConvexSet& set, const Vec3& axis, double& low, double& high) {
  const double middle = axis.dot(set.center + set.offset);
  switch (set.kind) {
    case CoreKind::Point:
      low = high = middle;
      return;
    case CoreKind::Segment: {
      const double reach = set.half_length * std::abs(set.axis.dot(axis));
      low = middle - reach;
      high = middle + reach;
      return;
    }
    case CoreKind::Cylinder: {
      // Support function of a cylinder: h |u . a| + r |a - (u . a) u|.
      const double axial = set.axis.dot(axis);
      const double radial = (axis - axial * set.axis).norm();
      const double reach = set.half_length * std::abs(axial) + set.cylinder_radius * radial;
      low = middle - reach;
      high = middle + reach;
      return;
    }
    case CoreKind::Polytope: {
      const PolytopeGeometry& polytope = *set.polytope;
      const double shift = axis.dot(set.offset);
      low = high = axis.dot(polytope.vertices[0]);
      for (int i = 1; i < polytope.vertex_count(); ++i) {
        const double value = axis.dot(polytope.vertices[i]);
        low = std::min(low, value);
        high = std::max(high, value);
      }
      low += shift;
      high += shift;
      return;
    }
  }
}

double separation_along(const ConvexSet& a, const ConvexSet& b, const Vec3& normal) {
  double a_low = 0, a_high = 0, b_low = 0, b_high = 0;
  projection_interval(a, normal, a_low, a_high);
  projection_interval(b, normal, b_low, b_high);
  return b_low - a_high;
}

SupportFeature support_feature(const ConvexSet& set, const Vec3& direction) {
  SupportFeature feature;
  switch (set.kind) {
    case CoreKind::Point:
      feature.end[0] = set.center;
      break;
    case CoreKind::Segment: {
      const double axial = set.axis.dot(direction);
      feature.end[0] = set.center - set.half_length * set.axis;
      feature.end[1] = set.center + set.half_length * set.axis;
      feature.is_segment = std::abs(axial) <= kLineSine;
      if (!feature.is_segment && axial > 0) feature.end[0] = feature.end[1];
      break;
    }
    case CoreKind::Polytope: {
      const PolytopeGeometry& polytope = *set.polytope;
      const int vertex = support_vertex(polytope, direction);
      feature.end[0] = polytope.vertices[vertex];
      double best = kLineSine;
      for (const auto& edge : polytope.topology->edges) {
        if (edge.first != vertex && edge.second != vertex) continue;
        const Vec3 other = polytope.vertices[edge.first == vertex ? edge.second : edge.first];
        const Vec3 along = other - feature.end[0];
        const double sine = std::abs(direction.dot(along)) / along.norm();
        if (sine <= best) {
          best = sine;
          feature.end[1] = other;
          feature.is_segment = true;
        }
      }
      break;
    }
    case CoreKind::Cylinder: {
      const double axial = set.axis.dot(direction);
      const Vec3 radial = perpendicular_part(direction, set.axis);
      const double radial_length = radial.norm();
      const Vec3 rim_offset =
          radial_length > 1e-12 ? Vec3((set.cylinder_radius / radial_length) * radial) : Vec3::Zero();
      feature.end[0] = set.center - set.half_length * set.axis + rim_offset;
      feature.end[1] = set.center + set.half_length * set.axis + rim_offset;
      feature.is_segment = std::abs(axial) <= kLineSine;
      if (!feature.is_segment && axial > 0) feature.end[0] = feature.end[1];
      break;
    }
  }
  feature.end[0] += set.offset;
  if (feature.is_segment) feature.end[1] += set.offset;
  return feature;
}

double signed_distance_bound(const ConvexSet& set, const Vec3& point) {
  const Vec3 relative = point - set.center - set.offset;
  switch (set.kind) {
    case CoreKind::Point:
      return relative.norm();
    case CoreKind::Segment: {
      const double along = std::min(set.half_length, std::max(-set.half_length, set.axis.dot(relative)));
      return (relative - along * set.axis).norm();
    }
    case CoreKind::Cylinder: {
      const double beyond_cap = std::abs(set.axis.dot(relative)) - set.half_length;
      const double beyond_side = perpendicular_part(relative, set.axis).norm() - set.cylinder_radius;
      if (beyond_cap <= 0 && beyond_side <= 0) return std::max(beyond_cap, beyond_side);
      // sqrt rather than hypot: correctly rounded in every C library, so natively and in
      // the module the proofs decide alike.
      const double cap = std::max(beyond_cap, 0.0), side = std::max(beyond_side, 0.0);
      return std::sqrt(cap * cap + side * side);
    }
    case CoreKind::Polytope: {
      const PolytopeGeometry& polytope = *set.polytope;
      const Vec3 local = point - set.offset;
      int farthest = 0;
      double beyond = -std::numeric_limits<double>::infinity();
      for (int f = 0; f < polytope.face_count(); ++f) {
        const double height = polytope.face_normals[f].dot(local) - polytope.face_offset(f);
        if (height > beyond) {
          beyond = height;
          farthest = f;
        }
      }
      if (beyond <= 0) return beyond;
      const Vec3 projected = local - beyond * polytope.face_normals[farthest];
      for (int f = 0; f < polytope.face_count(); ++f) {
        if (f != farthest && polytope.face_normals[f].dot(projected) - polytope.face_offset(f) > 0) {
          return std::numeric_limits<double>::infinity();
        }
      }
      return beyond;
    }
  }
  return std::numeric_limits<double>::infinity();
}

}  // namespace contactlab
