// Joints driven through a prescribed motion (seed 004's bilateral velocity
// constraints: dynamics/articulation/prescribed_elimination.h, step/prescribed_efforts.h):
// the joint's rate is the profile's exactly in every time-stepping formulation, and
// the effort the step reports is the torque (force) the drive needed, against closed
// forms: a pendulum turned at a constant speed or a sinusoidal one, and a pusher on a
// prismatic joint sliding a box over the ground.
#include <cmath>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "base/portable_trig.h"
#include "formulation_params.h"
#include "scene/scene_loader.h"
#include "scene_fixture.h"
#include "step/data.h"
#include "step/step.h"
#include "test_constants.h"

namespace contactlab::prescribed_efforts_test {
namespace {

// The pendulum link: 1 kg, its centre of mass d = 0.25 m from a revolute joint about y
// at (0, 0, 1); positive q turns the link's x axis towards -z, so gravity's torque on
// the joint is tau_g = m g d cos q. Inertia about the joint I = I_yy + m d^2.
constexpr double kLinkMass = 1.0;
constexpr double kLinkCenter = 0.25;  // d [m]
constexpr double kLinkInertiaYY = 0.02;
constexpr double kPivotInertia = kLinkInertiaYY + kLinkMass * kLinkCenter * kLinkCenter;
constexpr double kDrivenStep = 0.0025;

std::string exact(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// The pendulum driven at qdot_ref(t) = velocity + amplitude sin(frequency t), starting
// at q0 = 0.3 rad with that rate; `options` is extra JSON options text.
std::string pendulum(double velocity, double amplitude, double frequency, const std::string& options) {
  return R"({
  "name": "prescribed_pendulum",
  "options": {"time_step": )" + exact(kDrivenStep) + ", " + options + R"(},
  "bodies": [{"name": "ground", "static": true, "geoms": [{"type": "plane"}]}],
  "articulations": [{
    "name": "pendulum",
    "links": [
      {"name": "link",
       "joint": {"type": "revolute", "origin": {"position": [0, 0, 1]}, "axis": [0, 1, 0],
                 "position": 0.3, "velocity": )" + exact(velocity) + R"(},
       "mass": )" + exact(kLinkMass) + R"(,
       "inertia": [[0.001, 0, 0], [0, )" + exact(kLinkInertiaYY) + R"(, 0], [0, 0, 0.02]],
       "center_of_mass": [)" + exact(kLinkCenter) + R"(, 0, 0],
       "geoms": [{"type": "box", "half_extents": [0.25, 0.05, 0.02], "position": [0.25, 0, 0]}]}
    ],
    "prescribed_motion": [{"joint": "link", "velocity": )" + exact(velocity) + R"(, "amplitude": )" +
         exact(amplitude) + R"(, "frequency": )" + exact(frequency) + R"(}]
  }]
})";
}

Model load_text(const std::string& text) {
  Model model;
  const Status status = load_scene(text, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

// The drive's torque over the last pass of a step (compliant contact takes substeps of
// h / n) that ended at q with rate v, the pass having started at rate v_start:
//   lambda / h_p = s I (v - v_start) / h_p - m g d cos(q - h_p v),
// from M~ v' = M v + h_p tau_g(q_start) + lambda on one coordinate. The quasi-static
// model starts every pass at rest (v_start = 0) with the regularised inertia s = eps_q.
double drive_torque(const Model& model, double pass_step, double q, double v, double v_start) {
  const bool quasistatic = model.options.formulation == Formulation::Quasistatic;
  const double scale = quasistatic ? model.options.quasistatic_mass_scale : 1.0;
  const double start = quasistatic ? 0.0 : v_start;
  return scale * kPivotInertia * (v - start) / pass_step -
         kLinkMass * kGravity * kLinkCenter * std::cos(q - pass_step * v);
}

// Seed 004's "joint driven through a prescribed motion" at a uniform 2 rad/s for 1 s,
// through the horizontal and the vertical: q(t) = q0 + w t to 1e-12 (per pass of a
// step) and qdot = w exactly at every step, in every formulation, and the reported effort is the torque
// holding the link against gravity, -m g d cos q (plus eps_q I w / h for the
// quasi-static model's regularised inertia), to 1e-10 N m.
TEST(PrescribedEfforts, APendulumDrivenAtConstantSpeedFollowsQ0PlusWtInEveryFormulation) {
  const double speed = 2.0;
  for (const SceneFormulationOptions& variant : kSceneFormulationOptions) {
    SCOPED_TRACE(variant.name);
    const Model model = load_text(pendulum(speed, 0, 0, variant.options));
    Data data = make_data(model);
    double largest_error = 0, largest_effort_error = 0;
    run_for(model, model.options, data, 1.0, [&](const Data& state) {
      const double q = state.articulations[0].positions[0];
      const double v = state.articulations[0].velocities[0];
      largest_error = std::max(largest_error, std::abs(q - (0.3 + speed * state.time)));
      EXPECT_EQ(v, speed) << "t = " << state.time;
      const double pass_step =
          model.options.time_step / test_workspace().formulation->substep_count(model, model.options);
      const double expected = drive_torque(model, pass_step, q, v, speed);
      largest_effort_error =
          std::max(largest_effort_error, std::abs(state.articulations[0].motor_effort[0] - expected));
    });
    expect_step_solved(data);
    // Rounding only: q moves by h w once per pass (compliant's n passes per step add n
    // times as many roundings, 1.5e-12 rad measured over 1 s).
    const int passes = test_workspace().formulation->substep_count(model, model.options);
    EXPECT_LE(largest_error, 1e-12 * passes);
    EXPECT_LE(largest_effort_error, 1e-10);
  }
}

// A sinusoidal rate qdot_ref(t) = 1 + 0.5 sin(3 t): qdot equals the profile at each
// step's end (to the rounding of the end time), and the effort adds the inertial term I (v^{l+1} - v^l) / h to
// gravity's (the pendulum's C(q, qdot) is zero), to 1e-9 N m.
TEST(PrescribedEfforts, ASinusoidalRateAddsTheInertialTorqueInEveryFormulation) {
  PrescribedMotion profile;
  profile.velocity = 1.0;
  profile.amplitude = 0.5;
  profile.frequency = 3.0;
  for (const SceneFormulationOptions& variant : kSceneFormulationOptions) {
    SCOPED_TRACE(variant.name);
    const Model model = load_text(pendulum(profile.velocity, profile.amplitude, profile.frequency, variant.options));
    Data data = make_data(model);
    double largest_effort_error = 0;
    run_for(model, model.options, data, 1.0, [&](const Data& state) {
      const double v = state.articulations[0].velocities[0];
      // (Compliant contact's passes end at t + h / n summed n times, which may differ
      // from the step's t + h in the last bit.)
      EXPECT_NEAR(v, prescribed_rate(profile, state.time), 1e-14) << "t = " << state.time;
      const double pass_step =
          model.options.time_step / test_workspace().formulation->substep_count(model, model.options);
      const double v_start = prescribed_rate(profile, state.time - pass_step);
      const double expected = drive_torque(model, pass_step, state.articulations[0].positions[0], v, v_start);
      largest_effort_error =
          std::max(largest_effort_error, std::abs(state.articulations[0].motor_effort[0] - expected));
    });
    expect_step_solved(data);
    EXPECT_LE(largest_effort_error, 1e-9);
  }
}

// A pusher (0.5 kg) on a prismatic joint along x, driven at 0.5 m/s, meets a 1 kg box
// resting on the ground (mu = 0.5) at t = 0.3 s and slides it. Gravity has no part
// along the joint, so the drive's force is 0 until the contact and then, with the box
// sliding at the pusher's speed, the kinetic friction it overcomes, mu m g = 4.905 N.
// The pusher's face is frictionless against the box (material "slick"), so that the
// ground carries the box's whole weight.
std::string pusher_scene(const std::string& options) {
  return R"({
  "name": "prescribed_pusher",
  "options": {"time_step": 0.0025, )" + options + R"(},
  "materials": ["slick"],
  "friction": {"default": {"static": 0.5, "kinetic": 0.5},
               "pairs": [{"materials": ["slick", "default"], "static": 0, "kinetic": 0}]},
  "bodies": [
    {"name": "ground", "static": true, "geoms": [{"type": "plane"}]},
    {"name": "box", "mass": 1, "position": [0.3, 0, 0.10005],
     "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1]}]}
  ],
  "articulations": [{
    "name": "pusher",
    "links": [
      {"name": "slide",
       "joint": {"type": "prismatic", "origin": {"position": [0, 0, 0.1]}, "axis": [1, 0, 0],
                 "velocity": 0.5},
       "mass": 0.5, "inertia": [[0.001, 0, 0], [0, 0.001, 0], [0, 0, 0.001]],
       "geoms": [{"type": "box", "half_extents": [0.05, 0.1, 0.05], "material": "slick"}]}
    ],
    "prescribed_motion": [{"joint": "slide", "velocity": 0.5}]
  }]
})";
}

TEST(PrescribedEfforts, ADrivenPusherKeepsItsSpeedAndItsForceRisesByTheBoxFriction) {
  const double speed = 0.5;
  const double friction = 0.5 * 1.0 * kGravity;
  const Model model = load_text(pusher_scene(R"("formulation": "lcp")"));
  Data data = make_data(model);
  const int box = body_index(model, "box");
  double largest_free_effort = 0, largest_pushing_error = 0;
  run_for(model, model.options, data, 1.0, [&](const Data& state) {
    expect_step_solved(state);
    EXPECT_EQ(state.articulations[0].velocities[0], speed) << "t = " << state.time;
    const double effort = state.articulations[0].motor_effort[0];
    if (state.time < 0.29) largest_free_effort = std::max(largest_free_effort, std::abs(effort));
    if (state.time > 0.4) {
      EXPECT_NEAR(state.linear_velocity[box].x(), speed, 1e-9) << "t = " << state.time;
      largest_pushing_error = std::max(largest_pushing_error, std::abs(effort - friction));
    }
  });
  EXPECT_NEAR(data.articulations[0].positions[0], speed * 1.0, 1e-12);
  EXPECT_LE(largest_free_effort, 1e-12);
  EXPECT_LE(largest_pushing_error, 1e-6 * friction);
}

}  // namespace
}  // namespace contactlab::prescribed_efforts_test
