// Articulations in the hybrid formulation (formulation/hybrid_bodies.h: a tree's q and
// q_dot in the state, its contact rows through the links' Jacobians; hybrid_smooth_
// dynamics.h: M(q) and C q_dot - tau_g between events): seed 004's simple double
// pendulum (point masses m1 = m2 = 1 kg on rods l1 = l2 = 1 m) whose lower bob strikes
// a wall. The impact is checked against the seed's frictionless reset map built from
// the seed's own M(q) and the bob's kinematics, not from the code's CRBA and Jacobians.
#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace contactlab
