#include "dynamics/articulation/tree_kinematics.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "dynamics/integrate.h"
#include "random_tree.h"

namespace contactlab {
namespace {

// A floating base with two branches: base -> revolute -> prismatic -> fixed -> revolute,
// base -> revolute -> revolute.
KinematicTree random_tree(std::mt19937_64& engine) {
  KinematicTree tree;
  tree.add_link(random_link(engine, -1, JointType::Free));
  tree.add_link(random_link(engine, 0, JointType::Revolute));
  tree.add_link(random_link(engine, 1, JointType::Prismatic));
  tree.add_link(random_link(engine, 2, JointType::Fixed));
  tree.add_link(random_link(engine, 3, JointType::Revolute));
  tree.add_link(random_link(engine, 0, JointType::Revolute));
  tree.add_link(random_link(engine, 5, JointType::Revolute));
  return tree;
}

Eigen::VectorXd random_velocities(const KinematicTree& tree, std::mt19937_64& engine) {
  Eigen::VectorXd v(tree.velocity_size());
  for (int i = 0; i < v.size(); ++i) v[i] = uniform(engine, -1.5, 1.5);
  return v;
}

// The vee of the skew part of a matrix: for A = [w]x it returns w.
Vec3 skew_vector(const Mat3& a) {
  return 0.5 * Vec3(a(2, 1) - a(1, 2), a(0, 2) - a(2, 0), a(1, 0) - a(0, 1));
}

// Seed 004 double pendulum: p1 = l1 (s1, -c1), p2 = p1 + l2 (s12, -c12) in the plane
// (x, z) with gravity along -z. Joints turn about -y so that q > 0 swings toward +x.
TEST(TreeKinematics, DoublePendulumPositionsMatchTheSeed) {
  const double l1 = 1.2, l2 = 0.7;
  KinematicTree tree;
  TreeLink upper;
  upper.joint.axis = -Vec3::UnitY();
  upper.mass = 1;
  upper.com = Vec3(0, 0, -l1);
  tree.add_link(upper);
  TreeLink lower = upper;
  lower.parent = 0;
  lower.joint.origin.position = Vec3(0, 0, -l1);
  lower.com = Vec3(0, 0, -l2);
  tree.add_link(lower);
  ASSERT_TRUE(tree.validate().ok()) << tree.validate().message();

  TreeKinematics kinematics;
  Eigen::VectorXd q(2);
  q << 0.4, -1.1;
  forward_kinematics(tree, q, kinematics);
  const Vec3 p1 = l1 * Vec3(std::sin(q[0]), 0, -std::cos(q[0]));
  const Vec3 p2 = p1 + l2 * Vec3(std::sin(q[0] + q[1]), 0, -std::cos(q[0] + q[1]));
  EXPECT_LT((kinematics.com_position[0] - p1).norm(), 1e-15);
  EXPECT_LT((kinematics.com_position[1] - p2).norm(), 1e-15);
  EXPECT_LT((kinematics.link_pose[1].position - p1).norm(), 1e-15);
  EXPECT_EQ(kinematics.joint_axis[1], -Vec3::UnitY());
}

TEST(TreeKinematics, FreeRootIsThePoseInQAndItsOwnReference) {
  std::mt19937_64 engine(5);
  const KinematicTree tree = random_tree(engine);
  ASSERT_TRUE(tree.validate().ok()) << tree.validate().message();
  const Eigen::VectorXd q = random_positions(tree, engine);
  TreeKinematics kinematics;
  forward_kinematics(tree, q, kinematics);
  const Quat orientation(q[3], q[4], q[5], q[6]);
  EXPECT_EQ(kinematics.link_pose[0].position, Vec3(q.head<3>()));
  EXPECT_TRUE(kinematics.link_pose[0].rotation.isApprox(orientation.toRotationMatrix(), 1e-15));
  for (int i = 0; i < tree.link_count(); ++i) {
    EXPECT_EQ(kinematics.reference_point[i], kinematics.link_pose[0].position);
  }
  // About the root's own origin the free joint's S is the identity.
  EXPECT_EQ(Eigen::MatrixXd(kinematics.motion_subspace.leftCols(6)),
            Eigen::MatrixXd::Identity(6, 6));
  // The fixed joint: link 3 = link 2 composed with its origin.
  const Pose expected = kinematics.link_pose[2].compose(tree.link(3).joint.origin);
  EXPECT_LT((kinematics.link_pose[3].position - expected.position).norm(), 1e-15);
  EXPECT_LT((kinematics.link_pose[3].rotation - expected.rotation).norm(), 1e-15);
}

// Reference: central differences of forward kinematics along q(t) = q + t G(q) v,
// whose error is O(eps^2) ~ 1e-12 plus rounding ~1e-16 / eps ~ 1e-10.
TEST(TreeKinematics, ComJacobianMatchesFiniteDifferences) {
  std::mt19937_64 engine(17);
  const KinematicTree tree = random_tree(engine);
  const double eps = 1e-6;
  for (int trial = 0; trial < 5; ++trial) {
    const Eigen::VectorXd q = random_positions(tree, engine);
    const Eigen::VectorXd v = random_velocities(tree, engine);
    Eigen::VectorXd q_plus = q, q_minus = q;
    integrate_tree_positions(tree, v, eps, q_plus);
    integrate_tree_positions(tree, v, -eps, q_minus);
    TreeKinematics kinematics, plus, minus;
    forward_kinematics(tree, q, kinematics);
    forward_kinematics(tree, q_plus, plus);
    forward_kinematics(tree, q_minus, minus);
    for (int link = 0; link < tree.link_count(); ++link) {
      Eigen::Matrix<double, 6, Eigen::Dynamic> jacobian;
      com_jacobian(tree, kinematics, link, jacobian);
      ASSERT_EQ(jacobian.cols(), tree.velocity_size());
      Vec6 predicted = Vec6::Zero();
      for (int k = 0; k < v.size(); ++k) predicted += jacobian.col(k) * v[k];
      const Vec3 com_velocity = (plus.com_position[link] - minus.com_position[link]) / (2 * eps);
      // R' R^T = [w]x
      const Mat3 rotation_rate =
          (plus.link_pose[link].rotation - minus.link_pose[link].rotation) / (2 * eps);
      const Vec3 angular_velocity =
          skew_vector(rotation_rate * kinematics.link_pose[link].rotation.transpose());
      EXPECT_LT((predicted.head<3>() - com_velocity).norm(), 1e-8) << "link " << link;
      EXPECT_LT((predicted.tail<3>() - angular_velocity).norm(), 1e-8) << "link " << link;
    }
  }
}

// Columns of joints off the path to the root are zero: link 6 hangs from the second
// branch, so the joints of links 1, 2 and 4 do not move it.
TEST(TreeKinematics, ComJacobianIgnoresOtherBranches) {
  std::mt19937_64 engine(23);
  const KinematicTree tree = random_tree(engine);
  TreeKinematics kinematics;
  forward_kinematics(tree, random_positions(tree, engine), kinematics);
  Eigen::Matrix<double, 6, Eigen::Dynamic> jacobian;
  com_jacobian(tree, kinematics, 6, jacobian);
  for (int link : {1, 2, 4}) {
    EXPECT_EQ(jacobian.col(tree.velocity_offset(link)), Vec6::Zero()) << "link " << link;
  }
  EXPECT_NE(jacobian.col(tree.velocity_offset(5)), Vec6::Zero());
}

TEST(TreeKinematics, LinkComVelocitiesEqualJacobianTimesV) {
  std::mt19937_64 engine(29);
  const KinematicTree tree = random_tree(engine);
  TreeKinematics kinematics;
  forward_kinematics(tree, random_positions(tree, engine), kinematics);
  const Eigen::VectorXd v = random_velocities(tree, engine);
  std::vector<Vec6> velocities;
  link_com_velocities(tree, kinematics, v, velocities);
  ASSERT_EQ(static_cast<int>(velocities.size()), tree.link_count());
  for (int link = 0; link < tree.link_count(); ++link) {
    Eigen::Matrix<double, 6, Eigen::Dynamic> jacobian;
    com_jacobian(tree, kinematics, link, jacobian);
    Vec6 expected = Vec6::Zero();
    for (int k = 0; k < v.size(); ++k) expected += jacobian.col(k) * v[k];
    EXPECT_LT((velocities[link] - expected).norm(), 1e-14) << "link " << link;
  }
  // The free base: its origin moves at v[0..2], so its centre of mass at
  // v_p + w x (c - p).
  const Vec3 w = v.segment<3>(3);
  const Vec3 com_offset = kinematics.com_position[0] - kinematics.link_pose[0].position;
  EXPECT_LT((velocities[0].head<3>() - (v.head<3>() + w.cross(com_offset))).norm(), 1e-15);
  EXPECT_EQ(Vec3(velocities[0].tail<3>()), w);
}

// Seed 002 eq. (12): scalar joints move by h v; the free joint as integrate_pose.
TEST(TreeKinematics, IntegratePositionsAppliesGPerJoint) {
  std::mt19937_64 engine(31);
  const KinematicTree tree = random_tree(engine);
  const Eigen::VectorXd q0 = random_positions(tree, engine);
  const Eigen::VectorXd v = random_velocities(tree, engine);
  const double h = 0.01;
  Eigen::VectorXd q = q0;
  integrate_tree_positions(tree, v, h, q);

  Vec3 position = q0.head<3>();
  Quat orientation(q0[3], q0[4], q0[5], q0[6]);
  integrate_pose(h, v.head<3>(), v.segment<3>(3), position, orientation);
  EXPECT_EQ(Vec3(q.head<3>()), position);
  EXPECT_EQ(q[3], orientation.w());
  EXPECT_EQ(q[6], orientation.z());
  EXPECT_NEAR(q.segment<4>(3).norm(), 1, 1e-15);
  for (int link = 1; link < tree.link_count(); ++link) {
    if (tree.link(link).joint.type == JointType::Fixed) continue;
    const int position_index = tree.position_offset(link);
    EXPECT_EQ(q[position_index], q0[position_index] + h * v[tree.velocity_offset(link)]);
  }
}

}  // namespace
}  // namespace contactlab
