// Quintic joint trajectories: boundary conditions, continuity at a retarget, the
// closed-form peaks of a rest-to-rest quintic, and synchronised arrival.
#include "control/joint_trajectory.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

using Vector = std::vector<double>;

struct TrajectorySample {
  Vector q, qd, qdd;
};

TrajectorySample sample_at(const JointTrajectory& trajectory, double time) {
  TrajectorySample s;
  trajectory.sample(time, s.q, s.qd, s.qdd);
  return s;
}

// Largest |qd| / v_max and |qdd| / a_max over `count` evenly spaced samples of the move.
void sampled_peak_ratios(const JointTrajectory& trajectory, const Vector& max_velocity,
                         const Vector& max_acceleration, int count, double& velocity_ratio,
                         double& acceleration_ratio) {
  velocity_ratio = 0;
  acceleration_ratio = 0;
  for (int i = 0; i <= count; ++i) {
    const double time = trajectory.start_time() + trajectory.duration() * i / count;
    const TrajectorySample s = sample_at(trajectory, time);
    for (int j = 0; j < trajectory.joint_count(); ++j) {
      velocity_ratio = std::max(velocity_ratio, std::abs(s.qd[j]) / max_velocity[j]);
      acceleration_ratio = std::max(acceleration_ratio, std::abs(s.qdd[j]) / max_acceleration[j]);
    }
  }
}

// The boundary conditions: the start state at t0, the target at rest at t0 + T.
TEST(JointTrajectory, RestToRestMeetsItsEndpoints) {
  const Vector q0 = {0.1, -0.2, 0.7}, target = {1.3, 0.4, 0.7};
  const Vector zero(3, 0.0), v_max = {2, 1, 1}, a_max = {5, 5, 5};
  JointTrajectory trajectory;
  ASSERT_TRUE(trajectory.start(0.3, q0, zero, zero, target, v_max, a_max).ok());
  const TrajectorySample first = sample_at(trajectory, 0.3);
  const TrajectorySample last = sample_at(trajectory, 0.3 + trajectory.duration());
  const TrajectorySample after = sample_at(trajectory, 1.0 + trajectory.duration());
  for (int j = 0; j < 3; ++j) {
    EXPECT_EQ(first.q[j], q0[j]);
    EXPECT_EQ(first.qd[j], 0);
    EXPECT_EQ(first.qdd[j], 0);
    EXPECT_NEAR(last.q[j], target[j], 1e-12);
    EXPECT_NEAR(last.qd[j], 0, 1e-12);
    EXPECT_NEAR(last.qdd[j], 0, 1e-12);
    EXPECT_EQ(after.q[j], target[j]);
    EXPECT_EQ(after.qd[j], 0);
    EXPECT_EQ(after.qdd[j], 0);
  }
  EXPECT_FALSE(trajectory.finished(0.3 + 0.5 * trajectory.duration()));
  EXPECT_TRUE(trajectory.finished(0.3 + trajectory.duration()));
  EXPECT_TRUE(trajectory.within_limits());
}

// Velocity-limited move: T = 15 D / (8 v_max), and the peak 15 D / (8 T) at s = 1/2
// equals v_max; acceleration-limited move: T = sqrt(10 D / (sqrt(3) a_max)), peak
// 10 D / (sqrt(3) T^2) = a_max at s = 1/2 - 1/(2 sqrt(3)). Dense samples never exceed.
TEST(JointTrajectory, RestToRestReachesTheClosedFormPeaks) {
  struct Case {
    double distance, v_max, a_max;
    bool velocity_limited;
  };
  const Case cases[] = {{2.0, 0.5, 100.0, true}, {-0.3, 10.0, 2.0, false}};
  for (const Case& c : cases) {
    // A second joint with half the distance and the same limits is never the limiting one.
    const Vector zero(2, 0.0), q0 = {0.25, 0.25};
    const Vector target = {0.25 + c.distance, 0.25 + 0.5 * c.distance};
    const Vector v_max(2, c.v_max), a_max(2, c.a_max);
    JointTrajectory trajectory;
    ASSERT_TRUE(trajectory.start(0, q0, zero, zero, target, v_max, a_max).ok());
    const double length = std::abs(c.distance);
    const double expected_duration =
        c.velocity_limited ? 15 * length / (8 * c.v_max)
                           : std::sqrt(10 * length / (std::sqrt(3.0) * c.a_max));
    EXPECT_NEAR(trajectory.duration(), expected_duration, 1e-15 * expected_duration);

    const double T = trajectory.duration();
    const TrajectorySample middle = sample_at(trajectory, 0.5 * T);
    const TrajectorySample steepest = sample_at(trajectory, (0.5 - 0.5 / std::sqrt(3.0)) * T);
    if (c.velocity_limited) {
      EXPECT_NEAR(std::abs(middle.qd[0]), c.v_max, 1e-9 * c.v_max);
    } else {
      EXPECT_NEAR(std::abs(steepest.qdd[0]), c.a_max, 1e-9 * c.a_max);
    }
    double velocity_ratio, acceleration_ratio;
    sampled_peak_ratios(trajectory, v_max, a_max, 20000, velocity_ratio, acceleration_ratio);
    EXPECT_LE(velocity_ratio, 1 + 1e-12);
    EXPECT_LE(acceleration_ratio, 1 + 1e-12);
  }
}

