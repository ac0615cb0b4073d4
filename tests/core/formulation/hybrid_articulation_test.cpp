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

#include "dynamics/drag_spring.h"
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
  std::string why;
  ASSERT_EQ(resolve_impacts(model, options, hybrid_settings(options), 0.0, dynamics, bodies, state, events, why),
            ImpactResolution::Resolved)
      << why;
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
    std::string why;
    ASSERT_EQ(resolve_impacts(model, options, hybrid_settings(options), 0.0, dynamics, bodies, state, events, why),
              ImpactResolution::Resolved)
        << why;
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
  // The same in the step's read-outs (step/data.h JointLimitRecord).
  step(model, options, data);
  ASSERT_EQ(data.limits.size(), 1u);
  EXPECT_EQ(data.limits[0].articulation, 0);
  EXPECT_EQ(data.limits[0].link, 0);
  EXPECT_EQ(data.limits[0].sign, 1.0);
  EXPECT_NEAR(data.limits[0].force, kArmMass * g * kArmLength * std::cos(data.articulations[0].positions[0]), 1e-9);
}

// Drag to perturb on a link (dynamics/drag_spring.h): the pull's wrench, taken at the
// step's start and held through it, acts on the tree as J_x^T (F, tau). Grabbed at the
// bob's centre of mass (L = 0.5 m from the hinge, the arm horizontal at q = 0):
// - without gravity, from rest, a target d above gives F = k d up and the arm's
//   angular acceleration F L cos q / I, so after one step q(h) = F L h^2 / (2 I) (the
//   cos q factor is 1 - O(q^2), 1e-10 here);
// - with gravity, a target m g / k above holds the arm level: F L = m g L, q stays 0.
TEST(HybridArticulation, DragOnALinkPullsThroughItsTree) {
  const double h = 0.01, g = 9.81;
  const Model model = single_pendulum("");
  const int bob = body_index(model, "bob");
  const double inertia = kArmMass * kArmLength * kArmLength + kArmBobInertia;
  {
    Options options = hybrid_options(model, Vec3::Zero());
    options.time_step = h;
    Data data = make_data(model);
    data.drag = {bob, Vec3::Zero(), data.position[bob], drag_mass(model, bob)};
    const double d = 1e-3, stiffness = drag_gains(data.drag, options).stiffness;
    data.drag.target += Vec3(0, 0, d);
    step(model, options, data);
    ASSERT_EQ(data.solver.status, SolverStatus::NoContacts) << fallback_message(data.solver.fallbacks);
    const double expected = stiffness * d * kArmLength * h * h / (2 * inertia);
    EXPECT_GT(expected, 1e-5);
    EXPECT_NEAR(data.articulations[0].positions[0], expected, 1e-8 * expected);
  }
  Options options = hybrid_options(model, Vec3(0, 0, -g));
  Data data = make_data(model);
  data.drag = {bob, Vec3::Zero(), data.position[bob], drag_mass(model, bob)};
  data.drag.target += Vec3(0, 0, kArmMass * g / drag_gains(data.drag, options).stiffness);
  for (int k = 0; k < 50; ++k) step(model, options, data);
  EXPECT_NEAR(data.articulations[0].positions[0], 0, 1e-9);
  EXPECT_NEAR(data.articulations[0].velocities[0], 0, 1e-9);
}

