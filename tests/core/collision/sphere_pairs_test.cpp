// Sphere pairs through collide(), in both argument orders. Expected values: distances
// between a centre and the closest point of the other shape, minus the radii.
#include <gtest/gtest.h>

#include <cmath>

#include "collision/collide.h"
#include "test_shapes.h"
#include "test_constants.h"

namespace contactlab {
namespace {



// The single contact of sphere (a) against `other` (b), checked in both orders: the
// swapped call must report the same point and distance with the opposite normal.
ContactPoint single_contact(const Shape& ball, const Pose& ball_pose, const Shape& other, const Pose& other_pose) {
  std::vector<ContactPoint> forward, backward;
  collide(ball, ball_pose, other, other_pose, kContactMargin, forward);
  collide(other, other_pose, ball, ball_pose, kContactMargin, backward);
  EXPECT_EQ(forward.size(), 1u);
  EXPECT_EQ(backward.size(), 1u);
  if (forward.size() != 1 || backward.size() != 1) return ContactPoint{};
  EXPECT_TRUE(forward[0].position.isApprox(backward[0].position, 1e-15));
  EXPECT_EQ(forward[0].distance, backward[0].distance);
  EXPECT_TRUE(forward[0].normal.isApprox(-backward[0].normal, 1e-15));
  return forward[0];
}

bool no_contact(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb) {
  std::vector<ContactPoint> out;
  collide(a, pa, b, pb, kContactMargin, out);
  collide(b, pb, a, pa, kContactMargin, out);
  return out.empty();
}

TEST(SphereSphere, DistanceOfCentresMinusRadii) {
  const Vec3 direction = Vec3(1, 2, 2) / 3;
  for (const double gap : {0.0, 0.0015, -0.01}) {
    const Vec3 center_b = Vec3(0.1, 0.2, 0.3) + (0.1 + 0.05 + gap) * direction;
    const ContactPoint c = single_contact(sphere(0.1), pose(Vec3(0.1, 0.2, 0.3)), sphere(0.05), pose(center_b));
    EXPECT_NEAR(c.distance, gap, 1e-15);
    EXPECT_TRUE(c.normal.isApprox(direction, 1e-15));
    // Midway between the surface points c_a + r_a n and c_b - r_b n.
    EXPECT_TRUE(c.position.isApprox(Vec3(0.1, 0.2, 0.3) + (0.1 + 0.5 * gap) * direction, 1e-14));
  }
  EXPECT_TRUE(no_contact(sphere(0.1), pose(Vec3::Zero()), sphere(0.05), pose(Vec3(0.1521, 0, 0))));
}

// The direction is undefined: +z from a to b in either order (a documented choice).
TEST(SphereSphere, CoincidentCentresUseTheZAxis) {
  std::vector<ContactPoint> out;
  collide(sphere(0.1), pose(Vec3(1, 1, 1)), sphere(0.05), pose(Vec3(1, 1, 1)), kContactMargin, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].distance, -0.15, 1e-15);
  EXPECT_EQ(out[0].normal, Vec3(0, 0, 1));
}

// Face, edge and vertex regions of a rotated box: phi = |c - q| - r with q the clamp of
// the centre into the box (in the box frame).
TEST(SphereBox, FaceEdgeAndVertexRegions) {
  const Mat3 rot = rotation(Vec3(1, -2, 3), 0.7);
  const Vec3 origin(0.5, -0.3, 0.2), half(0.1, 0.2, 0.3);
  const double r = 0.05, gap = 0.001;
  const Vec3 outward_face(0, 0, 1), outward_edge = Vec3(1, 0, 1).normalized(), outward_vertex = Vec3(1, -1, 1).normalized();
  const Vec3 face_point(0.03, -0.1, 0.3), edge_point(0.1, 0.05, 0.3), vertex_point(0.1, -0.2, 0.3);
  const std::pair<Vec3, Vec3> cases[] = {{face_point, outward_face}, {edge_point, outward_edge}, {vertex_point, outward_vertex}};
  for (const auto& [surface, outward] : cases) {
    const Vec3 center = origin + rot * (surface + (r + gap) * outward);
    const ContactPoint c = single_contact(sphere(r), pose(center), box(half), pose(origin, rot));
    EXPECT_NEAR(c.distance, gap, 1e-15);
    EXPECT_TRUE(c.normal.isApprox(-(rot * outward), 1e-14));  // from the sphere to the box
    EXPECT_TRUE(c.position.isApprox(origin + rot * (surface + 0.5 * gap * outward), 1e-14));
  }
}

// A centre inside the box leaves through the nearest face.
TEST(SphereBox, CentreInsideLeavesThroughTheNearestFace) {
  const ContactPoint c = single_contact(sphere(0.05), pose(Vec3(0.02, 0.17, 0.1)), box(Vec3(0.1, 0.2, 0.3)), pose(Vec3::Zero()));
  EXPECT_NEAR(c.distance, -(0.2 - 0.17) - 0.05, 1e-15);
  EXPECT_EQ(c.normal, Vec3(0, -1, 0));
}

TEST(SphereCapsule, SideAndEndCap) {
  const Mat3 rot = rotation(Vec3(1, 1, 0), 0.5);
  const Vec3 origin(0.1, 0, 0), axis = rot.col(2), side = rot.col(0);
  const ContactPoint on_side = single_contact(sphere(0.04), pose(origin + 0.05 * axis + (0.02 + 0.04 - 0.003) * side),
                                              capsule(0.02, 0.1), pose(origin, rot));
  EXPECT_NEAR(on_side.distance, -0.003, 1e-15);
  EXPECT_TRUE(on_side.normal.isApprox(-side, 1e-14));
  const ContactPoint on_end = single_contact(sphere(0.04), pose(origin + (0.1 + 0.02 + 0.04 + 0.0005) * axis),
                                             capsule(0.02, 0.1), pose(origin, rot));
  EXPECT_NEAR(on_end.distance, 0.0005, 1e-15);
  EXPECT_TRUE(on_end.normal.isApprox(-axis, 1e-14));
}

// Cap, side and rim of a cylinder; inside, the nearer of cap and side.
TEST(SphereCylinder, CapSideRimAndInside) {
  const Mat3 rot = rotation(Vec3(0, 1, 1), 0.9);
  const Vec3 origin(0, 0.4, 0);
  const double r = 0.05, h = 0.1, s = 0.02;
  struct Case {
    Vec3 center_local;
    double distance;
    Vec3 normal_local;  // from the sphere to the cylinder
  };
  const Vec3 rim_direction = Vec3(std::sqrt(0.5), 0, std::sqrt(0.5));
  const Case cases[] = {
      {Vec3(0.01, 0.02, h + s + 0.001), 0.001, Vec3(0, 0, -1)},
      {Vec3(0, -(r + s - 0.0005), 0.03), -0.0005, Vec3(0, 1, 0)},
      {Vec3(r, 0, h) + (s + 0.0015) * rim_direction, 0.0015, -rim_direction},
      {Vec3(0.01, 0, h - 0.01), -0.01 - s, Vec3(0, 0, -1)},
      {Vec3(r - 0.005, 0, 0), -0.005 - s, Vec3(-1, 0, 0)},
  };
  for (const Case& k : cases) {
    const ContactPoint c = single_contact(sphere(s), pose(origin + rot * k.center_local), cylinder(r, h), pose(origin, rot));
    EXPECT_NEAR(c.distance, k.distance, 1e-15);
    EXPECT_TRUE(c.normal.isApprox(rot * k.normal_local, 1e-14));
  }
  EXPECT_TRUE(no_contact(sphere(s), pose(origin + rot * Vec3(0, 0, h + s + 0.0021)), cylinder(r, h), pose(origin, rot)));
}

}  // namespace
}  // namespace contactlab
