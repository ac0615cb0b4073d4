// Joint Coulomb friction (seed 002 eq. 14) as a bounded impulse solved with the
// contacts (contact/contact_rows.h): |tau| <= c h, zero slip while inside the bound, and
// at the bound opposing the motion, in every formulation.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "formulation/contact_lcp.h"
#include "formulation_params.h"
#include "lcp/lemke.h"
#include "scene/scene_loader.h"
#include "scene_fixture.h"
#include "step/data.h"
#include "step/step.h"
#include "test_constants.h"

namespace contactlab {
namespace {

// The pendulum link: 1 kg, its centre of mass 0.25 m from a revolute joint about y at
// (0, 0, 1); positive q turns the link's x axis towards -z, so gravity pulls q up
// towards pi/2 (hanging) with the torque m g d cos q. Inertia about the joint
// I = I_yy + m d^2.
constexpr double kMass = 1.0;
constexpr double kCenter = 0.25;    // d [m]
constexpr double kInertiaYY = 0.02;  // about the centre of mass [kg m^2]
constexpr double kJointInertia = kInertiaYY + kMass * kCenter * kCenter;  // I [kg m^2]
constexpr double kTimeStep = 0.0025;

std::string number(double value) { return std::to_string(value); }

// The pendulum scene; `options` is the JSON text of extra options (may be empty), and
// a box of `box_mass` kg rests on the link at 0.3 m from the joint when it is > 0.
std::string pendulum_scene(double coulomb, double position, double velocity,
                           const std::string& options, double box_mass = 0) {
  std::string bodies = R"({"name": "ground", "static": true, "geoms": [{"type": "plane"}]})";
  if (box_mass > 0) {
    bodies += R"(, {"name": "box", "mass": )" + number(box_mass) +
              R"(, "position": [0.3, 0, 1.07],
                 "geoms": [{"type": "box", "half_extents": [0.05, 0.05, 0.05]}]})";
  }
  return R"({
  "name": "joint_friction_test",
  "options": {"time_step": )" + number(kTimeStep) + (options.empty() ? "" : ", " + options) + R"(},
  "bodies": [)" + bodies + R"(],
  "articulations": [{
    "name": "pendulum",
    "links": [
      {"name": "link",
       "joint": {"type": "revolute", "origin": {"position": [0, 0, 1]}, "axis": [0, 1, 0],
                 "position": )" + number(position) + R"(, "velocity": )" + number(velocity) + R"(,
                 "friction": {"coulomb": )" + number(coulomb) + R"(, "viscous": 0}},
       "mass": )" + number(kMass) + R"(,
       "inertia": [[0.001, 0, 0], [0, )" + number(kInertiaYY) + R"(, 0], [0, 0, 0.02]],
       "center_of_mass": [)" + number(kCenter) + R"(, 0, 0],
       "geoms": [{"type": "box", "half_extents": [0.25, 0.05, 0.02], "position": [0.25, 0, 0]}]}
    ]
  }]
})";
}

