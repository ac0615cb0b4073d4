// Joint friction, seed 002 eq. (14): sign, magnitude, the rest case, and what an
// explicit step does with the Coulomb part.
#include "dynamics/joint_friction.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(JointFriction, OpposesMotionWithCoulombPlusViscousMagnitude) {
  const JointFriction friction{0.3, 2.0};
  // |tau| = c + v |qd|, against qd.
  EXPECT_NEAR(joint_friction_torque(friction, 0.5), -(0.3 + 2.0 * 0.5), 1e-15);
  EXPECT_NEAR(joint_friction_torque(friction, -0.5), 0.3 + 2.0 * 0.5, 1e-15);
  // The Coulomb part does not depend on the speed, only on its sign.
  EXPECT_EQ(joint_friction_torque(JointFriction{0.3, 0}, 1e-12), -0.3);
  EXPECT_EQ(joint_friction_torque(JointFriction{0.3, 0}, -1e3), 0.3);
  // The viscous part is linear in qd.
  EXPECT_NEAR(joint_friction_torque(JointFriction{0, 2.0}, 3.0), -6.0, 1e-15);
}

// sgn(0) = 0: at rest the law gives no torque (this is where it differs from stiction).
TEST(JointFriction, NoTorqueAtRest) {
  EXPECT_EQ(joint_friction_torque(JointFriction{5, 5}, 0.0), 0.0);
  EXPECT_EQ(joint_friction_torque(JointFriction{5, 5}, -0.0), 0.0);
}

TEST(JointFriction, ValidatesParameters) {
  EXPECT_TRUE(validate_joint_friction(JointFriction{}).ok());
  EXPECT_TRUE(validate_joint_friction(JointFriction{0.1, 0.2}).ok());
  EXPECT_NE(validate_joint_friction(JointFriction{-0.1, 0}).message().find("coulomb"),
            std::string::npos);
  EXPECT_NE(validate_joint_friction(JointFriction{0, std::nan("")}).message().find("viscous"),
            std::string::npos);
}

// Explicit steps m (qd' - qd) = h tau_f on a free unit inertia with Coulomb friction
// only: qd falls by h c / m per step, so it reverses after m qd0 / c (here 1.0008 s,
// 400.32 steps of 2.5 ms) up to one step, and afterwards chatters with |qd| < h c / m.
TEST(JointFriction, ExplicitCoulombStopsWithinOneStepOfTheAnalyticTime) {
  const double h = 0.0025, m = 1, c = 0.5, qd0 = 0.5004;
  const JointFriction friction{c, 0};
  double qd = qd0;
  int first_reversal = -1;
  double largest_after = 0;
  for (int step = 0; step < 800; ++step) {
    const double next = qd + h * joint_friction_torque(friction, qd) / m;
    if (first_reversal < 0 && next * qd <= 0) first_reversal = step + 1;
    if (first_reversal >= 0) largest_after = std::max(largest_after, std::abs(next));
    qd = next;
  }
  EXPECT_NEAR(first_reversal * h, m * qd0 / c, h);
  EXPECT_LT(largest_after, h * c / m);
  EXPECT_GT(largest_after, 0.5 * h * c / m);  // it does not come to rest
}

}  // namespace
}  // namespace contactlab
