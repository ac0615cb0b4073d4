// Seed 002's maximal coordinates (docs/maximal_coordinates.md): every link a rigid
// body with its own 6 velocities, every joint equality rows (eqs. 7-8) whose drift
// eq. (16) corrects with gamma, eliminated by eqs. (20)-(21) before the contact LCP.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "articulation_builder.h"
#include "dynamics/articulation/maximal_joints.h"
#include "dynamics/articulation/maximal_motion.h"
#include "grasp/grasp_quality.h"
#include "scene_fixture.h"
#include "session/state_csv.h"
#include "test_constants.h"

namespace contactlab {
namespace {

constexpr int kMaximal = 1;

// A chain of `links` uniform rods 0.5 m long and 1 kg, hinged about y, the first to
// the world 1 m up, the first joint at `angle` [rad] (0: horizontal, pi / 2: hanging).
Model rod_chain(int links, double angle) {
  Model model = empty_model(false);
  std::vector<LinkSpec> specs;
  for (int i = 0; i < links; ++i) {
    specs.push_back(rod_link("rod" + std::to_string(i), i - 1, i == 0 ? Vec3(0, 0, 1) : Vec3(0.5, 0, 0), 0.5, 1.0));
    specs.back().position = i == 0 ? angle : 0;
  }
  append_articulation(model, "chain", specs);
  return model;
}

Options maximal_options(double gamma) {
  Options options;
  options.coordinates = kMaximal;
  options.error_reduction = gamma;
  return options;
}

// A tree with every kind of joint: a revolute base about z, a prismatic slide along
// its x, a fixed plate and a revolute wrist about y, at a general q and v.
Model every_joint() {
  Model model = empty_model(false);
  LinkSpec base = rod_link("base", -1, Vec3(0.1, -0.2, 0.5), 0.3, 2.0);
  base.link.joint.axis = Vec3::UnitZ();
  base.position = 0.7;
  LinkSpec slide = rod_link("slide", 0, Vec3(0.3, 0, 0), 0.2, 1.0);
  slide.link.joint.type = JointType::Prismatic;
  slide.link.joint.axis = Vec3(1, 0, 0);
  slide.position = 0.05;
  LinkSpec plate = rod_link("plate", 1, Vec3(0.2, 0.05, 0), 0.1, 0.5);
  plate.link.joint.type = JointType::Fixed;
  plate.link.joint.origin.rotation = rotation(Vec3(1, 1, 0).normalized(), 0.4);
  LinkSpec wrist = rod_link("wrist", 2, Vec3(0.1, 0, 0), 0.2, 0.3);
  wrist.position = -0.9;
  append_articulation(model, "arm", {base, slide, plate, wrist});
  Eigen::VectorXd& v = model.articulations[0].initial_velocities;
  v << 1.3, -0.4, 2.1;  // base, slide, wrist (the fixed joint has none)
  return model;
}

// The links started from q, v hold every joint exactly (J v = 0, no error), and give
// q, v back; the rows are the time derivative of the errors (finite differences of
// the errors along an arbitrary link velocity).
TEST(MaximalCoordinates, LinksStartedFromJointCoordinatesHoldTheJoints) {
  const Model model = every_joint();
  const Articulation& arm = model.articulations[0];
  ArticulationState state = initial_articulation_state(arm);
  start_maximal_state(arm, state);
  ASSERT_TRUE(maximal_state_current(state));
  MaximalJointRows rows;
  maximal_joint_rows(arm, state.maximal.kinematics, state.positions, rows);
  ASSERT_EQ(rows.jacobian.rows(), 5 + 5 + 6 + 5);  // revolute, prismatic, fixed, revolute
  EXPECT_LT((rows.jacobian * state.maximal.velocities).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT(rows.error.cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT(largest_joint_violation(arm, state.maximal.kinematics), 1e-15);

  Eigen::VectorXd q, v;
  joint_coordinates(arm, state.maximal.kinematics, state.maximal.positions, state.maximal.velocities,
                    state.positions, q, v);
  EXPECT_LT((q - arm.initial_positions).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LT((v - arm.initial_velocities).cwiseAbs().maxCoeff(), 1e-14);

  Eigen::VectorXd link_velocity(state.maximal.velocities.size());
  for (Eigen::Index i = 0; i < link_velocity.size(); ++i) link_velocity[i] = std::sin(1.7 * i + 0.3);
  const double dt = 1e-7;
  Eigen::VectorXd moved = state.maximal.positions;
  integrate_tree_positions(arm.free_links, link_velocity, dt, moved);
  TreeKinematics kinematics;
  forward_kinematics(arm.free_links, moved, kinematics);
  MaximalJointRows after;
  maximal_joint_rows(arm, kinematics, state.positions, after);
  const Eigen::VectorXd rate = (after.error - rows.error) / dt;
  EXPECT_LT((rate - rows.jacobian * link_velocity).cwiseAbs().maxCoeff(), 1e-5);
}

// Seed 002 eq. (16) with gamma = 0: the velocity rows keep J v = 0, not the joints,
// so a swinging chain of three rods comes apart by each step's linearisation error:
// 1.3 mm after 1 s and 4.1 mm after 3 s in a recorded run. With the seed's gamma = 0.2
// the same chain stays within 6e-5 m (and rad) at every step.
TEST(MaximalCoordinates, JointDriftGrowsWithoutErrorCorrectionAndStaysBoundedWithIt) {
  const Model model = rod_chain(3, 1.0);
  double after_one_second = 0;
  Options options = maximal_options(0);
  Data drifting = make_data(model);
  run_for(model, options, drifting, 1.0);
  after_one_second = joint_error(model, drifting);
  run_for(model, options, drifting, 2.0);
  EXPECT_GT(after_one_second, 1e-3);
  EXPECT_GT(joint_error(model, drifting), 3e-3);
  EXPECT_GT(joint_error(model, drifting), 2.5 * after_one_second);

  options = maximal_options(0.2);
  Data corrected = make_data(model);
  double largest = 0;
  run_for(model, options, corrected, 3.0, [&](const Data& d) { largest = std::max(largest, joint_error(model, d)); });
  EXPECT_GT(largest, 0);
  EXPECT_LT(largest, 1e-4);
}

// Without contact the two coordinate choices are the same mechanics: the chain's first
// joint follows the reduced one within 1e-3 rad over 3 s of chaotic swinging, and the
// joint coordinates are those of the links.
TEST(MaximalCoordinates, AChainSwingsAsInReducedCoordinates) {
  const Model model = rod_chain(3, 1.0);
  Data reduced = make_data(model);
  Data maximal = make_data(model);
  const Options maximal_choice = maximal_options(0.2);
  double largest = 0;
  for (int s = 0; s < 1200; ++s) {
    step(model, Options(), reduced);
    step(model, maximal_choice, maximal);
    largest = std::max(largest, std::abs(maximal.articulations[0].positions[0] - reduced.articulations[0].positions[0]));
  }
  EXPECT_LT(largest, 1e-3);
  EXPECT_GT(std::abs(maximal.articulations[0].positions[0] - 1.0), 0.1);  // it swung
}

// A rod hanging from a hinge, 0.05 rad out: the small-angle period of a uniform rod
// pivoted at its end, T = 2 pi sqrt(2 L / (3 g)) = 1.158203 s for L = 0.5 m, within
// 2e-4 relative (measured: 1.158375 s), and the reduced coordinates' period within
// 1e-6 s.
double measured_period(const Model& model, const Options& options) {
  Data data = make_data(model);
  const double hanging = kPi / 2;
  std::vector<double> upward_crossings;
  double previous = data.articulations[0].positions[0];
  run_for(model, options, data, 5.0, [&](const Data& d) {
    const double q = d.articulations[0].positions[0];
    if (previous < hanging && q >= hanging) {
      upward_crossings.push_back(d.time - options.time_step * (q - hanging) / (q - previous));
    }
    previous = q;
  });
  EXPECT_GE(upward_crossings.size(), 3u);
  return (upward_crossings.back() - upward_crossings.front()) / static_cast<double>(upward_crossings.size() - 1);
}

TEST(MaximalCoordinates, APendulumHasTheSmallAnglePeriod) {
  const Model model = rod_chain(1, kPi / 2 - 0.05);
  const double analytic = 2 * kPi * std::sqrt(2 * 0.5 / (3 * 9.81));
  const double maximal = measured_period(model, maximal_options(0.2));
  EXPECT_NEAR(maximal / analytic, 1, 2e-4);
  EXPECT_NEAR(maximal, measured_period(model, Options()), 1e-6);
}

// Seed 002 §5 and eq. (9) on the links: a PD motor holds a rod near horizontal
// against gravity, which turns it towards +q, where K_p (q - q_ref) = m g L/2 cos q,
// as in reduced coordinates; and a joint limit stops a falling rod at the limit.
TEST(MaximalCoordinates, MotorsAndLimitsActAlongTheJoint) {
  {
    SCOPED_TRACE("PD motor");
    Model model = rod_chain(1, 0);
    JointActuator& motor = model.articulations[0].actuators[0];
    motor.present = true;
    motor.gains.stiffness = 200;
    motor.gains.damping = 5;
    Data data = make_data(model);
    run_for(model, maximal_options(0.2), data, 3.0);
    const double q = data.articulations[0].positions[0];
    EXPECT_NEAR(200 * q, 1.0 * 9.81 * 0.25 * std::cos(q), 1e-6);
    Data reduced = make_data(model);
    run_for(model, Options(), reduced, 3.0);
    EXPECT_NEAR(q, reduced.articulations[0].positions[0], 1e-9);
  }
  {
    SCOPED_TRACE("joint limit");
    Model model = rod_chain(1, 0);
    model.articulations[0].tree = KinematicTree([&] {
      std::vector<TreeLink> links = model.articulations[0].tree.links();
      links[0].joint.upper = 0.5;
      return links;
    }());
    Data data = make_data(model);
    run_for(model, maximal_options(0.2), data, 2.0);
    EXPECT_NEAR(data.articulations[0].positions[0], 0.5, 1e-3);
    EXPECT_LT(std::abs(data.articulations[0].velocities[0]), 1e-3);
  }
}

// A point mass has no inertia to turn it as a body of its own: in maximal coordinates
// its articulation is held still, and the step's fallback names the link.
TEST(MaximalCoordinates, ALinkWithoutInertiaIsHeldStillAndNamed) {
  Model model = rod_chain(2, 1.0);
  std::vector<TreeLink> links = model.articulations[0].tree.links();
  links[1].inertia.setZero();
  model.articulations[0].tree = KinematicTree(links);
  model.articulations[0].free_links = free_link_tree(model.articulations[0].tree);
  Data data = make_data(model);
  const Eigen::VectorXd start = data.articulations[0].positions;
  step(model, maximal_options(0.2), data);
  ASSERT_EQ(data.solver.fallbacks.size(), 1u);
  EXPECT_EQ(data.solver.fallbacks[0].reason, FallbackReason::ArticulationHeldStill);
  EXPECT_NE(data.solver.fallbacks[0].detail.find("\"rod1\""), std::string::npos) << data.solver.fallbacks[0].detail;
  EXPECT_NE(data.solver.fallbacks[0].detail.find("maximal coordinates"), std::string::npos);
  EXPECT_LT((data.articulations[0].positions - start).cwiseAbs().maxCoeff(), 1e-12);
}

// The options: `coordinates` takes reduced and maximal only, and the quasi-static
// model, which poses its own articulation motion, refuses maximal, whichever of the two
// options is set second; a refused value leaves the options as they were.
TEST(MaximalCoordinates, TheOptionIsValidated) {
  Options options;
  double value = -1;
  ASSERT_TRUE(option_value_of_word("coordinates", "maximal", value).ok());
  EXPECT_EQ(value, 1);
  const Status wrong = set_option(options, "coordinates", 2);
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.message().find("coordinates"), std::string::npos) << wrong.message();
  EXPECT_NE(wrong.message().find("reduced"), std::string::npos) << wrong.message();
  EXPECT_NE(wrong.message().find("maximal"), std::string::npos) << wrong.message();
  EXPECT_EQ(options.coordinates, 0);

  ASSERT_TRUE(set_option(options, "formulation", 3).ok());
  const Status refused = set_option(options, "coordinates", 1);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("coordinates maximal"), std::string::npos) << refused.message();
  EXPECT_NE(refused.message().find("quasistatic"), std::string::npos) << refused.message();
  EXPECT_EQ(options.coordinates, 0);

  ASSERT_TRUE(set_option(options, "formulation", 0).ok());
  ASSERT_TRUE(set_option(options, "coordinates", 1).ok());
  const Status quasistatic = set_option(options, "formulation", 3);
  ASSERT_FALSE(quasistatic.ok());
  EXPECT_NE(quasistatic.message().find("formulation"), std::string::npos) << quasistatic.message();
  EXPECT_EQ(options.formulation, Formulation::Lcp);
}

// The state CSV has joint_error after the joints in maximal coordinates only, the
// value joint_error gives.
TEST(MaximalCoordinates, TheStateCsvHasAJointErrorColumn) {
  const Model model = rod_chain(2, 1.0);
  const Options options = maximal_options(0);
  Data data = make_data(model);
  run_for(model, options, data, 0.5);
  StateRowFormat format(model, options);
  std::vector<double> row(format.size());
  format.capture(model, data, GraspReport(), row.data());
  std::ostringstream csv;
  format.write_header(model, csv);
  format.write_row(model, row.data(), csv);
  const std::string text = csv.str();
  const std::string header = text.substr(0, text.find('\n'));
  const std::string::size_type column_start = header.find(",rod1.q,rod1.v,joint_error,grasp.object,");
  ASSERT_NE(column_start, std::string::npos) << header;
  const int column = static_cast<int>(std::count(header.begin(), header.begin() + column_start, ',')) + 3;
  std::istringstream line(text.substr(text.find('\n') + 1));
  std::string cell;
  for (int i = 0; i <= column; ++i) std::getline(line, cell, ',');
  EXPECT_GT(joint_error(model, data), 1e-5);
  EXPECT_EQ(cell, exact_number(joint_error(model, data)));

  std::ostringstream reduced;
  StateRowFormat(model, Options()).write_header(model, reduced);
  EXPECT_EQ(reduced.str().find("joint_error"), std::string::npos);
}

// Same scene and options, same bits: gripper_lift (prismatic fingers closing on a cube,
// contacts and joint limits) for 3 s, twice.
TEST(MaximalCoordinates, RunsAreBitIdentical) {
  const Model model = load_builtin_scene("gripper_lift");
  Options options = model.options;
  options.coordinates = kMaximal;
  Data first = make_data(model);
  Data second = make_data(model);
  run_for(model, options, first, 3.0);
  run_for(model, options, second, 3.0);
  EXPECT_FALSE(first.contacts.empty());
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    EXPECT_EQ(first.position[b], second.position[b]) << model.bodies[b].name;
    EXPECT_EQ(first.orientation[b].coeffs(), second.orientation[b].coeffs()) << model.bodies[b].name;
  }
  EXPECT_EQ(first.articulations[0].positions, second.articulations[0].positions);
}

}  // namespace
}  // namespace contactlab
