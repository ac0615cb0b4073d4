// Pairs handled by the general convex routine (box, hull, capsule and cylinder
// combinations), through collide() in both argument orders. Expected values come from
// the geometry of each configuration (face heights, overlap polygons, edge crossings).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "collision/collide.h"
#include "collision/contact_feature.h"
#include "geometry/convex_hull.h"
#include "test_shapes.h"
#include "test_constants.h"

namespace contactlab {
namespace {


Shape hull_of(const std::vector<Vec3>& points) {
  auto hull = std::make_shared<ConvexHullData>();
  EXPECT_TRUE(build_convex_hull(points, *hull).ok());
  Shape shape;
  shape.type = ShapeType::ConvexHull;
  shape.hull = hull;
  return shape;
}
// A box as a hull: its 8 corners plus an interior point.
Shape box_hull(const Vec3& half) {
  std::vector<Vec3> points = {Vec3(0.01, 0, 0)};
  for (int i = 0; i < 8; ++i) {
    points.emplace_back((i & 4) ? half.x() : -half.x(), (i & 2) ? half.y() : -half.y(), (i & 1) ? half.z() : -half.z());
  }
  return hull_of(points);
}

// The contacts of (a, b); the swapped call must report the same points and distances
// with opposite normals (checked here for pairs of different types).
std::vector<ContactPoint> contacts(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb,
                                   double margin = kContactMargin) {
  std::vector<ContactPoint> forward, backward;
  collide(a, pa, b, pb, margin, forward);
  collide(b, pb, a, pa, margin, backward);
  EXPECT_EQ(forward.size(), backward.size());
  if (a.type != b.type && forward.size() == backward.size()) {
    for (size_t i = 0; i < forward.size(); ++i) {
      EXPECT_TRUE(forward[i].position.isApprox(backward[i].position, 1e-14));
      EXPECT_EQ(forward[i].distance, backward[i].distance);
      EXPECT_TRUE(forward[i].normal.isApprox(-backward[i].normal, 1e-15));
      EXPECT_EQ(forward[i].feature, backward[i].feature);
    }
  }
  return forward;
}

bool contains_point(const std::vector<ContactPoint>& points, const Vec3& position, double tolerance) {
  for (const ContactPoint& c : points) {
    if ((c.position - position).norm() <= tolerance) return true;
  }
  return false;
}

double deepest(const std::vector<ContactPoint>& points) {
  double value = 1e9;
  for (const ContactPoint& c : points) value = std::min(value, c.distance);
  return value;
}

// ---- box on box -------------------------------------------------------------

// A small box resting (sunk by delta) on a larger box, turned 0.3 rad about z: its 4
// bottom corners, each at phi = -delta.
TEST(BoxBox, SmallBoxOnLargeFaceGivesItsFourCorners) {
  const double delta = 0.001;
  const Mat3 turn = rotation(Vec3::UnitZ(), 0.3);
  const Vec3 center(0.05, -0.02, 0.3 - delta);
  const auto out = contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), box(Vec3(0.1, 0.2, 0.3)), pose(center, turn));
  ASSERT_EQ(out.size(), 4u);
  for (const ContactPoint& c : out) {
    EXPECT_NEAR(c.distance, -delta, 1e-15);
    EXPECT_TRUE(c.normal.isApprox(Vec3(0, 0, 1), 1e-15));
  }
  for (const double x : {-0.1, 0.1}) {
    for (const double y : {-0.2, 0.2}) {
      const Vec3 corner = center + turn * Vec3(x, y, -0.3);
      EXPECT_TRUE(contains_point(out, Vec3(corner.x(), corner.y(), -0.5 * delta), 1e-14));
    }
  }
}

// A large box on a small one: the corners of the small box's top face.
TEST(BoxBox, LargeBoxOnSmallFaceGivesTheSmallFaceCorners) {
  const double delta = 0.0005;
  const auto out = contacts(box(Vec3(0.1, 0.1, 0.1)), pose(Vec3::Zero()), box(Vec3(0.5, 0.5, 0.1)),
                            pose(Vec3(0, 0, 0.2 - delta), rotation(Vec3::UnitZ(), 0.2)));
  ASSERT_EQ(out.size(), 4u);
  for (const double x : {-0.1, 0.1}) {
    for (const double y : {-0.1, 0.1}) EXPECT_TRUE(contains_point(out, Vec3(x, y, 0.1 - 0.5 * delta), 1e-14));
  }
  for (const ContactPoint& c : out) EXPECT_NEAR(c.distance, -delta, 1e-15);
}

