// Articulations in the hybrid formulation (formulation/hybrid_bodies.h: a tree's q and
// q_dot in the state, its contact rows through the links' Jacobians; hybrid_smooth_
// dynamics.h: M(q) and C q_dot - tau_g between events): seed 004's simple double
// pendulum (point masses m1 = m2 = 1 kg on rods l1 = l2 = 1 m) whose lower bob strikes
// a wall. The impact is checked against the seed's frictionless reset map built from
// the seed's own M(q) and the bob's kinematics, not from the code's CRBA and Jacobians.
// A single pendulum then carries what robots have: a PD motor (a torque between
// events) and a joint limit (a unilateral constraint with its impact and rest).
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "formulation/hybrid_advance.h"
#include "formulation/hybrid_settings.h"
#include "formulation/hybrid_transitions.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

constexpr double kBobInertia = 1e-6;  // each link's inertia about its centre [kg m^2]
constexpr double kBobRadius = 0.05;

// The double pendulum hinged at (0, 0, 2.3) about -y (theta > 0 swings the bob to +x),
// its lower bob a sphere, the upper link a small sphere near the pivot that touches
// nothing (a link needs a geom), and a wall whose face x = face the bob can strike.
Model pendulum_against_wall(double face) {
  std::ostringstream wall_x;
  wall_x << std::setprecision(17) << face + 0.1;
  const std::string link_inertia = R"("inertia": [[1e-06, 0, 0], [0, 1e-06, 0], [0, 0, 1e-06]])";
  const std::string text = R"({"name": "pendulum_against_wall", "materials": ["bob", "wall"],
    "friction": {"default": {"static": 0, "kinetic": 0},
                 "pairs": [{"materials": ["bob", "wall"], "static": 0, "kinetic": 0, "restitution": 0.6}]},
    "bodies": [
      {"name": "wall", "static": true, "position": [)" + wall_x.str() + R"(, 0, 1],
       "geoms": [{"type": "box", "half_extents": [0.1, 0.5, 1], "material": "wall"}]}],
    "articulations": [{"name": "pendulum", "links": [
      {"name": "upper", "joint": {"type": "revolute", "origin": {"position": [0, 0, 2.3]}, "axis": [0, -1, 0]},
       "mass": 1.0, )" + link_inertia + R"(, "center_of_mass": [0, 0, -1.0],
       "geoms": [{"type": "sphere", "radius": 0.01, "position": [0, 0, -0.2], "material": "bob"}]},
      {"name": "lower", "parent": "upper",
       "joint": {"type": "revolute", "origin": {"position": [0, 0, -1.0]}, "axis": [0, -1, 0]},
       "mass": 1.0, )" + link_inertia + R"(, "center_of_mass": [0, 0, -1.0],
       "geoms": [{"type": "sphere", "radius": 0.05, "position": [0, 0, -1.0], "material": "bob"}]}]}]})";
  Model model;
  const Status status = load_scene(text, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

// Seed 004's M(q) of the simple double pendulum, with each link's small inertia added
// (the upper turns at q1_dot, the lower at q1_dot + q2_dot).
Eigen::Matrix2d seed_mass_matrix(double q2) {
  const double c2 = std::cos(q2);
  Eigen::Matrix2d mass;
  mass << 2 + 1 + 2 * c2 + 2 * kBobInertia, 1 + c2 + kBobInertia, 1 + c2 + kBobInertia, 1 + kBobInertia;
  return mass;
}

// The lower bob struck at q = (0.3, 0.5) moving at q_dot = (2, 1) rad/s into the wall:
// q_dot+ is the seed's q_dot+ = [I - (1+e) M^-1 n^T (n M^-1 n^T)^# n] q_dot- with
// n = d x_bob / dq = [l1 c1 + l2 c12, l2 c12] (the contact point sits level with the
// bob's centre, so its spin adds no normal speed) to 1e-9; the contact point's normal
// speed leaves at -e times its arrival, and the kinetic energy loses (1 - e^2) of the
// normal part, (n q_dot-)^2 / (2 n M^-1 n^T): what is left of that part is e^2 of it.
TEST(HybridArticulation, DoublePendulumImpactIsTheSeedsFrictionlessMap) {
  const double q1 = 0.3, q2 = 0.5, e = 0.6;
  const double bob_x = std::sin(q1) + std::sin(q1 + q2);
  const Model model = pendulum_against_wall(bob_x + kBobRadius);
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  options.hybrid_impact_friction = static_cast<int>(ImpactFriction::Frictionless);
  Data data = make_data(model);
  ArticulationState& pendulum = data.articulations[0];
  pendulum.positions = Eigen::Vector2d(q1, q2);
  pendulum.velocities = Eigen::Vector2d(2.0, 1.0);
  update_link_bodies(model.articulations[0], pendulum, data.position, data.orientation, data.linear_velocity,
                     data.angular_velocity);

  HybridBodies bodies;
  make_hybrid_bodies(model, data.position, data.orientation, bodies);
  Eigen::VectorXd state = pack_hybrid_state(bodies, data.position, data.orientation, data.linear_velocity,
                                            data.angular_velocity, data.articulations);
  HybridSmoothDynamics dynamics(model, options, bodies);
  std::vector<HybridEvent> events;
  ASSERT_TRUE(resolve_impacts(model, options, hybrid_settings(options), 0.0, dynamics, bodies, state, events));
  const Eigen::Vector2d after = hybrid_velocity(bodies, state);

  const Eigen::Vector2d before(2.0, 1.0);
  const Eigen::Matrix2d mass = seed_mass_matrix(q2);
  const Eigen::RowVector2d n(std::cos(q1) + std::cos(q1 + q2), std::cos(q1 + q2));
  const Eigen::Matrix2d inverse = mass.inverse();
  const double delassus = n * inverse * n.transpose();
  const Eigen::Vector2d expected =
      before - (1 + e) * inverse * n.transpose() * (1 / delassus) * (n * before);
  EXPECT_NEAR(after[0], expected[0], 1e-9);
  EXPECT_NEAR(after[1], expected[1], 1e-9);
  // Not a trivial map: both joints change, and not by the same factor.
  EXPECT_GT(std::abs(after[0] / before[0] - after[1] / before[1]), 0.1);

  const double normal_before = n * before, normal_after = n * after;
  EXPECT_NEAR(normal_after, -e * normal_before, 1e-9);
  const double kinetic_before = 0.5 * before.dot(mass * before);
  const double kinetic_after = 0.5 * after.dot(mass * after);
  const double normal_part = normal_before * normal_before / (2 * delassus);
  EXPECT_NEAR(kinetic_before - kinetic_after, (1 - e * e) * normal_part, 1e-9);

  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, HybridEventKind::Impact);
  EXPECT_NEAR(std::abs(events[0].normal_velocity), normal_before, 1e-9);
}