// A joint coupling (seed 002 eqs. 7-8) in the hybrid formulation: a two-link chain
// about -y whose lower joint follows the upper at ratio -0.5 (q2 = -0.5 q1), released
// from q1 = 0.6 under gravity. It is a one-degree-of-freedom system without friction:
// the coupling holds q2 + 0.5 q1 and its rate at 0 to 1e-9 over 1 s, and the
// mechanical energy stays at its start to 1e-8 J. Without the coupling's row the
// lower link would swing on its own and break both.
TEST(HybridArticulation, CoupledJointsMoveAsOne) {
  const double ratio = -0.5, q0 = 0.6;
  const std::string inertia = R"("inertia": [[1e-03, 0, 0], [0, 1e-03, 0], [0, 0, 1e-03]])";
  const std::string text = R"({"name": "coupled_chain",
    "bodies": [{"name": "floor", "static": true, "position": [0, 0, -10], "geoms": [{"type": "plane"}]}],
    "articulations": [{"name": "chain", "links": [
      {"name": "upper", "joint": {"type": "revolute", "axis": [0, -1, 0], "position": 0.6},
       "mass": 1.0, )" + inertia + R"(, "center_of_mass": [0.25, 0, 0],
       "geoms": [{"type": "sphere", "radius": 0.01, "position": [0.25, 0, 0]}]},
      {"name": "lower", "parent": "upper",
       "joint": {"type": "revolute", "origin": {"position": [0.5, 0, 0]}, "axis": [0, -1, 0], "position": -0.3},
       "mass": 0.5, )" + inertia + R"(, "center_of_mass": [0.2, 0, 0],
       "geoms": [{"type": "sphere", "radius": 0.01, "position": [0.2, 0, 0]}]}],
      "couplings": [{"leader": "upper", "follower": "lower", "ratio": -0.5}]}]})";
  Model model;
  ASSERT_TRUE(load_scene(text, model).ok());
  const Options options = hybrid_options(model, Vec3(0, 0, -9.81));
  Data data = make_data(model);
  ASSERT_NEAR(data.articulations[0].positions[1], ratio * q0, 1e-15);
  const double energy = mechanical_energy(model, options, data);
  double swing = 0;
  for (int k = 0; k < 100; ++k) {
    step(model, options, data);
    ASSERT_NE(data.solver.status, SolverStatus::Unsupported) << fallback_message(data.solver.fallbacks);
    const Eigen::VectorXd& q = data.articulations[0].positions;
    const Eigen::VectorXd& v = data.articulations[0].velocities;
    ASSERT_NEAR(q[1] - ratio * q[0], 0, 1e-9) << "step " << k;
    ASSERT_NEAR(v[1] - ratio * v[0], 0, 1e-9) << "step " << k;
    ASSERT_NEAR(mechanical_energy(model, options, data), energy, 1e-8) << "step " << k;
    swing = std::max(swing, std::abs(q[0] - q0));
  }
  EXPECT_GT(swing, 0.5);  // it fell through a large swing
}

// A one-joint arm pressing on a free box that rests on the ground: sustained contact
// between a link (reduced coordinates) and a free body. The arm is hinged at
// (0, 0, 0.1) about -y, its centre of mass at 0.25 m and a sphere of radius r at
// (0.5, 0, r) in its frame, so at q = 0 the sphere's lowest point, (0.5, 0, 0.1), is
// level with the hinge and touches the middle of the box's top face (the box of
// half extents 0.1, 0.1, 0.05 centred at (0.5, 0, 0.05) on the ground z = 0). Gravity
// and a PD motor at q_ref < 0 press the arm down. The contact's point is at lever
// arm L = 0.5 m from the hinge and level with it, so its tangential force has no
// moment about the hinge, and the arm's equilibrium alone gives the push:
//   lambda_n L = m_arm g l_c + Kp (0 - q_ref),
// the ground carries m_box g + lambda_n. Moving the box along x at v0 under the arm
// (it slides under the tip and on the ground, mu_k at both), the push stays the same
// and the box slows at a = mu_k (m_box g + 2 lambda_n) / m_box: it stops at v0^2 / (2 a)
// at time v0 / a, then sticks.
constexpr double kPressArmMass = 1.0;
constexpr double kPressBoxMass = 2.0;
constexpr double kPressStiffness = 10.0;
constexpr double kPressTarget = -0.2;
constexpr double kPressFriction = 0.5;