// Offset boxes: the overlap of the faces is the rectangle x in [0.1, 0.2], y in [-0.1, 0.2].
TEST(BoxBox, OffsetBoxesGiveTheOverlapRectangle) {
  const auto out = contacts(box(Vec3(0.2, 0.2, 0.5)), pose(Vec3(0, 0, -0.5)), box(Vec3(0.2, 0.2, 0.3)),
                            pose(Vec3(0.3, 0.1, 0.3 + 0.001)));
  ASSERT_EQ(out.size(), 4u);
  for (const double x : {0.1, 0.2}) {
    for (const double y : {-0.1, 0.2}) EXPECT_TRUE(contains_point(out, Vec3(x, y, 0.0005), 1e-14));
  }
  for (const ContactPoint& c : out) EXPECT_NEAR(c.distance, 0.001, 1e-15);
}

// Turned 45 degrees and offset: the points are the corners of the overlap of the two
// squares, so each lies in both squares and on the boundary of at least one.
TEST(BoxBox, TurnedOffsetBoxesGiveTheOverlapPolygonCorners) {
  const Mat3 turn = rotation(Vec3::UnitZ(), kPi / 4);
  const Vec3 center(0.15, 0.15, 0.2 - 0.0002);
  const auto out = contacts(box(Vec3(0.2, 0.2, 0.1)), pose(Vec3(0, 0, 0)), box(Vec3(0.1, 0.1, 0.1)), pose(center, turn));
  ASSERT_GE(out.size(), 3u);
  ASSERT_LE(out.size(), 8u);
  for (const ContactPoint& c : out) {
    const Vec3 in_b = turn.transpose() * (c.position - center);
    const double a_slack = 0.2 - std::max(std::abs(c.position.x()), std::abs(c.position.y()));
    const double b_slack = 0.1 - std::max(std::abs(in_b.x()), std::abs(in_b.y()));
    EXPECT_GE(a_slack, -1e-14);
    EXPECT_GE(b_slack, -1e-14);
    EXPECT_LE(std::min(a_slack, b_slack), 1e-14);
    EXPECT_NEAR(c.distance, -0.0002, 1e-15);
  }
  // The overlap here is a pentagon: the diamond cut by x = 0.2 and y = 0.2.
  EXPECT_EQ(out.size(), 5u);
  EXPECT_TRUE(contains_point(out, Vec3(0.2, 0.2, 0.1 - 0.0001), 1e-14));
}

// Tilted 45 degrees about x, resting on an edge: the 2 ends of that edge.
TEST(BoxBox, BoxOnAnEdgeGivesTheTwoEdgeEnds) {
  const double delta = 0.001;
  const auto out = contacts(box(Vec3(0.2, 0.2, 0.2)), pose(Vec3::Zero()), box(Vec3(0.1, 0.1, 0.1)),
                            pose(Vec3(0, 0, 0.2 + 0.1 * std::sqrt(2.0) - delta), rotation(Vec3::UnitX(), kPi / 4)));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_TRUE(contains_point(out, Vec3(-0.1, 0, 0.2 - 0.5 * delta), 1e-14));
  EXPECT_TRUE(contains_point(out, Vec3(0.1, 0, 0.2 - 0.5 * delta), 1e-14));
  for (const ContactPoint& c : out) EXPECT_NEAR(c.distance, -delta, 1e-14);
}

// Edge across edge: one point where the edges cross, normal along their cross product.
TEST(BoxBox, CrossedEdgesGiveOnePoint) {
  const double delta = 0.0008, lift = 0.1 * std::sqrt(2.0);
  const auto out = contacts(box(Vec3(0.1, 0.1, 0.1)), pose(Vec3::Zero(), rotation(Vec3::UnitY(), kPi / 4)),
                            box(Vec3(0.1, 0.1, 0.1)), pose(Vec3(0, 0, 2 * lift - delta), rotation(Vec3::UnitX(), kPi / 4)));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].distance, -delta, 1e-14);
  EXPECT_TRUE(out[0].normal.isApprox(Vec3(0, 0, 1), 1e-14));
  EXPECT_TRUE(out[0].position.isApprox(Vec3(0, 0, lift - 0.5 * delta), 1e-13));
  EXPECT_EQ(out[0].feature, kSinglePointFeature);
}

