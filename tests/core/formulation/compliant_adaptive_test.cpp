// Compliant contact integrated with error control (formulation/compliant_adaptive.h)
// against closed forms: an undamped linear contact spring holds a ball for half its
// period, pi sqrt(m / k), and returns it at the speed it came with; energy is kept
// through bounces under gravity; a spent step budget is reported, never a hang.
#include "formulation/compliant_adaptive.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "scene_fixture.h"
#include "test_constants.h"

namespace contactlab {
namespace {

Options error_controlled(const Model& model, double relative_tolerance) {
  Options options = model.options;
  options.formulation = Formulation::Compliant;
  options.compliant_integration = 1;
  options.compliant_relative_tolerance = relative_tolerance;
  options.compliant_absolute_tolerance = 1e-3 * relative_tolerance;
  options.compliant_damping_ratio = 0;  // an undamped spring
  return options;
}

struct Impact {
  double duration = 0;  // [s]
  double speed_ratio = 0;  // v_out / v_in
};

// A 1 kg ball of radius 0.1 m meets a floor of k = 1e6 N/m at 1 m/s without gravity,
// 1 mm above it at t = 0: it touches at 1 ms, is held for pi sqrt(m / k) = 3.14 ms and
// flies off at a constant speed, so its position at 10 ms gives when it left.
Impact undamped_impact(double relative_tolerance) {
  Model model = load_builtin_scene("ball_drop");
  const int ball = body_index(model, "ball");
  const double speed = 1;
  model.bodies[ball].initial_position.z() = 0.1 + 1e-3;
  model.bodies[ball].initial_linear_velocity = Vec3(0, 0, -speed);
  Options options = error_controlled(model, relative_tolerance);
  options.gravity = Vec3::Zero();
  options.compliant_stiffness = 1e6;
  Data data = make_data(model);
  run_for(model, options, data, 0.01, [](const Data& d) { expect_step_solved(d); });
  Impact impact;
  const double leaving = data.linear_velocity[ball].z();
  impact.speed_ratio = leaving / speed;
  const double left_at = data.time - (data.position[ball].z() - 0.1) / leaving;
  impact.duration = left_at - 1e-3 / speed;
  return impact;
}

// Both to 1000 rtol (the local error test bounds each step; the impact takes tens of
// them), at rtol = 1e-6 and 1e-9: the error falls with the tolerance.
TEST(CompliantAdaptive, UndampedImpactLastsHalfThePeriodAndKeepsItsSpeed) {
  const double half_period = M_PI * std::sqrt(1 / 1e6);
  for (const double tolerance : {1e-6, 1e-9}) {
    const Impact impact = undamped_impact(tolerance);
    EXPECT_NEAR(impact.duration, half_period, 1000 * tolerance * half_period) << "rtol " << tolerance;
    EXPECT_NEAR(impact.speed_ratio, 1, 1000 * tolerance) << "rtol " << tolerance;
  }
}

// Dropped from 1 m onto a stiff (k = 1e7), undamped floor under gravity, the ball
// bounces back: whenever it is off the floor its energy is the start's, to 1e-6.
TEST(CompliantAdaptive, BouncingBallKeepsItsEnergyOnAStiffFloor) {
  const Model model = load_builtin_scene("ball_drop");
  Options options = error_controlled(model, 1e-9);
  options.compliant_stiffness = 1e7;
  Data data = make_data(model);
  const double start = mechanical_energy(model, options, data);
  int free_steps = 0;
  double worst = 0;
  run_for(model, options, data, 1.0, [&](const Data& d) {
    expect_step_solved(d);
    if (!d.contacts.empty()) return;
    ++free_steps;
    worst = std::max(worst, std::abs(mechanical_energy(model, options, d) - start));
  });
  EXPECT_GT(free_steps, 300);
  EXPECT_LT(worst, 1e-6 * start);
  const int ball = body_index(model, "ball");
  EXPECT_GT(data.position[ball].z(), 0.5);  // back up again after the bounce at 0.43 s
}

// A budget of 3 integrator steps cannot cover a landing on a stiff floor: the step ends
// early with status "integrator limit" and finite numbers, at once.
TEST(CompliantAdaptive, SpentStepBudgetIsReported) {
  Model model = load_builtin_scene("ball_drop");
  const int ball = body_index(model, "ball");
  model.bodies[ball].initial_position.z() = 0.1 + 1e-4;
  model.bodies[ball].initial_linear_velocity = Vec3(0, 0, -1);
  Options options = error_controlled(model, 1e-10);
  options.compliant_stiffness = 1e8;
  options.compliant_max_integrator_steps = 3;
  Data data = make_data(model);
  step(model, options, data);
  EXPECT_EQ(data.solver.status, SolverStatus::IntegratorLimit);
  ASSERT_FALSE(data.solver.fallbacks.empty());
  EXPECT_NE(data.solver.fallbacks[0].detail.find("compliant_max_integrator_steps"), std::string::npos);
  EXPECT_TRUE(std::isfinite(data.position[ball].z()));
  EXPECT_TRUE(std::isfinite(data.linear_velocity[ball].z()));
}

}  // namespace
}  // namespace contactlab
