// Closing ramps: trapezoidal and triangular velocity profiles against their closed
// forms, bounded acceleration, continuity, and starts that first have to brake.
#include "control/joint_ramp.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

using Vector = std::vector<double>;

struct RampSample {
  Vector q, qd, qdd;
};

RampSample sample_at(const JointRamp& ramp, double time) {
  RampSample s;
  ramp.sample(time, s.q, s.qd, s.qdd);
  return s;
}

// Over `count` steps of `step` seconds from the start: |qdd| <= a_max, |qd| <= speed
// bound, and q, qd change by no more than the bounds allow between samples.
void expect_bounded_and_continuous(const JointRamp& ramp, const Vector& speed_bound,
                                   const Vector& max_acceleration, double step, int count) {
  RampSample previous = sample_at(ramp, ramp.start_time());
  for (int i = 1; i <= count; ++i) {
    const RampSample current = sample_at(ramp, ramp.start_time() + i * step);
    for (int j = 0; j < ramp.joint_count(); ++j) {
      EXPECT_LE(std::abs(current.qdd[j]), max_acceleration[j]);
      EXPECT_LE(std::abs(current.qd[j]), speed_bound[j] * (1 + 1e-12));
      EXPECT_LE(std::abs(current.qd[j] - previous.qd[j]), max_acceleration[j] * step + 1e-12);
      EXPECT_LE(std::abs(current.q[j] - previous.q[j]), speed_bound[j] * step + 1e-12);
    }
    previous = current;
  }
}

// From rest over L with L >= w^2 / a: accelerate w / a, cruise, stop w / a, in all
// T = L / w + w / a; the cruise runs at exactly w for every joint.
TEST(JointRamp, TrapezoidFromRestMatchesClosedForm) {
  const Vector q0 = {0.1, -0.5}, goal = {1.1, 1.0}, zero(2, 0.0);
  const Vector speed = {0.5, 0.5}, a_max = {2, 4};
  JointRamp ramp;
  ASSERT_TRUE(ramp.start(1, q0, zero, goal, speed, a_max).ok());
  const double end0 = 1 + 1.0 / 0.5 + 0.5 / 2, end1 = 1 + 1.5 / 0.5 + 0.5 / 4;
  EXPECT_FALSE(ramp.joint_finished(0, end0 - 1e-9));
  EXPECT_TRUE(ramp.joint_finished(0, end0 + 1e-12));
  EXPECT_FALSE(ramp.finished(end0 + 1e-12));
  EXPECT_TRUE(ramp.finished(end1 + 1e-12));
  const RampSample cruising = sample_at(ramp, 1.5);
  EXPECT_EQ(cruising.qd[0], 0.5);
  EXPECT_EQ(cruising.qd[1], 0.5);
  EXPECT_EQ(cruising.qdd[0], 0);
  // At the end of the acceleration (w / a = 0.25 s): q0 + w^2 / (2 a).
  const RampSample accelerated = sample_at(ramp, 1.25);
  EXPECT_NEAR(accelerated.q[0], 0.1 + 0.25 / 4, 1e-15);
  const RampSample arrived = sample_at(ramp, end1);
  EXPECT_EQ(arrived.q[0], 1.1);
  EXPECT_EQ(arrived.q[1], 1.0);
  EXPECT_EQ(arrived.qd[1], 0);
  // dt before the end the stop leaves a dt^2 / 2 to go at the speed a dt.
  const RampSample nearly = sample_at(ramp, end1 - 1e-6);
  EXPECT_NEAR(nearly.q[1], 1.0 - 0.5 * 4 * 1e-12, 1e-15);
  EXPECT_NEAR(nearly.qd[1], 4e-6, 1e-12);
  expect_bounded_and_continuous(ramp, speed, a_max, 1e-3, 4500);
}

// A goal too near to reach w: the peak speed is sqrt(a L) and T = 2 sqrt(L / a).
TEST(JointRamp, TriangleWhenTheGoalIsNear) {
  const double L = 0.01, a = 2, w = 1;
  JointRamp ramp;
  ASSERT_TRUE(ramp.start(0, {0}, {0}, {L}, {w}, {a}).ok());
  const double T = 2 * std::sqrt(L / a);
  EXPECT_FALSE(ramp.finished(T * (1 - 1e-12)));
  EXPECT_TRUE(ramp.finished(T * (1 + 1e-12)));
  const RampSample middle = sample_at(ramp, 0.5 * T);
  EXPECT_NEAR(middle.qd[0], std::sqrt(a * L), 1e-12);
  EXPECT_NEAR(middle.q[0], 0.5 * L, 1e-12);
  expect_bounded_and_continuous(ramp, {std::sqrt(a * L)}, {a}, 1e-5, 15000);
}

