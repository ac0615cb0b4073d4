// collide(): orders the pair so that a's type comes first (plane, sphere, box,
// capsule, cylinder, convex hull), runs the pair's routine and, when the arguments
// were swapped, flips the normals of the points it appended (positions, distances and
// features do not depend on the order).
#include "collision/collide.h"
#include "collision/pair_routines.h"

namespace contactlab {
namespace {

bool is_usable(const Shape& shape) {
  return shape.type != ShapeType::ConvexHull || (shape.hull && shape.hull->vertices.size() >= 4);
}

void collide_ordered(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b, double margin,
                     std::vector<ContactPoint>& out, Vec3* separating_direction) {
  switch (a.type) {
    case ShapeType::Plane:
      switch (b.type) {
        case ShapeType::Plane:
          return;  // planes are static: never a pair
        case ShapeType::Sphere:
          return collide_plane_sphere(a, pose_a, b, pose_b, margin, out);
        case ShapeType::Capsule:
          return collide_plane_capsule(a, pose_a, b, pose_b, margin, out);
        case ShapeType::Cylinder:
          return collide_plane_cylinder(a, pose_a, b, pose_b, margin, out);
        case ShapeType::Box:
        case ShapeType::ConvexHull:
          return collide_plane_polytope(a, pose_a, b, pose_b, margin, out);
      }
      return;
    case ShapeType::Sphere:
      switch (b.type) {
        case ShapeType::Sphere:
          return collide_sphere_sphere(a, pose_a, b, pose_b, margin, out);
        case ShapeType::Box:
          return collide_sphere_box(a, pose_a, b, pose_b, margin, out);
        case ShapeType::Capsule:
          return collide_sphere_capsule(a, pose_a, b, pose_b, margin, out);
        case ShapeType::Cylinder:
          return collide_sphere_cylinder(a, pose_a, b, pose_b, margin, out);
        default:
          return collide_convex(a, pose_a, b, pose_b, margin, out, separating_direction);
      }
    case ShapeType::Capsule:
      if (b.type == ShapeType::Capsule) return collide_capsule_capsule(a, pose_a, b, pose_b, margin, out);
      return collide_convex(a, pose_a, b, pose_b, margin, out, separating_direction);
    default:
      return collide_convex(a, pose_a, b, pose_b, margin, out, separating_direction);
  }
}

void collide_either_order(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b, double margin,
                          std::vector<ContactPoint>& out, Vec3* separating_direction) {
  if (!is_usable(a) || !is_usable(b)) return;
  if (static_cast<int>(a.type) <= static_cast<int>(b.type)) {
    collide_ordered(a, pose_a, b, pose_b, margin, out, separating_direction);
    return;
  }
  const size_t first = out.size();
  if (separating_direction) *separating_direction = -*separating_direction;
  collide_ordered(b, pose_b, a, pose_a, margin, out, separating_direction);
  if (separating_direction) *separating_direction = -*separating_direction;
  for (size_t i = first; i < out.size(); ++i) out[i].normal = -out[i].normal;
}

}  // namespace

void collide(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b, double margin,
             std::vector<ContactPoint>& out) {
  collide_either_order(a, pose_a, b, pose_b, margin, out, nullptr);
}

void collide(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b, double margin,
             std::vector<ContactPoint>& out, Vec3& separating_direction) {
  collide_either_order(a, pose_a, b, pose_b, margin, out, &separating_direction);
}

}  // namespace contactlab
