// Damped least squares reaches poses that forward kinematics produced.
#include "dynamics/articulation/inverse_kinematics.h"

#include <random>

#include <gtest/gtest.h>

#include "articulation_builder.h"

namespace contactlab {
namespace {

// A spatial 4-joint arm: base yaw about z, then three pitch joints about y.
KinematicTree spatial_arm() {
  KinematicTree tree;
  TreeLink base;
  base.name = "base";
  base.joint.axis = Vec3::UnitZ();
  base.joint.origin.position = Vec3(0, 0, 0.3);
  base.joint.lower = -3;
  base.joint.upper = 3;
  base.mass = 1;
  base.inertia = Mat3::Identity() * 0.01;
  tree.add_link(base);
  for (int i = 0; i < 3; ++i) {
    TreeLink link = rod_link("link" + std::to_string(i), i, i == 0 ? Vec3::Zero() : Vec3(0.4, 0, 0), 0.4, 1).link;
    link.joint.lower = -2.5;
    link.joint.upper = 2.5;
    tree.add_link(link);
  }
  EXPECT_TRUE(tree.validate().ok());
  return tree;
}

TEST(InverseKinematics, PoseErrorIsZeroAtTheTargetAndExactForSmallTurns) {
  Pose pose;
  pose.position = Vec3(0.1, 0.2, 0.3);
  pose.rotation = Eigen::AngleAxisd(0.4, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  EXPECT_LT(pose_error(pose, pose).norm(), 1e-15);
  Pose turned = pose;
  turned.rotation = Eigen::AngleAxisd(1e-4, Vec3::UnitX()).toRotationMatrix() * pose.rotation;
  turned.position += Vec3(0, 0, 0.01);
  const Vec6 error = pose_error(pose, turned);
  EXPECT_NEAR(error[2], 0.01, 1e-15);
  EXPECT_NEAR(error[3], 1e-4, 1e-12);  // 2 sin(theta/2) about x
  EXPECT_NEAR(error[4], 0, 1e-15);
}

// Targets made by forward kinematics at random joint angles are reached from a
// different start to 1e-6 m and 1e-6 rad; the arm's four joints suffice because the
// targets are reachable poses of it.
TEST(InverseKinematics, ReachesReachablePosesFromAnotherStart) {
  const KinematicTree tree = spatial_arm();
  std::mt19937 random(7);
  std::uniform_real_distribution<double> angle(-1.2, 1.2);
  const std::vector<int> joints = {0, 1, 2, 3};
  TreeKinematics kinematics;
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::VectorXd goal(4), q(4);
    for (int i = 0; i < 4; ++i) goal[i] = angle(random);
    for (int i = 0; i < 4; ++i) q[i] = goal[i] + 0.3 * angle(random);
    forward_kinematics(tree, goal, kinematics);
    const Pose target = kinematics.link_pose[3];
    const IkResult result = solve_link_pose(tree, 3, target, joints, IkSettings{}, q, kinematics);
    EXPECT_TRUE(result.converged) << trial << ": " << result.position_error << " m, " << result.rotation_error;
    EXPECT_LT((kinematics.link_pose[3].position - target.position).norm(), 1e-6);
  }
}

// Joints stay within their limits even when the target lies beyond them.
TEST(InverseKinematics, KeepsJointsWithinLimits) {
  KinematicTree tree = spatial_arm();
  Eigen::VectorXd q = Eigen::VectorXd::Zero(4);
  Pose target;
  target.position = Vec3(0, 0, 3);  // out of reach, straight up
  TreeKinematics kinematics;
  const IkResult result = solve_link_pose(tree, 3, target, {0, 1, 2, 3}, IkSettings{}, q, kinematics);
  EXPECT_FALSE(result.converged);
  for (int i = 0; i < 4; ++i) {
    EXPECT_GE(q[i], tree.link(i).joint.lower);
    EXPECT_LE(q[i], tree.link(i).joint.upper);
  }
}

}  // namespace
}  // namespace contactlab