// Corner to corner, apart along the diagonal by e sqrt(3): GJK finds the distance and
// the diagonal normal; beyond the margin, nothing.
TEST(BoxBox, CornerToCornerWithinTheMargin) {
  const double e = 0.0005;
  const auto out = contacts(box(Vec3(0.1, 0.1, 0.1)), pose(Vec3::Zero()), box(Vec3(0.1, 0.1, 0.1)),
                            pose(Vec3::Constant(0.2 + e)));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].distance, e * std::sqrt(3.0), 1e-15);
  EXPECT_TRUE(out[0].normal.isApprox(Vec3(1, 1, 1).normalized(), 1e-12));
  EXPECT_TRUE(out[0].position.isApprox(Vec3::Constant(0.1 + 0.5 * e), 1e-13));
  EXPECT_TRUE(contacts(box(Vec3(0.1, 0.1, 0.1)), pose(Vec3::Zero()), box(Vec3(0.1, 0.1, 0.1)),
                       pose(Vec3::Constant(0.2 + 0.0012)))
                  .empty());
}

TEST(BoxBox, SeparatedFacesWithinAndBeyondTheMargin) {
  const auto near = contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), box(Vec3(0.1, 0.1, 0.1)), pose(Vec3(0, 0, 0.1015)));
  ASSERT_EQ(near.size(), 4u);
  for (const ContactPoint& c : near) EXPECT_NEAR(c.distance, 0.0015, 1e-15);
  EXPECT_TRUE(contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), box(Vec3(0.1, 0.1, 0.1)), pose(Vec3(0, 0, 0.1025))).empty());
}

TEST(BoxBox, FeaturesAreStableUnderSmallMotion) {
  const Mat3 turn = rotation(Vec3(0.1, 0.2, 1), 0.3);
  const auto before = contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), box(Vec3(0.1, 0.2, 0.3)),
                               pose(Vec3(0, 0, 0.299), turn), 0.02);
  const auto after = contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), box(Vec3(0.1, 0.2, 0.3)),
                              pose(Vec3(0.002, 0.001, 0.2995), turn), 0.02);
  ASSERT_EQ(before.size(), after.size());
  std::multiset<int> a, b;
  for (const ContactPoint& c : before) a.insert(c.feature);
  for (const ContactPoint& c : after) b.insert(c.feature);
  EXPECT_EQ(a, b);
}

// ---- hulls ------------------------------------------------------------------

// The same geometry as a hull gives the same contacts as the box (as sets of points).
TEST(HullBox, HullCubeMatchesTheBox) {
  const Vec3 half(0.1, 0.15, 0.2);
  const Shape as_box = box(half), as_hull = box_hull(half);
  const Shape base = box(Vec3(0.5, 0.5, 0.5));
  const Pose poses[] = {
      pose(Vec3(0.03, 0.02, 0.5 + 0.2 - 0.001), rotation(Vec3(0.1, 0.2, 1), 0.4)),  // face down
      pose(Vec3(0, 0, 0.5 + 0.15 * std::sqrt(2.0) - 0.001), rotation(Vec3(1, 0, 0), kPi / 4)),  // on an edge
      pose(Vec3(0.45, 0.4, 0.5 + 0.19), rotation(Vec3(1, 2, 3), 0.5)),  // corner near the base's edge
      pose(Vec3(0.6 + 0.0005, 0.6 + 0.0005, 0.7 + 0.0005)),  // corner to corner, apart
  };
  for (const Pose& p : poses) {
    const auto with_box = contacts(base, pose(Vec3::Zero()), as_box, p);
    const auto with_hull = contacts(base, pose(Vec3::Zero()), as_hull, p);
    ASSERT_EQ(with_box.size(), with_hull.size());
    for (const ContactPoint& c : with_box) {
      bool found = false;
      for (const ContactPoint& d : with_hull) {
        found = found || ((c.position - d.position).norm() < 1e-14 && std::abs(c.distance - d.distance) < 1e-15 &&
                          (c.normal - d.normal).norm() < 1e-14);
      }
      EXPECT_TRUE(found);
    }
  }
}

