// Plane pairs through collide(): the plane is geom a, the shape geom b, so normals
// point from the plane (up) into the shape. Expected values are closed-form heights.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "collision/collide.h"
#include "collision/contact_feature.h"
#include "geometry/convex_hull.h"
#include "test_shapes.h"
#include "test_constants.h"

namespace contactlab {
namespace {



std::vector<ContactPoint> plane_contacts(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb,
                                   double margin = kContactMargin) {
  std::vector<ContactPoint> out;
  collide(a, pa, b, pb, margin, out);
  return out;
}

TEST(PlaneSphere, DistanceIsHeightMinusRadius) {
  for (const double gap : {0.0, 0.001, -0.003}) {
    const auto out = plane_contacts(plane(), pose(Vec3::Zero()), sphere(0.1), pose(Vec3(0.3, -0.2, 0.1 + gap)));
    ASSERT_EQ(out.size(), 1u) << gap;
    EXPECT_NEAR(out[0].distance, gap, 1e-15);
    EXPECT_EQ(out[0].normal, Vec3(0, 0, 1));
    EXPECT_TRUE(out[0].position.isApprox(Vec3(0.3, -0.2, 0.5 * gap), 1e-14));
  }
  EXPECT_TRUE(plane_contacts(plane(), pose(Vec3::Zero()), sphere(0.1), pose(Vec3(0, 0, 0.1 + 0.0021))).empty());
}

// A tilted, offset plane: height = n . (c - o) with n the plane frame's z axis.
TEST(PlaneSphere, TiltedPlane) {
  const Mat3 tilt = rotation(Vec3(1, 1, 0), 0.4);
  const Vec3 origin(1, 2, -0.5), normal = tilt.col(2);
  const Vec3 center = origin + Vec3(0.2, -0.1, 0).cross(normal) + (0.05 - 0.0007) * normal;
  const auto out = plane_contacts(plane(), pose(origin, tilt), sphere(0.05), pose(center));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].distance, -0.0007, 1e-14);
  EXPECT_TRUE(out[0].normal.isApprox(normal, 1e-15));
}

// Box resting on its face: the 4 bottom corners, each with the same phi exactly.
TEST(PlaneBox, RestingBoxGivesFourCornersWithEqualDistance) {
  const Vec3 half(0.1, 0.2, 0.3);
  for (const double gap : {0.0, 0.0015, -0.001}) {
    const auto out = plane_contacts(plane(), pose(Vec3::Zero()), box(half), pose(Vec3(1, 2, 0.3 + gap)));
    ASSERT_EQ(out.size(), 4u);
    std::set<int> features;
    for (const ContactPoint& c : out) {
      EXPECT_NEAR(c.distance, gap, 1e-15);
      EXPECT_EQ(c.normal, Vec3(0, 0, 1));
      EXPECT_NEAR(std::abs(c.position.x() - 1), 0.1, 1e-15);
      EXPECT_NEAR(std::abs(c.position.y() - 2), 0.2, 1e-15);
      EXPECT_NEAR(c.position.z(), 0.5 * gap, 1e-15);
      features.insert(c.feature);
    }
    EXPECT_EQ(features, (std::set<int>{0, 1, 2, 3}));  // the vertices with z = -h (bit 2 clear)
  }
  EXPECT_TRUE(plane_contacts(plane(), pose(Vec3::Zero()), box(half), pose(Vec3(0, 0, 0.3 + 0.0025))).empty());
}

// Rotated 45 degrees about z: the same 4 corners, rotated.
TEST(PlaneBox, BoxRotatedAboutTheNormalKeepsFourRotatedCorners) {
  const Mat3 turn = rotation(Vec3::UnitZ(), kPi / 4);
  const auto out = plane_contacts(plane(), pose(Vec3::Zero()), box(Vec3(0.1, 0.2, 0.3)), pose(Vec3(0, 0, 0.3), turn));
  ASSERT_EQ(out.size(), 4u);
  for (const ContactPoint& c : out) {
    const Vec3 corner = turn * Vec3(c.feature & 1 ? 0.1 : -0.1, c.feature & 2 ? 0.2 : -0.2, -0.3) + Vec3(0, 0, 0.3);
    EXPECT_TRUE(c.position.isApprox(Vec3(corner.x(), corner.y(), 0), 1e-14)) << c.feature;
    EXPECT_NEAR(c.distance, 0, 1e-15);
  }
}

