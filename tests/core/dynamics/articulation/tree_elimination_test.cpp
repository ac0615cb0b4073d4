// The joints', couplings' and motors' rows of maximal coordinates eliminated along the
// tree (tree_elimination.h) against the dense elimination (equality_elimination.h) on
// the same rows: the same v_free and M_c^-1 to round-off, and both keep the rows.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "articulation_builder.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/articulation/maximal_joints.h"
#include "dynamics/articulation/maximal_motion.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

constexpr int kMaximal = 1;

Options maximal_options() {
  Options options;
  options.coordinates = kMaximal;
  options.error_reduction = 0.2;
  return options;
}

// A chain of `links` rods hinged about y, each with a PD motor and viscous friction,
// the first 1 m up; q_i = 0.3 sin(i) so that the chain is bent.
Model motor_chain(int links) {
  Model model = empty_model(false);
  std::vector<LinkSpec> specs;
  for (int i = 0; i < links; ++i) {
    specs.push_back(rod_link("rod" + std::to_string(i), i - 1, i == 0 ? Vec3(0, 0, 1) : Vec3(0.2, 0, 0), 0.2, 0.5));
    specs.back().position = 0.3 * std::sin(i + 1.0);
    specs.back().actuator.present = true;
    specs.back().actuator.gains.stiffness = 50;
    specs.back().actuator.gains.damping = 2;
    specs.back().friction.viscous = 0.1;
  }
  append_articulation(model, "chain", specs);
  return model;
}

// A hand: a palm on a revolute joint about z and three fingers of three links each,
// hinged about y at 120 degree steps; each finger's last joint coupled to its middle
// one (ratio 0.8), the middle ones motorised.
Model coupled_hand(bool repeat_a_coupling) {
  Model model = empty_model(false);
  std::vector<LinkSpec> specs;
  LinkSpec palm = rod_link("palm", -1, Vec3(0, 0, 0.5), 0.1, 1.0);
  palm.link.joint.axis = Vec3::UnitZ();
  palm.position = 0.4;
  specs.push_back(palm);
  std::vector<JointCoupling> couplings;
  for (int f = 0; f < 3; ++f) {
    const double turn = 2.0943951023931953 * f;
    const int base = static_cast<int>(specs.size());
    LinkSpec knuckle = rod_link("knuckle" + std::to_string(f), 0, Vec3(0.05 * std::cos(turn), 0.05 * std::sin(turn), 0),
                                0.05, 0.1);
    knuckle.link.joint.axis = Vec3(-std::sin(turn), std::cos(turn), 0);
    knuckle.position = 0.2 + 0.1 * f;
    specs.push_back(knuckle);
    LinkSpec middle = rod_link("middle" + std::to_string(f), base, Vec3(0.05, 0, 0), 0.06, 0.08);
    middle.position = 0.5 - 0.2 * f;
    middle.actuator.present = true;
    middle.actuator.gains.stiffness = 5;
    middle.actuator.gains.damping = 0.1;
    specs.push_back(middle);
    LinkSpec tip = rod_link("tip" + std::to_string(f), base + 1, Vec3(0.06, 0, 0), 0.04, 0.05);
    tip.position = 0.8 * middle.position;
    specs.push_back(tip);
    JointCoupling coupling;
    coupling.follower = base + 2;
    coupling.leader = base + 1;
    coupling.ratio = 0.8;
    couplings.push_back(coupling);
  }
  if (repeat_a_coupling) couplings.push_back(couplings.front());
  append_articulation(model, "hand", specs, couplings);
  Eigen::VectorXd& v = model.articulations[0].initial_velocities;
  for (Eigen::Index i = 0; i < v.size(); ++i) v[i] = 0.5 * std::cos(1.3 * i);
  return model;
}

struct Eliminated {
  ArticulationMotionWorkspace workspace;
  ArticulationMotion motion;
};

// The articulation's (v_free, M_c^-1) in maximal coordinates, by `elimination`.
Eliminated eliminate(const Model& model, const Options& options, const ArticulationState& state, int articulation,
                     JointElimination elimination) {
  Eliminated out;
  const Status status = maximal_free_motion(model.articulations[articulation], options, state, 0.0, out.workspace,
                                            out.motion, elimination);
  EXPECT_TRUE(status.ok()) << status.message();
  return out;
}

double largest(const Eigen::MatrixXd& matrix) { return matrix.cwiseAbs().maxCoeff(); }

