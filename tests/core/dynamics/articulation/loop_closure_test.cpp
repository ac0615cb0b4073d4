// Loop closures (dynamics/articulation/loop_closure.h): h(q) and H against finite
// differences on a random tree, the hinge's normals, and the elimination of their rows
// (loop_elimination.h): H v_free = Baumgarte's target and H M_c^-1 = 0 also where rows
// depend on each other (a planar four-bar), and the discrete Baumgarte recursion.
#include "dynamics/articulation/loop_closure.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/articulation/baumgarte.h"
#include "dynamics/articulation/loop_elimination.h"
#include "dynamics/articulation/tree_kinematics.h"
#include "articulation_builder.h"
#include "random_tree.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

// A fixed-base tree with two branches, so that a loop joins links of different
// branches: base -> revolute -> prismatic -> revolute, base -> revolute -> revolute.
KinematicTree two_branch_tree(std::mt19937_64& engine) {
  KinematicTree tree;
  tree.add_link(random_link(engine, -1, JointType::Revolute));
  tree.add_link(random_link(engine, 0, JointType::Revolute));
  tree.add_link(random_link(engine, 1, JointType::Prismatic));
  tree.add_link(random_link(engine, 2, JointType::Revolute));
  tree.add_link(random_link(engine, 0, JointType::Revolute));
  tree.add_link(random_link(engine, 4, JointType::Revolute));
  return tree;
}

TEST(LoopClosure, HingeNormalsAreOrthonormalAndPerpendicularToTheAxis) {
  std::mt19937_64 engine(7);
  for (int trial = 0; trial < 50; ++trial) {
    const Vec3 axis = random_vector(engine, 1).normalized();
    const std::array<Vec3, 2> normals = hinge_normals(axis);
    EXPECT_NEAR(normals[0].norm(), 1, 1e-15);
    EXPECT_NEAR(normals[1].norm(), 1, 1e-15);
    EXPECT_NEAR(normals[0].dot(normals[1]), 0, 1e-15);
    EXPECT_NEAR(normals[0].dot(axis), 0, 1e-15);
    EXPECT_NEAR(normals[1].dot(axis), 0, 1e-15);
  }
  // A coordinate axis gives exact coordinate axes (a planar linkage's rows are then
  // exactly zero out of its plane).
  const std::array<Vec3, 2> about_y = hinge_normals(-Vec3::UnitY());
  EXPECT_EQ(about_y[0], Vec3(0, 0, 1));
  EXPECT_EQ(about_y[1], Vec3(-1, 0, 0));
}

// H v = d h(q + s v) / ds at s = 0 (central differences), for a point and a hinge
// whose axes are aligned at q (where the hinge's angular rows are h's derivative).
TEST(LoopClosure, RowsAreTheDerivativeOfTheError) {
  std::mt19937_64 engine(11);
  for (int trial = 0; trial < 20; ++trial) {
    const KinematicTree tree = two_branch_tree(engine);
    Eigen::VectorXd q(tree.position_size());
    for (int i = 0; i < q.size(); ++i) q[i] = uniform(engine, -2, 2);
    Eigen::VectorXd v(tree.velocity_size());
    for (int i = 0; i < v.size(); ++i) v[i] = uniform(engine, -1.5, 1.5);
    TreeKinematics kinematics;
    forward_kinematics(tree, q, kinematics);

    LoopClosure point;
    point.link_a = 3;
    point.link_b = 5;
    point.point_a = random_vector(engine, 0.3);
    point.point_b = random_vector(engine, 0.3);
    LoopClosure hinge = point;
    hinge.type = LoopType::Hinge;
    hinge.axis_a = random_vector(engine, 1).normalized();
    hinge.normals_a = hinge_normals(hinge.axis_a);
    hinge.axis_b = kinematics.link_pose[5].rotation.transpose() * kinematics.link_pose[3].rotation * hinge.axis_a;
    const std::vector<LoopClosure> loops{point, hinge};

    Eigen::MatrixXd jacobian;
    Eigen::VectorXd error;
    loop_closure_rows(tree, kinematics, loops, jacobian, error);
    ASSERT_EQ(jacobian.rows(), 8);
    ASSERT_EQ(loop_row_count(loops), 8);
    EXPECT_NEAR(error.tail<2>().norm(), 0, 1e-14);
    EXPECT_TRUE(error.segment<3>(0).isApprox(error.segment<3>(3), 1e-15));

    const double s = 1e-6;
    Eigen::MatrixXd unused;
    Eigen::VectorXd forward, backward;
    TreeKinematics moved;
    forward_kinematics(tree, q + s * v, moved);
    loop_closure_rows(tree, moved, loops, unused, forward);
    forward_kinematics(tree, q - s * v, moved);
    loop_closure_rows(tree, moved, loops, unused, backward);
    const Eigen::VectorXd numeric = (forward - backward) / (2 * s);
    Eigen::VectorXd rate;
    loop_rows_times(jacobian, v, rate);
    EXPECT_LT((rate - numeric).cwiseAbs().maxCoeff(), 1e-8) << "trial " << trial;
    EXPECT_NEAR(largest_loop_gap(kinematics, loops), error.head<3>().norm(), 1e-15);
  }
}

