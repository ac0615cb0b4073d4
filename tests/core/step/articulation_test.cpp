// The step with articulations: trees (seed 004), joint limits (seed 002 eq. 9),
// couplings (eqs. 7-8, 16-17), PD motors (§5) and contacts on links (eq. 18).
#include <cmath>

#include <gtest/gtest.h>

#include "articulation_builder.h"
#include "formulation/solver_report.h"
#include "scene_fixture.h"
#include "step/data.h"
#include "step/step.h"

namespace contactlab {
namespace {

double joint_q(const Data& data, const Model& model, int link) {
  return joint_position(model.articulations[0], data.articulations[0], link);
}

// Symplectic Euler (v' from v, then q from v') keeps the energy of a frictionless
// double pendulum within O(h) of its start without drift: at h = 1e-4 the error stays
// below 1e-3 of the energy above rest over 2 s of large swings.
TEST(StepArticulation, FrictionlessDoublePendulumKeepsItsEnergy) {
  Model model = empty_model(false);
  append_articulation(model, "pendulum",
                      {rod_link("upper", -1, Vec3(0, 0, 2), 0.6, 1.0), rod_link("lower", 0, Vec3(0.6, 0, 0), 0.5, 0.8)});
  model.articulations[0].initial_positions << 0.3, 0.7;
  Options options;
  options.time_step = 1e-4;
  Data data = make_data(model);
  const double lowest = mechanical_energy(model, options, data) - 10.0;  // below any state
  const double start = mechanical_energy(model, options, data);
  // Energy above the hanging rest state: q = (pi/2, 0) puts both rods straight down.
  const double rest = -options.gravity.z() * (1.0 * (2 - 0.3) + 0.8 * (2 - 0.6 - 0.25));
  const double above_rest = start - rest;
  ASSERT_GT(above_rest, 1.0);
  double worst = 0;
  for (int s = 0; s < 20000; ++s) {
    step(model, options, data);
    worst = std::max(worst, std::abs(mechanical_energy(model, options, data) - start));
  }
  EXPECT_LT(worst, 1e-3 * above_rest);
  EXPECT_GT(mechanical_energy(model, options, data), lowest);
  EXPECT_EQ(data.solver.status, SolverStatus::NoContacts);
}

// A rod released horizontally swings down into a joint limit at 0.5 rad below
// horizontal (q about y: positive q turns x towards -z) and rests on it: the limit
// row holds it within 1e-6 rad, and its impulse balances gravity's torque.
TEST(StepArticulation, JointLimitStopsAndHoldsAHangingChain) {
  Model model = empty_model(false);
  LinkSpec upper = rod_link("upper", -1, Vec3(0, 0, 1), 0.6, 1.0);
  upper.link.joint.lower = -1.0;
  upper.link.joint.upper = 0.5;
  append_articulation(model, "chain", {upper, rod_link("lower", 0, Vec3(0.6, 0, 0), 0.4, 0.5)});
  Options options;
  Data data = make_data(model);
  double worst_violation = 0;
  for (int s = 0; s < 2000; ++s) {
    step(model, options, data);
    worst_violation = std::max(worst_violation, joint_q(data, model, 0) - 0.5);
    ASSERT_TRUE(data.solver.fallbacks.empty())
        << "step " << s << ": " << fallback_message(data.solver.fallbacks);
  }
  EXPECT_LT(worst_violation, 1e-6);
  EXPECT_NEAR(joint_q(data, model, 0), 0.5, 1e-6);
  EXPECT_LT(std::abs(data.articulations[0].velocities[0]), 1e-6);
  EXPECT_EQ(test_workspace().rows.limit_count, 1);
}

// The step's read-outs carry each limit row's force, c_l / h: a rod resting on its
// upper limit (0.5 rad below horizontal) is held by the limit's torque alone, m g l_c
// cos q, l_c = 0.3 m its centre of mass, to 1e-6.
TEST(StepArticulation, JointLimitForceIsInTheReadOuts) {
  Model model = empty_model(false);
  LinkSpec rod = rod_link("rod", -1, Vec3(0, 0, 1), 0.6, 1.0);
  rod.link.joint.lower = -1.0;
  rod.link.joint.upper = 0.5;
  append_articulation(model, "arm", {rod});
  model.articulations[0].initial_positions << 0.5;
  Options options;
  Data data = make_data(model);
  for (int s = 0; s < 200; ++s) step(model, options, data);
  ASSERT_EQ(data.limits.size(), 1u);
  EXPECT_EQ(data.limits[0].articulation, 0);
  EXPECT_EQ(data.limits[0].link, 0);
  EXPECT_EQ(data.limits[0].sign, -1.0);
  EXPECT_NEAR(data.limits[0].force, 1.0 * -options.gravity.z() * 0.3 * std::cos(0.5), 1e-6);
}

// Seed 002 eqs. (7)-(8), (16): the distal joint follows the proximal at ratio 1/3
// while gravity loads both; the drift stays below 1e-3 rad at every step (far below:
// eq. 17 keeps J v' = eps_j exactly, so only the O(h^2) position drift remains).
TEST(StepArticulation, CoupledJointsKeepTheirRatioUnderLoad) {
  Model model = empty_model(false);
  append_articulation(model, "finger",
                      {rod_link("proximal", -1, Vec3(0, 0, 1), 0.05, 0.1, 0.008),
                       rod_link("distal", 0, Vec3(0.05, 0, 0), 0.04, 0.08, 0.008)},
                      {JointCoupling{0, 1, 1.0 / 3.0}});
  Options options;
  Data data = make_data(model);
  double worst = 0;
  for (int s = 0; s < 1000; ++s) {
    step(model, options, data);
    worst = std::max(worst, std::abs(joint_q(data, model, 1) - joint_q(data, model, 0) / 3));
  }
  EXPECT_LT(worst, 1e-3);
  EXPECT_LT(worst, 1e-5);
  EXPECT_GT(std::abs(joint_q(data, model, 0)), 0.5);  // it did swing under gravity
}

// Seed 002 §5: a PD motor drives a joint to its set point. The axis is vertical, so
// gravity exerts no torque and there is no steady-state error.
TEST(StepArticulation, PdMotorReachesItsSetPoint) {
  Model model = empty_model(false);
  LinkSpec arm = rod_link("arm", -1, Vec3(0, 0, 1), 0.5, 2.0);
  arm.link.joint.axis = Vec3::UnitZ();
  arm.actuator.present = true;
  arm.actuator.gains = PdGains{200.0, 20.0, 50.0};
  append_articulation(model, "turntable", {arm});
  Options options;
  Data data = make_data(model);
  data.articulations[0].target_position[0] = 0.8;
  for (int s = 0; s < 1200; ++s) step(model, options, data);
  EXPECT_NEAR(joint_q(data, model, 0), 0.8, 1e-4);
  EXPECT_NEAR(data.articulations[0].velocities[0], 0, 1e-4);
}

// A link resting on the ground (eq. 18 with a contact on a tree): a rod hinged at
// height 0.2 m leans on a frictionless floor with its tip. Moments about the hinge:
// N x_tip = m g x_com, so the normal force is m g x_com / x_tip.
TEST(StepArticulation, LinkRestingOnTheGroundCarriesTheMomentBalance) {
  Model model = empty_model(true);
  append_articulation(model, "lever", {rod_link("rod", -1, Vec3(0, 0, 0.2), 0.6, 1.5, 0.02)});
  model.articulations[0].initial_positions << 0.25;
  Options options;
  options.friction_coefficient = 0;
  Data data = make_data(model);
  for (int s = 0; s < 2000; ++s) step(model, options, data);
  ASSERT_EQ(data.solver.status, SolverStatus::Solved) << fallback_message(data.solver.fallbacks);
  double normal = 0;
  double moment = 0;
  for (const ContactRecord& contact : data.contacts) {
    normal += contact.normal_force;
    moment += contact.normal_force * contact.position.x();
  }
  ASSERT_GT(normal, 0);
  const double tip_x = moment / normal;  // where the floor pushes
  const Vec3 com = data.position[1];
  const double expected = 1.5 * -options.gravity.z() * com.x() / tip_x;
  EXPECT_NEAR(normal, expected, 1e-3 * expected);
  EXPECT_NEAR(data.articulations[0].velocities[0], 0, 1e-6);
  for (const ContactRecord& contact : data.contacts) EXPECT_GT(contact.distance, -1e-4);
}

}  // namespace
}  // namespace contactlab