Model arm_pressing_on_box(double box_speed) {
  std::ostringstream speed;
  speed << std::setprecision(17) << box_speed;
  const std::string text = R"({"name": "arm_pressing_on_box",
    "friction": {"default": {"static": 0.5, "kinetic": 0.5}},
    "bodies": [
      {"name": "ground", "static": true, "position": [0, 0, 0], "geoms": [{"type": "plane"}]},
      {"name": "box", "mass": 2.0, "position": [0.5, 0, 0.05], "linear_velocity": [)" + speed.str() + R"(, 0, 0],
       "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.05]}]}],
    "articulations": [{"name": "arm", "links": [
      {"name": "link", "joint": {"type": "revolute", "origin": {"position": [0, 0, 0.1]}, "axis": [0, -1, 0],
         "actuator": {"stiffness": 10, "damping": 1, "max_effort": 100}},
       "mass": 1.0, "inertia": [[1e-04, 0, 0], [0, 1e-04, 0], [0, 0, 1e-04]], "center_of_mass": [0.25, 0, 0],
       "geoms": [{"type": "sphere", "radius": 0.02, "position": [0.5, 0, 0.02]}]}]}]})";
  Model model;
  const Status status = load_scene(text, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

// The arm's push on the box [N] and the ground's normal force under the box [N] at
// the end of a step, from its active contacts.
struct PressForces {
  double push = 0;
  double ground = 0;
  int arm_contacts = 0;
  HybridContactMode arm_mode = HybridContactMode::Stick;
};

PressForces press_forces(const Model& model, const HybridStepResult& result) {
  const int box = body_index(model, "box"), link = body_index(model, "link");
  PressForces forces;
  for (const HybridContactReport& contact : result.contacts) {
    const int a = contact.point.body_a, b = contact.point.body_b;
    if ((a == link && b == box) || (a == box && b == link)) {
      forces.push += contact.normal_force;
      forces.arm_mode = contact.mode;
      ++forces.arm_contacts;
    } else if (a == box || b == box) {
      forces.ground += contact.normal_force;
    }
  }
  return forces;
}

TEST(HybridArticulation, ArmPressingOnAFreeBoxHoldsItsStaticEquilibrium) {
  const double g = 9.81, lever = 0.5;
  const Model model = arm_pressing_on_box(0.0);
  Options options = hybrid_options(model, Vec3(0, 0, -g));
  Data data = make_data(model);
  data.articulations[0].target_position[0] = kPressTarget;
  const double push = (kPressArmMass * g * 0.25 + kPressStiffness * (0 - kPressTarget)) / lever;
  for (int k = 0; k < 50; ++k) {
    const HybridStepResult result =
        advance_hybrid(model, options, data.time, data.position, data.orientation, data.linear_velocity,
                       data.angular_velocity, data.articulations);
    ASSERT_EQ(result.outcome, HybridOutcome::Completed) << result.detail;
    data.time += options.time_step;
    const PressForces forces = press_forces(model, result);
    ASSERT_EQ(forces.arm_contacts, 1) << "t = " << data.time;
    EXPECT_EQ(forces.arm_mode, HybridContactMode::Stick);
    EXPECT_NEAR(forces.push, push, 1e-6) << "t = " << data.time;
    EXPECT_NEAR(forces.ground, kPressBoxMass * g + push, 1e-6) << "t = " << data.time;
  }
  EXPECT_NEAR(data.articulations[0].positions[0], 0, 1e-9);
  EXPECT_NEAR(data.articulations[0].motor_effort[0], kPressStiffness * kPressTarget, 1e-6);
  EXPECT_NEAR((data.position[body_index(model, "box")] - Vec3(0.5, 0, 0.05)).norm(), 0, 1e-9);
}

TEST(HybridArticulation, BoxSlidingUnderAPressingArmStopsWhereCoulombSays) {
  const double g = 9.81, lever = 0.5, v0 = 0.5;
  const Model model = arm_pressing_on_box(v0);
  Options options = hybrid_options(model, Vec3(0, 0, -g));
  Data data = make_data(model);
  data.articulations[0].target_position[0] = kPressTarget;
  const double push = (kPressArmMass * g * 0.25 + kPressStiffness * (0 - kPressTarget)) / lever;
  const double deceleration = kPressFriction * (kPressBoxMass * g + 2 * push) / kPressBoxMass;
  const double stop_time = v0 / deceleration, stop_distance = v0 * v0 / (2 * deceleration);
  const int box = body_index(model, "box");
  double stopped_at = -1;
  for (int k = 0; k < 20; ++k) {
    const HybridStepResult result =
        advance_hybrid(model, options, data.time, data.position, data.orientation, data.linear_velocity,
                       data.angular_velocity, data.articulations);
    ASSERT_EQ(result.outcome, HybridOutcome::Completed) << result.detail;
    for (const HybridEvent& event : result.events) {
      if (event.kind == HybridEventKind::SlipToStick && stopped_at < 0) stopped_at = event.time;
    }
    data.time += options.time_step;
    const PressForces forces = press_forces(model, result);
    ASSERT_EQ(forces.arm_contacts, 1) << "t = " << data.time;
    EXPECT_NEAR(forces.push, push, 1e-6) << "t = " << data.time;
    EXPECT_NEAR(forces.ground, kPressBoxMass * g + push, 1e-6) << "t = " << data.time;
    if (data.time < stop_time - 1e-9) {
      EXPECT_EQ(forces.arm_mode, HybridContactMode::Slip) << "t = " << data.time;
      EXPECT_NEAR(data.linear_velocity[box].x(), v0 - deceleration * data.time, 1e-6) << "t = " << data.time;
    }
  }
  EXPECT_NEAR(stopped_at, stop_time, 1e-6);
  EXPECT_NEAR(data.position[box].x() - 0.5, stop_distance, 1e-6);
  EXPECT_NEAR(data.linear_velocity[box].norm(), 0, 1e-9);
  EXPECT_NEAR(data.articulations[0].positions[0], 0, 1e-9);
}

// A link pushing a free body with its contact sliding at a slip near zero (box_push's
// tip on its box, reduced): a prismatic link along x, its motor saturated at F = 2 N
// (Kp (q_ref - q) far above max_effort), pushes a 1 kg cube on a frictionless floor at
// the height of the cube's centre; the tip's friction mu_t = 0.1. The cube's weight is
// shared by its four floor contacts and the tip's vertical friction (a rigid, statically
// indeterminate patch; the least-norm forces), whose share exceeds mu_t lambda_n, so
// the tip's contact slides from rest, vertically, while the floor and the joint keep
// its slip at zero: its friction's direction is the slide's first, not the slip's
// (the integrator's noise), which turned at every rounding and spent every step's
// budget before. Closed form: the link and the cube move as one, x = F t^2 / (2 (m_l +
// m_b)) (1e-9), the push lambda_n = m_b F / (m_l + m_b), the tip's friction mu_t
// lambda_n up the face and the floor's m_b g - mu_t lambda_n (1e-9), every step solved.
TEST(HybridArticulation, PushWithTheTipSlidingAtZeroSlipRunsToItsEnd) {
  const double force = 2, link_mass = 0.5, box_mass = 1, mu = 0.1, g = 9.81;
  const std::string text = R"({"name": "push_at_zero_slip", "materials": ["steel", "wood"],
    "friction": {"default": {"static": 0, "kinetic": 0},
                 "pairs": [{"materials": ["steel", "wood"], "static": 0.1, "kinetic": 0.1}]},
    "bodies": [
      {"name": "ground", "static": true, "geoms": [{"type": "plane"}]},
      {"name": "box", "mass": 1.0, "position": [0, 0, 0.05],
       "geoms": [{"type": "box", "half_extents": [0.05, 0.05, 0.05], "material": "wood"}]}],
    "articulations": [{"name": "pusher", "links": [
      {"name": "tip", "joint": {"type": "prismatic", "origin": {"position": [-0.17, 0, 0.05]}, "axis": [1, 0, 0],
         "actuator": {"stiffness": 10000, "damping": 0, "max_effort": 2}},
       "mass": 0.5, "inertia": [[1e-04, 0, 0], [0, 1e-04, 0], [0, 0, 1e-04]],
       "geoms": [{"type": "sphere", "radius": 0.02, "position": [0.1, 0, 0], "material": "steel"}]}]}]})";
  Model model;
  const Status status = load_scene(text, model);
  ASSERT_TRUE(status.ok()) << status.message();
  Options options = hybrid_options(model, Vec3(0, 0, -g));
  Data data = make_data(model);
  data.articulations[0].target_position[0] = 1.0;
  const int box = body_index(model, "box"), tip = body_index(model, "tip");
  const double acceleration = force / (link_mass + box_mass), push = box_mass * acceleration;
  for (int k = 0; k < 40; ++k) {
    const HybridStepResult result =
        advance_hybrid(model, options, data.time, data.position, data.orientation, data.linear_velocity,
                       data.angular_velocity, data.articulations);
    ASSERT_EQ(result.outcome, HybridOutcome::Completed) << result.detail;
    data.time += options.time_step;
    const double t = data.time;
    EXPECT_NEAR(data.position[box].x(), 0.5 * acceleration * t * t, 1e-9) << "t = " << t;
    EXPECT_NEAR(data.linear_velocity[box].x(), acceleration * t, 1e-9) << "t = " << t;
    EXPECT_NEAR(data.articulations[0].positions[0], 0.5 * acceleration * t * t, 1e-9) << "t = " << t;
    double floor = 0;
    int tip_contacts = 0;
    for (const HybridContactReport& contact : result.contacts) {
      const int a = contact.point.body_a, b = contact.point.body_b;
      if (a != tip && b != tip) {
        floor += contact.normal_force;
        continue;
      }
      ++tip_contacts;
      EXPECT_EQ(contact.mode, HybridContactMode::Slip) << "t = " << t;
      EXPECT_NEAR(contact.normal_force, push, 1e-9) << "t = " << t;
      EXPECT_NEAR(contact.friction_force.norm(), mu * push, 1e-9) << "t = " << t;
      EXPECT_LT(contact.tangential_velocity.norm(), hybrid_stick_speed(options)) << "t = " << t;
    }
    EXPECT_EQ(tip_contacts, 1) << "t = " << t;
    EXPECT_NEAR(floor, box_mass * g - mu * push, 1e-9) << "t = " << t;
  }
}