// The four-bar of assets/scenes/four_bar.json: its hinge's five rows hold only two
// independent ones (the linkage is planar), which the elimination keeps; after it
// v_free meets Baumgarte's target on every row, and no impulse through M_c^-1 moves
// a row, H M_c^-1 = 0, with M_c^-1 still symmetric.
TEST(LoopElimination, KeepsTheIndependentRowsOfAPlanarFourBar) {
  const Model model = load_builtin_scene("four_bar");
  const Articulation& articulation = model.articulations[0];
  Data data = make_data(model);
  ArticulationState& state = data.articulations[0];
  // A state off the loop, moving: the targets then differ from zero.
  state.positions[2] += 2e-3;
  state.velocities << 1.0, -0.5, 0.7;
  forward_kinematics(articulation.tree, state.positions, state.kinematics);
  state.loop_rate.setConstant(0.05);
  Options options = model.options;
  ArticulationMotionWorkspace workspace;
  ArticulationMotion motion;
  ASSERT_TRUE(articulation_free_motion(articulation, options, state, 0.0, workspace, motion).ok());
  ASSERT_EQ(workspace.loop_elimination.kept.size(), 2u);
  EXPECT_EQ(workspace.loop_elimination.kept[0], 0);  // x
  EXPECT_EQ(workspace.loop_elimination.kept[1], 2);  // z
  for (int r : {0, 2}) {
    double rate = 0;
    for (int j = 0; j < 3; ++j) rate += workspace.loop_jacobian(r, j) * motion.free_velocity[j];
    const double target = baumgarte_target(0.05, workspace.loop_error[r], options.time_step,
                                           options.baumgarte_alpha, options.baumgarte_beta);
    EXPECT_NEAR(rate, target, 1e-12) << "row " << r;
  }
  EXPECT_LT((workspace.loop_jacobian * motion.inverse_mass).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((motion.inverse_mass - motion.inverse_mass.transpose()).cwiseAbs().maxCoeff(), 1e-12);
}

// A slider on x closed by a point loop to a welded anchor, 1 mm open, nothing else
// acting: h = x_anchor - x_slider is linear in q, so the step follows the discrete
// Baumgarte recursion of baumgarte.h exactly, phi'^{l+1} = (phi'^l - h beta^2 phi^l)
// / (1 + 2 alpha h), phi^{l+1} = phi^l + h phi'^{l+1}, and with alpha = beta the gap
// closes like the seed's critically damped phi(t) = phi0 (1 + alpha t) e^(-alpha t).
TEST(LoopElimination, ClosesAGapAsTheDiscreteBaumgarteRecursion) {
  Model model = empty_model(false);
  LinkSpec slider;
  slider.link.name = "slider";
  slider.link.joint.type = JointType::Prismatic;
  slider.link.joint.axis = Vec3::UnitX();
  slider.link.mass = 2;
  slider.link.inertia = Mat3::Identity() * 1e-3;
  slider.shape = sphere(0.01);
  slider.position = 0.101;
  LinkSpec anchor;
  anchor.link.name = "anchor";
  anchor.link.joint.type = JointType::Fixed;
  anchor.link.joint.origin.position = Vec3(0.1, 0, 0);
  anchor.link.mass = 1;
  anchor.link.inertia = Mat3::Identity() * 1e-3;
  anchor.shape = sphere(0.01);
  append_articulation(model, "rail", {slider, anchor});
  LoopClosure loop;
  loop.link_a = 0;
  loop.link_b = 1;
  model.articulations[0].loops = {loop};
  Options options;
  options.gravity.setZero();
  options.baumgarte_alpha = 30;
  options.baumgarte_beta = 30;
  const double h = options.time_step;
  Data data = make_data(model);
  double phi = -1e-3;
  double rate = 0;
  double worst_recursion = 0;
  double worst_continuous = 0;
  for (int s = 1; s <= 400; ++s) {
    step(model, options, data);
    rate = baumgarte_target(rate, phi, h, options.baumgarte_alpha, options.baumgarte_beta);
    phi += h * rate;
    const double gap = 0.1 - data.articulations[0].positions[0];
    worst_recursion = std::max(worst_recursion, std::abs(gap - phi));
    const double t = s * h;
    const double continuous = -1e-3 * (1 + options.baumgarte_alpha * t) * std::exp(-options.baumgarte_alpha * t);
    worst_continuous = std::max(worst_continuous, std::abs(gap - continuous));
  }
  EXPECT_LT(worst_recursion, 1e-15);
  // The discrete oscillator lags the continuous one by about a step: within 5% of the
  // initial gap, and closed to 1e-6 of it after 1 s (30 time constants).
  EXPECT_LT(worst_continuous, 0.05e-3);
  EXPECT_LT(std::abs(phi), 1e-9);
}

}  // namespace
}  // namespace contactlab
