// Pang's quasi-static objective (seed 003) as (M_q, v_q): scaled inertia for objects,
// springs for actuated joints, gravity compensation, couplings, and the force-balance
// diagnostic, against closed forms.
#include "formulation/quasistatic_motion.h"
#include "step/quasistatic_balance.h"

#include <cmath>

#include <gtest/gtest.h>

#include "articulation_builder.h"
#include "scene_fixture.h"
#include "step/data.h"
#include "step/step.h"
#include "test_shapes.h"

namespace contactlab {
namespace {

Options quasistatic_options(double time_step, double mass_scale, int problem) {
  Options options;
  options.time_step = time_step;
  options.quasistatic_mass_scale = mass_scale;
  options.formulation = Formulation::Quasistatic;
  options.quasistatic_problem = problem;
  return options;
}

// A point-mass link on a prismatic joint along `axis`, optionally actuated with
// stiffness K.
LinkSpec slider(const std::string& name, int parent, const Vec3& axis, double mass,
                double stiffness) {
  LinkSpec spec;
  spec.link.name = name;
  spec.link.parent = parent;
  spec.link.joint.type = JointType::Prismatic;
  spec.link.joint.axis = axis;
  spec.link.mass = mass;
  spec.link.inertia = Mat3::Identity() * 1e-4;
  spec.shape = sphere(0.01);
  if (stiffness >= 0) {
    spec.actuator.present = true;
    spec.actuator.gains = PdGains{stiffness, 5.0, 100.0};
  }
  return spec;
}

struct Prepared {
  ArticulationMotionWorkspace workspace;
  ArticulationMotion motion;
  ArticulationState state;
};

// The articulation's quasi-static (M_q^-1, v_q) with the given set points.
Status prepare(const Articulation& articulation, const Options& options,
               const std::vector<double>& targets, Prepared& out) {
  out.state = initial_articulation_state(articulation);
  for (size_t link = 0; link < targets.size(); ++link) out.state.target_position[link] = targets[link];
  return quasistatic_articulation_motion(articulation, options, out.state, out.workspace, out.motion);
}

// M_q = eps_q M and v_q = h M_q^-1 (m g, 0): the body starts every step from rest
// (no gyroscopic term) and its inertia is scaled by eps_q.
TEST(QuasistaticMotion, FreeBodyHasScaledInertiaAndStartsFromRest) {
  Body body;
  body.mass = 2.0;
  body.inertia = Vec3(0.1, 0.2, 0.3).asDiagonal();
  const Options options = quasistatic_options(0.01, 0.05, 0);
  const Quat orientation(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
  InverseMass inverse_mass;
  Vec6 free_velocity;
  quasistatic_free_body(body, options, orientation, inverse_mass, free_velocity);
  EXPECT_NEAR(inverse_mass.inverse_mass, 1.0 / (0.05 * 2.0), 1e-12);
  const Mat3 rotation = orientation.toRotationMatrix();
  const Mat3 expected = rotation * (0.05 * body.inertia).inverse() * rotation.transpose();
  EXPECT_LT((inverse_mass.inverse_inertia - expected).cwiseAbs().maxCoeff(), 1e-10);
  // h g / eps_q = 0.01 * 9.81 / 0.05.
  EXPECT_NEAR(free_velocity[2], -0.01 * 9.81 / 0.05, 1e-12);
  EXPECT_TRUE(free_velocity.head<2>().isZero(0));
  EXPECT_TRUE(free_velocity.tail<3>().isZero(0));
}

// Actuated joints: M_q = h^2 K on the diagonal, v_q = (q_cmd - q) / h, no gravity
// (the impedance controller compensates it), and the recorded effort is the spring's
// K (q_cmd - q - h v').
TEST(QuasistaticMotion, ActuatedJointsFollowTheirSetPointsThroughSprings) {
  Model model = empty_model(false);
  LinkSpec lift = slider("lift", -1, Vec3::UnitZ(), 1.5, 800);
  LinkSpec reach = slider("reach", 0, Vec3::UnitX(), 0.5, 300);
  reach.position = 0.1;
  append_articulation(model, "robot", {lift, reach});
  const double h = 0.002;
  const Options options = quasistatic_options(h, 0.01, 0);
  Prepared prepared;
  ASSERT_TRUE(prepare(model.articulations[0], options, {0.03, 0.08}, prepared).ok());
  const ArticulationMotion& motion = prepared.motion;
  EXPECT_NEAR(motion.inverse_mass(0, 0), 1.0 / (h * h * 800), 1e-9);
  EXPECT_NEAR(motion.inverse_mass(1, 1), 1.0 / (h * h * 300), 1e-9);
  EXPECT_EQ(motion.inverse_mass(0, 1), 0);
  EXPECT_NEAR(motion.free_velocity[0], 0.03 / h, 1e-9);
  EXPECT_NEAR(motion.free_velocity[1], (0.08 - 0.1) / h, 1e-9);
  const double v_new = 4.0;  // a velocity the contacts might leave
  EXPECT_NEAR(implicit_pd_torque(motion.motor_terms[1], h, v_new), 300 * (0.08 - 0.1 - h * v_new), 1e-9);
}

// A passive joint (and one whose actuator has no stiffness) is unactuated: eps_q times
// its block of M, with gravity, and no cross terms with the springs.
TEST(QuasistaticMotion, UnactuatedCoordinatesKeepScaledInertiaAndGravity) {
  Model model = empty_model(false);
  LinkSpec lift = slider("lift", -1, Vec3::UnitZ(), 1.0, 500);
  LinkSpec passive = slider("passive", 0, Vec3::UnitZ(), 0.4, -1);
  LinkSpec limp = slider("limp", 1, Vec3::UnitX(), 0.2, 0);  // an actuator with K = 0
  append_articulation(model, "robot", {lift, passive, limp});
  const double h = 0.001, eps = 0.02;
  const Options options = quasistatic_options(h, eps, 0);
  Prepared prepared;
  ASSERT_TRUE(prepare(model.articulations[0], options, {0.01, 0, 0}, prepared).ok());
  const ArticulationMotion& motion = prepared.motion;
  EXPECT_FALSE(quasistatic_actuated(model.articulations[0], 1));
  EXPECT_FALSE(quasistatic_actuated(model.articulations[0], 2));
  // M_uu = diag(0.6, 0.2) (passive carries both masses along z; limp moves along x).
  EXPECT_NEAR(motion.inverse_mass(1, 1), 1.0 / (eps * 0.6), 1e-9);
  EXPECT_NEAR(motion.inverse_mass(2, 2), 1.0 / (eps * 0.2), 1e-9);
  EXPECT_NEAR(motion.inverse_mass(0, 1), 0, 1e-12);
  EXPECT_NEAR(motion.inverse_mass(0, 0), 1.0 / (h * h * 500), 1e-6);
  // v_q = h (eps M_uu)^-1 tau_g: -h g / eps along z, nothing along x.
  EXPECT_NEAR(motion.free_velocity[1], -h * 9.81 / eps, 1e-9);
  EXPECT_NEAR(motion.free_velocity[2], 0, 1e-12);
  EXPECT_NEAR(motion.free_velocity[0], 0.01 / h, 1e-9);
}

// A coupling keeps its row (seed 002 eqs. 7-8): an actuated leader along x and a
// passive follower along z with q_f = r q_l. The follower's gravity is compensated,
// and the pair moves along u = (1, r) with effective M_q = h^2 K + r^2 eps m_f:
// M_c^-1 = u u^T / (h^2 K + r^2 eps m_f), and v_q = h^2 K v_cmd / (h^2 K + r^2 eps m_f) u.
TEST(QuasistaticMotion, CouplingsAreEliminatedWithTheFollowerCompensated) {
  Model model = empty_model(false);
  LinkSpec leader = slider("leader", -1, Vec3::UnitX(), 1.0, 400);
  LinkSpec follower = slider("follower", 0, Vec3::UnitZ(), 0.3, -1);
  const double ratio = 0.5;
  append_articulation(model, "robot", {leader, follower}, {JointCoupling{0, 1, ratio}});
  const double h = 0.002, eps = 0.1;
  const Options options = quasistatic_options(h, eps, 0);
  Prepared prepared;
  ASSERT_TRUE(prepare(model.articulations[0], options, {0.02, 0}, prepared).ok());
  const ArticulationMotion& motion = prepared.motion;
  const double spring = h * h * 400;
  const double effective = spring + ratio * ratio * eps * 0.3;
  const double u[2] = {1, ratio};
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      EXPECT_NEAR(motion.inverse_mass(i, j), u[i] * u[j] / effective, 1e-6 / effective) << i << j;
    }
  }
  const double leader_velocity = spring * (0.02 / h) / effective;
  EXPECT_NEAR(motion.free_velocity[0], leader_velocity, 1e-9);
  EXPECT_NEAR(motion.free_velocity[1], ratio * leader_velocity, 1e-9);
}

// With nothing to stand on, an object does not accelerate: every step starts from
// rest, so it falls h^2 g / eps_q per step, v = h g / eps_q.
TEST(QuasistaticMotion, UnsupportedObjectFallsAtConstantSpeed) {
  Model model = empty_model(false);
  Body ball;
  ball.name = "ball";
  ball.mass = 0.5;
  ball.inertia = Mat3::Identity() * 0.002;
  ball.initial_position = Vec3(0, 0, 1);
  ball.geoms = {0};
  model.bodies.push_back(ball);
  Geom geom;
  geom.body = 0;
  geom.shape = sphere(0.1);
  model.geoms.push_back(geom);
  const Options options = quasistatic_options(0.005, 0.25, 0);
  Data data = make_data(model);
  for (int s = 1; s <= 10; ++s) {
    step(model, options, data);
    EXPECT_NEAR(data.linear_velocity[0].z(), -0.005 * 9.81 / 0.25, 1e-12);
    EXPECT_NEAR(data.position[0].z(), 1 - s * 0.005 * 0.005 * 9.81 / 0.25, 1e-12);
  }
}

// A ball resting on the ground is in force balance: normal force m g, zero residual,
// for both problems; and the diagnostic sees 1 N that the recorded force lacks.
TEST(QuasistaticMotion, RestingBallIsInForceBalance) {
  Model model = empty_model(true);
  Body ball;
  ball.name = "ball";
  ball.mass = 0.8;
  ball.inertia = Mat3::Identity() * 0.4 * 0.8 * 0.01;
  ball.initial_position = Vec3(0, 0, 0.1 + 0.5 * Options{}.contact_threshold);
  ball.geoms = {1};
  model.bodies.push_back(ball);
  Geom geom;
  geom.body = 1;
  geom.shape = sphere(0.1);
  model.geoms.push_back(geom);
  for (int problem : {0, 1}) {
    const Options options = quasistatic_options(0.002, 0.01, problem);
    Data data = make_data(model);
    for (int s = 0; s < 20; ++s) {
      const Data start = data;
      step(model, options, data);
      ASSERT_EQ(data.solver.status, SolverStatus::Solved)
          << problem << ": " << fallback_message(data.solver.fallbacks);
      ASSERT_EQ(data.contacts.size(), 1u);
      EXPECT_NEAR(data.contacts[0].normal_force, 0.8 * 9.81, 1e-6) << problem;
      QuasistaticBalance balance = quasistatic_balance(model, options, start, data);
      EXPECT_LT(balance.largest, 1e-6) << problem;
      Data altered = data;
      altered.contacts[0].normal_force += 1.0;
      balance = quasistatic_balance(model, options, start, altered);
      EXPECT_NEAR(balance.body[1].z(), -1.0, 1e-6);
      EXPECT_NEAR(balance.largest, 1.0, 1e-6);
    }
  }
}

// An actuated finger pressing on a fixed wall: its spring balances the contact,
// K (q_cmd - q') = f, and the articulation's residual is zero; a passive joint
// would show its missing force.
TEST(QuasistaticMotion, ArticulationBalanceIncludesSpringsAndContacts) {
  Model model = empty_model(false);
  Body wall;
  wall.name = "wall";
  wall.is_static = true;
  wall.geoms = {0};
  model.bodies.push_back(wall);
  Geom wall_geom;
  wall_geom.body = 0;
  wall_geom.shape = box(Vec3(0.05, 0.2, 0.2));
  wall_geom.local_pose.position = Vec3(0.2, 0, 0);
  model.geoms.push_back(wall_geom);
  LinkSpec finger = slider("finger", -1, Vec3::UnitX(), 0.2, 1000);
  finger.position = 0.14 - 0.5 * Options{}.contact_threshold;  // sphere (r 0.01) touching x = 0.15
  append_articulation(model, "robot", {finger});
  const Options options = quasistatic_options(0.002, 0.01, 1);
  Data data = make_data(model);
  data.articulations[0].target_position[0] = 0.16;
  for (int s = 0; s < 5; ++s) {
    const Data start = data;
    step(model, options, data);
    ASSERT_EQ(data.contacts.size(), 1u);
    EXPECT_NEAR(data.contacts[0].normal_force, 1000 * (0.16 - data.articulations[0].positions[0]), 1e-6);
    EXPECT_NEAR(data.contacts[0].normal_force, 20, 0.2);
    EXPECT_LT(quasistatic_balance(model, options, start, data).largest, 1e-6);
  }
}

}  // namespace
}  // namespace contactlab
