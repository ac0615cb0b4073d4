// Reference-face selection and incident features, on configurations whose contact
// region is known.
#include "collision/contact_patch.h"

#include <gtest/gtest.h>

#include <cmath>

#include "collision/contact_feature.h"
#include "test_shapes.h"

namespace contactlab {
namespace {


// Flush faces on both sides: a's face is the reference (ties go to a); b's bottom face
// clipped to it gives b's corners with the reference face index in the feature.
TEST(FaceContactPatch, ReferenceOnATiesAndCornersOfTheIncidentFace) {
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(box(Vec3(1, 1, 1)), Pose(), ga);
  const ConvexSet b = make_convex_set(box(Vec3(0.1, 0.1, 0.1)), Pose{Vec3(0, 0, 1.1 - 0.001), Mat3::Identity()}, gb);
  PatchPoints points;
  Vec3 normal;
  bool is_polygon = false;
  ASSERT_TRUE(face_contact_patch(a, b, Vec3(0, 0, 1), 0.002, normal, points, is_polygon));
  EXPECT_TRUE(is_polygon);
  EXPECT_EQ(normal, Vec3(0, 0, 1));
  ASSERT_EQ(points.size(), 4);
  for (int i = 0; i < points.size(); ++i) {
    EXPECT_NEAR(points[i].distance, -0.001, 1e-15);
    EXPECT_EQ((points[i].feature >> 22) & 0xff, 5);  // a's +z face
    EXPECT_EQ((points[i].feature >> 30) & 1, 0);
    EXPECT_EQ((points[i].feature >> 20) & 3, static_cast<int>(PatchPointKind::IncidentVertex));
  }
}

// No face within the flush tolerance of the normal: no patch.
TEST(FaceContactPatch, TiltedNormalHasNoReferenceFace) {
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(box(Vec3(1, 1, 1)), Pose(), ga);
  const ConvexSet b = make_convex_set(box(Vec3(0.1, 0.1, 0.1)), Pose{Vec3(1.2, 1.2, 1.2), Mat3::Identity()}, gb);
  PatchPoints points;
  Vec3 normal;
  bool is_polygon = false;
  EXPECT_FALSE(face_contact_patch(a, b, Vec3(1, 1, 1).normalized(), 0.002, normal, points, is_polygon));
  EXPECT_TRUE(points.empty());
}

// A cylinder standing tilted by 0.01 rad on a box: the cap octagon with the vertex
// nearest the rim's deepest point replaced by that exact point (id 16).
TEST(FaceContactPatch, TiltedCylinderCapIncludesTheExactDeepestRimPoint) {
  Shape cylinder;
  cylinder.type = ShapeType::Cylinder;
  cylinder.radius = 0.05;
  cylinder.half_length = 0.1;
  const double tilt = 0.01;
  const Mat3 rotation = Eigen::AngleAxisd(tilt, Vec3::UnitX()).toRotationMatrix();
  const double low = 0.1 * std::cos(tilt) + 0.05 * std::sin(tilt);
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(box(Vec3(1, 1, 1)), Pose{Vec3(0, 0, -1), Mat3::Identity()}, ga);
  const ConvexSet b = make_convex_set(cylinder, Pose{Vec3(0, 0, low - 0.0003), rotation}, gb);
  PatchPoints points;
  Vec3 normal;
  bool is_polygon = false;
  ASSERT_TRUE(face_contact_patch(a, b, Vec3(0, 0, 1), 0.002, normal, points, is_polygon));
  ASSERT_EQ(points.size(), 8);
  int deepest = -1;
  for (int i = 0; i < points.size(); ++i) {
    if (deepest < 0 || points[i].distance < points[deepest].distance) deepest = i;
  }
  EXPECT_NEAR(points[deepest].distance, -0.0003, 1e-15);
  EXPECT_EQ((points[deepest].feature >> 10) & 0x3ff, deepest_rim_id(0));
}

}  // namespace
}  // namespace contactlab
