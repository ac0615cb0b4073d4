// Joint friction's parameters, seed 002 eq. (14) (the step's rows: tests/core/step/joint_friction_test.cpp).
#include "dynamics/joint_friction.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(JointFriction, ValidatesParameters) {
  EXPECT_TRUE(validate_joint_friction(JointFriction{}).ok());
  EXPECT_TRUE(validate_joint_friction(JointFriction{0.1, 0.2}).ok());
  EXPECT_NE(validate_joint_friction(JointFriction{-0.1, 0}).message().find("coulomb"),
            std::string::npos);
  EXPECT_NE(validate_joint_friction(JointFriction{0, std::nan("")}).message().find("viscous"),
            std::string::npos);
}

}  // namespace
}  // namespace contactlab
