// Capsule against capsule through collide(): segment-to-segment distances minus radii.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "collision/collide.h"
#include "test_shapes.h"
#include "test_constants.h"

namespace contactlab {
namespace {


const Mat3 kAlongX = rotation(Vec3::UnitY(), kPi / 2);
const Mat3 kAlongY = rotation(Vec3::UnitX(), kPi / 2);

std::vector<ContactPoint> contacts(const Pose& pa, const Pose& pb, double radius = 0.02) {
  std::vector<ContactPoint> out;
  collide(capsule(radius, 0.1), pa, capsule(radius, 0.1), pb, kContactMargin, out);
  return out;
}

// Side by side, shifted by 0.05 along the axis: the overlap is x in [-0.05, 0.1].
TEST(CapsuleCapsule, ParallelGivesTheEndsOfTheOverlap) {
  const double gap = -0.0003;
  const auto out = contacts(pose(Vec3::Zero(), kAlongX), pose(Vec3(0.05, 0, 0.04 + gap), kAlongX));
  ASSERT_EQ(out.size(), 2u);
  std::vector<double> ends;
  for (const ContactPoint& c : out) {
    EXPECT_NEAR(c.distance, gap, 1e-15);
    EXPECT_TRUE(c.normal.isApprox(Vec3(0, 0, 1), 1e-15));
    EXPECT_NEAR(c.position.z(), 0.02 + 0.5 * gap, 1e-15);
    ends.push_back(c.position.x());
  }
  std::sort(ends.begin(), ends.end());
  EXPECT_NEAR(ends[0], -0.05, 1e-15);
  EXPECT_NEAR(ends[1], 0.1, 1e-15);
}

// Crossed at right angles: one point at the crossing, distance between the axes.
TEST(CapsuleCapsule, CrossedGivesOnePoint) {
  const auto out = contacts(pose(Vec3::Zero(), kAlongX), pose(Vec3(0.01, -0.02, 0.04 + 0.001), kAlongY));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].distance, 0.001, 1e-15);
  EXPECT_TRUE(out[0].normal.isApprox(Vec3(0, 0, 1), 1e-15));
  EXPECT_TRUE(out[0].position.isApprox(Vec3(0.01, 0, 0.0205), 1e-14));
}

// End to end along one line: the two hemispherical caps touch at one point.
TEST(CapsuleCapsule, EndToEnd) {
  const auto out = contacts(pose(Vec3::Zero(), kAlongX), pose(Vec3(0.24 - 0.0005, 0, 0), kAlongX));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].distance, -0.0005, 1e-15);
  EXPECT_TRUE(out[0].normal.isApprox(Vec3(1, 0, 0), 1e-15));
}

// Slightly tilted: every reported point pair lies on the two axes at the reported
// distance, and the deepest is b's lower end above a's axis: phi = -0.1 sin(tilt).
TEST(CapsuleCapsule, TiltedParallelKeepsExactPointPairs) {
  const double tilt = 0.001, r = 0.02;
  const Mat3 b_rotation = rotation(Vec3::UnitY(), kPi / 2 - tilt);  // axis rising along +x
  const Pose pb = pose(Vec3(0, 0, 0.04), b_rotation);
  const auto out = contacts(pose(Vec3::Zero(), kAlongX), pb);
  ASSERT_GE(out.size(), 2u);
  double deepest = 1;
  for (const ContactPoint& c : out) {
    const Vec3 on_a = c.position - (0.5 * c.distance + r) * c.normal;
    const Vec3 on_b = c.position + (0.5 * c.distance + r) * c.normal;
    EXPECT_NEAR(on_a.y(), 0, 1e-15);
    EXPECT_NEAR(on_a.z(), 0, 1e-15);
    const Vec3 b_local = pb.to_local(on_b);
    EXPECT_NEAR(b_local.x(), 0, 1e-15);
    EXPECT_NEAR(b_local.y(), 0, 1e-15);
    EXPECT_LE(std::abs(b_local.z()), 0.1 + 1e-15);
    deepest = std::min(deepest, c.distance);
  }
  EXPECT_NEAR(deepest, -0.1 * std::sin(tilt), 1e-15);
}

TEST(CapsuleCapsule, IntersectingAxesUseTheCommonPerpendicular) {
  const auto out = contacts(pose(Vec3::Zero(), kAlongX), pose(Vec3(0, 0, 0.01), kAlongY));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].distance, -0.03, 1e-15);
  // Not intersecting here (axes 0.01 apart): the normal is +z.
  EXPECT_TRUE(out[0].normal.isApprox(Vec3(0, 0, 1), 1e-15));
  const auto touching = contacts(pose(Vec3::Zero(), kAlongX), pose(Vec3::Zero(), kAlongY));
  ASSERT_EQ(touching.size(), 1u);
  EXPECT_NEAR(touching[0].distance, -0.04, 1e-15);
  EXPECT_NEAR(std::abs(touching[0].normal.z()), 1, 1e-15);  // x cross y
}

TEST(CapsuleCapsule, BeyondTheMarginNothing) {
  EXPECT_TRUE(contacts(pose(Vec3::Zero(), kAlongX), pose(Vec3(0, 0, 0.04 + 0.0021), kAlongX)).empty());
  EXPECT_EQ(contacts(pose(Vec3::Zero(), kAlongX), pose(Vec3(0, 0, 0.04 + 0.0019), kAlongX)).size(), 2u);
}

TEST(CapsuleCapsule, FeaturesAreStableUnderSmallMotion) {
  const auto before = contacts(pose(Vec3::Zero(), kAlongX), pose(Vec3(0.05, 0, 0.0399), kAlongX));
  const auto after = contacts(pose(Vec3::Zero(), kAlongX), pose(Vec3(0.052, 0.001, 0.0398), kAlongX));
  ASSERT_EQ(before.size(), after.size());
  for (size_t i = 0; i < before.size(); ++i) EXPECT_EQ(before[i].feature, after[i].feature);
}

}  // namespace
}  // namespace contactlab
