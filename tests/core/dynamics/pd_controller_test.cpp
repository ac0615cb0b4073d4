// PD control: the explicit law and its clamp, the implicit terms against their
// derivation, and a unit mass driven by both laws at h sqrt(Kp / m) far above 2.
#include "dynamics/pd_controller.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

constexpr double kControlTimeStep = 0.0025;  // h, seed 002 §4 default

TEST(PdController, ExplicitLawAndClamp) {
  const PdSetPoint set_point{1.0, 0.5, 2.0};
  // Kp (q_ref - q) + Kd (qd_ref - qd) + tau_ff = 100 * 0.2 + 5 * 0.4 + 2 = 24.
  const PdTorque free = pd_torque(PdGains{100, 5, 30}, set_point, 0.8, 0.1);
  EXPECT_NEAR(free.torque, 24, 1e-12);
  EXPECT_FALSE(free.saturated);
  const PdTorque clamped = pd_torque(PdGains{100, 5, 10}, set_point, 0.8, 0.1);
  EXPECT_EQ(clamped.torque, 10);
  EXPECT_TRUE(clamped.saturated);
  // Mirrored error: -100 * 0.2 - 5 * 0.4 + 2 = -20, clamped to -10.
  const PdTorque negative = pd_torque(PdGains{100, 5, 10}, set_point, 1.2, 0.9);
  EXPECT_EQ(negative.torque, -10);
  EXPECT_TRUE(negative.saturated);
  // At the limit exactly is not saturated; the default limit is infinite.
  EXPECT_FALSE(pd_torque(PdGains{100, 5, 24}, set_point, 0.8, 0.1).saturated);
  EXPECT_NEAR(pd_torque(PdGains{1e9, 0}, PdSetPoint{1, 0, 0}, 0, 0).torque, 1e9, 1e-6);
}

TEST(PdController, ValidatesGains) {
  EXPECT_TRUE(validate_pd_gains(PdGains{10, 1, 5}).ok());
  EXPECT_TRUE(validate_pd_gains(PdGains{}).ok());
  EXPECT_NE(validate_pd_gains(PdGains{-1, 1, 5}).message().find("stiffness"), std::string::npos);
  EXPECT_NE(validate_pd_gains(PdGains{1, std::nan(""), 5}).message().find("damping"),
            std::string::npos);
  EXPECT_NE(validate_pd_gains(PdGains{1, 1, 0}).message().find("max_torque"), std::string::npos);
}

// The terms solve tau' = Kp (q_ref - q - h v') + Kd (qd_ref - v') + tau_ff: the torque
// recovered from them at any v' equals that expression, which is the estimate
// tau_est = tau'(qd) moved by -(h Kp + Kd)(v' - qd); a free joint of inertia m gets
// m / (m + h Kd + h^2 Kp) tau_est.
TEST(PdController, ImplicitTermsMatchTheirDerivation) {
  const double kp = 4000, kd = 30, h = kControlTimeStep;
  const PdGains gains{kp, kd, 1e6};
  const PdSetPoint set_point{0.3, -0.2, 1.5};
  const double q = 0.1, qd = 0.7;
  const ImplicitPdTerms terms = implicit_pd_terms(gains, set_point, q, qd, h);
  ASSERT_FALSE(terms.saturated);
  EXPECT_NEAR(terms.diagonal, h * kd + h * h * kp, 1e-15);
  EXPECT_NEAR(terms.impulse, h * (kp * 0.2 + kd * -0.2 + 1.5), 1e-13);
  const double estimate = kp * (0.3 - q - h * qd) + kd * (-0.2 - qd) + 1.5;
  for (double new_velocity : {-3.0, 0.0, 0.25, qd, 10.0}) {
    const double expected = kp * (0.3 - q - h * new_velocity) + kd * (-0.2 - new_velocity) + 1.5;
    EXPECT_NEAR(implicit_pd_torque(terms, h, new_velocity), expected, 1e-10);
    EXPECT_NEAR(expected, estimate - (h * kp + kd) * (new_velocity - qd), 1e-10);
  }
  const double m = 0.8;
  const double new_velocity = (m * qd + terms.impulse) / (m + terms.diagonal);
  EXPECT_NEAR(implicit_pd_torque(terms, h, new_velocity), m / (m + terms.diagonal) * estimate,
              1e-10);
  // Held still (qd = v' = 0) the implicit law applies the explicit PD torque.
  const ImplicitPdTerms held = implicit_pd_terms(gains, set_point, q, 0, h);
  EXPECT_NEAR(implicit_pd_torque(held, h, 0), pd_torque(gains, set_point, q, 0).torque, 1e-10);
}

