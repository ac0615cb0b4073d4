// The regularised friction law against its defining formula (stribeck_friction.h).
#include "formulation/stribeck_friction.h"

#include <cmath>
#include <utility>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

constexpr double kStatic = 0.6;   // mu_s
constexpr double kKinetic = 0.4;  // mu_d

// mu(0) = 0, mu(1) = mu_s (the peak of mu_s s (2 - s)), mu(2) = (mu_s + mu_d) / 2
// (the smooth step at its midpoint, psi(1/2) = 1/2), mu(s >= 3) = mu_d.
TEST(StribeckFriction, CoefficientAtZeroOneTwoAndLargeSpeeds) {
  EXPECT_EQ(stribeck_coefficient(0, kStatic, kKinetic), 0);
  EXPECT_EQ(stribeck_coefficient(-1, kStatic, kKinetic), 0);
  EXPECT_DOUBLE_EQ(stribeck_coefficient(0.5, kStatic, kKinetic), kStatic * 0.75);
  EXPECT_DOUBLE_EQ(stribeck_coefficient(1, kStatic, kKinetic), kStatic);
  EXPECT_DOUBLE_EQ(stribeck_coefficient(2, kStatic, kKinetic), 0.5 * (kStatic + kKinetic));
  EXPECT_DOUBLE_EQ(stribeck_coefficient(3, kStatic, kKinetic), kKinetic);
  EXPECT_DOUBLE_EQ(stribeck_coefficient(1e6, kStatic, kKinetic), kKinetic);
}

// Continuous with a continuous slope at the joints s = 1 and s = 3 (one-sided
// differences agree to O(delta)), and rising on [0, 1].
TEST(StribeckFriction, CoefficientIsSmoothAcrossItsPieces) {
  const double delta = 1e-7;
  for (double joint : {1.0, 3.0}) {
    const double below = stribeck_coefficient(joint - delta, kStatic, kKinetic);
    const double at = stribeck_coefficient(joint, kStatic, kKinetic);
    const double above = stribeck_coefficient(joint + delta, kStatic, kKinetic);
    EXPECT_NEAR(below, at, 1e-6);
    EXPECT_NEAR(above, at, 1e-6);
    // Both one-sided slopes vanish at the joints (mu_s (2 - 2 s) = 0 at s = 1; psi' = 0
    // at both ends of the step).
    EXPECT_NEAR((at - below) / delta, 0, 1e-5) << "s = " << joint;
    EXPECT_NEAR((above - at) / delta, 0, 1e-5) << "s = " << joint;
  }
  double previous = 0;
  for (int i = 1; i <= 100; ++i) {
    const double value = stribeck_coefficient(0.01 * i, kStatic, kKinetic);
    EXPECT_GT(value, previous);
    previous = value;
  }
}

// mu(s) / s is 2 mu_s at rest (the viscous slope near stiction) and equals mu(s) / s
// elsewhere; mu'(s) is 2 mu_s at rest and matches the law's difference quotient on
// both curves, mu_d above or below mu_s.
TEST(StribeckFriction, SlopeNearRestIsTwiceTheStaticCoefficient) {
  EXPECT_DOUBLE_EQ(stribeck_coefficient_per_speed_ratio(0, kStatic, kKinetic), 2 * kStatic);
  for (double s : {0.25, 1.0, 1.7, 2.9, 3.0, 40.0}) {
    EXPECT_DOUBLE_EQ(stribeck_coefficient_per_speed_ratio(s, kStatic, kKinetic),
                     stribeck_coefficient(s, kStatic, kKinetic) / s)
        << "s = " << s;
  }
  EXPECT_DOUBLE_EQ(stribeck_slope(0, kStatic, kKinetic), 2 * kStatic);
  EXPECT_DOUBLE_EQ(stribeck_slope(0, kStatic, kKinetic, StribeckCurve::PiecewiseLinear), kStatic);
  for (const StribeckCurve curve : {StribeckCurve::Smooth, StribeckCurve::PiecewiseLinear}) {
    for (const auto& [low, high] : {std::pair{kStatic, kKinetic}, std::pair{0.1, 0.9}}) {
      for (int i = 0; i < 400; ++i) {
        const double s = 0.01 * i + 1e-3;  // away from the corners at s = 1, 3
        const double quotient =
            (stribeck_coefficient(s + 1e-7, low, high, curve) - stribeck_coefficient(s - 1e-7, low, high, curve)) /
            2e-7;
        EXPECT_NEAR(stribeck_slope(s, low, high, curve), quotient, 1e-6) << "s = " << s;
      }
      EXPECT_EQ(stribeck_slope(5, low, high, curve), 0);
    }
  }
}

