// EPA directions: scored by the exact separation along them.
#include "collision/epa.h"

#include <gtest/gtest.h>

#include "collision/gjk.h"

namespace contactlab {
namespace {

// Two boxes overlapping by 0.03 along x (and more along y, z): EPA finds +x.
TEST(Epa, OverlappingBoxesLeaveAlongTheShallowAxis) {
  Shape box;
  box.type = ShapeType::Box;
  box.half_extents = Vec3(0.1, 0.1, 0.1);
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(box, Pose(), ga);
  const ConvexSet b = make_convex_set(box, Pose{Vec3(0.17, 0.05, -0.02), Mat3::Identity()}, gb);
  const GjkResult gjk = gjk_distance(a, b);
  ASSERT_TRUE(gjk.has_enclosing_tetrahedron);
  Vec3 normal;
  ASSERT_TRUE(epa_penetration_normal(a, b, gjk.enclosing_tetrahedron, normal));
  EXPECT_TRUE(normal.isApprox(Vec3(1, 0, 0), 1e-9));
  EXPECT_NEAR(separation_along(a, b, normal), -0.03, 1e-12);
}

// A cylinder sunk 0.004 into a box at a tilt (its rim on the face): the direction found
// separates no worse than the face normal does, to the EPA tolerance.
TEST(Epa, CylinderRimInAFace) {
  Shape box, cylinder;
  box.type = ShapeType::Box;
  box.half_extents = Vec3(0.5, 0.5, 0.5);
  cylinder.type = ShapeType::Cylinder;
  cylinder.radius = 0.05;
  cylinder.half_length = 0.1;
  const Mat3 tilt = Eigen::AngleAxisd(0.4, Vec3::UnitX()).toRotationMatrix();
  // Lowest rim point: h cos(0.4) + r sin(0.4) below the centre.
  const double low = 0.1 * std::cos(0.4) + 0.05 * std::sin(0.4);
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(box, Pose{Vec3(0, 0, -0.5), Mat3::Identity()}, ga);
  const ConvexSet b = make_convex_set(cylinder, Pose{Vec3(0, 0, low - 0.004), tilt}, gb);
  const GjkResult gjk = gjk_distance(a, b);
  ASSERT_TRUE(gjk.has_enclosing_tetrahedron);
  Vec3 normal;
  ASSERT_TRUE(epa_penetration_normal(a, b, gjk.enclosing_tetrahedron, normal));
  EXPECT_NEAR(separation_along(a, b, normal), -0.004, 1e-9);
}

}  // namespace
}  // namespace contactlab