// What the formulation does not move is said, not simulated: the same pendulum in
// maximal coordinates (every link a body held by joint rows) ends the step with status
// "unsupported" and the reason, and nothing moves.
TEST(HybridArticulation, MaximalCoordinatesAreUnsupported) {
  const Model model = load_builtin_scene("pendulum_wall");
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  options.coordinates = 1;
  Data data = make_data(model);
  const std::vector<Vec3> before = data.position;
  step(model, options, data);
  EXPECT_EQ(data.solver.status, SolverStatus::Unsupported);
  EXPECT_NE(fallback_message(data.solver.fallbacks).find("maximal coordinates"), std::string::npos);
  EXPECT_EQ(data.position, before);
}

// A single pendulum about -y hinged at the origin: a point-like bob of mass m on a
// massless arm of length l along the link's x (q = 0 horizontal, q > 0 raises the bob),
// with an optional PD motor and joint limits.
constexpr double kArmLength = 0.5;
constexpr double kArmMass = 2.0;
constexpr double kArmBobInertia = 1e-6;

Model single_pendulum(const std::string& joint_extra) {
  const std::string text = R"({"name": "single_pendulum",
    "bodies": [{"name": "floor", "static": true, "position": [0, 0, -10], "geoms": [{"type": "plane"}]}],
    "articulations": [{"name": "arm", "links": [
      {"name": "bob", "joint": {"type": "revolute", "axis": [0, -1, 0])" + joint_extra + R"(},
       "mass": 2.0, "inertia": [[1e-06, 0, 0], [0, 1e-06, 0], [0, 0, 1e-06]], "center_of_mass": [0.5, 0, 0],
       "geoms": [{"type": "sphere", "radius": 0.01, "position": [0.5, 0, 0]}]}]}]})";
  Model model;
  const Status status = load_scene(text, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

Options hybrid_options(const Model& model, const Vec3& gravity) {
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  options.gravity = gravity;
  options.time_step = 0.01;
  return options;
}

// Without gravity the motor's law is the damped linear oscillator
// I q'' = Kp (q_ref - q) - Kd q', I = m l^2 + I_c: from q0 at rest, underdamped,
// q(t) = q_ref + (q0 - q_ref) e^(-z w t) (cos(w_d t) + z w / w_d sin(w_d t)).
// The hybrid step integrates it to 1e-8 over 1 s; with gravity the pendulum settles
// where the motor holds its weight, Kp (q_ref - q*) = m g l cos q* (the steady state
// offset of a PD without feed-forward), to 1e-9, and its motor_effort is that torque.
// (Kd = 2 for the oscillator, zeta = 0.22.)
TEST(HybridArticulation, PdMotorFollowsTheDampedOscillatorAndSettles) {
  const double stiffness = 40, damping = 2, q_ref = 0.4, q0 = 0.1;
  const Model model = single_pendulum(R"(, "position": 0.1,
      "actuator": {"stiffness": 40, "damping": 2, "max_effort": 100})");
  const double inertia = kArmMass * kArmLength * kArmLength + kArmBobInertia;
  {
    const Options options = hybrid_options(model, Vec3::Zero());
    Data data = make_data(model);
    data.articulations[0].target_position[0] = q_ref;
    const double w = std::sqrt(stiffness / inertia), zeta = damping / (2 * std::sqrt(stiffness * inertia));
    const double wd = w * std::sqrt(1 - zeta * zeta);
    for (int k = 1; k <= 100; ++k) {
      step(model, options, data);
      ASSERT_EQ(data.solver.status, SolverStatus::NoContacts) << fallback_message(data.solver.fallbacks);
      const double t = 0.01 * k;
      const double expected =
          q_ref + (q0 - q_ref) * std::exp(-zeta * w * t) * (std::cos(wd * t) + zeta * w / wd * std::sin(wd * t));
      ASSERT_NEAR(data.articulations[0].positions[0], expected, 1e-8) << "t = " << t;
    }
  }
  // Near-critical damping (Kd = 8, zeta = 0.89) settles it within 4 s to rounding.
  const Model damped = single_pendulum(R"(, "position": 0.1,
      "actuator": {"stiffness": 40, "damping": 8, "max_effort": 100})");
  const Options options = hybrid_options(damped, Vec3(0, 0, -9.81));
  Data data = make_data(damped);
  data.articulations[0].target_position[0] = q_ref;
  run_for(damped, options, data, 4.0);
  // Kp (q_ref - q) = m g l cos q by Newton's iteration.
  double settled = q_ref;
  for (int i = 0; i < 50; ++i) {
    const double residual = stiffness * (q_ref - settled) - kArmMass * 9.81 * kArmLength * std::cos(settled);
    settled -= residual / (-stiffness + kArmMass * 9.81 * kArmLength * std::sin(settled));
  }
  EXPECT_NEAR(data.articulations[0].positions[0], settled, 1e-9);
  EXPECT_NEAR(data.articulations[0].velocities[0], 0, 1e-9);
  EXPECT_NEAR(data.articulations[0].motor_effort[0], kArmMass * 9.81 * kArmLength * std::cos(settled), 1e-7);
  EXPECT_GT(q_ref - settled, 0.1);  // the weight's offset is real, not a rounding
}

// Released at rest from q = 0.5 above its lower limit q_l = -0.3 (upper 1.2), the arm
// falls onto the limit: each impact sends it back at e times its arrival rate
// (Newton's law on the joint, e = Options::restitution), it rises and falls back, and
// the rates of successive impacts fall by e; the Zeno rule ends the sequence on the
// limit, which then holds the arm's weight: lambda_l = m g l cos q_l.
TEST(HybridArticulation, JointLimitBouncesWithRestitutionThenHoldsTheWeight) {
  const double lower = -0.3, e = 0.5, g = 9.81;
  const Model model = single_pendulum(R"(, "position": 0.5, "limits": [-0.3, 1.2])");
  Options options = hybrid_options(model, Vec3(0, 0, -g));
  options.restitution = e;
  Data data = make_data(model);

  // The reset map alone: at the limit, q_dot- = -2 rad/s leaves at +e 2.
  {
    Data at_limit = make_data(model);
    at_limit.articulations[0].positions[0] = lower + 1e-9;
    at_limit.articulations[0].velocities[0] = -2.0;
    HybridBodies bodies;
    make_hybrid_bodies(model, at_limit.position, at_limit.orientation, bodies);
    ASSERT_EQ(bodies.limits.size(), 2u);
    Eigen::VectorXd state = pack_hybrid_state(bodies, at_limit.position, at_limit.orientation,
                                              at_limit.linear_velocity, at_limit.angular_velocity,
                                              at_limit.articulations);
    HybridSmoothDynamics dynamics(model, options, bodies);
    std::vector<HybridEvent> events;
    ASSERT_TRUE(resolve_impacts(model, options, hybrid_settings(options), 0.0, dynamics, bodies, state, events));
    EXPECT_NEAR(hybrid_velocity(bodies, state)[0], e * 2.0, 1e-12);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].body_a, -1);
    EXPECT_EQ(events[0].feature, 0);
  }

  // Through the steps: the first impact's rate is the fall's, sqrt(2 m g l (sin q0 -
  // sin q_l) / I), and each next one e times the one before.
  const double inertia = kArmMass * kArmLength * kArmLength + kArmBobInertia;
  const double first_rate =
      std::sqrt(2 * kArmMass * g * kArmLength * (std::sin(0.5) - std::sin(lower)) / inertia);
  std::vector<double> impact_rates;
  int zeno = 0;
  HybridStepResult result;
  for (int k = 0; k < 300; ++k) {
    result = advance_hybrid(model, options, data.time, data.position, data.orientation, data.linear_velocity,
                            data.angular_velocity, data.articulations);
    ASSERT_EQ(result.outcome, HybridOutcome::Completed) << result.detail;
    data.time += options.time_step;
    for (const HybridEvent& event : result.events) {
      if (event.kind == HybridEventKind::Impact) impact_rates.push_back(-event.normal_velocity);
      if (event.kind == HybridEventKind::Zeno) ++zeno;
    }
  }
  ASSERT_GE(impact_rates.size(), 5u);
  EXPECT_NEAR(impact_rates[0], first_rate, 1e-9 * first_rate);
  for (size_t k = 1; k < impact_rates.size(); ++k) {
    EXPECT_NEAR(impact_rates[k], e * impact_rates[k - 1], 1e-9 * impact_rates[0]) << "impact " << k;
  }
  // The Zeno rule: the impacts until the rate falls below v_z, then one plastic one.
  EXPECT_LT(e * impact_rates.back(), options.hybrid_zeno_speed);
  EXPECT_EQ(zeno, 1);
  // At rest on the limit, its torque holds the weight.
  EXPECT_NEAR(data.articulations[0].positions[0], lower, options.hybrid_contact_tolerance);
  EXPECT_NEAR(data.articulations[0].velocities[0], 0, 1e-9);
  ASSERT_EQ(result.limits.size(), 1u);
  EXPECT_EQ(result.limits[0].sign, 1.0);
  const double q = data.articulations[0].positions[0];
  EXPECT_NEAR(result.limits[0].force, kArmMass * g * kArmLength * std::cos(q), 1e-9);
}

