// The sphere_modes scene (assets/scenes/sphere_modes.json): seed 004's brick and
// wall ("Time-stepping LCP: normal force") and brick with friction ("Time-stepping
// LCP: Coulomb friction"), and seed 003's sphere that cannot rotate ("When it
// works... Example 1"), pushed by an impedance-controlled plate through
// stick -> slide -> stick. Every expected number is derived from the scene's own
// parameters (masses, speeds, mu, K) next to the check that uses it.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "scene_fixture.h"

namespace contactlab {
namespace {

// The force of contact `contact` on `body` (records act on body_b) [N].
Vec3 force_on(const ContactRecord& contact, int body) {
  const double sign = contact.body_b == body ? 1.0 : -1.0;
  return sign * (contact.normal * contact.normal_force + contact.friction_force);
}

bool joins(const ContactRecord& contact, int body, int other) {
  return (contact.body_a == body && contact.body_b == other) ||
         (contact.body_a == other && contact.body_b == body);
}

const Geom& first_geom(const Model& model, int body) {
  return model.geoms[model.bodies[body].geoms[0]];
}

// mu of the pair (body's first geom, the ground's plane); static and kinetic agree
// in this scene, so eq. (13)'s switch between them plays no part.
double ground_friction(const Model& model, int body) {
  const FrictionPair& pair =
      model.friction(first_geom(model, body).material, first_geom(model, 0).material);
  EXPECT_EQ(pair.static_coefficient, pair.kinetic_coefficient);
  return pair.kinetic_coefficient;
}

Options with_formulation(const Model& model, Formulation formulation) {
  Options options = model.options;
  options.formulation = formulation;
  return options;
}

// Runs `seconds` and checks that every step was solved.
void run_solved(const Model& model, const Options& options, Data& data, double seconds,
                const std::function<void(const Data&)>& after_step) {
  run_for(model, options, data, seconds, [&](const Data& d) {
    EXPECT_EQ(d.solver.status, SolverStatus::Solved)
        << formulation_name(options.formulation) << " t = " << d.time << ": "
        << fallback_message(d.solver.fallbacks);
    after_step(d);
  });
}

// --- Seed 004: the brick and the wall ----------------------------------------------

// A frictionless brick of mass m at v0 into a static wall: q >= 0 (no penetration)
// and f >= 0 with q f = 0 (seed 004). The wall's impulse removes the brick's
// momentum, sum f h = m v0, and the brick rests against the wall: the contact rows
// let a gap close to half the contact threshold (contact_rows.h, eq. 19), no further.
void expect_wall_stops_brick(Formulation formulation) {
  const Model model = load_builtin_scene("sphere_modes");
  const Options options = with_formulation(model, formulation);
  const double h = options.time_step;
  const int brick = body_index(model, "wall_brick");
  const int wall = body_index(model, "wall");
  ASSERT_EQ(ground_friction(model, brick), 0.0);
  ASSERT_EQ(model.friction(first_geom(model, brick).material, first_geom(model, wall).material)
                .kinetic_coefficient,
            0.0);
  const Geom& wall_box = first_geom(model, wall);
  const double wall_face = model.bodies[wall].initial_position.x() + wall_box.local_pose.position.x() -
                           wall_box.shape.half_extents.x();
  const double half_length = first_geom(model, brick).shape.half_extents.x();
  const double mass = model.bodies[brick].mass;
  const double v0 = model.bodies[brick].initial_linear_velocity.x();
  ASSERT_GT(v0, 0);
  // q: the gap between the brick's front face and the wall [m].
  auto gap = [&](const Data& data) { return wall_face - (data.position[brick].x() + half_length); };

  Data data = make_data(model);
  const double start_gap = gap(data);
  double smallest_gap = start_gap;
  double wall_impulse = 0;  // along -x, on the brick [N s]
  // Twice the time to reach the wall.
  run_solved(model, options, data, 2 * start_gap / v0, [&](const Data& d) {
    smallest_gap = std::min(smallest_gap, gap(d));
    for (const ContactRecord& contact : d.contacts) {
      if (joins(contact, brick, wall)) wall_impulse -= force_on(contact, brick).x() * h;
    }
  });
  EXPECT_GE(smallest_gap, 0.0);
  EXPECT_LE(gap(data), options.contact_threshold);
  EXPECT_LT(data.linear_velocity[brick].norm(), 1e-6);
  EXPECT_NEAR(wall_impulse, mass * v0, 0.01 * mass * v0);
}

TEST(SphereModesScene, WallStopsTheBrickWithoutPenetrationInLcp) {
  expect_wall_stops_brick(Formulation::Lcp);
}

// Without friction Anitescu's relaxation is the same QP as the LCP (seed 004: the
// frictionless LCP is the optimality condition of that QP), so the same checks hold.
TEST(SphereModesScene, WallStopsTheBrickWithoutPenetrationInConvex) {
  expect_wall_stops_brick(Formulation::Convex);
}

// --- Seed 004: the brick with friction ----------------------------------------------

struct FrictionBrick {
  int body = 0;
  double mu = 0;
  double v0 = 0;
  double start_x = 0;
};

FrictionBrick friction_brick(const Model& model) {
  FrictionBrick brick;
  brick.body = body_index(model, "friction_brick");
  brick.mu = ground_friction(model, brick.body);
  brick.v0 = model.bodies[brick.body].initial_linear_velocity.x();
  brick.start_x = model.bodies[brick.body].initial_position.x();
  return brick;
}

// Seed 004's discrete time, v[n+1] = v[n] - h mu g while sliding (the LCP stops the
// brick exactly once v[n] < h mu g), q[n+1] = q[n] + h v[n+1]: the stopping distance,
// which is v0^2 / (2 mu g) - v0 h / 2 up to a fraction of a step.
double discrete_stopping_distance(double v0, double deceleration, double h) {
  double v = v0;
  double distance = 0;
  while (v > 0) {
    v = std::max(v - h * deceleration, 0.0);
    distance += h * v;
  }
  return distance;
}

// While sliding, |f| = mu m g against the motion (seed 004, maximal dissipation);
// the brick stops after v0^2 / (2 mu g) and then sticks.
TEST(SphereModesScene, BrickWithFrictionStopsAfterTheCoulombDistanceInLcp) {
  const Model model = load_builtin_scene("sphere_modes");
  const Options options = with_formulation(model, Formulation::Lcp);
  const FrictionBrick brick = friction_brick(model);
  const double g = -options.gravity.z();
  const double mass = model.bodies[brick.body].mass;
  const double deceleration = brick.mu * g;
  const double analytic = brick.v0 * brick.v0 / (2 * deceleration);
  const double discrete = discrete_stopping_distance(brick.v0, deceleration, options.time_step);

  Data data = make_data(model);
  int sliding_steps = 0;
  run_solved(model, options, data, 1.5 * brick.v0 / deceleration, [&](const Data& d) {
    if (!(d.linear_velocity[brick.body].x() > 1e-6)) return;  // step.cpp's slip tolerance
    double friction = 0;  // the ground's normals are vertical: x is friction alone
    for (const ContactRecord& contact : d.contacts) {
      if (joins(contact, brick.body, 0)) friction += force_on(contact, brick.body).x();
    }
    EXPECT_NEAR(friction, -brick.mu * mass * g, 1e-6) << d.time;
    ++sliding_steps;
  });
  const double distance = data.position[brick.body].x() - brick.start_x;
  EXPECT_NEAR(distance, analytic, 0.02 * analytic);
  EXPECT_NEAR(distance, discrete, 1e-6);
  EXPECT_EQ(sliding_steps, static_cast<int>(brick.v0 / (deceleration * options.time_step)));
  EXPECT_LT(data.linear_velocity[brick.body].norm(), 1e-9);
  for (const ContactRecord& contact : data.contacts) {
    if (!joins(contact, brick.body, 0)) continue;
    EXPECT_EQ(contact.mode, ContactMode::Sticking);
  }
}

// Anitescu's relaxation (seed 004, seed 003 "Anitescu's friction constraints") asks
// n^T v' + phi / h >= mu d_j^T v' for every edge, so a contact at phi = 0 that must
// slide is thrown off the ground. What to expect:
// - The first step projects v_free = (v0 along x, -g h along z) onto the cone
//   v_z >= mu v_x: v_x = (v0 - mu g h) / (1 + mu^2), v_z = mu v_x. The brick then
//   flies freely and hops (v_z^2 / (2 g) = 3 cm here).
// - Back on the ground it hovers in the boundary layer: the active rows give
//   phi = threshold / 2 + h (mu v_x - v_z) after the step (seed 003: h mu |v_t|).
// - Every impulse lies on the cone's edge against the motion, so the friction
//   impulse is mu times the normal one; with m v_z back at 0 the brick stops after the
//   same time and, because x_end - x_0 = (the LCP's sum) - mu (z_end - z_0) and it
//   ends at its starting height, after the LCP's distance (to 0.1 mm: the last step).
TEST(SphereModesScene, BrickWithFrictionHopsHoversAndStopsAtTheLcpDistanceInConvex) {
  const Model model = load_builtin_scene("sphere_modes");
  const Options options = with_formulation(model, Formulation::Convex);
  const double h = options.time_step;
  const FrictionBrick brick = friction_brick(model);
  const double g = -options.gravity.z();
  const double mu = brick.mu;
  const double deceleration = mu * g;
  const double start_z = model.bodies[brick.body].initial_position.z();

  const double first_vx = (brick.v0 - mu * g * h) / (1 + mu * mu);
  const double first_vz = mu * first_vx;
  // The free flight's highest point, stepped as the integrator does (eq. 12).
  double apex = 0;
  for (double vz = first_vz, z = 0; vz > 0; vz -= g * h) {
    z += h * vz;
    apex = z;
  }

  Data data = make_data(model);
  double highest = 0;
  int hovering_steps = 0;
  bool first = true;
  run_solved(model, options, data, 1.5 * brick.v0 / deceleration, [&](const Data& d) {
    const Vec3& v = d.linear_velocity[brick.body];
    if (first) {
      EXPECT_NEAR(v.x(), first_vx, 1e-6);
      EXPECT_NEAR(v.z(), first_vz, 1e-6);
      first = false;
    }
    highest = std::max(highest, d.position[brick.body].z() - start_z);
    if (!(v.x() > 0.1)) return;
    for (const ContactRecord& contact : d.contacts) {
      if (!joins(contact, brick.body, 0) || !(contact.normal_force > 0)) continue;
      EXPECT_NEAR(contact.distance, options.contact_threshold / 2 + h * (mu * v.x() - v.z()), 1e-8)
          << d.time;
      ++hovering_steps;
    }
  });
  EXPECT_NEAR(highest, apex, 1e-6);
  EXPECT_GT(hovering_steps, 0);
  const double distance = data.position[brick.body].x() - brick.start_x;
  EXPECT_NEAR(distance, discrete_stopping_distance(brick.v0, deceleration, h), 1e-4);
  EXPECT_NEAR(data.position[brick.body].z(), start_z, 1e-9);
  EXPECT_LT(data.linear_velocity[brick.body].norm(), 1e-9);
}

// --- Seed 003: the sphere that cannot rotate ----------------------------------------

// One step of the ball: its velocity (dq / h in the quasi-static model), the ground
// contact's forces and mode, and the plate's push.
struct BallStep {
  double time = 0;
  double vx = 0;
  double vz = 0;
  double normal = 0;    // ground normal force [N]
  double friction = 0;  // ground friction on the ball, x [N]
  double push = 0;      // the plate's force on the ball, x [N]
  ContactMode mode = ContactMode::Separating;
};

std::vector<BallStep> run_ball(const Model& model, const Options& options, double seconds) {
  const int ball = body_index(model, "ball");
  const int plate = body_index(model, "plate");
  std::vector<BallStep> steps;
  Data data = make_data(model);
  run_solved(model, options, data, seconds, [&](const Data& d) {
    BallStep step;
    step.time = d.time;
    step.vx = d.linear_velocity[ball].x();
    step.vz = d.linear_velocity[ball].z();
    int ground_contacts = 0;
    for (const ContactRecord& contact : d.contacts) {
      if (joins(contact, ball, plate)) step.push += force_on(contact, ball).x();
      if (!joins(contact, ball, 0)) continue;
      ++ground_contacts;
      step.normal = contact.normal_force;
      step.friction = force_on(contact, ball).x();
      step.mode = contact.mode;
    }
    EXPECT_EQ(ground_contacts, 1) << d.time;  // seed 003: one contact with the ground
    steps.push_back(step);
  });
  return steps;
}

int first_step_in_mode(const std::vector<BallStep>& steps, ContactMode mode, int from) {
  for (int i = from; i < static_cast<int>(steps.size()); ++i) {
    if (steps[i].mode == mode) return i;
  }
  return -1;
}

double peak_to_peak(const std::vector<BallStep>& steps, int first, double window,
                    double BallStep::*field) {
  double low = std::numeric_limits<double>::infinity();
  double high = -low;
  for (int i = first; i < static_cast<int>(steps.size()) && steps[i].time < steps[first].time + window; ++i) {
    low = std::min(low, steps[i].*field);
    high = std::max(high, steps[i].*field);
  }
  return high - low;
}

// The push of the plate's set point: K w (t - t0) (seed 003's spring of zero rest
// length, the set point moving at w from t0).
struct Push {
  double stiffness = 0;  // K [N/m]
  double speed = 0;      // w [m/s]
  double start = 0;      // t0 [s]
  double stop = 0;       // when the set point stops [s]
};

Push push_of(const Model& model) {
  Push push;
  const Articulation& pusher = model.articulations.at(0);
  push.stiffness = pusher.actuators.at(0).gains.stiffness;
  const TimelineCommand& move = model.timeline.at(0);
  EXPECT_EQ(move.profile, MoveProfile::Linear);
  push.speed = move.speed;
  push.start = move.time;
  push.stop = move.time + (move.targets.at(0).position - pusher.initial_positions[0]) / move.speed;
  return push;
}

// The ball really cannot rotate: the loader keeps the scene's inertia (1e6 kg m^2
// instead of 2/5 m r^2 = 0.004), so the ground's friction torque, at most
// mu m g r, turns it by at most (mu m g r / I) T^2 / 2 (1.6e-6 rad) in the scene's
// run under lcp.
TEST(SphereModesScene, BallKeepsItsLargeInertiaAndDoesNotTurn) {
  const Model model = load_builtin_scene("sphere_modes");
  const int ball = body_index(model, "ball");
  const double inertia = 1e6;
  EXPECT_EQ(model.bodies[ball].inertia, Mat3::Identity() * inertia);
  const double largest_torque = ground_friction(model, ball) * model.bodies[ball].mass *
                                -model.options.gravity.z() * first_geom(model, ball).shape.radius;
  const double duration = model.duration;
  Data data = make_data(model);
  run_for(model, model.options, data, duration);
  EXPECT_LT(data.orientation[ball].angularDistance(Quat::Identity()),
            largest_torque / inertia * duration * duration / 2);
  EXPECT_GT(data.position[ball].x(), 0.1);  // and it has been pushed along
}

// Quasi-static (seed 003), at the scene's h: the ball-ground contact sticks while the
// push K w (t - t0) is below mu m g, slides from the first step whose set point
// exceeds it, and sticks again after the set point stops. While sliding the friction
// is on the cone's boundary, |f| = mu N, and the ball is in force balance: the push
// equals the friction plus the quasi-static drag eps_q m v / h (quasistatic_motion.h).
TEST(SphereModesScene, BallSticksSlidesAndSticksInQuasistatic) {
  const Model model = load_builtin_scene("sphere_modes");
  const Options options = with_formulation(model, Formulation::Quasistatic);
  const double h = options.time_step;
  const int ball = body_index(model, "ball");
  const double mass = model.bodies[ball].mass;
  const double mu = ground_friction(model, ball);
  const double weight = mass * -options.gravity.z();
  const Push push = push_of(model);
  const std::vector<BallStep> steps = run_ball(model, options, model.duration);

  const int slide = first_step_in_mode(steps, ContactMode::Sliding, 0);
  ASSERT_GT(slide, 0);
  const double t = steps[slide].time;
  EXPECT_GT(push.stiffness * push.speed * (t - push.start), mu * weight);
  EXPECT_LE(push.stiffness * push.speed * (t - h - push.start), mu * weight);
  for (int i = 0; i < slide; ++i) {
    EXPECT_EQ(steps[i].mode, ContactMode::Sticking) << steps[i].time;
    EXPECT_NEAR(steps[i].friction, -steps[i].push, 1e-6) << steps[i].time;
  }
  const int stick = first_step_in_mode(steps, ContactMode::Sticking, slide);
  ASSERT_GT(stick, slide);
  EXPECT_GT(steps[stick].time, push.stop);
  for (int i = slide; i < stick; ++i) {
    const BallStep& step = steps[i];
    EXPECT_EQ(step.mode, ContactMode::Sliding) << step.time;
    EXPECT_NEAR(-step.friction, mu * step.normal, 0.02 * mu * step.normal) << step.time;
    EXPECT_NEAR(step.push, -step.friction + options.quasistatic_mass_scale * mass * step.vx / h, 1e-6)
        << step.time;
  }
  for (int i = stick; i < static_cast<int>(steps.size()); ++i) {
    EXPECT_EQ(steps[i].mode, ContactMode::Sticking) << steps[i].time;
    EXPECT_LE(-steps[i].friction, mu * steps[i].normal + 1e-6) << steps[i].time;
  }
}

// Seed 003, "When it works... Example 1": "vibration" when the contact mode changes,
// smaller with smaller time steps (its h = 0.01 and 0.001, mu = 0.8). When sliding
// starts, Anitescu's rows lift the ball into the boundary layer h mu |v| (seed 003,
// "Sliding contact") while its speed builds up, and the normal and friction forces
// ring with it. Measured over the 0.1 s after the first sliding step, as
// peak-to-peak swings:
// - the ball's vertical velocity: its rise speed is h mu times its horizontal
//   acceleration, so the swing shrinks at least in proportion to h; asserted with a
//   factor two of margin (a tenth of h, at most a fifth of the swing). Measured
//   0.034 m/s at h = 0.01 and 0.0013 m/s at h = 0.001.
// - the ground's friction force: measured 0.027 N and 0.010 N; asserted below half.
TEST(SphereModesScene, BallVibrationAtStickToSlideShrinksWithTheTimeStepInQuasistatic) {
  const Model model = load_builtin_scene("sphere_modes");
  Options options = with_formulation(model, Formulation::Quasistatic);
  const double window = 0.1;
  const double seconds = push_of(model).start + 0.5;  // past the stick -> slide change
  double velocity_swing[2], friction_swing[2];
  const double time_steps[2] = {0.01, 0.001};
  for (int k = 0; k < 2; ++k) {
    options.time_step = time_steps[k];
    const std::vector<BallStep> steps = run_ball(model, options, seconds);
    const int slide = first_step_in_mode(steps, ContactMode::Sliding, 0);
    ASSERT_GT(slide, 0) << time_steps[k];
    velocity_swing[k] = peak_to_peak(steps, slide, window, &BallStep::vz);
    friction_swing[k] = peak_to_peak(steps, slide, window, &BallStep::friction);
    EXPECT_GT(velocity_swing[k], 0) << time_steps[k];
  }
  EXPECT_LT(velocity_swing[1], 0.2 * velocity_swing[0]);
  EXPECT_LT(friction_swing[1], 0.5 * friction_swing[0]);
}

}  // namespace
}  // namespace contactlab
