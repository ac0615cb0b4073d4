// Shapes and poses for collision tests and benchmarks.
#pragma once

#include "base/math_types.h"
#include "geometry/shape.h"

namespace contactlab {

// The contact margin the pair tests collide with [m].
inline constexpr double kContactMargin = 0.002;

inline Shape plane() {
  Shape shape;
  shape.type = ShapeType::Plane;
  return shape;
}
inline Shape sphere(double radius) {
  Shape shape;
  shape.type = ShapeType::Sphere;
  shape.radius = radius;
  return shape;
}
inline Shape box(const Vec3& half) {
  Shape shape;
  shape.type = ShapeType::Box;
  shape.half_extents = half;
  return shape;
}
inline Shape capsule(double radius, double half_length) {
  Shape shape;
  shape.type = ShapeType::Capsule;
  shape.radius = radius;
  shape.half_length = half_length;
  return shape;
}
inline Shape cylinder(double radius, double half_length) {
  Shape shape;
  shape.type = ShapeType::Cylinder;
  shape.radius = radius;
  shape.half_length = half_length;
  return shape;
}
inline Pose pose(const Vec3& position, const Mat3& rotation = Mat3::Identity()) {
  return Pose{position, rotation};
}
inline Mat3 rotation(const Vec3& axis, double angle) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

}  // namespace contactlab
