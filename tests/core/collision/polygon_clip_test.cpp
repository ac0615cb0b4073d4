// Sutherland-Hodgman clipping with feature tracking, against hand-computed polygons.
#include "collision/polygon_clip.h"

#include <gtest/gtest.h>

#include <cmath>

namespace contactlab {
namespace {

ClipVertex vertex(const Vec3& position, int id) {
  ClipVertex v;
  v.position = position;
  v.first = id;
  v.out_edge = id;
  return v;
}

// The square |x|, |y| <= 1 as four side planes.
std::vector<SidePlane> unit_square_sides() {
  return {SidePlane{Vec3(1, 0, 0), 1}, SidePlane{Vec3(0, 1, 0), 1}, SidePlane{Vec3(-1, 0, 0), 1},
          SidePlane{Vec3(0, -1, 0), 1}};
}

// A diamond |x| + |y| <= 1.2 clipped by the unit square: an octagon whose 8 vertices
// are all incident edges cut by square sides, at (+-1, +-0.2) and (+-0.2, +-1).
TEST(ClipPolygon, DiamondInSquareGivesAnOctagon) {
  ClipPolygon polygon;
  const Vec3 corners[4] = {Vec3(1.2, 0, 0), Vec3(0, 1.2, 0), Vec3(-1.2, 0, 0), Vec3(0, -1.2, 0)};
  for (int i = 0; i < 4; ++i) polygon.push_back(vertex(corners[i], 10 + i));
  const auto sides = unit_square_sides();
  clip_polygon(sides.data(), 4, polygon);
  ASSERT_EQ(polygon.size(), 8);
  for (int i = 0; i < 8; ++i) {
    const Vec3& p = polygon[i].position;
    EXPECT_NEAR(std::abs(p.x()) + std::abs(p.y()), 1.2, 1e-15);
    EXPECT_NEAR(std::max(std::abs(p.x()), std::abs(p.y())), 1, 1e-15);
    EXPECT_EQ(polygon[i].kind, PatchPointKind::IncidentEdgeOnSide);
    EXPECT_GE(polygon[i].first, 10);  // an incident edge, named by its first vertex
  }
}

// A large square around the unit square: the result is the unit square, its corners
// are reference corners named by their two sides.
TEST(ClipPolygon, LargeSquareGivesTheReferenceCorners) {
  ClipPolygon polygon;
  const Vec3 corners[4] = {Vec3(-3, -3, 0), Vec3(3, -3, 0), Vec3(3, 3, 0), Vec3(-3, 3, 0)};
  for (int i = 0; i < 4; ++i) polygon.push_back(vertex(corners[i], i));
  const auto sides = unit_square_sides();
  clip_polygon(sides.data(), 4, polygon);
  ASSERT_EQ(polygon.size(), 4);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(polygon[i].kind, PatchPointKind::ReferenceCorner);
    EXPECT_NEAR(std::abs(polygon[i].position.x()), 1, 1e-15);
    EXPECT_NEAR(std::abs(polygon[i].position.y()), 1, 1e-15);
    EXPECT_LT(polygon[i].first, polygon[i].second);
  }
}

TEST(ClipPolygon, InsideStaysOutsideVanishes) {
  const auto sides = unit_square_sides();
  ClipPolygon inside;
  for (const Vec3& p : {Vec3(0, 0, 0), Vec3(0.5, 0, 0), Vec3(0, 0.5, 0)}) inside.push_back(vertex(p, 0));
  clip_polygon(sides.data(), 4, inside);
  EXPECT_EQ(inside.size(), 3);
  ClipPolygon outside;
  for (const Vec3& p : {Vec3(2, 0, 0), Vec3(3, 0, 0), Vec3(2, 1, 0)}) outside.push_back(vertex(p, 0));
  clip_polygon(sides.data(), 4, outside);
  EXPECT_EQ(outside.size(), 0);
}

TEST(ClipSegment, CutByTheSides) {
  const auto sides = unit_square_sides();
  ClipPolygon segment;
  segment.push_back(vertex(Vec3(-3, 0.5, 0), 0));
  segment.push_back(vertex(Vec3(0.5, 0.5, 0), 1));
  clip_segment(sides.data(), 4, segment);
  ASSERT_EQ(segment.size(), 2);
  EXPECT_TRUE(segment[0].position.isApprox(Vec3(-1, 0.5, 0)));
  EXPECT_EQ(segment[0].kind, PatchPointKind::IncidentEdgeOnSide);
  EXPECT_EQ(segment[0].second, 2);  // the -x side
  EXPECT_EQ(segment[1].kind, PatchPointKind::IncidentVertex);
  ClipPolygon missing;
  missing.push_back(vertex(Vec3(-3, 2, 0), 0));
  missing.push_back(vertex(Vec3(3, 2, 0), 1));
  clip_segment(sides.data(), 4, missing);
  EXPECT_EQ(missing.size(), 0);
}

// A chord through the disk of radius 1 about the z-axis, at y = 0.6: x = +-0.8.
TEST(ClipSegment, CutByADisk) {
  ClipPolygon segment;
  segment.push_back(vertex(Vec3(-2, 0.6, 0.3), 0));
  segment.push_back(vertex(Vec3(2, 0.6, 0.3), 1));
  clip_segment_to_disk(Vec3::Zero(), Vec3::UnitZ(), 1, 8, segment);
  ASSERT_EQ(segment.size(), 2);
  EXPECT_NEAR(segment[0].position.x(), -0.8, 1e-15);
  EXPECT_NEAR(segment[1].position.x(), 0.8, 1e-15);
  EXPECT_EQ(segment[1].second, 8);
  ClipPolygon missing;
  missing.push_back(vertex(Vec3(-2, 1.5, 0), 0));
  missing.push_back(vertex(Vec3(2, 1.5, 0), 1));
  clip_segment_to_disk(Vec3::Zero(), Vec3::UnitZ(), 1, 8, missing);
  EXPECT_EQ(missing.size(), 0);
}

}  // namespace
}  // namespace contactlab
