// Support points lie in their shape and attain the projection interval's upper end.
#include "collision/convex_set.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace contactlab {
namespace {

TEST(ConvexSet, SupportPointsAttainTheProjectionIntervals) {
  std::vector<Shape> shapes(4);
  shapes[0].type = ShapeType::Sphere;
  shapes[0].radius = 0.1;
  shapes[1].type = ShapeType::Capsule;
  shapes[1].radius = 0.1;
  shapes[1].half_length = 0.2;
  shapes[2].type = ShapeType::Box;
  shapes[2].half_extents = Vec3(0.1, 0.2, 0.3);
  shapes[3].type = ShapeType::Cylinder;
  shapes[3].radius = 0.1;
  shapes[3].half_length = 0.2;
  std::mt19937 generator(1);
  std::normal_distribution<double> normal(0, 1);
  const Pose pose{Vec3(0.3, 0.1, -0.2), Eigen::AngleAxisd(0.9, Vec3(1, -1, 2).normalized()).toRotationMatrix()};
  for (const Shape& shape : shapes) {
    PolytopeGeometry polytope;
    const ConvexSet set = make_convex_set(shape, pose, polytope);
    for (int trial = 0; trial < 200; ++trial) {
      const Vec3 direction(normal(generator), normal(generator), normal(generator));
      const Vec3 support = support_point(set, direction);
      double low, high;
      projection_interval(set, direction, low, high);
      EXPECT_NEAR(direction.dot(support), high, 1e-14);
      EXPECT_NEAR(direction.dot(support_point(set, -direction)), low, 1e-14);
      // Inside the core (in the geom frame).
      const Vec3 local = pose.to_local(support);
      if (shape.type == ShapeType::Cylinder) {
        EXPECT_NEAR(std::hypot(local.x(), local.y()), 0.1, 1e-14);
        EXPECT_NEAR(std::abs(local.z()), 0.2, 1e-14);
      }
    }
  }
}

// A direction within rounding of the axis still gives a point of the cap (the radial
// part is projected twice, so no axial residue is blown up).
TEST(ConvexSet, CylinderSupportAlongTheAxis) {
  Shape cylinder;
  cylinder.type = ShapeType::Cylinder;
  cylinder.radius = 0.08;
  cylinder.half_length = 0.12;
  const Mat3 rotation = Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  PolytopeGeometry unused;
  const ConvexSet set = make_convex_set(cylinder, Pose{Vec3::Zero(), rotation}, unused);
  const Vec3 direction = rotation.col(2) + Vec3(3e-16, -2e-16, 1e-16);
  const Vec3 local = rotation.transpose() * support_point(set, direction);
  EXPECT_NEAR(local.z(), 0.12, 1e-15);
  EXPECT_LE(std::hypot(local.x(), local.y()), 0.08 + 1e-15);
}

TEST(ConvexSet, SeparationAlongADirection) {
  Shape sphere;
  sphere.type = ShapeType::Sphere;
  sphere.radius = 0.1;
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(sphere, Pose(), ga);
  const ConvexSet b = make_convex_set(sphere, Pose{Vec3(1, 0, 0), Mat3::Identity()}, gb);
  // Cores are points: separation of the centres along n.
  EXPECT_NEAR(separation_along(a, b, Vec3(1, 0, 0)), 1, 1e-15);
  EXPECT_NEAR(separation_along(a, b, Vec3(0.6, 0.8, 0)), 0.6, 1e-15);
}

}  // namespace
}  // namespace contactlab
