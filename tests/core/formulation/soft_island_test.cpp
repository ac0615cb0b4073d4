// Todorov's regularised formulation through the step, against what its regulariser R
// and reference velocity v* predict (soft_island.h), and its implicit damping.
#include "formulation/soft_island.h"

#include <cmath>

#include <gtest/gtest.h>

#include "articulation_builder.h"
#include "dynamics/articulation/articulation_motion.h"
#include "formulation/formulation.h"
#include "scene_fixture.h"
#include "test_constants.h"

namespace contactlab {
namespace {


Options soft_options(const Options& options, int cone) {
  Options result = options;
  EXPECT_TRUE(set_option(result, "formulation", static_cast<double>(Formulation::Soft)).ok());
  EXPECT_TRUE(set_option(result, "soft_cone", cone).ok());
  return result;
}

// A cube of side 2a at rest on its four bottom corners. At rest (v = v^l = 0) an
// active row holds J v' + R p = v*, i.e. R p = -h (1 + eps) / kappa^2 phi.
//   elliptic: R_nn = eps A_nn with A_nn = 1/m + |r x n|^2 / I = 1/m + 2 a^2 / (m (2a)^2 / 6)
//             = 4/m per corner, and p_n = m g h / 4, so phi = -eps g kappa^2 / (1 + eps);
//   pyramid:  every ray carries beta_j = -h (1 + eps) phi / (kappa^2 r_j), with
//             r_j = eps (A_nn + mu^2 (cos_j^2 A_t1t1 + sin_j^2 A_t2t2)) = eps (4/m)(1 + mu^2)
//             (A_tt = 1/m + 3/m as well), and sum_j beta_j = m g h / 4, so
//             phi = -eps g kappa^2 (1 + mu^2) / (u (1 + eps)).
// After 3 s (150 kappa) the penetration is there to 0.1 %.
TEST(SoftIsland, RestingPenetrationIsTheRegularisersPrediction) {
  const Model model = load_builtin_scene("box_rest");
  const int box = body_index(model, "box");
  const double half = 0.1;
  const double mu = model.friction(0, 0).static_coefficient;
  for (int cone : {0, 1}) {
    const Options options = soft_options(model.options, cone);
    const double eps = options.soft_regularisation;
    const double kappa = options.soft_time_constant;
    const double elliptic = -eps * kGravity * kappa * kappa / (1 + eps);
    const double expected =
        cone == 1 ? elliptic : elliptic * (1 + mu * mu) / options.friction_edges;
    Data data = make_data(model);
    run_for(model, options, data, 3.0, [&](const Data& d) { expect_step_solved(d); });
    const double phi = data.position[box].z() - half;
    EXPECT_NEAR(phi, expected, 1e-3 * std::abs(expected)) << "cone " << cone;
    EXPECT_LT(data.linear_velocity[box].norm(), 1e-9) << "cone " << cone;
  }
}

// On a slope below the friction threshold the soft contact creeps (seed 004: the
// regularisation trades slip for force). With the elliptic cone, in steady creep at
// speed s every corner's tangential row holds s + R_t p_t = v*_t = (1 - 2 h (1 + eps) /
// kappa) s, so p_t,c = -2 h (1 + eps) s / (kappa R_t,c), and these impulses carry the
// slope's pull m g h sin(theta):  s = kappa m g sin(theta) / (2 (1 + eps) sum_c 1/R_t,c),
// with R_t,c = eps A_t,c along the downhill direction, read from the step's rows
// (within 1 %).
TEST(SoftIsland, CreepOnASlopeIsTheRegularisersPrediction) {
  const Model model = load_builtin_scene("incline");
  const int box = body_index(model, "box");
  const int ground = body_index(model, "ground");
  const Vec3 slope_normal =
      model.geoms[model.bodies[ground].geoms[0]].local_pose.rotation * Vec3::UnitZ();
  const double theta = std::acos(slope_normal.z());
  const Vec3 downhill = (Vec3(0, 0, -1) - slope_normal * -slope_normal.z()).normalized();
  const Options options = soft_options(model.options, 1);
  const double eps = options.soft_regularisation;
  const double kappa = options.soft_time_constant;
  Data data = make_data(model);
  run_for(model, options, data, 2.0, [&](const Data& d) { expect_step_solved(d); });
  const IslandRows& rows = test_workspace().rows;
  ASSERT_EQ(rows.contact_count, 4);
  double compliance_sum = 0;  // sum_c 1 / R_t,c
  for (int c = 0; c < rows.contact_count; ++c) {
    const Vec3 along = rows.frame[c].transpose() * downhill;  // (0, d_t1, d_t2)
    const Mat3& w = rows.self_block(c);
    const double r_t = eps * (along.y() * along.y() * w(1, 1) + along.z() * along.z() * w(2, 2));
    compliance_sum += 1 / r_t;
  }
  const double expected = kappa * model.bodies[box].mass * kGravity * std::sin(theta) /
                          (2 * (1 + eps) * compliance_sum);
  const double speed = data.linear_velocity[box].dot(downhill);
  EXPECT_NEAR(speed, expected, 0.01 * expected);
  EXPECT_GT(expected, 1e-3);  // a creep worth measuring: ~1.2 mm/s
}

// Sliding along an edge of the pyramid the two cones give the same answer: a single
// ray carries each contact's impulse, and the pyramid's regulariser along it is the
// elliptic R seen along that ray (soft_island.h). The brick of brick_slide slides
// along x, an edge direction; both cones leave it with the same velocity after 0.4 s
// of sliding, to the solvers' precision (each answer certified to 1e-9 of its scale:
// 1e-7 m/s here, against a difference of 1e-2 m/s off the edge, below).
TEST(SoftIsland, ConesAgreeAlongAnEdge) {
  const Model model = load_builtin_scene("brick_slide");
  const int brick = body_index(model, "brick");
  Data pyramid = make_data(model);
  Data elliptic = make_data(model);
  run_for(model, soft_options(model.options, 0), pyramid, 0.4,
          [&](const Data& d) { expect_step_solved(d); });
  run_for(model, soft_options(model.options, 1), elliptic, 0.4,
          [&](const Data& d) { expect_step_solved(d); });
  EXPECT_GT(pyramid.linear_velocity[brick].x(), 0.5);  // still sliding
  EXPECT_NEAR((pyramid.linear_velocity[brick] - elliptic.linear_velocity[brick]).norm(), 0, 1e-7);
  EXPECT_NEAR((pyramid.position[brick] - elliptic.position[brick]).norm(), 0, 1e-7);
}

// Soft contact has a boundary layer too, set by kappa rather than h. Sliding at speed
// s along a ray e = n + mu d (d = -x), the active ray holds e^T (J v' + R p) = e^T v*.
// In steady sliding (v_n' = v_n^l, v_t' = v_t^l = s) with c = 2 h (1 + eps) / kappa:
//   -mu s + e^T R p = -mu (1 - c) s - h (1 + eps) phi / kappa^2,
//   phi = 2 kappa mu s - kappa^2 e^T R p / (h (1 + eps)),
// a layer of 2 kappa mu s, less the regulariser's compression and terms of the order
// of kappa^2 mu times the brick's deceleration (about 5e-5 m together here). The brick
// of brick_slide starts in the layer at kappa = 5 ms and h = 2.5 ms; from 0.1 s on,
// while it slides faster than 0.3 m/s, its height over speed has the slope 2 kappa mu
// within 1 % (4 times convex's h mu, ConvexIsland.SlidingBrickFloatsInTheBoundaryLayer),
// and what is left is under 1e-4 m. (The layer does not depend on h, but the brick
// takes longer to settle into it at a smaller h: about 0.3 s at 1.25 ms.)
TEST(SoftIsland, SlidingBrickRidesALayerOfTwoKappaMuS) {
  const Model model = load_builtin_scene("brick_slide");
  const int brick = body_index(model, "brick");
  const double half_height = 0.025;
  const double mu = model.friction(0, 0).kinetic_coefficient;
  const double kappa = 0.005;
  Options options = soft_options(model.options, 0);
  ASSERT_TRUE(set_option(options, "soft_time_constant", kappa).ok());
  ASSERT_TRUE(set_option(options, "time_step", 0.0025).ok());
  Data data = make_data(model);
  data.position[brick].z() = half_height + 2 * kappa * mu * data.linear_velocity[brick].x();
  // Least squares of height = slope s + offset.
  double n = 0, sum_s = 0, sum_z = 0, sum_ss = 0, sum_sz = 0;
  run_for(model, options, data, 0.7, [&](const Data& d) {
    expect_step_solved(d);
    const double speed = d.linear_velocity[brick].x();
    if (d.time < 0.1 || speed < 0.3) return;
    const double height = d.position[brick].z() - half_height;
    n += 1;
    sum_s += speed;
    sum_z += height;
    sum_ss += speed * speed;
    sum_sz += speed * height;
  });
  ASSERT_GT(n, 60);
  const double slope = (n * sum_sz - sum_s * sum_z) / (n * sum_ss - sum_s * sum_s);
  const double offset = (sum_z - slope * sum_s) / n;
  EXPECT_NEAR(slope, 2 * kappa * mu, 0.01 * 2 * kappa * mu);
  EXPECT_LT(std::abs(offset), 1e-4);
}

// ... and off an edge they differ: launched midway between two edges, the pyramid's
// friction is bounded by mu N cos(pi/u) and the brick slides further.
TEST(SoftIsland, ConesDifferBetweenEdges) {
  const Model model = load_builtin_scene("brick_slide");
  const int brick = body_index(model, "brick");
  const double angle = M_PI / model.options.friction_edges;
  Data pyramid = make_data(model);
  const double v0 = pyramid.linear_velocity[brick].norm();
  pyramid.linear_velocity[brick] = v0 * Vec3(std::cos(angle), std::sin(angle), 0);
  pyramid.orientation[brick] = Quat(Eigen::AngleAxisd(angle, Vec3::UnitZ()));
  Data elliptic = pyramid;
  run_for(model, soft_options(model.options, 0), pyramid, 0.4);
  run_for(model, soft_options(model.options, 1), elliptic, 0.4);
  EXPECT_GT(pyramid.linear_velocity[brick].norm(), elliptic.linear_velocity[brick].norm() + 0.01);
}

// Implicit damping on a free body in zero gravity: (M + h b I)(v' - v) = -h b v gives
// v' = M (M + h b I)^-1 v, coordinate by coordinate for a sphere (isotropic inertia,
// no gyroscopic torque): after n steps v0 (m / (m + h b))^n and w0 (I / (I + h b))^n.
TEST(SoftIsland, ImplicitDampingDecaysAFreeBody) {
  Model model = load_builtin_scene("ball_drop");
  const int ball = body_index(model, "ball");
  Options options = soft_options(model.options, 0);
  ASSERT_TRUE(set_option(options, "gravity_z", 0.0).ok());
  ASSERT_TRUE(set_option(options, "soft_damping", 10.0).ok());
  Data data = make_data(model);
  const Vec3 v0(0.3, -0.2, 0.1);
  const Vec3 w0(1.0, 2.0, -0.5);
  data.linear_velocity[ball] = v0;
  data.angular_velocity[ball] = w0;
  const double h = options.time_step;
  const double b = options.soft_damping;
  const double m = model.bodies[ball].mass;
  const double inertia = model.bodies[ball].inertia(0, 0);
  const int n = 40;
  run_for(model, options, data, n * h);
  const double linear = std::pow(m / (m + h * b), n);
  const double angular = std::pow(inertia / (inertia + h * b), n);
  EXPECT_NEAR((data.linear_velocity[ball] - linear * v0).norm(), 0, 1e-12);
  EXPECT_NEAR((data.angular_velocity[ball] - angular * w0).norm(), 0, 1e-12);
  EXPECT_LT(linear, 0.5);  // the damping did something
}

// The damped inverse mass is (M + h b I)^-1: times M + h b I it gives the identity,
// for a body of general inertia in a general orientation.
TEST(SoftIsland, DampedInverseMassInvertsMPlusHB) {
  Body body;
  body.mass = 1.7;
  body.inertia << 0.3, 0.02, -0.01, 0.02, 0.5, 0.04, -0.01, 0.04, 0.2;
  const Quat orientation(Eigen::AngleAxisd(0.7, Vec3(1, -2, 0.5).normalized()));
  Options options;
  options.soft_damping = 30;
  InverseMass inverse;
  Vec6 free_velocity;
  soft_damped_free_body(body, options, orientation, Vec6::Zero(), Vec6::Zero(), inverse,
                        free_velocity);
  const double added = options.time_step * options.soft_damping;
  const Mat3 rotation = orientation.toRotationMatrix();
  const Mat3 damped = rotation * body.inertia * rotation.transpose() + added * Mat3::Identity();
  EXPECT_NEAR((inverse.inverse_inertia * damped - Mat3::Identity()).norm(), 0, 1e-13);
  EXPECT_NEAR(inverse.inverse_mass * (body.mass + added), 1, 1e-15);
  EXPECT_EQ(free_velocity, Vec6::Zero());
}

// An articulation takes the same damping on its joint coordinates (articulation_motion):
// a free slider of mass m with velocity v and no other force gets
// v_free = m v / (m + h b).
TEST(SoftIsland, ImplicitDampingOnAnArticulation) {
  Model model = empty_model(false);
  LinkSpec slider;
  slider.link.name = "slider";
  slider.link.joint.type = JointType::Prismatic;
  slider.link.joint.axis = Vec3::UnitX();
  slider.link.mass = 2.0;
  slider.link.inertia = 0.01 * Mat3::Identity();
  slider.shape = box(Vec3(0.05, 0.05, 0.05));
  append_articulation(model, "rail", {slider});
  const Articulation& articulation = model.articulations[0];
  ArticulationState state = initial_articulation_state(articulation);
  state.velocities[0] = 0.8;
  Options options;
  options.gravity = Vec3::Zero();
  options.soft_damping = 40;
  ArticulationMotionWorkspace workspace;
  ArticulationMotion motion;
  for (Formulation formulation : {Formulation::Lcp, Formulation::Soft}) {
    options.formulation = formulation;
    ASSERT_TRUE(make_formulation(options)
                    ->articulation_motion(articulation, options, state, workspace, motion)
                    .ok());
    const double b = formulation == Formulation::Soft ? options.soft_damping : 0.0;
    const double m = 2.0;
    EXPECT_NEAR(motion.free_velocity[0], m * 0.8 / (m + options.time_step * b), 1e-14);
    EXPECT_NEAR(motion.inverse_mass(0, 0), 1 / (m + options.time_step * b), 1e-14);
  }
}

// The same scene gives the same trajectory, bit for bit, with either cone.
TEST(SoftIsland, BitIdenticalTrajectories) {
  const Model model = load_builtin_scene("box_stack");
  for (int cone : {0, 1}) {
    const Options options = soft_options(model.options, cone);
    Data first = make_data(model);
    Data second = make_data(model);
    first.linear_velocity[body_index(model, "box5")] = Vec3(0.3, 0, 0);
    second.linear_velocity[body_index(model, "box5")] = Vec3(0.3, 0, 0);
    run_for(model, options, first, 0.5);
    run_for(model, options, second, 0.5);
    for (size_t b = 0; b < model.bodies.size(); ++b) {
      EXPECT_EQ(first.position[b], second.position[b]);
      EXPECT_EQ(first.linear_velocity[b], second.linear_velocity[b]);
    }
  }
}

}  // namespace
}  // namespace contactlab