Model load_text(const std::string& text) {
  Model model;
  const Status status = load_scene(text, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

double joint_q(const Data& data) { return data.articulations[0].positions[0]; }
double joint_qd(const Data& data) { return data.articulations[0].velocities[0]; }

// The last island's joint friction impulse (the pendulum's island is the only one).
double friction_impulse() {
  const IslandSolution& solution = test_workspace().solution;
  EXPECT_EQ(solution.impulses.joint_friction.size(), 1u);
  return solution.impulses.joint_friction.empty() ? 0.0 : solution.impulses.joint_friction[0];
}

// The formulations, with the variants of their own problem: soft with the pyramidal
// and the elliptic cone, quasistatic as a QP and as an LCP.
// A link released at rest 0.3 rad below horizontal, whose joint friction c = 3 N m
// exceeds gravity's torque m g d cos(0.3) = 2.34 N m: over 3 s the joint does not move
// at all, in every formulation (quasistatic too: its force balance holds the joint
// with the same bound), and the friction impulse is gravity's, -m g d cos(q) h.
TEST(StepJointFriction, FrictionAboveTheLoadHoldsThePendulumInEveryFormulation) {
  const double start = 0.3;
  const double load = kMass * kGravity * kCenter * std::cos(start);
  ASSERT_LT(load, 3.0);
  for (const SceneFormulationOptions& variant : kSceneFormulationOptions) {
    SCOPED_TRACE(variant.name);
    const Model model = load_text(pendulum_scene(3.0, start, 0, variant.options));
    Data data = make_data(model);
    double largest_move = 0;
    run_for(model, model.options, data, 3.0, [&](const Data& state) {
      largest_move = std::max(largest_move, std::abs(joint_q(state) - start));
    });
    expect_step_solved(data);
    EXPECT_LE(largest_move, 1e-12);
    EXPECT_LE(std::abs(joint_qd(data)), 1e-12);
    // Compliant contact takes substeps of h / n: its impulse is the last substep's.
    const double substep = model.options.time_step /
                           test_workspace().formulation->substep_count(model, model.options);
    EXPECT_NEAR(friction_impulse(), -load * substep, 1e-9 * load * substep);
    // The step's read-out: the joint sticking, its torque the impulse / h.
    ASSERT_EQ(data.joint_frictions.size(), 1u);
    EXPECT_TRUE(data.joint_frictions[0].sticking);
    if (substep == model.options.time_step) {
      EXPECT_NEAR(data.joint_frictions[0].torque, -load, 1e-9 * load);
    }
  }
}

// With c = 1 N m below the load the joint slips from the first step, with friction at
// its bound opposing the motion: qdot after one step from rest is h (tau_g - c) / I
// (the start's acceleration, to the change of cos q within the step), and the impulse
// is -c h. Soft adds no damping by default (soft_damping = 0). Quasistatic carries no
// velocity: its joint moves at v = h (tau_g - c) / (eps_q I) in every step instead.
TEST(StepJointFriction, FrictionBelowTheLoadSlipsAtTheBoundOpposingMotion) {
  const double start = 0.3;
  const double coulomb = 1.0;
  const double load = kMass * kGravity * kCenter * std::cos(start);
  const double acceleration = (load - coulomb) / kJointInertia;  // [rad/s^2]
  for (const SceneFormulationOptions& variant : kSceneFormulationOptions) {
    SCOPED_TRACE(variant.name);
    const Model model = load_text(pendulum_scene(coulomb, start, 0, variant.options));
    Data data = make_data(model);
    step(model, model.options, data);
    expect_step_solved(data);
    const double h = model.options.time_step;
    const int substeps = test_workspace().formulation->substep_count(model, model.options);
    EXPECT_NEAR(friction_impulse(), -coulomb * h / substeps, 1e-12);
    ASSERT_EQ(data.joint_frictions.size(), 1u);
    EXPECT_FALSE(data.joint_frictions[0].sticking);
    if (substeps == 1) {
      EXPECT_NEAR(data.joint_frictions[0].torque, -coulomb, 1e-12 / h);
    }
    if (model.options.formulation == Formulation::Quasistatic) {
      const double speed = h * (load - coulomb) / (model.options.quasistatic_mass_scale * kJointInertia);
      EXPECT_NEAR(joint_qd(data), speed, 1e-9 * speed);
      continue;
    }
    // Within a step q moves by at most h^2 a: cos q changes by 1e-6 of itself.
    EXPECT_NEAR(joint_qd(data) / h, acceleration, 1e-5 * acceleration);
    EXPECT_GT(joint_qd(data), 0);
  }
}

// What "at rest" means for a joint held by friction [rad/s]: exactly 0 where the
// joint's row is solved directly (lcp, compliant, soft elliptic's guess, Lemke's
// rounding aside); convex and the soft pyramid solve Anitescu's positive semidefinite
// problem by a proximal iteration (edge_lcp.h) that converges to the exact answer and
// stops once the row's velocity is within its 1e-9 certificate, in practice far below.
double stopped_speed(const SceneFormulationOptions& variant) {
  const std::string name = variant.name;
  return name == "lcp" || name == "compliant" ? 0.0 : 1e-12;
}

// Without gravity a joint spinning at qdot_0 = 2 rad/s under c = 0.5 N m decelerates
// at c / I and stops at t = I qdot_0 / c = 0.33 s (within one step), then stays at
// exactly zero velocity. Quasistatic carries no velocity, so it is not in this test.
TEST(StepJointFriction, MovingJointStopsInTheCoulombTimeAndStays) {
  const double coulomb = 0.5;
  const double start_speed = 2.0;
  const double stop_time = kJointInertia * start_speed / coulomb;
  for (const SceneFormulationOptions& variant : kSceneFormulationOptions) {
    if (std::string(variant.name).rfind("quasistatic", 0) == 0) continue;
    SCOPED_TRACE(variant.name);
    const double kStopped = stopped_speed(variant);
    const Model model = load_text(pendulum_scene(coulomb, 0, start_speed,
                                            std::string(variant.options) + R"(, "gravity": [0, 0, 0])"));
    Data data = make_data(model);
    double stopped_at = -1;
    double largest_after_stop = 0;
    double slowest = 0;
    run_for(model, model.options, data, 1.0, [&](const Data& state) {
      const double speed = joint_qd(state);
      slowest = std::min(slowest, speed);
      if (stopped_at < 0 && std::abs(speed) <= kStopped) stopped_at = state.time;
      if (stopped_at >= 0) largest_after_stop = std::max(largest_after_stop, std::abs(speed));
    });
    expect_step_solved(data);
    ASSERT_GT(stopped_at, 0);
    // stop_time is 132 steps; rounding may leave the 132nd step 1e-16 short of zero.
    EXPECT_LE(std::abs(stopped_at - stop_time), 1.01 * model.options.time_step);
    EXPECT_LE(largest_after_stop, kStopped);
    EXPECT_GE(slowest, -kStopped);  // friction never reverses the motion
  }
}

// A 0.5 kg box set down touching the horizontal link 0.3 m from the joint adds its
// weight's torque, 1.47 N m, to the link's own 2.45 N m: with c = 10 N m (above the
// load and above compliant contact's damping transient as the box settles) the joint
// does not move over 2 s while the contact carries the box; with c = 2 N m (below the
// 3.9 N m load) it does, so the contact's load reaches the joint. Quasistatic is left
// out: its box has eps_q of its mass and no velocity, a different settling.
TEST(StepJointFriction, FrictionHoldsAJointAgainstAContactLoad) {
  const double box = 0.5;
  const double load = kMass * kGravity * kCenter + box * kGravity * 0.3;
  for (const SceneFormulationOptions& variant : kSceneFormulationOptions) {
    if (std::string(variant.name).rfind("quasistatic", 0) == 0) continue;
    SCOPED_TRACE(variant.name);
    const Model model = load_text(pendulum_scene(10.0, 0, 0, variant.options, box));
    Data data = make_data(model);
    double largest_move = 0;
    run_for(model, model.options, data, 2.0, [&](const Data& state) {
      largest_move = std::max(largest_move, std::abs(joint_q(state)));
    });
    expect_step_solved(data);
    // Lemke's and the proximal iteration's rounding with contacts in the island; the
    // soft elliptic cone solves some steps of the box's settling by the interior-point
    // method, whose answer holds the joint to its 1e-9 tolerance per step.
    const bool interior_point = std::string(variant.name) == "soft elliptic";
    EXPECT_LE(largest_move, interior_point ? 1e-9 : 1e-10);
    // The friction impulse carries the link's and the box's torque (compliant contact's
    // box still rings on its springs, by 1e-3 of its weight).
    const double substep = model.options.time_step /
                           test_workspace().formulation->substep_count(model, model.options);
    EXPECT_NEAR(friction_impulse(), -load * substep, 1e-2 * load * substep);

    const Model weak = load_text(pendulum_scene(2.0, 0, 0, variant.options, box));
    Data slipping = make_data(weak);
    run_for(weak, weak.options, slipping, 0.1);
    EXPECT_GT(joint_q(slipping), 1e-3);
  }
}

// The LCP of seed 002 with a joint friction row split as eqs. (5)-(6): built from the
// rows of the box on the link, with v_free kicked so that the joint's row sticks
// (a small kick) or slips (a large one), Lemke's answer passes z >= 0, w >= 0,
// |z^T w| small, w = M z + q, and its tau = tau+ - tau- keeps |tau| <= c h.
TEST(StepJointFriction, LcpWithAJointFrictionRowHasACertifiedAnswer) {
  const Model model = load_text(pendulum_scene(6.0, 0, 0, R"("formulation": "lcp")", 0.5));
  Data data = make_data(model);
  step(model, model.options, data);
  step(model, model.options, data);
  const StepWorkspace& ws = test_workspace();
  const IslandRows& rows = ws.rows;
  ASSERT_EQ(rows.joint_friction_count, 1);
  ASSERT_GT(rows.contact_count, 0);
  const double bound = rows.joint_friction[0].bound;
  EXPECT_DOUBLE_EQ(bound, 6.0 * model.options.time_step);
  const int joint = rows.joint_friction[0].coordinate;

  for (const double kick : {0.01, 10.0}) {
    SCOPED_TRACE(kick);
    Eigen::VectorXd free_velocity = ws.island.velocity;
    free_velocity[joint] += kick;
    ContactLcp lcp;
    build_contact_lcp(rows, free_velocity, lcp);
    const int first = joint_friction_unknown(rows, true);
    ASSERT_EQ(lcp.matrix().rows(), first + 3);
    LemkeSolver lemke;
    const LcpSolution solution = lemke.solve(lcp.matrix(), lcp.offset, LemkeSettings{});
    ASSERT_EQ(solution.status, LcpStatus::Solved) << solution.message;
    const Eigen::VectorXd& z = solution.z;
    const Eigen::VectorXd& w = solution.w;
    const double scale = std::max(1.0, lcp.offset.cwiseAbs().maxCoeff());
    EXPECT_GE(z.minCoeff(), -1e-12 * scale);
    EXPECT_GE(w.minCoeff(), -1e-9 * scale);
    EXPECT_LE(std::abs(z.dot(w)), 1e-9 * scale);
    EXPECT_LE((lcp.matrix() * z + lcp.offset - w).cwiseAbs().maxCoeff(), 1e-9 * scale);
    const double tau = z[first] - z[first + 1];
    EXPECT_LE(std::abs(tau), bound * (1 + 1e-12));

    // The joint's velocity after the impulses: 0 where it sticks, else opposed by the
    // whole bound.
    Eigen::VectorXd velocity = free_velocity;
    apply_impulses(rows, z, true, velocity);
    if (kick < 1) {
      EXPECT_LT(std::abs(tau), bound);
      EXPECT_NEAR(velocity[joint], 0, 1e-12);
    } else {
      EXPECT_NEAR(tau, -bound, 1e-12);
      EXPECT_GT(velocity[joint], 0);
      EXPECT_NEAR(z[first + 2], velocity[joint], 1e-9);  // sigma, the slip speed
    }
  }
}

}  // namespace
}  // namespace contactlab