// Tilted 30 degrees about its lower x-edge: only the 2 ends of that edge touch.
TEST(PlaneBox, BoxTiltedOnAnEdgeGivesTheTwoEdgeEnds) {
  const Vec3 half(0.1, 0.2, 0.3);
  const Mat3 tilt = rotation(Vec3::UnitX(), kPi / 6);
  // Put the edge (y = -h_y, z = -h_z) at height `gap`.
  const double gap = -0.0004;
  const Vec3 edge_local(0, -0.2, -0.3);
  const Vec3 center = Vec3(0, 0, gap) - tilt * edge_local;
  const auto out = plane_contacts(plane(), pose(Vec3::Zero()), box(half), pose(center, tilt));
  ASSERT_EQ(out.size(), 2u);
  for (const ContactPoint& c : out) {
    EXPECT_NEAR(c.distance, gap, 1e-15);
    EXPECT_NEAR(std::abs(c.position.x()), 0.1, 1e-15);
  }
}

TEST(PlaneCapsule, LyingGivesTwoEndsStandingGivesOne) {
  const Mat3 lying = rotation(Vec3::UnitY(), kPi / 2);  // axis along x
  const auto flat = plane_contacts(plane(), pose(Vec3::Zero()), capsule(0.03, 0.2), pose(Vec3(0, 0, 0.03 - 0.0005), lying));
  ASSERT_EQ(flat.size(), 2u);
  for (const ContactPoint& c : flat) {
    EXPECT_NEAR(c.distance, -0.0005, 1e-15);
    EXPECT_NEAR(std::abs(c.position.x()), 0.2, 1e-15);
    EXPECT_NEAR(c.position.z(), -0.00025, 1e-15);
  }
  const auto standing = plane_contacts(plane(), pose(Vec3::Zero()), capsule(0.03, 0.2), pose(Vec3(0, 0, 0.23 + 0.001)));
  ASSERT_EQ(standing.size(), 1u);
  EXPECT_NEAR(standing[0].distance, 0.001, 1e-15);
  EXPECT_EQ(standing[0].feature, 0);  // the -z end
}

// The 8 rim points of the bottom cap: vertices of the regular octagon inscribed in the
// rim, turning with the cylinder about its axis.
TEST(PlaneCylinder, StandingGivesTheEightOctagonVerticesOfTheRim) {
  const double r = 0.05, h = 0.1, turn = 0.3;
  const auto out = plane_contacts(plane(), pose(Vec3::Zero()), cylinder(r, h),
                            pose(Vec3(0.5, 0, h - 0.0002), rotation(Vec3::UnitZ(), turn)));
  ASSERT_EQ(out.size(), 8u);
  for (const ContactPoint& c : out) {
    ASSERT_GE(c.feature, 0);
    ASSERT_LT(c.feature, 8);  // rim point k of the bottom cap (cap 0)
    const double angle = turn + c.feature * kPi / 4;
    EXPECT_NEAR(c.distance, -0.0002, 1e-15);
    EXPECT_NEAR(c.position.x(), 0.5 + r * std::cos(angle), 1e-15);
    EXPECT_NEAR(c.position.y(), r * std::sin(angle), 1e-15);
  }
}

