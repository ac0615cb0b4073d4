// Contact-region reduction: duplicates, collinear vertices, and the 8-point cap.
#include "collision/patch_reduction.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

namespace contactlab {
namespace {

PatchPoint point(const Vec3& position, double distance, int feature) { return PatchPoint{position, distance, feature}; }

TEST(ReducePatch, DuplicatesMergeIntoTheDeeper) {
  PatchPoint points[3] = {point(Vec3(0, 0, 0), 0.001, 4), point(Vec3(1e-9, 0, 0), -0.001, 9), point(Vec3(1, 0, 0), 0, 1)};
  const int count = reduce_patch(points, 3, false, Vec3::UnitZ(), 1e-6);
  ASSERT_EQ(count, 2);
  EXPECT_EQ(points[0].feature, 9);
  EXPECT_EQ(points[0].distance, -0.001);
  EXPECT_EQ(points[1].feature, 1);
}

// A square with a point in the middle of each side: the midpoints carry nothing.
TEST(ReducePatch, CollinearPolygonVerticesAreDropped) {
  PatchPoint points[8];
  const Vec3 loop[8] = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0), Vec3(2, 1, 0),
                        Vec3(2, 2, 0), Vec3(1, 2, 0), Vec3(0, 2, 0), Vec3(0, 1, 0)};
  for (int i = 0; i < 8; ++i) points[i] = point(loop[i], 0, i);
  const int count = reduce_patch(points, 8, true, Vec3::UnitZ(), 1e-9);
  ASSERT_EQ(count, 4);
  std::set<int> kept;
  for (int i = 0; i < count; ++i) kept.insert(points[i].feature);
  EXPECT_EQ(kept, (std::set<int>{0, 2, 4, 6}));
}

// A regular 16-gon: the deepest vertex first, then farthest-point sampling keeps every
// other vertex (the inscribed regular octagon).
TEST(ReducePatch, SixteenGonKeepsEveryOtherVertex) {
  PatchPoint points[16];
  for (int k = 0; k < 16; ++k) {
    const double angle = k * 3.14159265358979323846 / 8;
    points[k] = point(Vec3(std::cos(angle), std::sin(angle), 0), k == 3 ? -0.002 : -0.001, k);
  }
  const int count = reduce_patch(points, 16, true, Vec3::UnitZ(), 1e-9);
  ASSERT_EQ(count, kMaxPatchPoints);
  for (int i = 0; i < count; ++i) EXPECT_EQ(points[i].feature % 2, 1) << points[i].feature;
}

// Sampling measures distances across the normal: a point right above another (a thin
// shape's far face) does not count as spread out, and ties go to the deeper point.
TEST(ReducePatch, SamplingIgnoresOffsetsAlongTheNormal) {
  PatchPoint points[16];
  for (int k = 0; k < 8; ++k) {
    const double angle = k * 3.14159265358979323846 / 4;
    const Vec3 rim(std::cos(angle), std::sin(angle), 0);
    points[2 * k] = point(rim + Vec3(0, 0, 0.001), 0.001, 100 + k);
    points[2 * k + 1] = point(rim, 0, k);
  }
  const int count = reduce_patch(points, 16, false, Vec3::UnitZ(), 1e-9);
  ASSERT_EQ(count, 8);
  for (int i = 0; i < count; ++i) EXPECT_LT(points[i].feature, 100);
}

}  // namespace
}  // namespace contactlab