// All joints share T; from rest each joint's progress (q - q0) / D follows the same
// shape 10 s^3 - 15 s^4 + 6 s^5, so the joints are in step the whole way.
TEST(JointTrajectory, JointsOfAMoveArriveTogether) {
  const Vector q0 = {0, 1, -1, 2}, target = {0.1, -2, -0.5, 2.05};
  const Vector zero(4, 0.0), v_max = {3, 1, 2, 0.01}, a_max = {4, 8, 1, 10};
  JointTrajectory trajectory;
  ASSERT_TRUE(trajectory.start(1, q0, zero, zero, target, v_max, a_max).ok());
  const double T = trajectory.duration();
  for (int i = 1; i < 50; ++i) {
    const double s = i / 50.0;
    const TrajectorySample sample = sample_at(trajectory, 1 + s * T);
    const double expected = s * s * s * (10 + s * (-15 + 6 * s));
    for (int j = 0; j < 4; ++j) {
      EXPECT_NEAR((sample.q[j] - q0[j]) / (target[j] - q0[j]), expected, 1e-12) << j;
    }
  }
  const TrajectorySample last = sample_at(trajectory, 1 + T);
  for (int j = 0; j < 4; ++j) EXPECT_NEAR(last.q[j], target[j], 1e-12);
}

// A new target interrupting a running move starts from the sampled state: q, qd and
// qdd agree at the switching time, and the new move keeps the limits.
TEST(JointTrajectory, RetargetIsContinuousAndKeepsTheLimits) {
  const Vector q0 = {0, 0.5}, target = {1.5, -0.5}, zero(2, 0.0);
  const Vector v_max = {1, 2}, a_max = {3, 4};
  const Vector new_targets[] = {{1.5, -0.5}, {-1, 0.5}, {0.2, -0.1}, {4, 3}, {0.6, -0.2}};
  JointTrajectory first;
  ASSERT_TRUE(first.start(0, q0, zero, zero, target, v_max, a_max).ok());
  for (int i = 1; i < 10; ++i) {
    const double switch_time = first.duration() * i / 10.0;
    const TrajectorySample before = sample_at(first, switch_time);
    for (const Vector& new_target : new_targets) {
      JointTrajectory second = first;
      ASSERT_TRUE(second.start(switch_time, before.q, before.qd, before.qdd, new_target, v_max,
                               a_max).ok());
      const TrajectorySample after = sample_at(second, switch_time);
      for (int j = 0; j < 2; ++j) {
        EXPECT_NEAR(after.q[j], before.q[j], 1e-12);
        EXPECT_NEAR(after.qd[j], before.qd[j], 1e-12);
        EXPECT_NEAR(after.qdd[j], before.qdd[j], 1e-12);
      }
      // Just after the switch the state has moved by no more than the limits allow.
      const double step = 1e-9;
      const TrajectorySample later = sample_at(second, switch_time + step);
      for (int j = 0; j < 2; ++j) {
        EXPECT_LE(std::abs(later.q[j] - before.q[j]), v_max[j] * step * (1 + 1e-6));
        EXPECT_LE(std::abs(later.qd[j] - before.qd[j]), a_max[j] * step * (1 + 1e-6));
        EXPECT_LT(std::abs(later.qdd[j] - before.qdd[j]), 1e-6);
      }
      EXPECT_TRUE(second.within_limits());
      double velocity_ratio, acceleration_ratio;
      sampled_peak_ratios(second, v_max, a_max, 4000, velocity_ratio, acceleration_ratio);
      EXPECT_LE(velocity_ratio, 1 + 1e-12) << i;
      EXPECT_LE(acceleration_ratio, 1 + 1e-12) << i;
      const TrajectorySample last = sample_at(second, switch_time + second.duration());
      for (int j = 0; j < 2; ++j) {
        EXPECT_NEAR(last.q[j], new_target[j], 1e-12);
        EXPECT_NEAR(last.qd[j], 0, 1e-12);
        EXPECT_NEAR(last.qdd[j], 0, 1e-11);
      }
    }
  }
}

