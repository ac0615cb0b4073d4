#include "dynamics/rigid_body.h"

#include <algorithm>

namespace contactlab {
namespace {

double shape_radius(const Shape& shape) {
  switch (shape.type) {
    case ShapeType::Sphere: return shape.radius;
    case ShapeType::Box: return shape.half_extents.norm();
    case ShapeType::Capsule: return shape.radius + shape.half_length;
    case ShapeType::Cylinder:
      return std::sqrt(shape.radius * shape.radius + shape.half_length * shape.half_length);
    case ShapeType::ConvexHull: {
      double radius = 0;
      for (const Vec3& vertex : shape.hull->vertices) radius = std::max(radius, vertex.norm());
      return radius;
    }
    case ShapeType::Plane: break;
  }
  return 0;
}

}  // namespace

InverseMass inverse_mass_at(const Body& body, const Quat& orientation) {
  const Mat3 rotation = orientation.toRotationMatrix();
  InverseMass result;
  result.inverse_mass = 1.0 / body.mass;
  result.inverse_inertia = rotation * body.inertia.inverse() * rotation.transpose();
  return result;
}

Vec6 external_force(const Body& body, const Options& options) {
  Vec6 force;
  force.head<3>() = body.mass * options.gravity;
  force.tail<3>().setZero();
  return force;
}

double bounding_radius(const Model& model, const Body& body) {
  double radius = 0;
  for (int g : body.geoms) {
    const Geom& geom = model.geoms[g];
    radius = std::max(radius, geom.local_pose.position.norm() + shape_radius(geom.shape));
  }
  return radius;
}

}  // namespace contactlab
