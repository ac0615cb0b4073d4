// The driven_paddle scene (assets/scenes/driven_paddle.json): a paddle on a vertical
// revolute joint turned at a prescribed 1 rad/s (seed 004's bilateral velocity
// constraint, dynamics/articulation/prescribed_elimination.h) sweeps a box over the
// floor. In every time-stepping formulation its angle is q0 + t to rounding however the
// box resists, its effort is zero while it turns freely (no moment of gravity about a
// vertical axis, no change of speed) and the floor's friction on the box times a lever
// arm along the blade while it pushes; the event-driven
// formulation refuses the scene, naming the field.
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "formulation/solver_report.h"
#include "scene_fixture.h"

namespace contactlab::driven_paddle_scene_test {
namespace {

struct Setting {
  Formulation formulation;
  const char* name;
};
const Setting kSettings[] = {{Formulation::Lcp, "lcp"},
                             {Formulation::Convex, "convex"},
                             {Formulation::Soft, "soft"},
                             {Formulation::Quasistatic, "quasistatic"},
                             {Formulation::Compliant, "compliant"}};

// Over the scene's 4 s: the box is first touched after 0.65 s (the blade's outer
// corner reaches its face), and the blade then pushes it around. Until the touch the
// effort is constant: zero where the paddle keeps its momentum (no moment of gravity
// about a vertical axis, no change of speed), and the regularised inertia's
// eps_q I w / h in the quasi-static model, whose every step starts at rest. From
// 1 s to 3 s the box slides on the floor against the blade, so the mean effort of
// lcp, convex and compliant is its friction mu m g = 4.9 N times a lever arm within
// the blade's reach (0.3 to 0.6 m here; soft's regularised contact lets the box
// bounce off the blade, and quasi-static adds its eps_q terms).
TEST(DrivenPaddleScene, ThePaddleTurnsAtExactlyItsRateAndItsEffortIsThePush) {
  const double friction = 0.5 * 1.0 * 9.81;  // mu m g [N]
  for (const Setting& setting : kSettings) {
    SCOPED_TRACE(setting.name);
    Model model = load_builtin_scene("driven_paddle");
    model.options.formulation = setting.formulation;
    Data data = make_data(model);
    const double q0 = data.articulations[0].positions[0];
    double largest_angle_error = 0, largest_free_change = 0, first_touch = -1, first_effort = 0;
    double pushing_sum = 0;
    int pushing_steps = 0;
    run_for(model, model.options, data, 3.0, [&](const Data& state) {
      expect_step_solved(state);
      EXPECT_EQ(state.articulations[0].velocities[0], 1.0) << "t = " << state.time;
      largest_angle_error =
          std::max(largest_angle_error, std::abs(state.articulations[0].positions[0] - (q0 + state.time)));
      const double effort = state.articulations[0].motor_effort[0];
      if (state.step_count == 1) first_effort = effort;
      for (const ContactRecord& contact : state.contacts) {
        if (first_touch < 0 && contact.body_a != 0 && contact.body_b != 0) first_touch = state.time;
      }
      if (first_touch < 0) largest_free_change = std::max(largest_free_change, std::abs(effort - first_effort));
      if (state.time > 1.0) {
        pushing_sum += effort;
        ++pushing_steps;
      }
    });
    const int passes = test_workspace().formulation->substep_count(model, model.options);
    EXPECT_LE(largest_angle_error, 1e-12 * passes);
    EXPECT_GT(first_touch, 0.65);
    EXPECT_LE(largest_free_change, 1e-11);
    if (setting.formulation != Formulation::Quasistatic) {
      EXPECT_LE(std::abs(first_effort), 1e-11);
    }
    if (setting.formulation == Formulation::Lcp || setting.formulation == Formulation::Convex ||
        setting.formulation == Formulation::Compliant) {
      const double mean = pushing_sum / pushing_steps;
      EXPECT_GT(mean, 0.3 * friction);
      EXPECT_LT(mean, 0.6 * friction);
    }
  }
}

TEST(DrivenPaddleScene, TheHybridFormulationRefusesItNamingTheField) {
  Model model = load_builtin_scene("driven_paddle");
  model.options.formulation = Formulation::Hybrid;
  Data data = make_data(model);
  const double q0 = data.articulations[0].positions[0];
  step(model, model.options, data);
  ASSERT_EQ(data.solver.status, SolverStatus::Unsupported);
  const std::string message = fallback_message(data.solver.fallbacks);
  EXPECT_NE(message.find("articulation paddle has a prescribed_motion (joint blade)"), std::string::npos) << message;
  EXPECT_EQ(data.articulations[0].positions[0], q0);
}

}  // namespace
}  // namespace contactlab::driven_paddle_scene_test