// The force opposes the tangential velocity with magnitude mu(s) f_n, and vanishes at rest.
TEST(StribeckFriction, ForceOpposesTheSlipWithMuTimesTheNormalForce) {
  const double normal_force = 20;
  const double stiction_speed = 1e-3;
  for (double speed : {2e-4, 1e-3, 2.5e-3, 0.5}) {
    const Eigen::Vector2d velocity = speed * Eigen::Vector2d(0.6, -0.8);
    const Eigen::Vector2d force =
        stribeck_friction_force(velocity, normal_force, stiction_speed, kStatic, kKinetic);
    const double expected = stribeck_coefficient(speed / stiction_speed, kStatic, kKinetic) * normal_force;
    EXPECT_NEAR(force.norm(), expected, 1e-12 * normal_force) << "speed " << speed;
    EXPECT_NEAR(force.dot(velocity), -force.norm() * velocity.norm(), 1e-12 * normal_force);
  }
  const Eigen::Vector2d at_rest =
      stribeck_friction_force(Eigen::Vector2d::Zero(), normal_force, stiction_speed, kStatic, kKinetic);
  EXPECT_EQ(at_rest, Eigen::Vector2d::Zero());
}

// The seed's piecewise-linear curve: mu_s s up to s = 1, a straight line to mu_d at
// s = 3, mu_d beyond; mu(s) / s is mu_s near rest, and the force is mu(s) f_n against
// the slip; mu(s) / s never exceeds mu_s.
TEST(StribeckFriction, PiecewiseLinearCurveFollowsTheSeedsFigure) {
  const StribeckCurve curve = StribeckCurve::PiecewiseLinear;
  EXPECT_EQ(stribeck_coefficient(0, kStatic, kKinetic, curve), 0);
  EXPECT_DOUBLE_EQ(stribeck_coefficient(0.25, kStatic, kKinetic, curve), 0.25 * kStatic);
  EXPECT_DOUBLE_EQ(stribeck_coefficient(1, kStatic, kKinetic, curve), kStatic);
  EXPECT_DOUBLE_EQ(stribeck_coefficient(2, kStatic, kKinetic, curve), 0.5 * (kStatic + kKinetic));
  EXPECT_DOUBLE_EQ(stribeck_coefficient(2.5, kStatic, kKinetic, curve), kStatic - 0.75 * (kStatic - kKinetic));
  EXPECT_DOUBLE_EQ(stribeck_coefficient(3, kStatic, kKinetic, curve), kKinetic);
  EXPECT_DOUBLE_EQ(stribeck_coefficient(50, kStatic, kKinetic, curve), kKinetic);
  EXPECT_DOUBLE_EQ(stribeck_coefficient_per_speed_ratio(0, kStatic, kKinetic, curve), kStatic);
  EXPECT_DOUBLE_EQ(stribeck_coefficient_per_speed_ratio(0.5, kStatic, kKinetic, curve), kStatic);
  EXPECT_DOUBLE_EQ(stribeck_coefficient_per_speed_ratio(2, kStatic, kKinetic, curve), 0.25 * (kStatic + kKinetic));
  // mu(s) / s <= mu_s: mu(s) <= mu_s s up to s = 1, and mu(s) <= mu_s past it (mu_d < mu_s here).
  for (int i = 0; i < 400; ++i) {
    const double s = 0.01 * i + 1e-4;
    EXPECT_LE(stribeck_coefficient_per_speed_ratio(s, kStatic, kKinetic, curve), kStatic + 1e-12) << "s = " << s;
  }
  const Eigen::Vector2d velocity = 2e-3 * Eigen::Vector2d(0.6, -0.8);
  const Eigen::Vector2d force = stribeck_friction_force(velocity, 20, 1e-3, kStatic, kKinetic, curve);
  EXPECT_NEAR(force.norm(), 0.5 * (kStatic + kKinetic) * 20, 1e-12);
  EXPECT_NEAR(force.dot(velocity), -force.norm() * velocity.norm(), 1e-12);
}

}  // namespace
}  // namespace contactlab
