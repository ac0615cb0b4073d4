// Broad-phase boxes: each extent compared with the shape's support function along the
// world axes (the exact extent), grown by the margin.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "collision/collide.h"
#include "collision/convex_set.h"
#include "geometry/convex_hull.h"

namespace contactlab {
namespace {

void expect_exact_box(const Shape& shape, const Pose& pose, double margin) {
  const Aabb box = bounding_box(shape, pose, margin);
  PolytopeGeometry polytope;
  const ConvexSet set = make_convex_set(shape, pose, polytope);
  for (int axis = 0; axis < 3; ++axis) {
    double low, high;
    projection_interval(set, Vec3::Unit(axis), low, high);
    EXPECT_NEAR(box.min[axis], low - set.radius - margin, 1e-15) << axis;
    EXPECT_NEAR(box.max[axis], high + set.radius + margin, 1e-15) << axis;
  }
}

TEST(BoundingBox, MatchesTheSupportFunctionOfEveryShape) {
  const Pose pose{Vec3(0.3, -0.2, 1.1), Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()).toRotationMatrix()};
  Shape sphere, box, capsule, cylinder, hull;
  sphere.type = ShapeType::Sphere;
  sphere.radius = 0.1;
  box.type = ShapeType::Box;
  box.half_extents = Vec3(0.1, 0.2, 0.3);
  capsule.type = ShapeType::Capsule;
  capsule.radius = 0.05;
  capsule.half_length = 0.2;
  cylinder.type = ShapeType::Cylinder;
  cylinder.radius = 0.05;
  cylinder.half_length = 0.2;
  hull.type = ShapeType::ConvexHull;
  auto data = std::make_shared<ConvexHullData>();
  ASSERT_TRUE(build_convex_hull({Vec3(0, 0, 0), Vec3(0.2, 0, 0), Vec3(0, 0.3, 0), Vec3(0, 0, 0.4)}, *data).ok());
  hull.hull = data;
  for (const Shape* shape : {&sphere, &box, &capsule, &cylinder, &hull}) expect_exact_box(*shape, pose, 0.01);
}

// A box turned 45 degrees about z reaches (h_x + h_y) / sqrt 2 along x and y.
TEST(BoundingBox, TurnedBox) {
  Shape box;
  box.type = ShapeType::Box;
  box.half_extents = Vec3(0.1, 0.2, 0.3);
  const Aabb aabb = bounding_box(box, Pose{Vec3::Zero(), Eigen::AngleAxisd(0.25 * 3.14159265358979323846, Vec3::UnitZ()).toRotationMatrix()}, 0);
  EXPECT_NEAR(aabb.max.x(), 0.3 / std::sqrt(2.0), 1e-15);
  EXPECT_NEAR(aabb.max.y(), 0.3 / std::sqrt(2.0), 1e-15);
  EXPECT_NEAR(aabb.max.z(), 0.3, 1e-15);
}

TEST(BoundingBox, PlaneIsUnbounded) {
  Shape plane;
  plane.type = ShapeType::Plane;
  const Aabb box = bounding_box(plane, Pose(), 0.01);
  const double infinity = std::numeric_limits<double>::infinity();
  EXPECT_EQ(box.min, Vec3::Constant(-infinity));
  EXPECT_EQ(box.max, Vec3::Constant(infinity));
}

}  // namespace
}  // namespace contactlab