// A robot scene: box_push's arm (three revolute joints with PD motors and limits,
// following its timeline's Cartesian move from t = 0.1 s) runs event-driven. The box
// lands (four impacts at one instant) and the arm moves its tip toward the box: every
// step to 0.6 s ends solved (no "unsupported", no fallback), the state finite, the
// motors' torques nonzero and the tip moved. At t = 0.638 s the tip strikes the box
// and stays in contact with it (a link against a free body): the push builds up past
// the ground's friction mu m g = 4.9 N and the box slides along +x, every step to
// 0.6875 s solved.
TEST(HybridArticulation, RobotSceneRunsWithMotorsAndLimits) {
  const Model model = load_builtin_scene("box_push");
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  Data data = make_data(model);
  const int tip = body_index(model, "tip"), box = body_index(model, "box");
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
  const double box_before = data.position[box].x();
  int tip_impacts = 0;
  run_for(model, options, data, 0.0875, [&](const Data& after) {
    expect_step_solved(after);
    for (const HybridEvent& event : after.events) {
      tip_impacts += event.kind == HybridEventKind::Impact && (event.body_a == tip || event.body_b == tip);
    }
  });
  EXPECT_EQ(tip_impacts, 1);
  double push = 0;
  for (const ContactRecord& contact : data.contacts) {
    if ((contact.body_a == tip && contact.body_b == box) || (contact.body_a == box && contact.body_b == tip)) {
      push += contact.normal_force;
    }
  }
  const double mu = 0.5;  // the scene's box-ground friction
  EXPECT_GT(push, mu * model.bodies[box].mass * -options.gravity.z());
  EXPECT_GT(data.position[box].x() - box_before, 5e-4);
  EXPECT_GT(data.linear_velocity[box].x(), 0.01);
}

}  // namespace
}  // namespace contactlab
