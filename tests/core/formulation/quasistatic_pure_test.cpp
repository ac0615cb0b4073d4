// Seed 003's pure quasi-static step (formulation/quasistatic_pure.h): force balance
// with no mass matrix, and infeasible balance reported as a status. The scene is
// infeasible_cube: a 1 kg cube on a 30 degree slope, which friction holds in balance
// only when mu >= tan 30 = 0.577 (the seed's mu = 0.8), not at the seed's mu = 0.1.
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "scene_fixture.h"
#include "step/quasistatic_balance.h"
#include "test_constants.h"

namespace contactlab {
namespace {

const double kSin = 0.5;                // sin 30 deg
const double kCos = std::sqrt(3.0) / 2;  // cos 30 deg

// The ground's total force on the cube: its normal part and its friction's magnitude [N].
struct SlopeForces {
  double normal = 0;
  Vec3 friction = Vec3::Zero();
};

SlopeForces slope_forces(const Model& model, const Data& data) {
  const int cube = body_index(model, "cube");
  SlopeForces forces;
  for (const ContactRecord& contact : data.contacts) {
    const double on_cube = contact.body_b == cube ? 1.0 : -1.0;
    forces.normal += contact.normal_force;
    forces.friction += on_cube * contact.friction_force;
  }
  return forces;
}

// mu = 0.1 (the scene's, the seed's first value): sliding down the slope while lifting
// off by mu |v_t| h is a ray of the rows along which gravity does positive work, so no
// contact forces balance the cube. Every step reports the balance infeasible, holds the
// cube where it was (every number finite) and says why.
TEST(QuasistaticPure, CubeOnTheSlopeAtMuPointOneIsInfeasibleEveryStep) {
  const Model model = load_builtin_scene("infeasible_cube");
  const Options options = model.options;
  ASSERT_EQ(options.quasistatic_model, 1);
  Data data = make_data(model);
  const int cube = body_index(model, "cube");
  const Vec3 start = data.position[cube];
  int steps = 0;
  run_for(model, options, data, 0.05, [&](const Data& after) {
    ++steps;
    ASSERT_EQ(after.solver.status, SolverStatus::Infeasible) << after.time;
    ASSERT_EQ(after.solver.fallbacks.size(), 1u);
    EXPECT_EQ(after.solver.fallbacks[0].reason, FallbackReason::QuasistaticInfeasible);
    EXPECT_EQ(after.solver.fallbacks[0].lemke, LcpStatus::RayTermination);
    EXPECT_NE(fallback_message(after.solver.fallbacks).find("no contact forces within the friction cones"),
              std::string::npos);
    EXPECT_EQ(after.position[cube], start);
    EXPECT_TRUE(after.linear_velocity[cube].allFinite());
    EXPECT_EQ(after.linear_velocity[cube], Vec3::Zero());
  });
  EXPECT_EQ(steps, 50);
}

// mu = 0.8, the seed's second value (> tan 30): the cube sticks where it is, the
// slope carries m g cos 30 = 8.50 N of normal force and m g sin 30 = 4.905 N of
// friction up the slope, and every step is in force balance with no inertia at all
// (eps_q = 0 in the residual of step/quasistatic_balance.h).
TEST(QuasistaticPure, CubeOnTheSlopeAtMuPointEightSticksInBalance) {
  const Model model = load_builtin_scene("infeasible_cube");
  Options options = model.options;
  ASSERT_TRUE(set_option(options, "friction_coefficient", 0.8).ok());
  Data data = make_data(model);
  const int cube = body_index(model, "cube");
  const Vec3 start = data.position[cube];
  const Vec3 up_slope(-kCos, 0, kSin);
  double worst_balance = 0;
  for (int s = 0; s < 50; ++s) {
    const Data before = data;
    step(model, options, data);
    expect_step_solved(data);
    worst_balance = std::max(worst_balance, quasistatic_balance(model, options, before, data).largest);
    const SlopeForces forces = slope_forces(model, data);
    EXPECT_NEAR(forces.normal, kGravity * kCos, 1e-6) << data.time;
    EXPECT_NEAR(forces.friction.dot(up_slope), kGravity * kSin, 1e-6) << data.time;
    EXPECT_NEAR(forces.friction.norm(), kGravity * kSin, 1e-6) << data.time;
  }
  EXPECT_LT(worst_balance, 1e-6);
  EXPECT_LT((data.position[cube] - start).norm(), 1e-9);
}

// The regulariser hides the infeasibility: with eps_q = 0.01 the same cube at mu = 0.1
// is solved every step and slides down the slope at the constant speed
// h (m g sin 30 - mu m g cos 30) / (eps_q m), every step starting from rest, once it
// rides its boundary layer (from the second step; the first, from phi = 0, is 1 % slower).
TEST(QuasistaticPure, RegularisedCubeSlidesDownTheSlope) {
  const Model model = load_builtin_scene("infeasible_cube");
  Options options = model.options;
  ASSERT_TRUE(set_option(options, "quasistatic_model", 0).ok());
  Data data = make_data(model);
  const int cube = body_index(model, "cube");
  const double h = options.time_step;
  const double speed = h * kGravity * (kSin - 0.1 * kCos) / options.quasistatic_mass_scale;
  const Vec3 down_slope(kCos, 0, -kSin);
  int steps = 0;
  run_for(model, options, data, 0.1, [&](const Data& after) {
    expect_step_solved(after);
    if (++steps == 1) return;
    EXPECT_NEAR(after.linear_velocity[cube].dot(down_slope), speed, 1e-3 * speed) << after.time;
  });
}

// Pure balance is posed with Anitescu's rows only, and needs every joint held by an
// impedance; both refusals name the options or the joint.
TEST(QuasistaticPure, RefusesWhatItDoesNotPose) {
  Options options;
  ASSERT_TRUE(set_option(options, "quasistatic_problem", 1).ok());
  const Status refused = set_option(options, "quasistatic_model", 1);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("quasistatic_model: quasistatic_model pure is posed with quasistatic_problem qp only"),
            std::string::npos)
      << refused.message();
  EXPECT_EQ(options.quasistatic_model, 0);

  const Model model = load_builtin_scene("double_pendulum");
  Options pendulum = model.options;
  ASSERT_TRUE(set_option(pendulum, "formulation", 3).ok());
  ASSERT_TRUE(set_option(pendulum, "quasistatic_model", 1).ok());
  Data data = make_data(model);
  step(model, pendulum, data);
  ASSERT_FALSE(data.solver.fallbacks.empty());
  EXPECT_EQ(data.solver.fallbacks[0].reason, FallbackReason::ArticulationHeldStill);
  EXPECT_NE(fallback_message(data.solver.fallbacks).find("quasistatic_model pure needs every joint held by an impedance"),
            std::string::npos);
}

}  // namespace
}  // namespace contactlab