// When the estimate saturates, the joint gets the constant clamped torque; a finger
// held still by a contact thus presses with exactly tau_max.
TEST(PdController, SaturatedEstimateFallsBackToConstantTorque) {
  const PdGains gains{1e6, 100, 20};
  const ImplicitPdTerms pushing = implicit_pd_terms(gains, PdSetPoint{1, 0, 0}, 0, 0, kControlTimeStep);
  EXPECT_TRUE(pushing.saturated);
  EXPECT_EQ(pushing.diagonal, 0);
  EXPECT_NEAR(pushing.impulse, kControlTimeStep * 20, 1e-15);
  EXPECT_NEAR(implicit_pd_torque(pushing, kControlTimeStep, 123.0), 20, 1e-12);
  const ImplicitPdTerms pulling = implicit_pd_terms(gains, PdSetPoint{-1, 0, 0}, 0, 0, kControlTimeStep);
  EXPECT_NEAR(pulling.impulse, -kControlTimeStep * 20, 1e-15);
}

// A unit mass, m (v' - v) = h tau, q' = q + h v' (seed 002 eq. (15) with the position
// update of the step), from q = 1 towards q_ref = 0. Returns max |q| over the run and
// leaves the final state.
double drive_unit_mass(const PdGains& gains, bool implicit, int steps, double& q, double& v) {
  const double m = 1, h = kControlTimeStep;
  const PdSetPoint set_point{0, 0, 0};
  q = 1;
  v = 0;
  double largest = 1;
  for (int step = 0; step < steps && largest < 1e30; ++step) {
    if (implicit) {
      const ImplicitPdTerms terms = implicit_pd_terms(gains, set_point, q, v, h);
      v = (m * v + terms.impulse) / (m + terms.diagonal);
    } else {
      v += h * pd_torque(gains, set_point, q, v).torque / m;
    }
    q += h * v;
    largest = std::max(largest, std::abs(q));
  }
  return largest;
}

// Explicitly, undamped, the step is stable iff h omega < 2 (omega = sqrt(Kp / m): the
// eigenvalues of one step satisfy lambda^2 - (2 - h^2 omega^2) lambda + 1 = 0). The
// implicit terms give det = m / (m + h Kd + h^2 Kp) < 1: stable for every gain.
TEST(PdController, ImplicitUnitMassConvergesWhereExplicitDiverges) {
  const auto stiffness_for = [](double h_omega) {
    return (h_omega / kControlTimeStep) * (h_omega / kControlTimeStep);
  };
  double q, v;
  // The explicit threshold: bounded at h omega = 1.9, divergent at 2.1.
  EXPECT_LT(drive_unit_mass(PdGains{stiffness_for(1.9), 0}, false, 4000, q, v), 10);
  EXPECT_GT(drive_unit_mass(PdGains{stiffness_for(2.1), 0}, false, 4000, q, v), 1e6);
  for (double h_omega : {10.0, 100.0}) {
    const double kp = stiffness_for(h_omega);
    for (double kd : {0.0, 2 * std::sqrt(kp)}) {  // undamped and critically damped
      const PdGains gains{kp, kd};
      EXPECT_GT(drive_unit_mass(gains, false, 50, q, v), 1e6) << h_omega << " " << kd;
      EXPECT_LE(drive_unit_mass(gains, true, 800, q, v), 1.0) << h_omega << " " << kd;
      EXPECT_LT(std::abs(q), 1e-9) << h_omega << " " << kd;
      EXPECT_LT(std::abs(v), 1e-6) << h_omega << " " << kd;
    }
  }
}

// Stiff, critically damped and torque-limited, from 1 rad away: the clamp bounds the
// motion by the energy of the constant torque, m v^2 / 2 <= tau_max |q0| (|v| <= 10),
// no realised torque exceeds tau_max, and the swings die out within 10 s.
TEST(PdController, ClampedImplicitUnitMassStaysBoundedAndSettles) {
  const double kp = (10 / kControlTimeStep) * (10 / kControlTimeStep);
  const PdGains gains{kp, 2 * std::sqrt(kp), 50};
  const double m = 1, h = kControlTimeStep;
  double q = 1, v = 0, largest_q = 1, largest_v = 0;
  for (int step = 0; step < 4000; ++step) {
    const ImplicitPdTerms terms = implicit_pd_terms(gains, PdSetPoint{}, q, v, h);
    v = (m * v + terms.impulse) / (m + terms.diagonal);
    EXPECT_LE(std::abs(implicit_pd_torque(terms, h, v)), 50 * (1 + 1e-12));
    q += h * v;
    largest_q = std::max(largest_q, std::abs(q));
    largest_v = std::max(largest_v, std::abs(v));
  }
  EXPECT_LE(largest_q, 1 + 1e-9);
  EXPECT_LE(largest_v, 10 * (1 + 1e-3));
  EXPECT_LT(std::abs(q), 1e-9);
  EXPECT_LT(std::abs(v), 1e-9);
}

}  // namespace
}  // namespace contactlab