// A tetrahedron resting on its face on a cube hull: the 3 corners of the triangle.
TEST(HullHull, TetrahedronOnItsFaceGivesThreeCorners) {
  const Shape tetrahedron = hull_of({Vec3(0, 0, 0), Vec3(0.1, 0, 0), Vec3(0, 0.1, 0), Vec3(0, 0, 0.1)});
  const auto out = contacts(box_hull(Vec3(0.3, 0.3, 0.3)), pose(Vec3(0, 0, -0.3)), tetrahedron, pose(Vec3(0.01, 0.02, -0.0004)));
  ASSERT_EQ(out.size(), 3u);
  for (const Vec3& corner : {Vec3(0.01, 0.02, -0.0002), Vec3(0.11, 0.02, -0.0002), Vec3(0.01, 0.12, -0.0002)}) {
    EXPECT_TRUE(contains_point(out, corner, 1e-15));
  }
  for (const ContactPoint& c : out) EXPECT_NEAR(c.distance, -0.0004, 1e-15);
}

// A tetrahedron on its apex: one point.
TEST(HullHull, TetrahedronOnItsApexGivesOnePoint) {
  const Shape tetrahedron = hull_of({Vec3(0, 0, 0), Vec3(0.1, 0, 0), Vec3(0, 0.1, 0), Vec3(0, 0, -0.1)});
  const auto out = contacts(box_hull(Vec3(0.3, 0.3, 0.3)), pose(Vec3(0, 0, -0.3)), tetrahedron, pose(Vec3(0.05, 0.05, 0.1 + 0.001)));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].distance, 0.001, 1e-15);
  EXPECT_TRUE(out[0].position.isApprox(Vec3(0.05, 0.05, 0.0005), 1e-15));
}

TEST(SphereHull, FaceEdgeAndVertex) {
  const Shape cube = box_hull(Vec3(0.1, 0.1, 0.1));
  const double r = 0.05, gap = -0.0007;
  const std::pair<Vec3, Vec3> cases[] = {{Vec3(0.02, 0.03, 0.1), Vec3(0, 0, 1)},
                                         {Vec3(0.1, 0.03, 0.1), Vec3(1, 0, 1).normalized()},
                                         {Vec3(0.1, 0.1, 0.1), Vec3(1, 1, 1).normalized()}};
  for (const auto& [surface, outward] : cases) {
    const auto out = contacts(sphere(r), pose(surface + (r + gap) * outward), cube, pose(Vec3::Zero()));
    ASSERT_EQ(out.size(), 1u);
    // Face: exact; edge and vertex: the sphere's centre is inside the margin of the
    // cube's Voronoi region, penetration along the face with least overlap.
    if (outward == Vec3(0, 0, 1)) {
      EXPECT_NEAR(out[0].distance, gap, 1e-15);
      EXPECT_TRUE(out[0].normal.isApprox(-outward, 1e-15));
    } else {
      EXPECT_NEAR(out[0].distance, gap, 1e-13);
      EXPECT_TRUE(out[0].normal.isApprox(-outward, 1e-10));
    }
  }
}

// ---- capsule against polytopes ----------------------------------------------

