// The bouncing_ball scene (assets/scenes/bouncing_ball.json): Newton's restitution
// (seed 004, "Impulsive Collisions"; contact/restitution.h) against its analytic
// results: a ball dropped from H bounces to e^2 H, and seed 004's spinning ball leaves
// the ground with the closed-form velocities of its example, for e = 0 and e > 0.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "contact/restitution.h"
#include "formulation_params.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

const char* const kBalls[] = {"leather_ball", "rubber_ball", "superball", "spinning_ball"};

double radius_of(const Model& model, int body) {
  return model.geoms[model.bodies[body].geoms[0]].shape.radius;
}

// e of the ball's material against the ground's.
double restitution_of(const Model& model, int body) {
  const int ground = body_index(model, "ground");
  return model
      .friction(model.geoms[model.bodies[body].geoms[0]].material,
                model.geoms[model.bodies[ground].geoms[0]].material)
      .restitution;
}

// The height of each ball's lowest point at the top of its first bounce: after its
// vertical velocity turns upward, the highest it gets before it turns down again.
std::vector<double> first_bounce_heights(const Model& model, const Options& options) {
  Data data = make_data(model);
  std::vector<int> bodies;
  for (const char* name : kBalls) bodies.push_back(body_index(model, name));
  std::vector<int> phase(bodies.size(), 0);  // 0 falling, 1 rising, 2 done
  std::vector<double> apex(bodies.size(), -1);
  const long steps = static_cast<long>(2.0 / options.time_step);
  for (long s = 0; s < steps; ++s) {
    step(model, options, data);
    bool done = true;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const int b = bodies[i];
      const double vz = data.linear_velocity[b].z();
      if (phase[i] == 0 && vz > 0) phase[i] = 1;
      if (phase[i] == 1) {
        apex[i] = std::max(apex[i], data.position[b].z() - radius_of(model, b));
        if (vz < 0) phase[i] = 2;
      }
      done = done && phase[i] == 2;
    }
    if (done) break;
  }
  return apex;
}

class BounceHeight : public ::testing::TestWithParam<Formulation> {};

// Dropped from H = 1 m (the balls' lowest points), each ball rises to e^2 H after its
// first impact, within 2 %, at h = 0.25 ms. The impact happens within one step, so the
// ball turns at most one step's travel, |v| h = 1.1 mm, early, and the semi-implicit
// Euler step loses about |v| h / 2 of height on the way down and up.
TEST_P(BounceHeight, FirstBounceReachesESquaredH) {
  const Model model = load_builtin_scene("bouncing_ball");
  Options options = model.options;
  options.formulation = GetParam();
  options.time_step = 2.5e-4;
  if (GetParam() == Formulation::Compliant) {
    // A stiff spring: gravity shifts the spring-damper's bounce by about g / (w v0)
    // (0.2 % at w = 1000 rad/s; 1.5 % at the default k = 1e5 N/m), resolved finely by
    // 40 substeps (w h_s = 0.006; the spring's stability bound alone asks for 3).
    options.compliant_stiffness = 1e6;
    options.compliant_substeps = 40;
  }
  const double drop = 1.0;
  const std::vector<double> apex = first_bounce_heights(model, options);
  for (std::size_t i = 0; i < apex.size(); ++i) {
    const double e = restitution_of(model, body_index(model, kBalls[i]));
    ASSERT_GT(e, 0.4) << kBalls[i];
    EXPECT_NEAR(apex[i] / drop, e * e, 0.02 * e * e)
        << formulation_name(GetParam()) << ": " << kBalls[i] << " (e = " << e << ") rose to " << apex[i];
  }
}

INSTANTIATE_TEST_SUITE_P(Formulations, BounceHeight,
                         ::testing::Values(Formulation::Lcp, Formulation::Convex, Formulation::Soft,
                                           Formulation::Compliant),
                         formulation_test_name);

