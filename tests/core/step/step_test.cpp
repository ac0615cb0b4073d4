// The step against analytic results, on the built-in scenes.
#include "step/step.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "scene_fixture.h"
#include "test_constants.h"

namespace contactlab {
namespace {


// A resting box: the normal forces carry its weight, sum f_n = m g (within 0.1 %), and
// it does not drift (< 10 um in 2 s).
TEST(Step, RestingBoxCarriesItsWeightWithoutDrift) {
  const Model model = load_builtin_scene("box_rest");
  const int box = body_index(model, "box");
  Data data = make_data(model);
  const Vec3 start = data.position[box];
  double max_drift = 0;
  run_for(model, model.options, data, 2.0, [&](const Data& d) {
    expect_step_solved(d);
    max_drift = std::max(max_drift, (d.position[box] - start).norm());
    double total_normal = 0;
    for (const ContactRecord& c : d.contacts) total_normal += c.normal_force;
    EXPECT_NEAR(total_normal, model.bodies[box].mass * kGravity,
                1e-3 * model.bodies[box].mass * kGravity);
  });
  EXPECT_EQ(data.contacts.size(), 4u);  // seed 002 §3.2: the corners of the face
  EXPECT_LT(max_drift, 10e-6);
}

// A brick sliding along an edge direction of the friction pyramid decelerates at
// mu g: it stops after v0^2 / (2 mu g) (within 1 %) and stays stopped.
TEST(Step, BrickStopsAtTheCoulombStoppingDistance) {
  const Model model = load_builtin_scene("brick_slide");
  const int brick = body_index(model, "brick");
  Data data = make_data(model);
  const double v0 = data.linear_velocity[brick].x();
  const double x0 = data.position[brick].x();
  const double mu = model.friction(0, 0).kinetic_coefficient;
  ASSERT_GT(v0, 0);
  run_for(model, model.options, data, 2.0, [&](const Data& d) { expect_step_solved(d); });
  const double expected = v0 * v0 / (2 * mu * kGravity);
  EXPECT_NEAR(data.position[brick].x() - x0, expected, 0.01 * expected);
  EXPECT_LT(data.linear_velocity[brick].norm(), 1e-9);
  const Vec3 stopped_at = data.position[brick];
  run_for(model, model.options, data, 0.5);
  EXPECT_LT((data.position[brick] - stopped_at).norm(), 1e-9);
}

// Midway between two edges the inscribed pyramid of u edges bounds friction by
// mu N cos(pi/u), not mu N: a brick launched that way slides further, to
// v0^2 / (2 mu g cos(pi/u)). This is the price of the polyhedral cone (seed 002 eq. 4).
TEST(Step, BetweenTwoPyramidEdgesFrictionIsWeakerByCosPiOverU) {
  Model model = load_builtin_scene("brick_slide");
  const int brick = body_index(model, "brick");
  const int u = model.options.friction_edges;
  // The ground's edges lie at multiples of 2 pi / u from the y axis (tangent_basis);
  // launch along the bisector of the edges at 0 and 2 pi/u from +x, brick turned alike.
  const double angle = M_PI / u;
  Data data = make_data(model);
  const double v0 = data.linear_velocity[brick].norm();
  const Vec3 direction(std::cos(angle), std::sin(angle), 0);
  data.linear_velocity[brick] = v0 * direction;
  data.orientation[brick] = Quat(Eigen::AngleAxisd(angle, Vec3::UnitZ()));
  const Vec3 start = data.position[brick];
  const double mu = model.friction(0, 0).kinetic_coefficient;
  run_for(model, model.options, data, 2.0, [&](const Data& d) { expect_step_solved(d); });
  const double along = (data.position[brick] - start).dot(direction);
  const double expected = v0 * v0 / (2 * mu * kGravity * std::cos(M_PI / u));
  EXPECT_NEAR(along, expected, 0.01 * expected);
  EXPECT_GT(along, 1.05 * v0 * v0 / (2 * mu * kGravity));
}

// On a slope of angle theta a box holds when mu > tan(theta): drift < 0.1 mm in 2 s.
TEST(Step, InclineHoldsWhenFrictionExceedsTheSlope) {
  const Model model = load_builtin_scene("incline");
  const int box = body_index(model, "box");
  Data data = make_data(model);
  const Vec3 start = data.position[box];
  run_for(model, model.options, data, 2.0, [&](const Data& d) {
    expect_step_solved(d);
    for (const ContactRecord& c : d.contacts) EXPECT_NE(c.mode, ContactMode::Sliding);
  });
  EXPECT_LT((data.position[box] - start).norm(), 1e-4);
}

// Below the threshold it slides with a = g (sin theta - mu cos theta) (within 1 %).
// The downhill direction is an edge of the pyramid (u divisible by 4 and the slope
// tilted about y put it on tangent_basis' t2), so the bound there is exactly mu N.
TEST(Step, InclineSlidesWithTheCoulombAcceleration) {
  const Model model = load_builtin_scene("incline");
  const int box = body_index(model, "box");
  Options options = model.options;
  ASSERT_TRUE(set_option(options, "friction_coefficient", 0.2).ok());
  Data data = make_data(model);
  const int ground = body_index(model, "ground");
  const Vec3 slope_normal = model.geoms[model.bodies[ground].geoms[0]].local_pose.rotation * Vec3::UnitZ();
  const double theta = std::acos(slope_normal.z());
  const Vec3 downhill = (Vec3(0, 0, -1) - slope_normal * -slope_normal.z()).normalized();
  const Vec3 start = data.position[box];
  const double duration = 1.0;
  run_for(model, options, data, duration, [&](const Data& d) { expect_step_solved(d); });
  const double expected_acceleration = kGravity * (std::sin(theta) - 0.2 * std::cos(theta));
  const double speed = data.linear_velocity[box].dot(downhill);
  EXPECT_NEAR(speed / duration, expected_acceleration, 0.01 * expected_acceleration);
  EXPECT_NEAR((data.position[box] - start).dot(downhill),
              0.5 * expected_acceleration * duration * duration, 0.01 * 0.5 * expected_acceleration);
}

// A dropped ball: energy (kinetic + potential) never grows from one step to the next,
// the ball comes to rest, and it never sinks into the ground by more than the margin.
TEST(Step, DroppedBallComesToRestWithoutGainingEnergy) {
  const Model model = load_builtin_scene("ball_drop");
  const int ball = body_index(model, "ball");
  Data data = make_data(model);
  double energy = mechanical_energy(model, model.options, data);
  const double radius = model.geoms[model.bodies[ball].geoms[0]].shape.radius;
  run_for(model, model.options, data, model.duration, [&](const Data& d) {
    expect_step_solved(d);
    const double next = mechanical_energy(model, model.options, d);
    EXPECT_LE(next, energy + 1e-12) << "t = " << d.time;
    energy = next;
    EXPECT_GT(d.position[ball].z() - radius, -model.options.contact_margin) << "t = " << d.time;
  });
  EXPECT_LT(data.linear_velocity[ball].norm(), 1e-9);
  EXPECT_NEAR(data.position[ball].z() - radius, 0.5 * model.options.contact_threshold, 1e-9);
}

// Five boxes stand for 5 s: the top box moves less than 0.1 mm, every LCP is solved.
TEST(Step, BoxStackStandsForFiveSeconds) {
  const Model model = load_builtin_scene("box_stack");
  Data data = make_data(model);
  const std::vector<Vec3> start = data.position;
  int largest_lcp = 0;
  run_for(model, model.options, data, 5.0, [&](const Data& d) {
    expect_step_solved(d);
    largest_lcp = std::max(largest_lcp, d.solver.lcp_size);
  });
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    if (model.bodies[b].is_static) continue;
    EXPECT_LT((data.position[b] - start[b]).norm(), 1e-4) << model.bodies[b].name;
  }
  // 5 interfaces x 4 corners x (1 + u + 1) unknowns (seed 002 eq. 18).
  EXPECT_EQ(largest_lcp, 5 * 4 * (model.options.friction_edges + 2));
}

// A body touching nothing is an island of its own and takes the Euler step of seed 002
// eq. (15), v' = v + h g, then eq. (12): after n steps z = z0 - g h^2 n (n + 1) / 2.
TEST(Step, FreeIslandTakesTheEulerStep) {
  const Model model = load_builtin_scene("ball_drop");
  const int ball = body_index(model, "ball");
  Data data = make_data(model);
  const double z0 = data.position[ball].z();
  const double h = model.options.time_step;
  const int n = 40;  // 0.1 s: the ball is still far above the ground
  run_for(model, model.options, data, n * h, [&](const Data& d) {
    EXPECT_TRUE(d.contacts.empty());
    EXPECT_EQ(d.solver.islands, 1);
    EXPECT_EQ(d.solver.lcp_size, 0);
  });
  EXPECT_NEAR(data.linear_velocity[ball].z(), -kGravity * h * n, 1e-12);
  EXPECT_NEAR(data.position[ball].z(), z0 - kGravity * h * h * n * (n + 1) / 2, 1e-12);
}

// Seed 002's eq. (12) as written (position_update seed_002) moves a free body by its
// velocity at the start of the step, q^{l+1} = q^l + h v^l, where the lab's step moves
// it by v^{l+1}; the velocity update is the same. After n steps from rest
// z = z0 - g h^2 n (n - 1) / 2, n g h^2 above the lab's; after one step from (v0, 0)
// the two positions differ by exactly h (v^{l+1} - v^l) = h^2 g.
TEST(Step, SeedPositionUpdateMovesByTheStartVelocity) {
  const Model model = load_builtin_scene("ball_drop");
  const int ball = body_index(model, "ball");
  Options seed = model.options;
  ASSERT_TRUE(set_option(seed, "position_update", 1).ok());
  Data start = make_data(model);
  start.linear_velocity[ball] = Vec3(0.3, -0.2, -1.0);
  Data lab = start;
  Data seed_data = start;
  step(model, model.options, lab);
  step(model, seed, seed_data);
  const double h = model.options.time_step;
  EXPECT_EQ(lab.linear_velocity[ball], seed_data.linear_velocity[ball]);
  EXPECT_EQ(seed_data.position[ball], Vec3(start.position[ball] + h * start.linear_velocity[ball]));
  EXPECT_EQ(lab.position[ball], Vec3(start.position[ball] + h * lab.linear_velocity[ball]));
  const Vec3 difference = lab.position[ball] - seed_data.position[ball];
  const Vec3 formula = h * (lab.linear_velocity[ball] - start.linear_velocity[ball]);
  EXPECT_NEAR((difference - formula).norm(), 0.0, 1e-16);
  EXPECT_NEAR(difference.z(), -h * h * kGravity, 1e-16);

  Data fall = make_data(model);
  const double z0 = fall.position[ball].z();
  const int n = 40;
  run_for(model, seed, fall, n * h);
  EXPECT_NEAR(fall.position[ball].z(), z0 - kGravity * h * h * n * (n - 1) / 2, 1e-12);
}

// Why the lab moves positions by v^{l+1}: the contact rows bound v^{l+1}, not v^l, so
// under eq. (12) as written a ball landing at v = sqrt(2 g 0.9) = 4.2 m/s moves into the
// floor by up to h v = 1.05 cm in its landing step (less the gap it had left), and
// only the error correction lifts it back; the lab's step stops it on the surface.
TEST(Step, SeedPositionUpdateSinksTheLandingBallByHV) {
  const Model model = load_builtin_scene("ball_drop");
  const int ball = body_index(model, "ball");
  Options seed = model.options;
  ASSERT_TRUE(set_option(seed, "position_update", 1).ok());
  const double h = model.options.time_step;
  const double landing_travel = h * std::sqrt(2 * kGravity * 0.9);
  double lowest_seed = 1;
  double lowest_lab = 1;
  Data seed_data = make_data(model);
  Data lab_data = make_data(model);
  run_for(model, seed, seed_data, 0.6, [&](const Data& d) { lowest_seed = std::min(lowest_seed, d.position[ball].z()); });
  run_for(model, model.options, lab_data, 0.6,
          [&](const Data& d) { lowest_lab = std::min(lowest_lab, d.position[ball].z()); });
  EXPECT_GT(lowest_lab, 0.1);
  EXPECT_LT(lowest_seed, 0.1 - 0.5 * landing_travel);
  EXPECT_GT(lowest_seed, 0.1 - landing_travel - 1e-3);
}

// Seed 002's step 7 as written takes the PD law at (q^l, qd^l) into k: the effort a
// joint records is Kp (q_ref - q^l) + Kd (qd_ref - qd^l), the set point sampled at the
// step's end; the lab's implicit law records a different effort for the same step.
TEST(Step, SeedPositionUpdateTakesPdForcesExplicitly) {
  const Model model = load_builtin_scene("pang_gripper");
  Options seed = model.options;
  ASSERT_TRUE(set_option(seed, "formulation", 0).ok());
  Options lab = seed;
  ASSERT_TRUE(set_option(seed, "position_update", 1).ok());
  const Articulation& gripper = model.articulations[0];
  Data seed_data = make_data(model);
  Data lab_data = seed_data;
  for (int s = 0; s < 20; ++s) {
    const Data before = seed_data;
    step(model, seed, seed_data);
    step(model, lab, lab_data);
    for (int link = 0; link < gripper.tree.link_count(); ++link) {
      const PdGains& gains = gripper.actuators[link].gains;
      const int i = gripper.tree.velocity_offset(link);
      const double q = before.articulations[0].positions[gripper.tree.position_offset(link)];
      const double v = before.articulations[0].velocities[i];
      const ArticulationState& after = seed_data.articulations[0];
      const double expected = gains.stiffness * (after.target_position[link] - q) +
                              gains.damping * (after.target_velocity[link] - v);
      EXPECT_NEAR(after.motor_effort[link], expected, 1e-9 * (1 + std::abs(expected))) << s << " " << link;
      // Positions moved by v^l.
      EXPECT_EQ(after.positions[gripper.tree.position_offset(link)], q + seed.time_step * v);
    }
  }
  double largest_gap = 0;
  for (int link = 0; link < gripper.tree.link_count(); ++link) {
    largest_gap = std::max(largest_gap, std::abs(seed_data.articulations[0].motor_effort[link] -
                                                 lab_data.articulations[0].motor_effort[link]));
  }
  EXPECT_GT(largest_gap, 1e-3);
}

// Determinism: the same scene and options give the same trajectory, bit for bit.
TEST(Step, SameSceneGivesBitIdenticalTrajectories) {
  const Model model = load_builtin_scene("stick_slip");
  Data first = make_data(model);
  Data second = make_data(model);
  run_for(model, model.options, first, 2.0);
  run_for(model, model.options, second, 2.0);
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    EXPECT_EQ(first.position[b], second.position[b]);
    EXPECT_EQ(first.orientation[b].coeffs(), second.orientation[b].coeffs());
    EXPECT_EQ(first.linear_velocity[b], second.linear_velocity[b]);
    EXPECT_EQ(first.angular_velocity[b], second.angular_velocity[b]);
  }
}

}  // namespace
}  // namespace contactlab
