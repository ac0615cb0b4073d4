// Anitescu's convex relaxation through the step, against seed 004's and seed 003's
// statements and against the LCP formulation.
#include "formulation/convex_island.h"

#include <cmath>

#include <gtest/gtest.h>

#include "scene_fixture.h"
#include "test_constants.h"

namespace contactlab {
namespace {


Options with_formulation(const Options& options, const char* name) {
  Options result = options;
  double value = 0;
  EXPECT_TRUE(option_value_of_word("formulation", name, value).ok());
  EXPECT_TRUE(set_option(result, "formulation", value).ok());
  return result;
}

// Without friction the convex QP and the LCP are the same KKT system (seed 004: "the
// LCP for the frictionless contact dynamics is precisely the optimality conditions of
// this convex quadratic program"), and v' is unique (M > 0): a tilted, spinning box
// dropped onto the ground follows the same trajectory under both, to solver precision.
// Lemke's answer is certified to 1e-9 of its scale, convex's method of multipliers
// (every island of free bodies, island_size.h) to kConvexNewtonTolerance = 1e-6 of its
// rows' velocities; as the objective is strongly convex in v', a complementarity
// residual eps bounds ||v' - v*||_M by about sqrt(eps), hence the tolerance 1e-3 on
// velocities of ~1 m/s (the largest difference over the 200 steps is 1e-4). Both come
// to rest at the same place.
constexpr double kFrictionlessTolerance = 1e-3;
TEST(ConvexIsland, FrictionlessMatchesTheLcp) {
  Model model = load_builtin_scene("box_rest");
  const int box = body_index(model, "box");
  Options options = model.options;
  ASSERT_TRUE(set_option(options, "friction_coefficient", 0.0).ok());
  Data lcp = make_data(model);
  lcp.position[box].z() += 0.02;
  lcp.orientation[box] = Quat(Eigen::AngleAxisd(0.3, Vec3(1, 2, 0).normalized()));
  lcp.linear_velocity[box] = Vec3(0.5, -0.2, -0.3);
  lcp.angular_velocity[box] = Vec3(0.4, 1.0, -2.0);
  Data convex = lcp;
  const Options convex_options = with_formulation(options, "convex");
  int contact_steps = 0;
  for (int s = 0; s < 200; ++s) {
    step(model, options, lcp);
    step(model, convex_options, convex);
    expect_step_solved(convex);
    contact_steps += !convex.contacts.empty();
    ASSERT_NEAR((convex.linear_velocity[box] - lcp.linear_velocity[box]).norm(), 0, kFrictionlessTolerance)
        << "step " << s;
    ASSERT_NEAR((convex.angular_velocity[box] - lcp.angular_velocity[box]).norm(), 0, kFrictionlessTolerance)
        << "step " << s;
  }
  EXPECT_GT(contact_steps, 100);
  EXPECT_NEAR((convex.position[box] - lcp.position[box]).norm(), 0, 1e-6);
}

// A box resting on a 20 degree slope below the friction threshold (mu = 0.5 >
// tan 20 deg) sticks under both formulations with the same total impulse: the normal
// forces sum to m g cos(theta) and the friction forces to m g sin(theta), up the slope
// (within 1e-6 relative), and the box does not move.
TEST(ConvexIsland, StickingOnASlopeCarriesTheSameForcesAsTheLcp) {
  const Model model = load_builtin_scene("incline");
  const int box = body_index(model, "box");
  const int ground = body_index(model, "ground");
  const Vec3 slope_normal =
      model.geoms[model.bodies[ground].geoms[0]].local_pose.rotation * Vec3::UnitZ();
  const double theta = std::acos(slope_normal.z());
  const double weight = model.bodies[box].mass * kGravity;
  for (const char* name : {"lcp", "convex"}) {
    const Options options = with_formulation(model.options, name);
    Data data = make_data(model);
    const Vec3 start = data.position[box];
    run_for(model, options, data, 1.0, [&](const Data& d) { expect_step_solved(d); });
    double normal = 0;
    Vec3 friction = Vec3::Zero();
    for (const ContactRecord& contact : data.contacts) {
      normal += contact.normal_force;
      friction += contact.friction_force;
    }
    EXPECT_NEAR(normal, weight * std::cos(theta), 1e-6 * weight) << name;
    EXPECT_NEAR(friction.norm(), weight * std::sin(theta), 1e-6 * weight) << name;
    EXPECT_GT(friction.z(), 0) << name;  // up the slope
    EXPECT_LT((data.position[box] - start).norm(), 1e-4) << name;
  }
}

// Seed 003: while sliding, the relaxed constraints phi + h n v' >= h mu |v_t| (for the
// ray opposite the slip) keep the brick floating in a boundary layer of thickness
// phi = h mu |v_t|, which "decreases with smaller simulation time step h". The brick of
// brick_slide slides along a pyramid edge (x), starting in the layer; with no contact
// threshold its lowest face stays at h mu |v_x| (within 5 %), for two time steps.
TEST(ConvexIsland, SlidingBrickFloatsInTheBoundaryLayer) {
  const Model model = load_builtin_scene("brick_slide");
  const int brick = body_index(model, "brick");
  const double half_height = 0.025;
  const double mu = model.friction(0, 0).kinetic_coefficient;
  double thickness_at_speed[2] = {0, 0};
  const double time_steps[2] = {0.0025, 0.00125};
  for (int i = 0; i < 2; ++i) {
    Options options = with_formulation(model.options, "convex");
    ASSERT_TRUE(set_option(options, "time_step", time_steps[i]).ok());
    ASSERT_TRUE(set_option(options, "contact_threshold", 0.0).ok());
    const double h = options.time_step;
    Data data = make_data(model);
    data.position[brick].z() = half_height + h * mu * data.linear_velocity[brick].x();
    int checked = 0;
    run_for(model, options, data, 0.5, [&](const Data& d) {
      expect_step_solved(d);
      const double speed = d.linear_velocity[brick].x();
      if (speed < 0.3) return;
      const double layer = h * mu * speed;
      EXPECT_NEAR(d.position[brick].z() - half_height, layer, 0.05 * layer)
          << "h = " << h << ", t = " << d.time;
      if (std::abs(speed - 1.0) < 0.01 * 1.0)
        thickness_at_speed[i] = d.position[brick].z() - half_height;
      ++checked;
    });
    EXPECT_GT(checked, 100);
  }
  // Halving h halves the layer at the same speed (1 m/s).
  EXPECT_NEAR(thickness_at_speed[0] / thickness_at_speed[1], 2.0, 0.1);
}

// Five boxes stand for 2 s: every step solved, most from the previous step's answer
// without Lemke, the top box still (< 0.1 mm).
TEST(ConvexIsland, BoxStackStands) {
  const Model model = load_builtin_scene("box_stack");
  const Options options = with_formulation(model.options, "convex");
  Data data = make_data(model);
  const std::vector<Vec3> start = data.position;
  int warm = 0;
  int steps = 0;
  run_for(model, options, data, 2.0, [&](const Data& d) {
    expect_step_solved(d);
    warm += d.solver.warm_starts;
    ++steps;
  });
  EXPECT_GT(warm, steps * 9 / 10);
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    EXPECT_LT((data.position[b] - start[b]).norm(), 1e-4) << model.bodies[b].name;
  }
}

// The gripper lifts its cube under the convex formulation too (fingers on joint limits
// at the start, coupled fingers, contacts that come and go): every step is solved and
// the cube ends up 10 cm higher, held.
TEST(ConvexIsland, GripperLiftsTheCube) {
  const Model model = load_builtin_scene("gripper_lift");
  const int cube = body_index(model, "cube");
  const Options options = with_formulation(model.options, "convex");
  Data data = make_data(model);
  const double start = data.position[cube].z();
  run_for(model, options, data, 7.0, [&](const Data& d) { expect_step_solved(d); });
  EXPECT_NEAR(data.position[cube].z() - start, 0.1, 1e-3);
  EXPECT_LT(data.linear_velocity[cube].norm(), 1e-6);
}

// The same scene gives the same trajectory, bit for bit.
TEST(ConvexIsland, BitIdenticalTrajectories) {
  const Model model = load_builtin_scene("box_stack");
  const Options options = with_formulation(model.options, "convex");
  Data first = make_data(model);
  Data second = make_data(model);
  first.linear_velocity[body_index(model, "box5")] = Vec3(0.3, 0, 0);
  second.linear_velocity[body_index(model, "box5")] = Vec3(0.3, 0, 0);
  run_for(model, options, first, 1.0);
  run_for(model, options, second, 1.0);
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    EXPECT_EQ(first.position[b], second.position[b]);
    EXPECT_EQ(first.orientation[b].coeffs(), second.orientation[b].coeffs());
    EXPECT_EQ(first.linear_velocity[b], second.linear_velocity[b]);
  }
}

}  // namespace
}  // namespace contactlab