TEST(PlaneCylinder, LyingGivesTheTwoEndsOfItsLowestLine) {
  const double r = 0.05, h = 0.1;
  const auto out = plane_contacts(plane(), pose(Vec3::Zero()), cylinder(r, h),
                            pose(Vec3(0, 0, r + 0.001), rotation(Vec3(1, 1, 0), kPi / 2)));
  ASSERT_EQ(out.size(), 2u);
  std::set<int> features;
  for (const ContactPoint& c : out) {
    EXPECT_NEAR(c.distance, 0.001, 1e-15);
    EXPECT_NEAR(c.position.z(), 0.0005, 1e-15);
    EXPECT_NEAR(std::hypot(c.position.x(), c.position.y()), h, 1e-15);
    features.insert(c.feature);
  }
  EXPECT_EQ(features, (std::set<int>{deepest_rim_id(0), deepest_rim_id(1)}));
}

// Tilted by 10 degrees: the deepest rim point is exact, h_c - r sin(10 deg) below the
// cap centre, and replaces one octagon vertex.
TEST(PlaneCylinder, TiltedRimDeepestPointIsExact) {
  const double r = 0.05, h = 0.1, tilt = 10 * kPi / 180;
  const Mat3 rot = rotation(Vec3(0.3, 1, 0), tilt);
  const Vec3 center(0, 0, 0.2);
  const Vec3 bottom = center - h * rot.col(2);
  const double deepest = bottom.z() - r * std::sqrt(1 - rot(2, 2) * rot(2, 2));
  const auto out = plane_contacts(plane(), pose(Vec3::Zero()), cylinder(r, h), pose(center - Vec3(0, 0, deepest), rot), 0.004);
  ASSERT_GE(out.size(), 1u);
  double lowest = 1;
  int lowest_feature = -1;
  for (const ContactPoint& c : out) {
    if (c.distance < lowest) {
      lowest = c.distance;
      lowest_feature = c.feature;
    }
  }
  EXPECT_NEAR(lowest, 0, 1e-15);
  EXPECT_EQ(lowest_feature, deepest_rim_id(0));
}

TEST(PlaneHull, PyramidOnItsApexGivesOneOnItsBaseGivesFour) {
  auto hull = std::make_shared<ConvexHullData>();
  ASSERT_TRUE(build_convex_hull({Vec3(-0.1, -0.1, 0), Vec3(0.1, -0.1, 0), Vec3(0.1, 0.1, 0), Vec3(-0.1, 0.1, 0),
                                 Vec3(0, 0, 0.2)},
                                *hull)
                  .ok());
  Shape pyramid;
  pyramid.type = ShapeType::ConvexHull;
  pyramid.hull = hull;
  const auto on_base = plane_contacts(plane(), pose(Vec3::Zero()), pyramid, pose(Vec3(0, 0, -0.0001)));
  ASSERT_EQ(on_base.size(), 4u);
  for (const ContactPoint& c : on_base) EXPECT_NEAR(c.distance, -0.0001, 1e-15);
  const auto on_apex =
      plane_contacts(plane(), pose(Vec3::Zero()), pyramid, pose(Vec3(0, 0, 0.2 + 0.0003), rotation(Vec3::UnitX(), kPi)));
  ASSERT_EQ(on_apex.size(), 1u);
  EXPECT_NEAR(on_apex[0].distance, 0.0003, 1e-15);
  EXPECT_EQ(on_apex[0].feature, 4);  // the apex is input point 4, hull vertex 4
}

// Feature ids do not change when the shape slides a little.
TEST(PlaneBox, FeaturesAreStableUnderSmallMotion) {
  const Mat3 tilt = rotation(Vec3(1, 2, 0), 0.02);
  const auto before = plane_contacts(plane(), pose(Vec3::Zero()), box(Vec3(0.1, 0.1, 0.1)), pose(Vec3(0, 0, 0.1), tilt), 0.01);
  const auto after =
      plane_contacts(plane(), pose(Vec3::Zero()), box(Vec3(0.1, 0.1, 0.1)), pose(Vec3(0.003, -0.002, 0.1005), tilt), 0.01);
  ASSERT_EQ(before.size(), after.size());
  for (size_t i = 0; i < before.size(); ++i) EXPECT_EQ(before[i].feature, after[i].feature);
}

}  // namespace
}  // namespace contactlab