// Along the tree and densely: the same v_free and M_c^-1 within 1e-10 of their largest
// entries; the tree path ran (`along_tree`) or fell back; and M_c^-1 keeps the joints'
// and couplings' rows, J M_c^-1 = 0, with J v_free = eps_j = -gamma Delta p / h.
void expect_same_elimination(const Model& model, const Options& options, const ArticulationState& state,
                             int articulation, bool along_tree) {
  const Eliminated tree = eliminate(model, options, state, articulation, JointElimination::AlongTree);
  const Eliminated dense = eliminate(model, options, state, articulation, JointElimination::Dense);
  EXPECT_EQ(tree.workspace.joints_along_tree, along_tree);
  EXPECT_FALSE(dense.workspace.joints_along_tree);
  const Eigen::MatrixXd& inverse = tree.motion.inverse_mass;
  ASSERT_EQ(inverse.rows(), dense.motion.inverse_mass.rows());
  EXPECT_LT(largest(inverse - dense.motion.inverse_mass), 1e-10 * largest(dense.motion.inverse_mass));
  EXPECT_LT((tree.motion.free_velocity - dense.motion.free_velocity).cwiseAbs().maxCoeff(),
            1e-10 * std::max(1.0, dense.motion.free_velocity.cwiseAbs().maxCoeff()));
  // The rows kept (the loops' rows, eliminated after, move them by round-off only).
  const MaximalJointRows& rows = tree.workspace.joint_rows;
  const double scale = largest(rows.jacobian) * largest(inverse);
  EXPECT_LT(largest(rows.jacobian * inverse), 1e-10 * scale);
  const Eigen::VectorXd target = -options.error_reduction * rows.error / options.time_step;
  EXPECT_LT((rows.jacobian * tree.motion.free_velocity - target).cwiseAbs().maxCoeff(),
            1e-10 * std::max(1.0, tree.motion.free_velocity.cwiseAbs().maxCoeff()));
}

// The state after `seconds` in maximal coordinates: joints drifted a little (eps_j not
// zero), links moving.
ArticulationState state_after(const Model& model, const Options& options, double seconds, int articulation) {
  Data data = make_data(model);
  run_for(model, options, data, seconds);
  ArticulationState state = data.articulations[articulation];
  start_maximal_state(model.articulations[articulation], state);
  return state;
}

TEST(TreeElimination, AChainWithMotorsMatchesTheDenseElimination) {
  for (int links : {1, 2, 12}) {
    SCOPED_TRACE(links);
    const Model model = motor_chain(links);
    const ArticulationState state = state_after(model, maximal_options(), 0.1, 0);
    EXPECT_GT(largest_joint_violation(model.articulations[0], state.maximal.kinematics), 0);
    expect_same_elimination(model, maximal_options(), state, 0, true);
  }
}

TEST(TreeElimination, ABranchedHandWithCouplingsMatchesTheDenseElimination) {
  const Model model = coupled_hand(false);
  const ArticulationState state = state_after(model, maximal_options(), 0.05, 0);
  expect_same_elimination(model, maximal_options(), state, 0, true);
}

// A coupling given twice repeats its row: the factor's pivot marks it, and the dense
// elimination, which leaves the repeat out, runs instead.
TEST(TreeElimination, DependentRowsFallBackToTheDenseElimination) {
  const Model model = coupled_hand(true);
  const ArticulationState state = state_after(model, maximal_options(), 0.05, 0);
  expect_same_elimination(model, maximal_options(), state, 0, false);
}

// The built-in scenes with trees in maximal coordinates, mid-run: the closed chain
// (its loop's rows eliminated after the tree's), the gripper and the Barrett hand on
// its arm (couplings, motors, contacts).
TEST(TreeElimination, BuiltInTreesAndAClosedChainMatchTheDenseElimination) {
  for (const char* name : {"four_bar", "gripper_lift", "barrett_phone"}) {
    SCOPED_TRACE(name);
    const Model model = load_builtin_scene(name);
    Options options = model.options;
    options.coordinates = kMaximal;
    for (int a = 0; a < static_cast<int>(model.articulations.size()); ++a) {
      const ArticulationState state = state_after(model, options, 0.25, a);
      expect_same_elimination(model, options, state, a, true);
    }
  }
}

// The closed chain stays closed over 2 s with the tree's elimination in the step: its
// joints and its loop within 1e-4 (m or rad) at every step.
TEST(TreeElimination, AClosedChainKeepsItsJointsAndLoop) {
  const Model model = load_builtin_scene("four_bar");
  ASSERT_FALSE(model.articulations[0].loops.empty());
  Options options = model.options;
  options.coordinates = kMaximal;
  Data data = make_data(model);
  double largest_joint = 0, largest_gap = 0;
  run_for(model, options, data, 2.0, [&](const Data& d) {
    largest_joint = std::max(largest_joint, joint_error(model, d));
    largest_gap = std::max(largest_gap, loop_error(model, d));
  });
  EXPECT_GT(largest_joint, 0);
  EXPECT_LT(largest_joint, 1e-4);
  EXPECT_LT(largest_gap, 1e-4);
}

}  // namespace
}  // namespace contactlab