TEST(CapsuleBox, LyingGivesTwoStandingGivesOne) {
  const Shape base = box(Vec3(0.5, 0.5, 0.5));
  const Mat3 along_x = rotation(Vec3::UnitY(), kPi / 2);
  const auto lying = contacts(base, pose(Vec3(0, 0, -0.5)), capsule(0.02, 0.1), pose(Vec3(0.1, 0.2, 0.02 - 0.0003), along_x));
  ASSERT_EQ(lying.size(), 2u);
  EXPECT_TRUE(contains_point(lying, Vec3(0.0, 0.2, -0.00015), 1e-15));
  EXPECT_TRUE(contains_point(lying, Vec3(0.2, 0.2, -0.00015), 1e-15));
  for (const ContactPoint& c : lying) EXPECT_NEAR(c.distance, -0.0003, 1e-15);

  const auto standing = contacts(base, pose(Vec3(0, 0, -0.5)), capsule(0.02, 0.1), pose(Vec3(0.1, 0.2, 0.12 + 0.001)));
  ASSERT_EQ(standing.size(), 1u);
  EXPECT_NEAR(standing[0].distance, 0.001, 1e-15);

  // Overhanging the box's edge at x = 0.5: the segment is clipped there.
  const auto overhang = contacts(base, pose(Vec3(0, 0, -0.5)), capsule(0.02, 0.1), pose(Vec3(0.45, 0, 0.02), along_x));
  ASSERT_EQ(overhang.size(), 2u);
  EXPECT_TRUE(contains_point(overhang, Vec3(0.35, 0, 0), 1e-15));
  EXPECT_TRUE(contains_point(overhang, Vec3(0.5, 0, 0), 1e-15));
}

TEST(CapsuleHull, LyingOnAHullFace) {
  const auto out = contacts(capsule(0.02, 0.1), pose(Vec3(0, 0, 0.02 - 0.0001), rotation(Vec3::UnitX(), kPi / 2)),
                            box_hull(Vec3(0.3, 0.3, 0.3)), pose(Vec3(0, 0, -0.3)));
  ASSERT_EQ(out.size(), 2u);
  for (const ContactPoint& c : out) {
    EXPECT_NEAR(c.distance, -0.0001, 1e-15);
    EXPECT_TRUE(c.normal.isApprox(Vec3(0, 0, -1), 1e-15));
  }
}

// ---- cylinders ----------------------------------------------------------------

TEST(CylinderBox, StandingGivesTheEightRimPointsLyingGivesTwo) {
  const double r = 0.05, h = 0.1, delta = 0.0004;
  const auto standing = contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), cylinder(r, h), pose(Vec3(0.1, 0, h - delta)));
  ASSERT_EQ(standing.size(), 8u);
  for (int k = 0; k < 8; ++k) {
    const double angle = k * kPi / 4;
    EXPECT_TRUE(contains_point(standing, Vec3(0.1 + r * std::cos(angle), r * std::sin(angle), -0.5 * delta), 1e-15));
  }
  for (const ContactPoint& c : standing) EXPECT_NEAR(c.distance, -delta, 1e-15);

  const auto lying = contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), cylinder(r, h),
                              pose(Vec3(0, 0, r - delta), rotation(Vec3::UnitX(), kPi / 2)));
  ASSERT_EQ(lying.size(), 2u);
  EXPECT_TRUE(contains_point(lying, Vec3(0, h, -0.5 * delta), 1e-15));
  EXPECT_TRUE(contains_point(lying, Vec3(0, -h, -0.5 * delta), 1e-15));
  for (const ContactPoint& c : lying) EXPECT_NEAR(c.distance, -delta, 1e-15);
}

// Standing on a box whose top face is smaller than the cap: that face's 4 corners.
TEST(CylinderBox, StandingOnASmallerFaceGivesItsCorners) {
  const auto out = contacts(box(Vec3(0.02, 0.02, 0.1)), pose(Vec3::Zero()), cylinder(0.05, 0.1), pose(Vec3(0, 0, 0.2 - 0.0003)));
  ASSERT_EQ(out.size(), 4u);
  for (const double x : {-0.02, 0.02}) {
    for (const double y : {-0.02, 0.02}) EXPECT_TRUE(contains_point(out, Vec3(x, y, 0.1 - 0.00015), 1e-15));
  }
}

// A box resting on a wide cylinder's cap: the box's 4 bottom corners.
TEST(CylinderBox, BoxOnACapGivesItsCorners) {
  const auto out = contacts(cylinder(0.5, 0.1), pose(Vec3(0, 0, -0.1)), box(Vec3(0.05, 0.05, 0.05)), pose(Vec3(0, 0, 0.05 - 0.0005)));
  ASSERT_EQ(out.size(), 4u);
  for (const ContactPoint& c : out) {
    EXPECT_NEAR(c.distance, -0.0005, 1e-15);
    EXPECT_TRUE(c.normal.isApprox(Vec3(0, 0, 1), 1e-15));
  }
}