// From a moving start with qdd0 = 0 the move is one quintic, and T is the edge of the
// admissible durations: at T the limits hold, a hair shorter the limiting joint
// exceeds one of them (peaks from quintic_peaks).
TEST(JointTrajectory, MovingStartDurationIsTheShortestAdmissible) {
  const Vector q0 = {0.2, -0.1}, qd0 = {0.8, -0.3}, qdd0 = {0, 0}, target = {-0.4, 0.9};
  const Vector v_max = {1, 2}, a_max = {3, 4};
  JointTrajectory trajectory;
  ASSERT_TRUE(trajectory.start(0, q0, qd0, qdd0, target, v_max, a_max).ok());
  ASSERT_TRUE(trajectory.within_limits());
  const auto worst_ratio = [&](double duration) {
    double worst = 0;
    for (int j = 0; j < 2; ++j) {
      const QuinticPeaks peaks = quintic_peaks(target[j] - q0[j], qd0[j], qdd0[j], duration);
      worst = std::max(worst, std::max(peaks.velocity / v_max[j], peaks.acceleration / a_max[j]));
    }
    return worst;
  };
  EXPECT_LE(worst_ratio(trajectory.duration()), 1);
  EXPECT_GT(worst_ratio(trajectory.duration() * (1 - 1e-9)), 1);
  // The same move sampled: it is this quintic.
  double velocity_ratio, acceleration_ratio;
  sampled_peak_ratios(trajectory, v_max, a_max, 20000, velocity_ratio, acceleration_ratio);
  EXPECT_NEAR(std::max(velocity_ratio, acceleration_ratio), 1, 1e-6);
}

// Interrupted while accelerating towards v_max: one quintic of any duration would
// overshoot v_max (its jerk shrinks with T), the acceleration release keeps it.
TEST(JointTrajectory, AccelerationReleaseKeepsVelocityLimit) {
  // A rest-to-rest quintic limited by v_max = 1 is at s = 0.4 at qd = 0.9216 (30 s^2
  // (1-s)^2 D / T) and still accelerating; the new target lies far beyond.
  const double D = 1.5, T = 15 * D / 8, s = 0.4;
  const double qd0 = 30 * s * s * (1 - s) * (1 - s) * D / T;
  const double qdd0 = 60 * s * (1 - s) * (1 - 2 * s) * D / (T * T);
  const double far_target = 4;
  for (double quintic_duration = 1; quintic_duration < 100; quintic_duration *= 1.5) {
    const QuinticPeaks single = quintic_peaks(far_target, qd0, qdd0, quintic_duration);
    EXPECT_GT(single.velocity, 1) << quintic_duration;
  }
  JointTrajectory trajectory;
  ASSERT_TRUE(trajectory.start(0, {0}, {qd0}, {qdd0}, {far_target}, {1}, {3}).ok());
  EXPECT_TRUE(trajectory.within_limits());
  double velocity_ratio, acceleration_ratio;
  sampled_peak_ratios(trajectory, {1}, {3}, 20000, velocity_ratio, acceleration_ratio);
  EXPECT_LE(velocity_ratio, 1 + 1e-12);
  EXPECT_LE(acceleration_ratio, 1 + 1e-12);
  const TrajectorySample first = sample_at(trajectory, 0);
  EXPECT_EQ(first.qd[0], qd0);
  EXPECT_EQ(first.qdd[0], qdd0);
}

// quintic_peaks finds the stationary points exactly: it bounds dense samples of the
// polynomial and is within the sampling resolution of their maximum.
TEST(QuinticPeaks, AgreeWithDenseSampling) {
  const double starts[][3] = {{1, 0, 0}, {1, 2, 0}, {-0.5, 3, -7}, {0, 1, 0}, {0, 0, 5},
                              {2, -1, 10}, {0.3, 0.2, -0.1}};
  for (const auto& start : starts) {
    const double distance = start[0], qd0 = start[1], qdd0 = start[2], duration = 1.7;
    // The polynomial in the normalised form of the header, sampled directly.
    double sampled_velocity = 0, sampled_acceleration = 0;
    const double V = qd0 * duration, A = qdd0 * duration * duration;
    const double b3 = 10 * distance - 6 * V - 1.5 * A, b4 = -15 * distance + 8 * V + 1.5 * A,
                 b5 = 6 * distance - 3 * V - 0.5 * A;
    const int count = 200000;
    for (int i = 0; i <= count; ++i) {
      const double s = static_cast<double>(i) / count;
      const double velocity = V + s * (A + s * (3 * b3 + s * (4 * b4 + s * 5 * b5)));
      const double acceleration = A + s * (6 * b3 + s * (12 * b4 + s * 20 * b5));
      sampled_velocity = std::max(sampled_velocity, std::abs(velocity) / duration);
      sampled_acceleration =
          std::max(sampled_acceleration, std::abs(acceleration) / (duration * duration));
    }
    const QuinticPeaks peaks = quintic_peaks(distance, qd0, qdd0, duration);
    EXPECT_GE(peaks.velocity, sampled_velocity * (1 - 1e-12));
    EXPECT_GE(peaks.acceleration, sampled_acceleration * (1 - 1e-12));
    EXPECT_LE(peaks.velocity, sampled_velocity * (1 + 1e-8) + 1e-12);
    EXPECT_LE(peaks.acceleration, sampled_acceleration * (1 + 1e-8) + 1e-12);
  }
  // From rest the closed forms: 15 D / (8 T) and 10 D / (sqrt(3) T^2).
  const QuinticPeaks rest = quintic_peaks(0.6, 0, 0, 2);
  EXPECT_NEAR(rest.velocity, 15 * 0.6 / 16, 1e-15);
  EXPECT_NEAR(rest.acceleration, 10 * 0.6 / (std::sqrt(3.0) * 4), 1e-15);
}

