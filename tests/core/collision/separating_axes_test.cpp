// Separating-axis candidates: face normals, edge-edge cross products (Gauss-map
// pruned), and the cylinder families, against configurations with known answers.
#include "collision/separating_axes.h"

#include <gtest/gtest.h>

#include <cmath>
#include "test_shapes.h"
#include "test_constants.h"

namespace contactlab {
namespace {



TEST(SeparatingAxes, FaceAxisOfStackedBoxes) {
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(box(Vec3(1, 1, 0.5)), Pose(), ga);
  const ConvexSet b = make_convex_set(box(Vec3(0.2, 0.2, 0.2)), Pose{Vec3(0.1, 0, 0.7 - 0.003), Mat3::Identity()}, gb);
  const AxisCandidate best = best_face_axis(a, b, 1e-12);
  EXPECT_NEAR(best.separation, -0.003, 1e-15);
  EXPECT_EQ(best.normal, Vec3(0, 0, 1));  // a's +z face comes first on the tie with b's -z face
}

// Two boxes turned 45 degrees about y and x, edge across edge: the edge-edge axis z.
TEST(SeparatingAxes, EdgeEdgeAxis) {
  const double lift = std::sqrt(2.0);
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(box(Vec3(1, 1, 1)), Pose{Vec3::Zero(), Eigen::AngleAxisd(kPi / 4, Vec3::UnitY()).toRotationMatrix()}, ga);
  const ConvexSet b = make_convex_set(box(Vec3(1, 1, 1)),
                                      Pose{Vec3(0, 0, 2 * lift - 0.01), Eigen::AngleAxisd(kPi / 4, Vec3::UnitX()).toRotationMatrix()}, gb);
  const AxisCandidate other = best_other_axis(a, b, 1e-12);
  EXPECT_NEAR(other.separation, -0.01, 1e-14);
  EXPECT_TRUE(other.normal.isApprox(Vec3(0, 0, 1), 1e-14));
  // Every face normal of the turned boxes overlaps far more (about 0.41 of the size).
  EXPECT_LT(best_face_axis(a, b, 1e-12).separation, -0.5);
}

// A cylinder lying across a box edge parallel to its axis: the radial direction from
// the axis to the edge's end points is a candidate (side against edge).
TEST(SeparatingAxes, CylinderSideOnAParallelEdge) {
  Shape cylinder;
  cylinder.type = ShapeType::Cylinder;
  cylinder.radius = 0.05;
  cylinder.half_length = 0.1;
  PolytopeGeometry ga, gb;
  // Box edge along y at (0.5, *, 0.5); cylinder axis along y above it, diagonal offset.
  const ConvexSet a = make_convex_set(box(Vec3(0.5, 0.5, 0.5)), Pose(), ga);
  const Vec3 diagonal = Vec3(1, 0, 1).normalized();
  const ConvexSet b = make_convex_set(
      cylinder, Pose{Vec3(0.5, 0, 0.5) + (0.05 + 0.001) * diagonal, Eigen::AngleAxisd(kPi / 2, Vec3::UnitX()).toRotationMatrix()}, gb);
  const AxisCandidate best = best_other_axis(a, b, 1e-12);
  EXPECT_NEAR(best.separation, 0.001, 1e-14);
  EXPECT_TRUE(best.normal.isApprox(diagonal, 1e-13));
}

TEST(SeparatingAxes, CompletenessFlag) {
  ConvexSet polytope, cylinder;
  polytope.kind = CoreKind::Polytope;
  cylinder.kind = CoreKind::Cylinder;
  EXPECT_TRUE(candidate_axes_are_complete(polytope, polytope));
  EXPECT_FALSE(candidate_axes_are_complete(polytope, cylinder));
}

}  // namespace
}  // namespace contactlab
