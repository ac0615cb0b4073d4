#include "contact/friction_cone.h"

#include <cmath>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// The table's portable cos/sin agree with long-double trigonometry to a few ulp.
TEST(FrictionEdgeTable, MatchesTrigonometryForEveryEvenEdgeCount) {
  for (int u = 4; u <= 32; u += 2) {
    FrictionEdgeTable table;
    table.set_edge_count(u);
    ASSERT_EQ(table.edge_count(), u);
    for (int j = 0; j < u; ++j) {
      const long double angle = 2 * 3.14159265358979323846264338327950288L * j / u;
      const Vec3 d = table.direction(j, Vec3::UnitX(), Vec3::UnitY());
      EXPECT_NEAR(d.x(), static_cast<double>(std::cos(angle)), 3e-16) << "u=" << u << " j=" << j;
      EXPECT_NEAR(d.y(), static_cast<double>(std::sin(angle)), 3e-16) << "u=" << u << " j=" << j;
    }
  }
}

// Seed 002 eq. (4) requires -d among the columns whenever d is one.
TEST(FrictionEdgeTable, EveryDirectionHasItsOpposite) {
  FrictionEdgeTable table;
  table.set_edge_count(10);
  for (int j = 0; j < 10; ++j) {
    const Vec3 sum = table.direction(j, Vec3::UnitX(), Vec3::UnitY()) +
                     table.direction((j + 5) % 10, Vec3::UnitX(), Vec3::UnitY());
    EXPECT_LT(sum.norm(), 1e-15);
  }
}

TEST(TangentBasis, IsRightHandedAndOrthonormal) {
  const Vec3 normals[] = {Vec3::UnitZ(), -Vec3::UnitX(), Vec3(1, 2, 3).normalized(),
                          Vec3(0.6, 0, 0.8)};
  for (const Vec3& n : normals) {
    Vec3 t1, t2;
    tangent_basis(n, t1, t2);
    EXPECT_NEAR(t1.norm(), 1, 1e-15);
    EXPECT_NEAR(t2.norm(), 1, 1e-15);
    EXPECT_NEAR(t1.dot(n), 0, 1e-15);
    EXPECT_NEAR(t2.dot(n), 0, 1e-15);
    EXPECT_LT((t1.cross(t2) - n).norm(), 1e-15);
  }
}

}  // namespace
}  // namespace contactlab
