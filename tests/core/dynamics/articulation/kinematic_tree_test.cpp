#include "dynamics/articulation/kinematic_tree.h"

#include <string>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TreeLink make_link(const std::string& name, int parent, JointType type) {
  TreeLink link;
  link.name = name;
  link.parent = parent;
  link.joint.type = type;
  link.mass = 1;
  link.inertia = Vec3(0.1, 0.2, 0.25).asDiagonal();
  return link;
}

// base (free, 7/6) -> shoulder (revolute) -> hand (fixed) -> finger (prismatic), and a
// second branch elbow (revolute) on the base.
KinematicTree mixed_tree() {
  KinematicTree tree;
  tree.add_link(make_link("base", -1, JointType::Free));
  tree.add_link(make_link("shoulder", 0, JointType::Revolute));
  tree.add_link(make_link("hand", 1, JointType::Fixed));
  tree.add_link(make_link("finger", 2, JointType::Prismatic));
  tree.add_link(make_link("elbow", 0, JointType::Revolute));
  return tree;
}

::testing::AssertionResult fails_with(const KinematicTree& tree, const std::string& text) {
  const Status status = tree.validate();
  if (status.ok()) return ::testing::AssertionFailure() << "validate() passed";
  if (status.message().find(text) == std::string::npos) {
    return ::testing::AssertionFailure() << "message \"" << status.message()
                                         << "\" lacks \"" << text << "\"";
  }
  return ::testing::AssertionSuccess();
}

TEST(KinematicTree, SizesAndOffsetsFollowLinkOrder) {
  const KinematicTree tree = mixed_tree();
  ASSERT_TRUE(tree.validate().ok()) << tree.validate().message();
  EXPECT_EQ(tree.link_count(), 5);
  EXPECT_EQ(tree.position_size(), 7 + 1 + 0 + 1 + 1);
  EXPECT_EQ(tree.velocity_size(), 6 + 1 + 0 + 1 + 1);
  const int position_offsets[] = {0, 7, 8, 8, 9};
  const int velocity_offsets[] = {0, 6, 7, 7, 8};
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(tree.position_offset(i), position_offsets[i]) << "link " << i;
    EXPECT_EQ(tree.velocity_offset(i), velocity_offsets[i]) << "link " << i;
  }
  Eigen::VectorXd neutral(10);
  neutral << 0, 0, 0, 1, 0, 0, 0, 0, 0, 0;
  EXPECT_EQ(tree.neutral_positions(), neutral);
  // The vector constructor gives the same layout.
  const KinematicTree copy(tree.links());
  EXPECT_EQ(copy.velocity_offset(4), 8);
}

TEST(KinematicTree, RejectsParentsOutOfOrder) {
  KinematicTree tree = mixed_tree();
  tree.add_link(make_link("late", 7, JointType::Revolute));
  EXPECT_TRUE(fails_with(tree, "link 5 \"late\": parent"));
  KinematicTree self_parent;
  self_parent.add_link(make_link("loop", 0, JointType::Revolute));
  EXPECT_TRUE(fails_with(self_parent, "link 0 \"loop\": parent"));
}

TEST(KinematicTree, RejectsDuplicateNames) {
  KinematicTree tree = mixed_tree();
  tree.add_link(make_link("hand", 0, JointType::Revolute));
  EXPECT_TRUE(fails_with(tree, "name must be unique"));
}

TEST(KinematicTree, RejectsANonUnitAxis) {
  KinematicTree tree;
  TreeLink link = make_link("arm", -1, JointType::Revolute);
  link.joint.axis = Vec3(0, 0, 2);
  tree.add_link(link);
  EXPECT_TRUE(fails_with(tree, "\"arm\": joint.axis must be a unit vector"));
  // A fixed joint has no axis to check.
  KinematicTree fixed;
  link.joint.type = JointType::Fixed;
  fixed.add_link(link);
  EXPECT_TRUE(fixed.validate().ok());
}

TEST(KinematicTree, RejectsABadOriginRotation) {
  KinematicTree tree;
  TreeLink link = make_link("arm", -1, JointType::Revolute);
  link.joint.origin.rotation = 1.1 * Mat3::Identity();
  tree.add_link(link);
  EXPECT_TRUE(fails_with(tree, "joint.origin.rotation"));
}

TEST(KinematicTree, RejectsInvertedLimits) {
  KinematicTree tree;
  TreeLink link = make_link("arm", -1, JointType::Prismatic);
  link.joint.lower = 0.5;
  link.joint.upper = 0.1;
  tree.add_link(link);
  EXPECT_TRUE(fails_with(tree, "lower <= upper"));
}

TEST(KinematicTree, RejectsFreeJointsBelowTheRootOrWithAnOrigin) {
  KinematicTree tree = mixed_tree();
  tree.add_link(make_link("floating", 1, JointType::Free));
  EXPECT_TRUE(fails_with(tree, "\"floating\": a free joint must connect a root link"));
  KinematicTree offset;
  TreeLink link = make_link("floating", -1, JointType::Free);
  link.joint.origin.position = Vec3(0, 0, 1);
  offset.add_link(link);
  EXPECT_TRUE(fails_with(offset, "joint.origin must be the identity"));
}

TEST(KinematicTree, RejectsNonPositiveMass) {
  KinematicTree tree;
  TreeLink link = make_link("arm", -1, JointType::Revolute);
  link.mass = 0;
  tree.add_link(link);
  EXPECT_TRUE(fails_with(tree, "\"arm\": mass must be > 0"));
}

TEST(KinematicTree, ChecksInertia) {
  TreeLink link = make_link("arm", -1, JointType::Revolute);
  link.inertia(0, 1) = 0.01;
  EXPECT_TRUE(fails_with(KinematicTree({link}), "inertia must be symmetric"));
  // Principal moments (1, 1, 3) break the triangle inequality 1 + 1 >= 3.
  link.inertia = Vec3(1, 1, 3).asDiagonal();
  EXPECT_TRUE(fails_with(KinematicTree({link}), "triangle inequality"));
  link.inertia = Vec3(-1, 1, 1).asDiagonal();
  EXPECT_TRUE(fails_with(KinematicTree({link}), "triangle inequality"));
  // A rotated physical inertia passes (a box 1 x 2 x 3: moments 13, 10, 5 over 12).
  const Mat3 rotation = Eigen::AngleAxisd(0.4, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  link.inertia = rotation * Vec3(13.0 / 12, 10.0 / 12, 5.0 / 12).asDiagonal() *
                 rotation.transpose();
  EXPECT_TRUE(KinematicTree({link}).validate().ok());
  // A point mass (zero inertia) and a thin rod (moments a, a, 0) are allowed on a
  // revolute joint ...
  link.inertia = Mat3::Zero();
  EXPECT_TRUE(KinematicTree({link}).validate().ok());
  link.inertia = Vec3(0.3, 0.3, 0).asDiagonal();
  EXPECT_TRUE(KinematicTree({link}).validate().ok());
  // ... but not on a free joint, whose rotation they would leave without inertia.
  link.joint.type = JointType::Free;
  EXPECT_TRUE(fails_with(KinematicTree({link}), "inertia must be positive definite on a free"));
}

}  // namespace
}  // namespace contactlab
