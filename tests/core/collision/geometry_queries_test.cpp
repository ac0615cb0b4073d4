#include "collision/geometry_queries.h"

#include <gtest/gtest.h>

#include <cmath>

namespace contactlab {
namespace {

TEST(GeometryQueries, ClosestParameterOnSegment) {
  EXPECT_EQ(closest_parameter_on_segment(Vec3(0.25, 1, 0), Vec3(0, 0, 0), Vec3(1, 0, 0)), 0.25);
  EXPECT_EQ(closest_parameter_on_segment(Vec3(-3, 1, 0), Vec3(0, 0, 0), Vec3(1, 0, 0)), 0.0);
  EXPECT_EQ(closest_parameter_on_segment(Vec3(3, 1, 0), Vec3(0, 0, 0), Vec3(1, 0, 0)), 1.0);
  EXPECT_EQ(closest_parameter_on_segment(Vec3(3, 1, 0), Vec3(1, 1, 1), Vec3(1, 1, 1)), 0.0);
}

// Crossing segments meet at their interior points; parallel ones at an end; a point
// segment reduces to point-segment.
TEST(GeometryQueries, ClosestParametersOfSegments) {
  double s, t;
  closest_parameters_of_segments(Vec3(-1, 0, 0), Vec3(1, 0, 0), Vec3(0.5, -1, 1), Vec3(0.5, 1, 1), s, t);
  EXPECT_DOUBLE_EQ(s, 0.75);
  EXPECT_DOUBLE_EQ(t, 0.5);
  closest_parameters_of_segments(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 1, 0), Vec3(3, 1, 0), s, t);
  EXPECT_EQ(s, 1.0);
  EXPECT_EQ(t, 0.0);
  closest_parameters_of_segments(Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(-1, 1, 0), Vec3(1, 1, 0), s, t);
  EXPECT_EQ(s, 0.0);
  EXPECT_DOUBLE_EQ(t, 0.5);
}

// The octagon inscribed in the rim: on the circle, 45 degrees apart, counter-clockwise.
TEST(GeometryQueries, RimPointsAreTheInscribedOctagon) {
  for (int k = 0; k < kRimPointCount; ++k) {
    const Vec3 p = rim_point_local(k, 2, 0.5);
    const Vec3 next = rim_point_local((k + 1) % kRimPointCount, 2, 0.5);
    EXPECT_NEAR(std::hypot(p.x(), p.y()), 2, 1e-15);
    EXPECT_EQ(p.z(), 0.5);
    EXPECT_NEAR((next - p).norm(), 4 * std::sin(3.14159265358979323846 / 8), 1e-15);
    EXPECT_GT(p.cross(next).z(), 0);
  }
  EXPECT_EQ(rim_point_local(0, 2, 0), Vec3(2, 0, 0));
  EXPECT_EQ(rim_point_local(2, 2, 0), Vec3(0, 2, 0));
}

// Two projections leave no axial residue even for a nearly parallel vector.
TEST(GeometryQueries, PerpendicularPartOfANearlyParallelVector) {
  const Vec3 axis = Vec3(1, 2, 3).normalized();
  const Vec3 v = 1e3 * axis + Vec3(1e-12, -2e-12, 0);
  const Vec3 part = perpendicular_part(v, axis);
  EXPECT_LE(std::abs(axis.dot(part)), 1e-15 * part.norm());
  const Vec3 perpendicular = any_perpendicular(axis);
  EXPECT_NEAR(perpendicular.norm(), 1, 1e-15);
  EXPECT_NEAR(perpendicular.dot(axis), 0, 1e-15);
}

}  // namespace
}  // namespace contactlab
