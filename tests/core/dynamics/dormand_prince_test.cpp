// Dormand-Prince 5(4) with dense output (dynamics/dormand_prince.h) against closed
// forms: exact for polynomial solutions of degree <= 4 between its steps, and within
// its tolerance for the harmonic oscillator.
#include "dynamics/dormand_prince.h"

#include <cmath>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// y' = 4 t^3 - 3 t^2: y = t^4 - t^3 + 1. One step of h = 1 and its dense output are
// exact (fifth order) to rounding at every t in the step.
TEST(DormandPrince, StepAndDenseOutputExactForAQuartic) {
  const OdeRightHandSide f = [](double t, const Eigen::VectorXd&, Eigen::VectorXd& dy) {
    dy.resize(1);
    dy[0] = 4 * t * t * t - 3 * t * t;
  };
  Eigen::VectorXd y(1), dy(1);
  y[0] = 1;
  f(0, y, dy);
  double trial = 1;
  DormandPrinceStep step;
  ASSERT_TRUE(dormand_prince_step(f, 0, y, dy, 1, 1e-13, OdeTolerances{}, trial, step));
  EXPECT_DOUBLE_EQ(step.size, 1);
  Eigen::VectorXd at;
  for (double t : {0.0, 0.1, 0.37, 0.5, 0.83, 1.0}) {
    step.interpolate(t, at);
    EXPECT_NEAR(at[0], std::pow(t, 4) - std::pow(t, 3) + 1, 1e-14) << "t = " << t;
  }
}

// x'' = -x from (1, 0) over 10 s: the error-controlled steps keep x within 1e-8 of
// cos t at the step ends and the dense output within 1e-8 between them, at rtol = atol
// = 1e-10 (the global error grows with the number of steps, here about 100).
TEST(DormandPrince, HarmonicOscillatorWithinTolerance) {
  const OdeRightHandSide f = [](double, const Eigen::VectorXd& y, Eigen::VectorXd& dy) {
    dy.resize(2);
    dy << y[1], -y[0];
  };
  const OdeTolerances tolerances{1e-10, 1e-10};
  Eigen::VectorXd y(2), dy(2), at;
  y << 1, 0;
  f(0, y, dy);
  double t = 0, trial = 0.1;
  int steps = 0;
  DormandPrinceStep step;
  while (t < 10) {
    ASSERT_TRUE(dormand_prince_step(f, t, y, dy, 10 - t, 1e-13, tolerances, trial, step));
    step.interpolate(t + 0.5 * step.size, at);
    EXPECT_NEAR(at[0], std::cos(t + 0.5 * step.size), 1e-8);
    t = step.end_time();
    y = step.end_state;
    dy = step.end_derivative;
    EXPECT_NEAR(y[0], std::cos(t), 1e-8);
    ++steps;
  }
  EXPECT_GT(steps, 10);
  EXPECT_LT(steps, 1000);
}

// A right-hand side that turns non-finite cannot be stepped: false, never NaN.
TEST(DormandPrince, NonFiniteRightHandSideFails) {
  const OdeRightHandSide f = [](double, const Eigen::VectorXd&, Eigen::VectorXd& dy) {
    dy.resize(1);
    dy[0] = std::nan("");
  };
  Eigen::VectorXd y = Eigen::VectorXd::Zero(1), dy = Eigen::VectorXd::Zero(1);
  double trial = 1;
  DormandPrinceStep step;
  EXPECT_FALSE(dormand_prince_step(f, 0, y, dy, 1, 1e-6, OdeTolerances{}, trial, step));
}

}  // namespace
}  // namespace contactlab
