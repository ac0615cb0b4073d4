#include "geometry/mass_properties.h"

#include <gtest/gtest.h>

#include "test_constants.h"

namespace contactlab {
namespace {

constexpr double kMassTolerance = 1e-12;  // absolute; the values are 1e-4 .. 1

void expect_matrix_near(const Mat3& actual, const Mat3& expected, double tolerance) {
  for (int row = 0; row < 3; ++row) {
    for (int column = 0; column < 3; ++column) {
      EXPECT_NEAR(actual(row, column), expected(row, column), tolerance)
          << "entry (" << row << ", " << column << ")";
    }
  }
}

Mat3 diagonal(double xx, double yy, double zz) { return Vec3(xx, yy, zz).asDiagonal(); }

// The eight corners of an axis-aligned box and its six faces, counter-clockwise seen
// from outside (corner index bits: x, y, z).
ConvexHullData box_hull(const Vec3& center, const Vec3& half) {
  ConvexHullData hull;
  for (int i = 0; i < 8; ++i) {
    hull.vertices.push_back(center + Vec3((i & 1) ? half.x() : -half.x(),
                                          (i & 2) ? half.y() : -half.y(),
                                          (i & 4) ? half.z() : -half.z()));
  }
  hull.faces = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  return hull;
}

// The corner tetrahedron (0,0,0), (1,0,0), (0,1,0), (0,0,1), faces counter-clockwise
// seen from outside.
ConvexHullData corner_tetrahedron() {
  ConvexHullData hull;
  hull.vertices = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  hull.faces = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  return hull;
}

Shape box_shape(const Vec3& half_extents) {
  Shape shape;
  shape.type = ShapeType::Box;
  shape.half_extents = half_extents;
  return shape;
}

Pose translation(const Vec3& offset) {
  Pose pose;
  pose.position = offset;
  return pose;
}

// Solid sphere: I = 2/5 m r^2 about any axis through its centre.
TEST(MassPropertiesTest, SphereMatchesClosedForm) {
  const double r = 0.3;
  const MassProperties sphere = sphere_mass_properties(r);
  EXPECT_NEAR(sphere.volume, 4.0 / 3.0 * kPi * r * r * r, kMassTolerance);
  const double moment = 0.4 * sphere.volume * r * r;
  expect_matrix_near(sphere.inertia, diagonal(moment, moment, moment), kMassTolerance);
  EXPECT_EQ(sphere.centroid, Vec3::Zero());
}

// Cuboid with sides a, b, c: I_xx = m/12 (b^2 + c^2), and cyclically.
TEST(MassPropertiesTest, BoxMatchesClosedForm) {
  const Vec3 half(0.1, 0.2, 0.5);
  const double a = 0.2, b = 0.4, c = 1.0, volume = a * b * c;
  const MassProperties box = box_mass_properties(half);
  EXPECT_NEAR(box.volume, volume, kMassTolerance);
  expect_matrix_near(box.inertia,
                     diagonal(volume / 12 * (b * b + c * c), volume / 12 * (a * a + c * c),
                              volume / 12 * (a * a + b * b)),
                     kMassTolerance);
}

// Solid cylinder of length L along z: I_xx = I_yy = m/12 (3 r^2 + L^2), I_zz = m r^2 / 2.
TEST(MassPropertiesTest, CylinderMatchesClosedForm) {
  const double r = 0.2, half_length = 0.35, length = 0.7;
  const MassProperties cylinder = cylinder_mass_properties(r, half_length);
  const double volume = kPi * r * r * length;
  EXPECT_NEAR(cylinder.volume, volume, kMassTolerance);
  const double transverse = volume / 12 * (3 * r * r + length * length);
  expect_matrix_near(cylinder.inertia, diagonal(transverse, transverse, volume * r * r / 2),
                     kMassTolerance);
}

// Capsule: a cylinder plus two hemispheres of mass m_h each, whose centroids lie 3r/8
// beyond the cylinder's ends and whose transverse moment about their own centroid is
// 83/320 m_h r^2 (standard table value); the parallel-axis theorem moves them to the
// centre: I_xx = m_c (r^2/4 + L^2/12) + 2 m_h (83/320 r^2 + (L/2 + 3r/8)^2),
// I_zz = m_c r^2/2 + 2 (2/5 m_h r^2).
TEST(MassPropertiesTest, CapsuleMatchesCylinderPlusHemispheres) {
  const double r = 0.1, half_length = 0.25, length = 0.5;
  const MassProperties capsule = capsule_mass_properties(r, half_length);
  const double cylinder_mass = kPi * r * r * length;
  const double hemisphere_mass = 2.0 / 3.0 * kPi * r * r * r;
  EXPECT_NEAR(capsule.volume, cylinder_mass + 2 * hemisphere_mass, kMassTolerance);
  const double offset = length / 2 + 3 * r / 8;
  const double transverse = cylinder_mass * (r * r / 4 + length * length / 12) +
                            2 * hemisphere_mass * (83.0 / 320.0 * r * r + offset * offset);
  const double axial = cylinder_mass * r * r / 2 + 2 * 0.4 * hemisphere_mass * r * r;
  expect_matrix_near(capsule.inertia, diagonal(transverse, transverse, axial), kMassTolerance);
}

// A capsule of zero length is a sphere.
TEST(MassPropertiesTest, CapsuleWithoutCylinderIsASphere) {
  const MassProperties capsule = capsule_mass_properties(0.2, 0);
  const MassProperties sphere = sphere_mass_properties(0.2);
  EXPECT_NEAR(capsule.volume, sphere.volume, kMassTolerance);
  expect_matrix_near(capsule.inertia, sphere.inertia, kMassTolerance);
}

// A hull whose faces form a box has the box's properties, wherever the box sits.
TEST(MassPropertiesTest, HullCubeEqualsBox) {
  const Vec3 center(0.3, -0.2, 1.5);
  const Vec3 half(0.1, 0.2, 0.3);
  const MassProperties hull = convex_hull_mass_properties(box_hull(center, half));
  const MassProperties box = box_mass_properties(half);
  EXPECT_NEAR(hull.volume, box.volume, kMassTolerance);
  EXPECT_NEAR((hull.centroid - center).norm(), 0, kMassTolerance);
  expect_matrix_near(hull.inertia, box.inertia, kMassTolerance);
}

// Corner tetrahedron at unit density: V = 1/6, centroid (1/4, 1/4, 1/4); from the
// moments integral x^2 dV = 1/60 and integral x y dV = 1/120, about the centroid
// I_xx = 2/60 - V (2/16) = 1/80 and I_xy = -(1/120 - V/16) = 1/480.
TEST(MassPropertiesTest, HullTetrahedronMatchesKnownInertia) {
  const MassProperties tetrahedron = convex_hull_mass_properties(corner_tetrahedron());
  EXPECT_NEAR(tetrahedron.volume, 1.0 / 6.0, kMassTolerance);
  EXPECT_NEAR((tetrahedron.centroid - Vec3(0.25, 0.25, 0.25)).norm(), 0, kMassTolerance);
  Mat3 expected;
  expected << 1.0 / 80, 1.0 / 480, 1.0 / 480,  //
      1.0 / 480, 1.0 / 80, 1.0 / 480,          //
      1.0 / 480, 1.0 / 480, 1.0 / 80;
  expect_matrix_near(tetrahedron.inertia, expected, kMassTolerance);
}

TEST(MassPropertiesTest, PlaneHasNoVolume) {
  Shape plane;
  plane.type = ShapeType::Plane;
  EXPECT_EQ(shape_mass_properties(plane).volume, 0);
}

// Parallel-axis theorem: two cubes side by side along x are one box twice as long.
TEST(MassPropertiesTest, TwoBoxesCombineIntoOneLongBox) {
  const double mass = 3.0;
  const Vec3 cube(0.1, 0.1, 0.1);
  const Vec3 shift(0.5, -0.25, 2.0);  // the pair sits off the body origin
  const BodyMassProperties pair =
      body_mass_properties({PlacedShape{box_shape(cube), translation(shift + Vec3(-0.1, 0, 0))},
                            PlacedShape{box_shape(cube), translation(shift + Vec3(0.1, 0, 0))}},
                           mass);
  const BodyMassProperties long_box =
      body_mass_properties({PlacedShape{box_shape(Vec3(0.2, 0.1, 0.1)), translation(shift)}}, mass);
  EXPECT_EQ(pair.mass, mass);
  EXPECT_NEAR((pair.center_of_mass - shift).norm(), 0, kMassTolerance);
  expect_matrix_near(pair.inertia, long_box.inertia, kMassTolerance);
  // m/12 (b^2 + c^2) and m/12 (a^2 + c^2) with sides a = 0.4, b = c = 0.2.
  expect_matrix_near(long_box.inertia, diagonal(mass / 12 * 0.08, mass / 12 * 0.2, mass / 12 * 0.2),
                     kMassTolerance);
}

// R I R^T: a box turned by 90 degrees about z swaps its x and y moments.
TEST(MassPropertiesTest, RotatedGeomRotatesInertia) {
  Pose quarter_turn;
  quarter_turn.rotation = Eigen::AngleAxisd(kPi / 2, Vec3::UnitZ()).toRotationMatrix();
  const BodyMassProperties turned =
      body_mass_properties({PlacedShape{box_shape(Vec3(0.3, 0.1, 0.05)), quarter_turn}}, 2.0);
  const BodyMassProperties swapped =
      body_mass_properties({PlacedShape{box_shape(Vec3(0.1, 0.3, 0.05)), Pose()}}, 2.0);
  expect_matrix_near(turned.inertia, swapped.inertia, kMassTolerance);
  EXPECT_EQ(turned.inertia, turned.inertia.transpose());
}

// Uniform density: the centre of mass is the volume-weighted mean of the centroids.
TEST(MassPropertiesTest, CenterOfMassIsVolumeWeighted) {
  Shape sphere;
  sphere.type = ShapeType::Sphere;
  sphere.radius = 0.1;
  const double sphere_volume = 4.0 / 3.0 * kPi * 0.001;
  const double box_volume = 8 * 0.001;
  const BodyMassProperties body =
      body_mass_properties({PlacedShape{box_shape(Vec3(0.1, 0.1, 0.1)), Pose()},
                            PlacedShape{sphere, translation(Vec3(0.5, 0, 0))}},
                           1.0);
  EXPECT_NEAR(body.center_of_mass.x(), 0.5 * sphere_volume / (sphere_volume + box_volume),
              kMassTolerance);
  EXPECT_EQ(body.center_of_mass.y(), 0);
  EXPECT_EQ(body.center_of_mass.z(), 0);
}

}  // namespace
}  // namespace contactlab