// A robot scene: box_push's arm (three revolute joints with PD motors and limits,
// following its timeline's Cartesian move from t = 0.1 s) runs event-driven. The box
// lands (four impacts at one instant) and the arm moves its tip toward the box: every
// step to 0.6 s ends solved (no "unsupported", no fallback), the state finite, the
// motors' torques nonzero and the tip moved. At t = 0.638 s the tip reaches the box,
// and sustained contact between a link and a free body is the pair the formulation
// does not simulate: status "unsupported" naming them.
TEST(HybridArticulation, RobotSceneRunsWithMotorsAndLimits) {
  const Model model = load_builtin_scene("box_push");
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  Data data = make_data(model);
  const int tip = body_index(model, "tip");
  const Vec3 tip_start = data.position[tip];
  int impacts = 0;
  run_for(model, options, data, 0.6, [&](const Data& after) {
    expect_step_solved(after);
    for (const HybridEvent& event : after.events) impacts += event.kind == HybridEventKind::Impact;
    for (const Vec3& position : after.position) ASSERT_TRUE(position.allFinite());
  });
  EXPECT_EQ(impacts, 4);
  EXPECT_GT((data.position[tip] - tip_start).norm(), 5e-3);
  double largest_effort = 0;
  for (const double effort : data.articulations[0].motor_effort) {
    largest_effort = std::max(largest_effort, std::abs(effort));
  }
  EXPECT_GT(largest_effort, 0.1);
  run_for(model, options, data, 0.05);
  EXPECT_EQ(data.solver.status, SolverStatus::Unsupported);
  const std::string message = fallback_message(data.solver.fallbacks);
  EXPECT_NE(message.find("box and tip"), std::string::npos) << message;
}

}  // namespace
}  // namespace contactlab