// At v_max and still accelerating outwards, every continuous acceleration overshoots
// v_max: the trajectory reports it, stays continuous and still arrives, its velocity
// bounded by the release's qd1 = qd0 + qdd0 tr / 2 with tr = qdd0 v_max / a_max^2.
TEST(JointTrajectory, StartOutsideTheLimitsIsReported) {
  JointTrajectory trajectory;
  ASSERT_TRUE(trajectory.start(0, {0}, {1}, {2}, {0.5}, {1}, {2}).ok());
  EXPECT_FALSE(trajectory.within_limits());
  EXPECT_GT(trajectory.duration(), 0);
  EXPECT_LT(trajectory.duration(), 10);
  const TrajectorySample first = sample_at(trajectory, 0);
  EXPECT_EQ(first.qd[0], 1);
  EXPECT_EQ(first.qdd[0], 2);
  const double release_end_velocity = 1 + 2 * 0.5 / 2;
  double velocity_ratio, acceleration_ratio;
  sampled_peak_ratios(trajectory, {release_end_velocity}, {2}, 20000, velocity_ratio,
                      acceleration_ratio);
  EXPECT_LE(velocity_ratio, 1 + 1e-12);
  EXPECT_LE(acceleration_ratio, 1 + 1e-12);
  const TrajectorySample last = sample_at(trajectory, trajectory.duration());
  EXPECT_NEAR(last.q[0], 0.5, 1e-12);
  EXPECT_NEAR(last.qd[0], 0, 1e-12);
}

// Already at the target and at rest: a zero-length move, the target is held.
TEST(JointTrajectory, HoldingAPositionIsFinishedAtOnce) {
  JointTrajectory trajectory;
  ASSERT_TRUE(trajectory.start(2, {0.4, -0.1}, {0, 0}, {0, 0}, {0.4, -0.1}, {1, 1}, {1, 1}).ok());
  EXPECT_EQ(trajectory.duration(), 0);
  EXPECT_TRUE(trajectory.finished(2));
  const TrajectorySample s = sample_at(trajectory, 3);
  EXPECT_EQ(s.q[0], 0.4);
  EXPECT_EQ(s.q[1], -0.1);
  EXPECT_EQ(s.qd[0], 0);
}

// Bad input is refused with a message naming the field; the running move is kept.
TEST(JointTrajectory, RejectsInvalidInputAndKeepsTheRunningMove) {
  JointTrajectory trajectory;
  ASSERT_TRUE(trajectory.start(0, {0}, {0}, {0}, {1}, {1}, {1}).ok());
  const double duration = trajectory.duration();
  const Status mismatch = trajectory.start(0, {0, 1}, {0}, {0}, {1}, {1}, {1});
  EXPECT_FALSE(mismatch.ok());
  const Status zero_speed = trajectory.start(0, {0}, {0}, {0}, {1}, {0}, {1});
  EXPECT_FALSE(zero_speed.ok());
  EXPECT_NE(zero_speed.message().find("max_velocity"), std::string::npos);
  const Status infinite_acceleration =
      trajectory.start(0, {0}, {0}, {0}, {1}, {1}, {std::numeric_limits<double>::infinity()});
  EXPECT_NE(infinite_acceleration.message().find("max_acceleration"), std::string::npos);
  const Status nan_target = trajectory.start(0, {0}, {0}, {0}, {std::nan("")}, {1}, {1});
  EXPECT_NE(nan_target.message().find("target"), std::string::npos);
  EXPECT_EQ(trajectory.duration(), duration);
  EXPECT_EQ(trajectory.target()[0], 1);
}

}  // namespace
}  // namespace contactlab