// The rim against a box edge (the edge along y at x = z = 0, box below-left). The axis
// u = (sin 30, 0, cos 30) lies in the xz-plane, so the rim point nearest the edge is in
// that plane; it is placed at distance d along (1, 0, 1)/sqrt 2, which lies inside both
// the rim's and the edge's normal cones: apart, phi = d along that diagonal (a curved
// contact, accurate to about 1e-9). Sunk in, the rim point is inside the box and leaves
// soonest through the +x face: phi = d / sqrt 2 exactly, the side line of the
// cylinder crossing that face (2 points, the second where the line leaves the box).
TEST(CylinderBox, RimOnAnEdge) {
  const double r = 0.05, h = 0.1, alpha = kPi / 6;
  const Vec3 u(std::sin(alpha), 0, std::cos(alpha)), side(-std::cos(alpha), 0, std::sin(alpha));
  const Mat3 rot = rotation(Vec3::UnitY(), alpha);
  const Vec3 diagonal = Vec3(1, 0, 1).normalized();
  for (const double d : {0.001, 1e-5}) {
    const Vec3 rim_point = d * diagonal;
    const auto out =
        contacts(box(Vec3(0.5, 0.5, 0.5)), pose(Vec3(-0.5, 0, -0.5)), cylinder(r, h), pose(rim_point - r * side + h * u, rot));
    ASSERT_EQ(out.size(), 1u) << d;
    EXPECT_NEAR(out[0].distance, d, 1e-9);
    EXPECT_TRUE(out[0].normal.isApprox(diagonal, 1e-6));
    EXPECT_TRUE(out[0].position.isApprox(0.5 * rim_point, 1e-6));
  }
  const double d = -0.001;
  const Vec3 rim_point = d * diagonal;
  const auto out =
      contacts(box(Vec3(0.5, 0.5, 0.5)), pose(Vec3(-0.5, 0, -0.5)), cylinder(r, h), pose(rim_point - r * side + h * u, rot));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_NEAR(deepest(out), d / std::sqrt(2.0), 1e-15);
  for (const ContactPoint& c : out) EXPECT_TRUE(c.normal.isApprox(Vec3(1, 0, 0), 1e-15));
  // The side line (direction u from the rim point) meets z = 0 at x = x_rim + z_rim tan 30.
  const double x_exit = rim_point.x() - rim_point.z() * std::tan(alpha);
  EXPECT_TRUE(contains_point(out, Vec3(0.5 * x_exit, 0, 0), 1e-15));
}

TEST(CylinderCylinder, StackedGivesAnOctagonSideBySideGivesTwo) {
  const double r = 0.05, h = 0.1;
  const auto stacked = contacts(cylinder(r, h), pose(Vec3::Zero()), cylinder(r, h), pose(Vec3(0, 0, 2 * h - 0.0005)));
  ASSERT_EQ(stacked.size(), 8u);
  for (const ContactPoint& c : stacked) {
    EXPECT_NEAR(c.distance, -0.0005, 1e-15);
    EXPECT_NEAR(std::hypot(c.position.x(), c.position.y()), r, 1e-15);
  }
  const Mat3 lying = rotation(Vec3::UnitX(), kPi / 2);
  const auto side = contacts(cylinder(r, h), pose(Vec3::Zero(), lying), cylinder(r, h), pose(Vec3(0, 0.05, 2 * r - 0.0005), lying));
  ASSERT_EQ(side.size(), 2u);
  EXPECT_TRUE(contains_point(side, Vec3(0, -0.05, r - 0.00025), 1e-15));
  EXPECT_TRUE(contains_point(side, Vec3(0, 0.1, r - 0.00025), 1e-15));
  // Crossed at right angles: one point, phi = distance of the axes - 2 r.
  const auto crossed = contacts(cylinder(r, h), pose(Vec3::Zero(), lying), cylinder(r, h),
                                pose(Vec3(0, 0, 2 * r + 0.001), rotation(Vec3::UnitY(), kPi / 2)));
  ASSERT_EQ(crossed.size(), 1u);
  EXPECT_NEAR(crossed[0].distance, 0.001, 1e-15);
  EXPECT_TRUE(crossed[0].normal.isApprox(Vec3(0, 0, 1), 1e-14));
}

