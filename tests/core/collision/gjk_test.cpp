// GJK distances against closed forms.
#include "collision/gjk.h"

#include <gtest/gtest.h>

#include <cmath>
#include "test_shapes.h"

namespace contactlab {
namespace {


// Two unit boxes apart along the diagonal by e: corner to corner, distance e sqrt 3.
TEST(Gjk, CornerToCornerDistance) {
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(box(Vec3(1, 1, 1)), Pose(), ga);
  const ConvexSet b = make_convex_set(box(Vec3(1, 1, 1)), Pose{Vec3::Constant(2.01), Mat3::Identity()}, gb);
  const GjkResult result = gjk_distance(a, b);
  ASSERT_FALSE(result.overlap);
  EXPECT_NEAR(result.distance, 0.01 * std::sqrt(3.0), 1e-15);
  EXPECT_TRUE(result.normal.isApprox(Vec3(1, 1, 1).normalized(), 1e-13));
}

// A point (sphere core) and a box: distance to the nearest face, edge or corner.
TEST(Gjk, PointToBoxRegions) {
  Shape point;
  point.type = ShapeType::Sphere;
  PolytopeGeometry gp, gb;
  const ConvexSet b = make_convex_set(box(Vec3(1, 2, 3)), Pose(), gb);
  const std::pair<Vec3, double> cases[] = {{Vec3(0.5, 0.5, 3.25), 0.25},
                                           {Vec3(1.3, 0.5, 3.4), 0.5},
                                           {Vec3(1.2, 2.3, 3.6), std::sqrt(0.04 + 0.09 + 0.36)}};
  for (const auto& [position, distance] : cases) {
    const ConvexSet a = make_convex_set(point, Pose{position, Mat3::Identity()}, gp);
    const GjkResult result = gjk_distance(a, b);
    ASSERT_FALSE(result.overlap);
    EXPECT_NEAR(result.distance, distance, 1e-14);
  }
}

// A point and a cylinder: apart from the side by d, the distance converges on the curved
// surface to a relative 1e-12.
TEST(Gjk, PointToCylinderSide) {
  Shape point, cylinder;
  point.type = ShapeType::Sphere;
  cylinder.type = ShapeType::Cylinder;
  cylinder.radius = 0.05;
  cylinder.half_length = 0.1;
  PolytopeGeometry gp, gc;
  const ConvexSet b = make_convex_set(cylinder, Pose(), gc);
  const Vec3 direction = Vec3(3, 4, 0) / 5;
  const ConvexSet a = make_convex_set(point, Pose{(0.05 + 0.002) * direction + Vec3(0, 0, 0.03), Mat3::Identity()}, gp);
  const GjkResult result = gjk_distance(a, b);
  ASSERT_FALSE(result.overlap);
  EXPECT_NEAR(result.distance, 0.002, 1e-12);
  EXPECT_TRUE(result.normal.isApprox(-direction, 1e-6));
}

TEST(Gjk, OverlapIsReportedWithAnEnclosingTetrahedron) {
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(box(Vec3(1, 1, 1)), Pose(), ga);
  const ConvexSet b = make_convex_set(box(Vec3(1, 1, 1)), Pose{Vec3(1.5, 0.2, 0.1), Mat3::Identity()}, gb);
  const GjkResult result = gjk_distance(a, b);
  ASSERT_TRUE(result.overlap);
  ASSERT_TRUE(result.has_enclosing_tetrahedron);
  // The origin is a convex combination of the four points: same side of every face as
  // the opposite vertex.
  const Vec3* t = result.enclosing_tetrahedron;
  const int faces[4][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
  for (const auto& f : faces) {
    const Vec3 normal = (t[f[1]] - t[f[0]]).cross(t[f[2]] - t[f[0]]);
    EXPECT_GE(normal.dot(-t[f[0]]) * normal.dot(t[f[3]] - t[f[0]]), 0);
  }
}

}  // namespace
}  // namespace contactlab
