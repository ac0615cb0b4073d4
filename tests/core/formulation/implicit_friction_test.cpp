// The linearisation of compliant contact's friction about the substep's start slip
// (implicit_friction.h): C = a (I - d d^T) + c d d^T against the law's secant and slope.
#include "formulation/implicit_friction.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

constexpr double kStatic = 0.6;
constexpr double kKinetic = 0.4;
constexpr double kStictionSpeed = 1e-3;  // v_s [m/s]
constexpr double kNormalForce = 20;      // f_n [N]
const Eigen::Matrix2d kPointMassGram = Eigen::Matrix2d::Identity() / 2;  // W_tt of 2 kg

// At rest the law is the damper 2 mu_s f_n / v_s in every direction (mu_s f_n / v_s on
// the piecewise-linear curve); without a normal force there is none.
TEST(ImplicitFriction, AtRestTheDamperIsTheLawsSlope) {
  const Eigen::Matrix2d smooth = friction_damping(Eigen::Vector2d::Zero(), kNormalForce, kStictionSpeed, kStatic,
                                                  kKinetic, StribeckCurve::Smooth, 1e-4, kPointMassGram);
  EXPECT_TRUE(smooth.isApprox(2 * kStatic * kNormalForce / kStictionSpeed * Eigen::Matrix2d::Identity(), 1e-15));
  const Eigen::Matrix2d linear = friction_damping(Eigen::Vector2d::Zero(), kNormalForce, kStictionSpeed, kStatic,
                                                  kKinetic, StribeckCurve::PiecewiseLinear, 1e-4, kPointMassGram);
  EXPECT_TRUE(linear.isApprox(kStatic * kNormalForce / kStictionSpeed * Eigen::Matrix2d::Identity(), 1e-15));
  EXPECT_EQ(friction_damping(Eigen::Vector2d(1e-4, 0), 0, kStictionSpeed, kStatic, kKinetic, StribeckCurve::Smooth,
                             1e-4, kPointMassGram),
            Eigen::Matrix2d::Zero());
}

// Sliding on the plateau (s = 5) with a substep too short to stop the slip: along the
// slip C is the plateau's slope 0, so the force stays mu_d f_n exactly; across it, the
// secant mu_d f_n / |u| turns the force with the slip.
TEST(ImplicitFriction, SlidingKeepsTheKineticForceAlongTheSlip) {
  const Eigen::Vector2d direction(0.6, -0.8);
  const Eigen::Vector2d slip = 5 * kStictionSpeed * direction;
  const double substep = 1e-5;  // h_s mu_d f_n W = 4e-5 m/s < |u| = 5e-3 m/s
  const Eigen::Matrix2d damping = friction_damping(slip, kNormalForce, kStictionSpeed, kStatic, kKinetic,
                                                   StribeckCurve::Smooth, substep, kPointMassGram);
  EXPECT_NEAR(direction.dot(damping * direction), 0, 1e-9);
  const Eigen::Vector2d across(0.8, 0.6);
  EXPECT_NEAR(across.dot(damping * across), kKinetic * kNormalForce / slip.norm(), 1e-9);
  EXPECT_NEAR(across.dot(damping * direction), 0, 1e-9);
}

// A substep long enough that the explicit mu_d f_n would carry the slip past rest
// (h_s mu_d f_n W = 0.04 m/s > |u| = 5 mm/s): along the slip c = a - 1 / (h_s W), and
// one contact on a point mass ends the substep at rest, u0 (1 + h_s W (c - a)) /
// (1 + h_s W c) = 0. On the Stribeck step (s = 2, slope < 0) c is never negative.
TEST(ImplicitFriction, ALongSubstepStopsTheSlipAtRestNotPastIt) {
  const Eigen::Vector2d direction(0.6, -0.8);
  const Eigen::Vector2d slip = 5 * kStictionSpeed * direction;
  const double substep = 1e-2;
  const Eigen::Matrix2d damping = friction_damping(slip, kNormalForce, kStictionSpeed, kStatic, kKinetic,
                                                   StribeckCurve::Smooth, substep, kPointMassGram);
  const double secant = kKinetic * kNormalForce / slip.norm();
  const double along = direction.dot(damping * direction);
  EXPECT_NEAR(along, secant - 1 / (substep * 0.5), 1e-9 * secant);
  const double gram = 0.5;
  EXPECT_NEAR(slip.norm() * (1 + substep * gram * (along - secant)) / (1 + substep * gram * along), 0, 1e-12);
  const Eigen::Matrix2d stepping = friction_damping(2 * kStictionSpeed * direction, kNormalForce, kStictionSpeed,
                                                    kStatic, kKinetic, StribeckCurve::Smooth, 1e-6, kPointMassGram);
  EXPECT_NEAR(direction.dot(stepping * direction), 0, 1e-9);  // not the step's slope < 0
}

}  // namespace
}  // namespace contactlab
