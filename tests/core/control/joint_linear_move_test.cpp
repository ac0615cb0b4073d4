// Constant-speed set points and steps against their closed forms (seed 003's
// commanded positions).
#include "control/joint_linear_move.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

using Vector = std::vector<double>;
const double kInfinity = std::numeric_limits<double>::infinity();

// Seed 003's gripper carriage: y_cmd = max(-0.2 t, -0.03) from t = 0.
TEST(JointLinearMove, FollowsTheSeedsCarriageCommand) {
  JointLinearMove move;
  ASSERT_TRUE(move.start(0, {0}, {-0.03}, {0.2}).ok());
  Vector q, qd;
  for (int i = 0; i <= 300; ++i) {
    const double t = 0.001 * i;
    move.sample(t, q, qd);
    EXPECT_NEAR(q[0], std::max(-0.2 * t, -0.03), 1e-15) << t;
    EXPECT_EQ(qd[0], t > 0 && t < 0.15 - 1e-12 ? -0.2 : 0.0) << t;
  }
  EXPECT_FALSE(move.finished(0.149));
  EXPECT_TRUE(move.finished(0.15));
}

// Each joint at its own speed from its own start, after the start time only; a
// joint already at its goal holds.
TEST(JointLinearMove, JointsMoveIndependentlyFromTheStartTime) {
  JointLinearMove move;
  ASSERT_TRUE(move.start(1.0, {0.5, -1.0, 2.0}, {1.5, -2.0, 2.0}, {2.0, 0.5, 1.0}).ok());
  Vector q, qd;
  move.sample(0.5, q, qd);  // before the start: the start positions, at rest
  EXPECT_EQ(q, (Vector{0.5, -1.0, 2.0}));
  EXPECT_EQ(qd, (Vector{0, 0, 0}));
  move.sample(1.25, q, qd);
  EXPECT_DOUBLE_EQ(q[0], 0.5 + 2.0 * 0.25);
  EXPECT_DOUBLE_EQ(q[1], -1.0 - 0.5 * 0.25);
  EXPECT_EQ(q[2], 2.0);
  EXPECT_EQ(qd, (Vector{2.0, -0.5, 0}));
  move.sample(1.6, q, qd);  // joint 0 arrived after 0.5 s, joint 1 needs 2 s
  EXPECT_EQ(q[0], 1.5);
  EXPECT_EQ(qd[0], 0);
  EXPECT_DOUBLE_EQ(q[1], -1.0 - 0.5 * 0.6);
  EXPECT_FALSE(move.finished(2.9));
  move.sample(3.0, q, qd);
  EXPECT_EQ(q, (Vector{1.5, -2.0, 2.0}));
  EXPECT_TRUE(move.finished(3.0));
}

// An infinite speed is a step: the goal from just after the start time on, at rest.
TEST(JointLinearMove, InfiniteSpeedIsAStep) {
  JointLinearMove move;
  ASSERT_TRUE(move.start(0.2, {-0.1}, {-0.09}, {kInfinity}).ok());
  Vector q, qd;
  move.sample(0.2, q, qd);
  EXPECT_EQ(q[0], -0.1);
  move.sample(0.2 + 1e-9, q, qd);
  EXPECT_EQ(q[0], -0.09);
  EXPECT_EQ(qd[0], 0);
  EXPECT_TRUE(move.finished(0.2 + 1e-9));
}

TEST(JointLinearMove, BadInputsAreRefusedAndKeepTheRunningMove) {
  JointLinearMove move;
  ASSERT_TRUE(move.start(0, {0}, {1}, {1}).ok());
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(move.start(0, {0, 1}, {1}, {1}).message(),
            "joint linear move: q, goal and speed must have one entry per joint");
  EXPECT_EQ(move.start(nan, {0}, {1}, {1}).message(), "joint linear move: time must be finite");
  EXPECT_EQ(move.start(0, {0}, {kInfinity}, {1}).message(), "joint linear move: goal must be finite");
  EXPECT_EQ(move.start(0, {0}, {1}, {0}).message(),
            "joint linear move: speed must be positive (or infinite for a step)");
  EXPECT_FALSE(move.start(0, {0}, {1}, {nan}).ok());
  Vector q, qd;
  move.sample(0.5, q, qd);
  EXPECT_EQ(q, (Vector{0.5}));
}

}  // namespace
}  // namespace contactlab
