// The soft_finger_pinch scene (assets/scenes/soft_finger_pinch.json): two grippers pinch
// a bar between two round fingertips pressed with N = 10 N each, d = 6 cm from its centre
// of mass, so that gravity turns it about the line through the fingertips with m g d.
// Point contacts (mu_t = 0) cannot resist that torque and the bar swings down; soft
// fingers (torsional friction, contact/torsional_friction.h) hold it while
// 2 mu_t N >= m g d. Below that the bar turns, against the moment 2 mu_t N, and stops
// where the work of gravity and friction balance,
//   m g d sin(theta) = 2 mu_t N theta,
// where static friction then holds it (m g d cos(theta) < 2 mu_t N). The grasp analysis
// (grasp_monitor.h) sees the same: with soft fingers the pinch is force closure.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "grasp/grasp_monitor.h"
#include "formulation_params.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

// N [N], each finger's max_effort, and d [m], from the pinch line (the palm's y = 0) to
// the bar's centre of mass, as the scene has them.
constexpr double kSqueeze = 10;
constexpr double kLever = 0.06;

void expect_scene_numbers(const Model& model) {
  for (const Articulation& gripper : model.articulations) {
    for (int finger = 1; finger <= 2; ++finger) {
      EXPECT_EQ(gripper.actuators[finger].gains.max_torque, kSqueeze) << gripper.name;
    }
  }
  for (const char* bar : {"point_bar", "soft_bar"}) {
    EXPECT_NEAR(-model.bodies[body_index(model, bar)].initial_position.y(), kLever, 1e-12) << bar;
  }
}

// The bar's turn about the pinch line (world x), from its orientation.
double turn_of(const Data& data, int bar) {
  const Quat& q = data.orientation[bar];
  return 2 * std::atan2(q.x(), q.w());
}

// theta with sin(theta) / theta = ratio, 0 < ratio < 1, by bisection on (0, pi).
double stopping_angle(double ratio) {
  double low = 1e-9, high = 3.14159265358979;
  for (int i = 0; i < 100; ++i) {
    const double middle = 0.5 * (low + high);
    (std::sin(middle) / middle > ratio ? low : high) = middle;
  }
  return low;
}

class SoftFingerPinch : public ::testing::TestWithParam<FormulationSetting> {};

// The scene's materials: steel fingertips (mu_t = 0) let the bar swing down, past 1 rad
// within 0.4 s; rubber ones (mu_t = 5 mm, 1.7 times the 2.9 mm needed) hold it level.
TEST_P(SoftFingerPinch, SoftFingersHoldWhatPointContactsLetTurn) {
  const Model model = load_builtin_scene("soft_finger_pinch");
  Options options = model.options;
  GetParam().apply(options);
  Data data = make_data(model);
  const int point_bar = body_index(model, "point_bar");
  const int soft_bar = body_index(model, "soft_bar");
  double held = 0;
  run_for(model, options, data, 0.4, [&](const Data& d) {
    expect_step_solved(d);
    held = std::max(held, std::abs(turn_of(d, soft_bar)));
  });
  EXPECT_GT(turn_of(data, point_bar), 1.0);
  EXPECT_LT(held, 1e-6);
  EXPECT_NEAR(data.position[soft_bar].z(), model.bodies[soft_bar].initial_position.z(), 1e-6);
}

INSTANTIATE_TEST_SUITE_P(
    Formulations, SoftFingerPinch,
    ::testing::Values(FormulationSetting{Formulation::Lcp, 0, "lcp"},
                      FormulationSetting{Formulation::Convex, 0, "convex"},
                      FormulationSetting{Formulation::Quasistatic, 0, "quasistatic_qp"},
                      FormulationSetting{Formulation::Quasistatic, 1, "quasistatic_lcp"}),
    setting_test_name);

// Soft contact's regularised friction lets a held grasp creep (soft_island.h): the bar
// held by soft fingers turns by hundredths of a radian in 0.4 s, while the one held by
// point contacts has swung past 1 rad.
TEST(SoftFingerPinch, SoftContactHoldsButCreeps) {
  const Model model = load_builtin_scene("soft_finger_pinch");
  Options options = model.options;
  options.formulation = Formulation::Soft;
  Data data = make_data(model);
  run_for(model, options, data, 0.4, [](const Data& d) { expect_step_solved(d); });
  EXPECT_GT(turn_of(data, body_index(model, "point_bar")), 1.0);
  EXPECT_LT(std::abs(turn_of(data, body_index(model, "soft_bar"))), 0.03);
}

// With mu_t = 2.5 mm for every pair (2 mu_t N = 0.85 m g d) both bars turn and stop at
// sin(theta) / theta = 2 mu_t N / (m g d): theta = 0.973 rad, within 0.5 % at h = 2.5 ms.
TEST(SoftFingerPinch, TooLittleTorsionalFrictionStopsTheTurnWhereWorkBalances) {
  const Model model = load_builtin_scene("soft_finger_pinch");
  expect_scene_numbers(model);
  const Body& bar = model.bodies[body_index(model, "soft_bar")];
  const double torsional_friction = 0.0025;
  const double weight_torque = bar.mass * -model.options.gravity.z() * kLever;  // m g d
  const double theta = stopping_angle(2 * torsional_friction * kSqueeze / weight_torque);
  ASSERT_NEAR(theta, 0.97314, 1e-5);
  for (const Formulation formulation : {Formulation::Lcp, Formulation::Convex}) {
    Options options = model.options;
    options.formulation = formulation;
    options.torsional_friction = torsional_friction;
    Data data = make_data(model);
    run_for(model, options, data, 0.8, [](const Data& d) { expect_step_solved(d); });
    for (const char* name : {"point_bar", "soft_bar"}) {
      SCOPED_TRACE(std::string(formulation_name(formulation)) + " " + name);
      const int body = body_index(model, name);
      EXPECT_NEAR(turn_of(data, body), theta, 0.005 * theta);
      EXPECT_LT(data.angular_velocity[body].norm(), 1e-9);
    }
  }
}

// The live grasp analysis with the soft-finger wrench model: the pinch with point
// contacts is not force closure (nothing resists a torque about the pinch line), with
// soft fingers it is, and each soft contact gives 2 u primitive wrenches instead of u.
TEST(SoftFingerPinch, GraspAnalysisUsesSoftFingers) {
  const Model model = load_builtin_scene("soft_finger_pinch");
  Data data = make_data(model);
  run_for(model, model.options, data, 0.01);
  for (const double torsional_friction : {0.0, 0.005}) {
    Options options = model.options;
    options.torsional_friction = torsional_friction;
    const GraspReport report = evaluate_current_grasp(model, options, data);
    SCOPED_TRACE(torsional_friction);
    ASSERT_EQ(report.object, body_index(model, "point_bar"));
    ASSERT_TRUE(report.quality.status.ok()) << report.quality.status.message();
    EXPECT_EQ(report.contact_count, 2);
    const int per_contact = (torsional_friction > 0 ? 2 : 1) * options.friction_edges;
    EXPECT_EQ(report.quality.wrench_count, 2 * per_contact);
    EXPECT_EQ(report.quality.force_closure, torsional_friction > 0);
    EXPECT_EQ(report.quality.wrench_space_dimension, torsional_friction > 0 ? 6 : 5);
  }
}

}  // namespace
}  // namespace contactlab