// Moving away from the goal at 0.3: brake 0.3 / a, having gone a further 0.3^2 / (2 a),
// then close from rest over L + 0.3^2 / (2 a).
TEST(JointRamp, BrakesFirstWhenMovingAway) {
  const double a = 3, w = 0.4, v0 = -0.3, L = 0.5;
  JointRamp ramp;
  ASSERT_TRUE(ramp.start(0, {0}, {v0}, {L}, {w}, {a}).ok());
  const double brake = 0.3 / a, overshoot = 0.09 / (2 * a);
  const RampSample rest = sample_at(ramp, brake);
  EXPECT_NEAR(rest.q[0], -overshoot, 1e-15);
  EXPECT_NEAR(rest.qd[0], 0, 1e-15);
  const double end = brake + (L + overshoot) / w + w / a;
  EXPECT_FALSE(ramp.finished(end - 1e-9));
  EXPECT_TRUE(ramp.finished(end + 1e-12));
  expect_bounded_and_continuous(ramp, {w}, {a}, 1e-4, 16000);
}

// Too fast to stop before the goal (v0^2 > 2 a L): it stops v0^2 / (2 a) past the start,
// beyond the goal, and comes back; faster than w at first, never faster than v0.
TEST(JointRamp, OvershootsAndReturnsWhenTooFast) {
  const double a = 1, w = 0.2, v0 = 1, L = 0.3;
  JointRamp ramp;
  ASSERT_TRUE(ramp.start(0, {0}, {v0}, {L}, {w}, {a}).ok());
  const RampSample turning = sample_at(ramp, v0 / a);
  EXPECT_NEAR(turning.q[0], v0 * v0 / (2 * a), 1e-15);
  EXPECT_NEAR(turning.qd[0], 0, 1e-15);
  const double back = v0 * v0 / (2 * a) - L;  // 0.2 >= w^2 / a: it reaches w again
  const double end = v0 / a + back / w + w / a;
  EXPECT_NEAR(sample_at(ramp, end).q[0], L, 1e-15);
  EXPECT_FALSE(ramp.finished(end - 1e-9));
  expect_bounded_and_continuous(ramp, {v0}, {a}, 1e-4, 25000);
  // Faster than w towards the goal but able to stop: it slows to w, cruises, stops.
  ASSERT_TRUE(ramp.start(0, {0}, {0.5}, {1}, {w}, {a}).ok());
  EXPECT_EQ(sample_at(ramp, 0.1).qdd[0], -a);
  EXPECT_EQ(sample_at(ramp, 0.5).qd[0], w);
  expect_bounded_and_continuous(ramp, {0.5}, {a}, 1e-4, 60000);
}

TEST(JointRamp, AtTheGoalAtRestIsFinished) {
  JointRamp ramp;
  ASSERT_TRUE(ramp.start(2, {0.3}, {0}, {0.3}, {1}, {1}).ok());
  EXPECT_TRUE(ramp.finished(2));
  EXPECT_EQ(sample_at(ramp, 2).q[0], 0.3);
}

TEST(JointRamp, RejectsInvalidInputAndKeepsTheRunningRamp) {
  JointRamp ramp;
  ASSERT_TRUE(ramp.start(0, {0}, {0}, {1}, {1}, {1}).ok());
  EXPECT_FALSE(ramp.start(0, {0}, {0}, {1, 2}, {1}, {1}).ok());
  const Status negative_speed = ramp.start(0, {0}, {0}, {1}, {-1}, {1});
  EXPECT_NE(negative_speed.message().find("speed"), std::string::npos);
  const Status zero_acceleration = ramp.start(0, {0}, {0}, {1}, {1}, {0});
  EXPECT_NE(zero_acceleration.message().find("max_acceleration"), std::string::npos);
  EXPECT_EQ(ramp.joint_count(), 1);
  EXPECT_FALSE(ramp.finished(1.5));
  EXPECT_TRUE(ramp.finished(2.0));
}

}  // namespace
}  // namespace contactlab
