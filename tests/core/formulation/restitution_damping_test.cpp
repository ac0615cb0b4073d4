// The clamped spring-dashpot's restitution (formulation/restitution_damping.h) against
// an independent integration of its equation of motion, and the inverse damping ratio.
#include "formulation/restitution_damping.h"

#include <cmath>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// d'' = -d - 2 zeta d' (w = 1) from d = 0, d' = 1 by classical Runge-Kutta with step
// dt, while the force d + 2 zeta d' is positive; the exit speed at the zero of the
// force (interpolated linearly within the last step) is e.
double simulated_restitution(double zeta, double dt) {
  auto acceleration = [zeta](double d, double v) { return -d - 2 * zeta * v; };
  double d = 0;
  double v = 1;
  for (;;) {
    const double k1d = v, k1v = acceleration(d, v);
    const double k2d = v + 0.5 * dt * k1v, k2v = acceleration(d + 0.5 * dt * k1d, v + 0.5 * dt * k1v);
    const double k3d = v + 0.5 * dt * k2v, k3v = acceleration(d + 0.5 * dt * k2d, v + 0.5 * dt * k2v);
    const double k4d = v + dt * k3v, k4v = acceleration(d + dt * k3d, v + dt * k3v);
    const double next_d = d + dt / 6 * (k1d + 2 * k2d + 2 * k3d + k4d);
    const double next_v = v + dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    const double force = d + 2 * zeta * v;
    const double next_force = next_d + 2 * zeta * next_v;
    if (next_force <= 0) {
      const double fraction = force / (force - next_force);
      return -(v + fraction * (next_v - v));
    }
    d = next_d;
    v = next_v;
  }
}

TEST(RestitutionDamping, ClosedFormMatchesTheIntegratedContact) {
  for (double zeta : {0.0, 0.05, 0.2, 0.5, 0.7071067811865476, 0.9, 0.999, 1.0, 1.001, 1.5, 3.0, 10.0}) {
    const double closed_form = std::exp(log_restitution_of_damping_ratio(zeta));
    EXPECT_NEAR(closed_form, simulated_restitution(zeta, 1e-4), 1e-6 * closed_form) << "zeta " << zeta;
  }
  EXPECT_EQ(log_restitution_of_damping_ratio(0), 0.0);
  EXPECT_EQ(log_restitution_of_damping_ratio(1), -2.0);  // e^-2 = 0.135: critical damping
}

// e ~ 1 / (4 zeta^2) for large zeta; ln e is continuous through zeta = 1.
TEST(RestitutionDamping, LimitsAndContinuity) {
  EXPECT_NEAR(std::exp(log_restitution_of_damping_ratio(1000)) * 4e6, 1.0, 1e-5);
  EXPECT_NEAR(log_restitution_of_damping_ratio(1 - 1e-9), -2.0, 1e-8);
  EXPECT_NEAR(log_restitution_of_damping_ratio(1 + 1e-9), -2.0, 1e-8);
  double previous = 0;
  for (double zeta = 0.01; zeta < 20; zeta *= 1.1) {
    const double value = log_restitution_of_damping_ratio(zeta);
    EXPECT_LT(value, previous) << "zeta " << zeta;
    previous = value;
  }
}

TEST(RestitutionDamping, DampingRatioInvertsTheRestitution) {
  EXPECT_EQ(damping_ratio_of_restitution(1.0), 0.0);
  for (double e : {1e-6, 1e-3, 0.05, 0.1353352832366127, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999999}) {
    const double zeta = damping_ratio_of_restitution(e);
    EXPECT_NEAR(std::exp(log_restitution_of_damping_ratio(zeta)), e, 1e-12 * e + 1e-15) << "e " << e;
  }
  EXPECT_NEAR(damping_ratio_of_restitution(0.1353352832366127), 1.0, 1e-12);  // e^-2
}

TEST(RestitutionDamping, TableRemembersEachRestitution) {
  DampingRatioTable table;
  for (int pass = 0; pass < 2; ++pass) {
    for (double e : {0.5, 0.7, 0.9}) EXPECT_EQ(table.of_restitution(e), damping_ratio_of_restitution(e));
  }
  for (int i = 1; i <= 200; ++i) {
    const double e = i / 201.0;
    EXPECT_EQ(table.of_restitution(e), damping_ratio_of_restitution(e)) << e;
  }
}

}  // namespace
}  // namespace contactlab