// Force balance keeps no momentum (seed 003): a ball lands and stays, whatever e.
TEST(BounceHeight, QuasistaticBallsDoNotBounce) {
  const Model model = load_builtin_scene("bouncing_ball");
  Options options = model.options;
  options.formulation = Formulation::Quasistatic;
  const std::vector<double> apex = first_bounce_heights(model, options);
  for (std::size_t i = 0; i < apex.size(); ++i) {
    EXPECT_LT(apex[i], options.contact_margin) << kBalls[i];
  }
}

// Seed 004's spinning ball (a hollow sphere, I = 2/3 m r^2, in the plane x-z with
// configuration (x, z, theta)) meets the ground with enough friction to stick. Its
// post-impact velocities are
//   xdot+ = 3/5 xdot- - 2/5 r thetadot-,   zdot+ = -e zdot-,   thetadot+ = -3/(5 r) xdot- + 2/5 thetadot-,
// where theta turns the ball so that its lowest point moves at xdot + r thetadot; in
// the lab's frame thetadot = -w_y. The ball is put touching the ground at xdot- = 1
// m/s, zdot- = -4 m/s, thetadot- = 20 rad/s (backspin), and stepped once: the impact
// takes one step, in which the friction needed, 2/5 m |xdot- + r thetadot-| = 1.2 N s,
// stays inside the pyramid (mu cos(pi/u) of the normal impulse, >= 4 N s). With no
// contact threshold the ball touches at phi = 0, where the contact point is its lowest
// point (with a threshold it would sit half of it above the ground, and the contact
// point between the two, a lever arm 2.5e-5 m longer than r).
struct SpinningBallImpact {
  double xdot = 0, zdot = 0, thetadot = 0;  // after the step
  double lateral = 0;                      // |v_y| + |w_x| + |w_z| after the step
};

SpinningBallImpact spinning_ball_impact(Formulation formulation, double restitution) {
  const Model model = load_builtin_scene("bouncing_ball");
  Options options = model.options;
  options.formulation = formulation;
  options.restitution = restitution;
  options.contact_threshold = 0;
  const int ball = body_index(model, "spinning_ball");
  const double r = radius_of(model, ball);
  Data data = make_data(model);
  data.position[ball] = Vec3(0, 0.45, r);
  data.linear_velocity[ball] = Vec3(1, 0, -4);
  data.angular_velocity[ball] = Vec3(0, -20, 0);
  step(model, options, data);
  expect_step_solved(data);
  const Vec3& v = data.linear_velocity[ball];
  const Vec3& w = data.angular_velocity[ball];
  return {v.x(), v.z(), -w.y(), std::abs(v.y()) + std::abs(w.x()) + std::abs(w.z())};
}

class SpinningBall : public ::testing::TestWithParam<Formulation> {};

TEST_P(SpinningBall, LeavesWithSeed004sClosedFormVelocities) {
  const Model model = load_builtin_scene("bouncing_ball");
  const double r = radius_of(model, body_index(model, "spinning_ball"));
  ASSERT_NEAR(model.bodies[body_index(model, "spinning_ball")].inertia(1, 1), 2.0 / 3.0 * r * r, 1e-15);
  const double xdot = 1, zdot = -4, thetadot = 20;
  for (double e : {0.0, 0.7}) {
    const SpinningBallImpact after = spinning_ball_impact(GetParam(), e);
    const std::string where = std::string(formulation_name(GetParam())) + ", e = " + std::to_string(e);
    EXPECT_NEAR(after.xdot, 0.6 * xdot - 0.4 * r * thetadot, 1e-9) << where;
    EXPECT_NEAR(after.zdot, -e * zdot, 1e-9) << where;
    EXPECT_NEAR(after.thetadot, -0.6 / r * xdot + 0.4 * thetadot, 1e-8) << where;
    EXPECT_NEAR(after.lateral, 0, 1e-9) << where;
  }
}

INSTANTIATE_TEST_SUITE_P(Formulations, SpinningBall,
                         ::testing::Values(Formulation::Lcp, Formulation::Convex),
                         formulation_test_name);

}  // namespace
}  // namespace contactlab