TEST(CapsuleCylinder, LyingOnTheCapParallelToTheSideAndCrossing) {
  const double r = 0.05, h = 0.1;
  // Lying across the cap, longer than the cap: clipped to the rim circle (x = +-r).
  const auto on_cap = contacts(capsule(0.01, 0.1), pose(Vec3(0, 0, h + 0.01 - 0.0002), rotation(Vec3::UnitY(), kPi / 2)),
                               cylinder(r, h), pose(Vec3::Zero()));
  ASSERT_EQ(on_cap.size(), 2u);
  EXPECT_TRUE(contains_point(on_cap, Vec3(r, 0, h - 0.0001), 1e-15));
  EXPECT_TRUE(contains_point(on_cap, Vec3(-r, 0, h - 0.0001), 1e-15));
  // Parallel to the side: the 2 ends of the overlap.
  const auto along = contacts(capsule(0.01, 0.05), pose(Vec3(r + 0.01 + 0.0003, 0, 0.07)), cylinder(r, h), pose(Vec3::Zero()));
  ASSERT_EQ(along.size(), 2u);
  for (const ContactPoint& c : along) {
    EXPECT_NEAR(c.distance, 0.0003, 1e-15);
    EXPECT_TRUE(c.normal.isApprox(Vec3(-1, 0, 0), 1e-15));
  }
  EXPECT_TRUE(contains_point(along, Vec3(r + 0.00015, 0, 0.02), 1e-15));
  EXPECT_TRUE(contains_point(along, Vec3(r + 0.00015, 0, 0.1), 1e-15));
  // Crossing the side horizontally: one point.
  const auto crossing = contacts(capsule(0.01, 0.05), pose(Vec3(r + 0.01 - 0.0004, 0, 0), rotation(Vec3::UnitX(), kPi / 2)),
                                 cylinder(r, h), pose(Vec3::Zero()));
  ASSERT_EQ(crossing.size(), 1u);
  EXPECT_NEAR(crossing[0].distance, -0.0004, 1e-15);
}

TEST(CylinderHull, StandingOnAHullCubeMatchesTheBox) {
  const auto on_box = contacts(box(Vec3(0.3, 0.3, 0.3)), pose(Vec3(0, 0, -0.3)), cylinder(0.05, 0.1),
                               pose(Vec3(0.05, 0, 0.1 - 0.0002), rotation(Vec3::UnitZ(), 0.1)));
  const auto on_hull = contacts(box_hull(Vec3(0.3, 0.3, 0.3)), pose(Vec3(0, 0, -0.3)), cylinder(0.05, 0.1),
                                pose(Vec3(0.05, 0, 0.1 - 0.0002), rotation(Vec3::UnitZ(), 0.1)));
  ASSERT_EQ(on_box.size(), 8u);
  ASSERT_EQ(on_hull.size(), 8u);
  for (const ContactPoint& c : on_box) EXPECT_TRUE(contains_point(on_hull, c.position, 1e-15));
}

TEST(CylinderBox, FeaturesAreStableUnderSmallMotion) {
  const Mat3 tilt = rotation(Vec3(1, 0.5, 0), 0.003);
  const auto before = contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), cylinder(0.05, 0.1), pose(Vec3(0, 0, 0.0999), tilt));
  const auto after =
      contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), cylinder(0.05, 0.1), pose(Vec3(0.002, -0.001, 0.09985), tilt));
  ASSERT_EQ(before.size(), 8u);
  ASSERT_EQ(before.size(), after.size());
  for (size_t i = 0; i < before.size(); ++i) EXPECT_EQ(before[i].feature, after[i].feature);
}

// Beyond the margin nothing; within it, positive distances.
TEST(CylinderBox, SeparatedWithinAndBeyondTheMargin) {
  const auto near = contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), cylinder(0.05, 0.1), pose(Vec3(0, 0, 0.1 + 0.0015)));
  ASSERT_EQ(near.size(), 8u);
  EXPECT_NEAR(deepest(near), 0.0015, 1e-15);
  EXPECT_TRUE(contacts(box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), cylinder(0.05, 0.1), pose(Vec3(0, 0, 0.1 + 0.0025))).empty());
}

}  // namespace
}  // namespace contactlab
