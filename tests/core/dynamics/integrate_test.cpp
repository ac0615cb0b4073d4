#include "dynamics/integrate.h"

#include <cmath>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// Seed 002 eq. (12) is first order in the rotation: spinning at w about z for time T
// in N steps turns by N * 2 atan(w h / 2) (the normalised update's exact angle), which
// tends to w T as h -> 0 (relative error (w h)^2 / 12 ~ 5e-6 here).
TEST(IntegratePose, SpinAboutAFixedAxisFollowsTheNormalisedEulerUpdate) {
  const double w = 3.0, h = 0.0025;
  const int steps = 400;
  Vec3 position = Vec3::Zero();
  Quat orientation = Quat::Identity();
  for (int i = 0; i < steps; ++i) {
    integrate_pose(h, Vec3(1, 0, 0), Vec3(0, 0, w), position, orientation);
  }
  EXPECT_NEAR(position.x(), steps * h, 1e-12);
  const double angle = 2 * std::atan2(orientation.z(), orientation.w());
  EXPECT_NEAR(angle, steps * 2 * std::atan(w * h / 2), 1e-10);
  EXPECT_NEAR(angle, w * steps * h, 2e-5);
  EXPECT_NEAR(orientation.norm(), 1, 1e-15);
}

}  // namespace
}  // namespace contactlab
