// The guard's root by the Illinois method (dynamics/guard_root.h): the bracket closes
// on the crossing to the tolerance, with g > 0 before and <= 0 after.
#include "dynamics/guard_root.h"

#include <cmath>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// A falling ball's height 1 - g t^2 / 2 crosses 0 at sqrt(2 / g).
TEST(GuardRoot, FallingHeightToTolerance) {
  const double g = 9.81;
  const auto height = [g](double t) { return 1 - 0.5 * g * t * t; };
  const GuardBracket bracket = locate_guard_root(height, 0, height(0), 1, height(1), 1e-13);
  const double exact = std::sqrt(2 / g);
  EXPECT_LE(bracket.after - bracket.before, 1e-13);
  EXPECT_LE(bracket.before, exact);
  EXPECT_GE(bracket.after, exact - 1e-16);
  EXPECT_GT(height(bracket.before), 0);
  EXPECT_LE(height(bracket.after), 0);
  EXPECT_LT(bracket.evaluations, 30);
}

// A guard flat near one end (cos on [0, 3]) still converges from both sides.
TEST(GuardRoot, IllinoisClosesBothSides) {
  const auto guard = [](double t) { return std::cos(t); };
  const GuardBracket bracket = locate_guard_root(guard, 0, 1, 3, std::cos(3.0), 1e-12);
  EXPECT_NEAR(bracket.after, M_PI / 2, 1e-12);
  EXPECT_LT(bracket.evaluations, 30);
}

}  // namespace
}  // namespace contactlab
