// A contact no impulse can move along its normal (contact/contact_rows.h immobile_normal):
// a robot welded to the world whose wheel, a sphere free only to spin on its axle, sits
// 5 cm deep in the ground. The contact's normal passes through the axle, so n^T W n = 0
// exactly and its row w_n = q_n + 0 z_n with q_n < 0 (pushed apart) has no answer; every
// formulation failed on the island and held it still, the pendulum hung on the same
// robot with it. Left out, the wheel's impulse is zero, the pendulum swings as it does
// without the ground, and a box resting on the robot's deck, in the same island, is
// held by a normal force equal to its weight.
#include <cmath>

#include <gtest/gtest.h>

#include "articulation_builder.h"
#include "formulation_params.h"
#include "scene_fixture.h"
#include "session/state_csv.h"

namespace contactlab {
namespace {

constexpr double kBoxMass = 2.0;

// The welded deck (0.4 x 0.4 x 0.1 m, its centre at z = 0.5), its wheel (r = 0.1 m on
// an axle along y 0.45 m below, 5 cm into the ground when there is one), a 0.3 m rod
// hinged about y at the deck's side, let go level, and a 0.1 m box resting on the deck.
Model welded_robot(bool with_ground) {
  Model model = empty_model(with_ground);
  LinkSpec deck;
  deck.link.name = "deck";
  deck.link.joint.type = JointType::Fixed;
  deck.link.joint.origin.position = Vec3(0, 0, 0.5);
  deck.link.mass = 5;
  deck.link.inertia = Vec3(0.07, 0.07, 0.13).asDiagonal();
  deck.shape = box(Vec3(0.2, 0.2, 0.05));
  LinkSpec wheel;
  wheel.link.name = "wheel";
  wheel.link.parent = 0;
  wheel.link.joint.type = JointType::Revolute;
  wheel.link.joint.axis = Vec3::UnitY();
  wheel.link.joint.origin.position = Vec3(0, 0, -0.45);
  wheel.link.mass = 1;
  wheel.link.inertia = Vec3(0.004, 0.004, 0.004).asDiagonal();
  wheel.shape = sphere(0.1);
  append_articulation(model, "robot", {deck, wheel, rod_link("rod", 0, Vec3(0.5, 0, 0), 0.3, 0.5)});

  Body box_body;
  box_body.name = "box";
  box_body.mass = kBoxMass;
  box_body.inertia = Vec3(1, 1, 1).asDiagonal() * (kBoxMass * 0.02 / 12);
  box_body.initial_position = Vec3(0, 0, 0.6);
  box_body.geoms = {static_cast<int>(model.geoms.size())};
  Geom geom;
  geom.body = static_cast<int>(model.bodies.size());
  geom.shape = box(Vec3(0.05, 0.05, 0.05));
  model.geoms.push_back(geom);
  model.bodies.push_back(box_body);
  return model;
}

class ImmobileContact : public ::testing::TestWithParam<FormulationSetting> {};

TEST_P(ImmobileContact, IsLeftOutAndTheRestOfItsIslandMoves) {
  const Model model = welded_robot(true);
  const Model free_of_ground = welded_robot(false);
  const int wheel = body_index(model, "wheel");
  const int box_body = body_index(model, "box");
  Options options;
  GetParam().apply(options);
  Data data = make_data(model);
  Data reference = make_data(free_of_ground);
  for (int s = 0; s < 200; ++s) {  // 0.5 s
    step(model, options, data);
    step(free_of_ground, options, reference);
    expect_step_solved(data);
    ASSERT_EQ(data.solver.status, SolverStatus::Solved) << "t = " << data.time;
    // The wheel's one contact, left out and reported, its impulse zero.
    EXPECT_EQ(data.solver.immobile_contacts, 1) << "t = " << data.time;
    EXPECT_EQ(reference.solver.immobile_contacts, 0);
    int wheel_contacts = 0;
    for (const ContactRecord& contact : data.contacts) {
      if (contact.body_a != wheel && contact.body_b != wheel) continue;
      ++wheel_contacts;
      EXPECT_EQ(contact.normal_force, 0) << "t = " << data.time;
      EXPECT_EQ(contact.friction_force, Vec3::Zero()) << "t = " << data.time;
    }
    EXPECT_EQ(wheel_contacts, 1);
  }
  EXPECT_EQ(solver_status_text(data.solver), "solved; 1 contact no impulse can move along the normal left out");
  // The rod swings as it does with no ground at all (quasi-static stepping keeps no
  // momentum, so there it hangs down the same way), well past its start.
  const int rod = model.articulations[0].tree.position_offset(2);
  EXPECT_NEAR(data.articulations[0].positions[rod], reference.articulations[0].positions[rod], 1e-9);
  EXPECT_GT(std::abs(data.articulations[0].positions[rod]), 0.5);
  // The box on the deck is at rest, its normal force its weight.
  double normal_force = 0;
  for (const ContactRecord& contact : data.contacts) {
    if (contact.body_a == box_body || contact.body_b == box_body) normal_force += contact.normal_force;
  }
  const double weight = kBoxMass * -options.gravity.z();
  EXPECT_NEAR(normal_force, weight, 1e-3 * weight);
  EXPECT_LT(data.linear_velocity[box_body].norm(), 1e-3);
  EXPECT_NEAR(data.position[box_body].z(), 0.6, 2e-3);
}

INSTANTIATE_TEST_SUITE_P(Formulations, ImmobileContact,
                         ::testing::Values(FormulationSetting{Formulation::Lcp, 0, "lcp"},
                                           FormulationSetting{Formulation::Convex, 0, "convex"},
                                           FormulationSetting{Formulation::Soft, 0, "soft_pyramidal"},
                                           FormulationSetting{Formulation::Soft, 1, "soft_elliptic"},
                                           FormulationSetting{Formulation::Quasistatic, 0, "quasistatic_qp"},
                                           FormulationSetting{Formulation::Quasistatic, 1, "quasistatic_lcp"},
                                           FormulationSetting{Formulation::Compliant, 0, "compliant"}),
                         setting_test_name);

}  // namespace
}  // namespace contactlab
