// Joint Coulomb friction in the hybrid formulation (seed 002 eq. (14)'s c sgn(q_dot)
// as a stick/slip mode of the joint: hybrid_smooth_dynamics.h, its guards in
// hybrid_guards.h, its modes in hybrid_transitions.h), against closed forms on one
// revolute joint: a pendulum of mass m whose centre of mass hangs d below the joint
// (q = 0 hanging, gravity's torque -m g d sin q), joint friction c = F.
//   - |m g d sin q0| < F: it stays put, held by a torque m g d sin q0 < F;
//   - |m g d sin q0| > F: it slides from rest at a = (F - m g d sin q0) / I and stops
//     where the work of friction takes the energy it gained, then sticks;
//   - without gravity, spinning at w0: it slows at F / I and stops at t = I w0 / F.
#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "formulation/hybrid_advance.h"
#include "scene_fixture.h"

namespace contactlab::hybrid_joint_friction_test {

constexpr double kMass = 2.0;         // m [kg]
constexpr double kDrop = 0.5;         // d [m]
constexpr double kLinkInertia = 1e-6;  // about the centre of mass [kg m^2]
constexpr double kInertia = kMass * kDrop * kDrop + kLinkInertia;  // I about the joint
constexpr double kGravity = 9.81;

std::string exact(double value) {
  std::ostringstream text;
  text << std::setprecision(17) << value;
  return text.str();
}

Model pendulum_with_friction(double q0, double rate, double coulomb) {
  const std::string text = R"({"name": "pendulum_with_friction",
    "bodies": [{"name": "floor", "static": true, "position": [0, 0, -10], "geoms": [{"type": "plane"}]}],
    "articulations": [{"name": "arm", "links": [
      {"name": "bob", "joint": {"type": "revolute", "axis": [0, -1, 0], "position": )" +
                           exact(q0) + R"(, "velocity": )" + exact(rate) + R"(, "friction": {"coulomb": )" +
                           exact(coulomb) + R"(}},
       "mass": 2.0, "inertia": [[1e-06, 0, 0], [0, 1e-06, 0], [0, 0, 1e-06]], "center_of_mass": [0, 0, -0.5],
       "geoms": [{"type": "sphere", "radius": 0.01, "position": [0, 0, -0.5]}]}]}]})";
  Model model;
  const Status status = load_scene(text, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

Options hybrid_options(const Model& model, double gravity, double time_step) {
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  options.gravity = Vec3(0, 0, -gravity);
  options.time_step = time_step;
  return options;
}

// One reported step of the formulation on `data`'s state.
HybridStepResult advance(const Model& model, const Options& options, Data& data) {
  HybridStepResult result = advance_hybrid(model, options, data.time, data.position, data.orientation,
                                           data.linear_velocity, data.angular_velocity, data.articulations);
  data.time += options.time_step;
  return result;
}

double angle(const Data& data) { return data.articulations[0].positions[0]; }
double rate(const Data& data) { return data.articulations[0].velocities[0]; }

// q0 = 0.3 rad, F = 3 N m > m g d sin q0 = 2.899 N m: over 1 s it does not move (1e-12),
// no event, the joint sticking with the torque m g d sin q0 that holds it (1e-9).
TEST(HybridJointFriction, PendulumBelowTheFrictionStaysPut) {
  const double q0 = 0.3, coulomb = 3.0;
  ASSERT_LT(kMass * kGravity * kDrop * std::sin(q0), coulomb);
  const Model model = pendulum_with_friction(q0, 0, coulomb);
  const Options options = hybrid_options(model, kGravity, 0.01);
  Data data = make_data(model);
  for (int k = 0; k < 100; ++k) {
    const HybridStepResult result = advance(model, options, data);
    ASSERT_EQ(result.outcome, HybridOutcome::Completed) << result.detail;
    ASSERT_TRUE(result.events.empty());
    ASSERT_EQ(result.joint_frictions.size(), 1u);
    ASSERT_TRUE(result.joint_frictions[0].sticking);
    ASSERT_NEAR(result.joint_frictions[0].torque, kMass * kGravity * kDrop * std::sin(q0), 1e-9);
    ASSERT_NEAR(angle(data), q0, 1e-12);
    ASSERT_NEAR(rate(data), 0, 1e-12);
  }
}

// The same through the step: the joint's mode and torque reach the step's
// data.joint_frictions, as the time-stepping formulations' joint friction rows do.
TEST(HybridJointFriction, TheStepReportsTheJointsFriction) {
  const double q0 = 0.3, coulomb = 3.0;
  const Model model = pendulum_with_friction(q0, 0, coulomb);
  const Options options = hybrid_options(model, kGravity, 0.01);
  Data data = make_data(model);
  step(model, options, data);
  expect_step_solved(data);
  ASSERT_EQ(data.joint_frictions.size(), 1u);
  EXPECT_EQ(data.joint_frictions[0].articulation, 0);
  EXPECT_EQ(data.joint_frictions[0].link, 0);
  EXPECT_TRUE(data.joint_frictions[0].sticking);
  EXPECT_NEAR(data.joint_frictions[0].torque, kMass * kGravity * kDrop * std::sin(q0), 1e-9);
}

// q0 = 0.3 rad, F = 2 N m < m g d sin q0: it slides toward the bottom at once, with
// a = (F - m g d sin q0) / I, so after h = 1 ms its rate is a h (1 - k cos q0 h^2 / (6 I)),
// k = m g d (the Taylor series of q'' = (F - k sin q) / I from rest), to 1e-12. While
// it slides its energy is E0 - F (q0 - q) (1e-9 J). It stops at q1 where
// k (cos q1 - cos q0) = F (q0 - q1), the slip -> stick event, and since k sin q1 < F
// stays there held by k sin q1 (1e-9).
TEST(HybridJointFriction, PendulumAboveTheFrictionSlidesAndStopsWhereTheWorkSays) {
  const double q0 = 0.3, coulomb = 2.0, k = kMass * kGravity * kDrop;
  ASSERT_GT(k * std::sin(q0), coulomb);
  const Model model = pendulum_with_friction(q0, 0, coulomb);
  Options options = hybrid_options(model, kGravity, 1e-3);
  Data data = make_data(model);
  const double energy = mechanical_energy(model, options, data);
  HybridStepResult result = advance(model, options, data);
  ASSERT_EQ(result.outcome, HybridOutcome::Completed) << result.detail;
  const double acceleration = (coulomb - k * std::sin(q0)) / kInertia;
  const double h = options.time_step;
  EXPECT_NEAR(rate(data), acceleration * h * (1 - k * std::cos(q0) * h * h / (6 * kInertia)), 1e-12);
  ASSERT_EQ(result.joint_frictions.size(), 1u);
  EXPECT_FALSE(result.joint_frictions[0].sticking);
  EXPECT_DOUBLE_EQ(result.joint_frictions[0].torque, coulomb);  // against q_dot < 0

  // The stop: Newton's iteration on g(q) = k (cos q - cos q0) - F (q0 - q) from q = 0.
  double stop = 0;
  for (int i = 0; i < 50; ++i) {
    stop -= (k * (std::cos(stop) - std::cos(q0)) - coulomb * (q0 - stop)) / (-k * std::sin(stop) + coulomb);
  }
  ASSERT_LT(k * std::sin(stop), coulomb);
  options.time_step = 0.01;
  int stops = 0;
  for (int step = 0; step < 100; ++step) {
    result = advance(model, options, data);
    ASSERT_EQ(result.outcome, HybridOutcome::Completed) << result.detail;
    for (const HybridEvent& event : result.events) {
      ASSERT_EQ(event.kind, HybridEventKind::SlipToStick);
      ++stops;
    }
    if (stops == 0) {
      ASSERT_NEAR(mechanical_energy(model, options, data), energy - coulomb * (q0 - angle(data)), 1e-9);
    } else {
      ASSERT_TRUE(result.joint_frictions[0].sticking);
      ASSERT_NEAR(angle(data), stop, 1e-9);
      ASSERT_NEAR(rate(data), 0, 1e-12);
      ASSERT_NEAR(result.joint_frictions[0].torque, k * std::sin(stop), 1e-9);
    }
  }
  EXPECT_EQ(stops, 1);
}

// Without gravity, spinning at w0 = 3 rad/s with F = 0.5 N m: q_dot = w0 - F t / I at
// every reported step until the stop (1e-9), the slip -> stick event at t = I w0 / F
// (1e-9 s) with q = I w0^2 / (2 F) (1e-9), then at rest there, held by no torque.
TEST(HybridJointFriction, SpinningJointStopsAtIw0OverF) {
  const double w0 = 3.0, coulomb = 0.5;
  const Model model = pendulum_with_friction(0, w0, coulomb);
  const Options options = hybrid_options(model, 0, 0.01);
  Data data = make_data(model);
  const double stop_time = kInertia * w0 / coulomb;
  const double stop_angle = kInertia * w0 * w0 / (2 * coulomb);
  std::vector<HybridEvent> events;
  for (int k = 0; k < 320; ++k) {
    const HybridStepResult result = advance(model, options, data);
    ASSERT_EQ(result.outcome, HybridOutcome::Completed) << result.detail;
    events.insert(events.end(), result.events.begin(), result.events.end());
    if (data.time < stop_time) {
      ASSERT_NEAR(rate(data), w0 - coulomb * data.time / kInertia, 1e-9) << "t = " << data.time;
      ASSERT_EQ(result.joint_frictions[0].torque, -coulomb);
    } else {
      ASSERT_NEAR(rate(data), 0, 1e-12) << "t = " << data.time;
      ASSERT_NEAR(angle(data), stop_angle, 1e-9);
      ASSERT_TRUE(result.joint_frictions[0].sticking);
      ASSERT_NEAR(result.joint_frictions[0].torque, 0, 1e-12);
    }
  }
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, HybridEventKind::SlipToStick);
  EXPECT_EQ(events[0].body_b, body_index(model, "bob"));
  EXPECT_NEAR(events[0].time, stop_time, 1e-9);
}

}  // namespace contactlab::hybrid_joint_friction_test
