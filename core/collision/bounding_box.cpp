// Axis-aligned boxes for the broad phase: exact for every shape (a rotated box's
// extent along world axis i is sum_j |R_ij| h_j; a cylinder's is h |u_i| + r sqrt(1 -
// u_i^2) for axis u), grown by the margin. Planes are unbounded.
#include <algorithm>
#include <cmath>
#include <limits>

#include "collision/collide.h"

namespace contactlab {

Aabb bounding_box(const Shape& shape, const Pose& pose, double margin) {
  const Vec3 axis = pose.rotation.col(2);
  Vec3 reach = Vec3::Zero();
  switch (shape.type) {
    case ShapeType::Plane: {
      const double infinity = std::numeric_limits<double>::infinity();
      return Aabb{Vec3::Constant(-infinity), Vec3::Constant(infinity)};
    }
    case ShapeType::Sphere:
      reach = Vec3::Constant(shape.radius);
      break;
    case ShapeType::Box:
      for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) reach[i] += std::abs(pose.rotation(i, j)) * shape.half_extents[j];
      }
      break;
    case ShapeType::Capsule:
      for (int i = 0; i < 3; ++i) reach[i] = shape.half_length * std::abs(axis[i]) + shape.radius;
      break;
    case ShapeType::Cylinder:
      for (int i = 0; i < 3; ++i) {
        reach[i] = shape.half_length * std::abs(axis[i]) +
                   shape.radius * std::sqrt(std::max(0.0, 1.0 - axis[i] * axis[i]));
      }
      break;
    case ShapeType::ConvexHull: {
      if (!shape.hull || shape.hull->vertices.empty()) {
        return Aabb{pose.position - Vec3::Constant(margin), pose.position + Vec3::Constant(margin)};
      }
      Vec3 low = pose.to_world(shape.hull->vertices[0]), high = low;
      for (const Vec3& vertex : shape.hull->vertices) {
        const Vec3 world = pose.to_world(vertex);
        low = low.cwiseMin(world);
        high = high.cwiseMax(world);
      }
      return Aabb{low - Vec3::Constant(margin), high + Vec3::Constant(margin)};
    }
  }
  return Aabb{pose.position - reach - Vec3::Constant(margin), pose.position + reach + Vec3::Constant(margin)};
}

}  // namespace contactlab
