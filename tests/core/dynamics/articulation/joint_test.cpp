#include "dynamics/articulation/joint.h"

#include <cmath>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(Joint, CoordinateSizes) {
  Joint joint;
  joint.type = JointType::Revolute;
  EXPECT_EQ(joint.position_size(), 1);
  EXPECT_EQ(joint.velocity_size(), 1);
  joint.type = JointType::Prismatic;
  EXPECT_EQ(joint.position_size(), 1);
  EXPECT_EQ(joint.velocity_size(), 1);
  joint.type = JointType::Fixed;
  EXPECT_EQ(joint.position_size(), 0);
  EXPECT_EQ(joint.velocity_size(), 0);
  joint.type = JointType::Free;
  EXPECT_EQ(joint.position_size(), 7);
  EXPECT_EQ(joint.velocity_size(), 6);
  EXPECT_STREQ(joint_type_name(JointType::Prismatic), "prismatic");
}

// Right-hand rule: a quarter turn about z takes x to y.
TEST(Joint, RevoluteQuarterTurnAboutZ) {
  Joint joint;
  joint.type = JointType::Revolute;
  const double q = 0.5 * M_PI;
  const Pose motion = joint_motion(joint, &q);
  EXPECT_TRUE((motion.rotation * Vec3::UnitX()).isApprox(Vec3::UnitY(), 1e-15));
  EXPECT_EQ(motion.position, Vec3::Zero());
}

// Rodrigues: R = cos q E + sin q [a]x + (1 - cos q) a a^T, with libm's cos/sin as the
// reference (the joint uses portable_cos_sin).
TEST(Joint, RevoluteMatchesRodriguesAboutAnOddAxis) {
  Joint joint;
  joint.type = JointType::Revolute;
  joint.axis = Vec3(1, -2, 0.5).normalized();
  for (double q : {-7.0, -1.3, 0.0, 0.2, 2.9, 40.0}) {
    const Pose motion = joint_motion(joint, &q);
    Mat3 cross;
    cross << 0, -joint.axis.z(), joint.axis.y(), joint.axis.z(), 0, -joint.axis.x(),
        -joint.axis.y(), joint.axis.x(), 0;
    const Mat3 expected = std::cos(q) * Mat3::Identity() + std::sin(q) * cross +
                          (1 - std::cos(q)) * joint.axis * joint.axis.transpose();
    EXPECT_LT((motion.rotation - expected).cwiseAbs().maxCoeff(), 1e-15) << "q " << q;
    EXPECT_TRUE((motion.rotation * joint.axis).isApprox(joint.axis, 1e-15));
  }
}

TEST(Joint, PrismaticTranslatesAlongTheAxisAfterTheOrigin) {
  Joint joint;
  joint.type = JointType::Prismatic;
  joint.axis = Vec3::UnitX();
  joint.origin.position = Vec3(0, 0, 1);
  joint.origin.rotation = Eigen::AngleAxisd(0.5 * M_PI, Vec3::UnitZ()).toRotationMatrix();
  const double q = 0.25;
  const Pose transform = joint_transform(joint, &q);
  // The axis is in the joint frame, which the origin turns by 90 degrees about z.
  EXPECT_TRUE(transform.position.isApprox(Vec3(0, 0.25, 1), 1e-15));
  EXPECT_TRUE(transform.rotation.isApprox(joint.origin.rotation, 1e-15));
}

TEST(Joint, FixedIsTheOrigin) {
  Joint joint;
  joint.type = JointType::Fixed;
  joint.origin.position = Vec3(1, 2, 3);
  const Pose transform = joint_transform(joint, nullptr);
  EXPECT_EQ(transform.position, Vec3(1, 2, 3));
  EXPECT_EQ(transform.rotation, Mat3::Identity());
}

// The free joint's q is the pose: position, then (qw qx qy qz), normalised here.
TEST(Joint, FreeReadsThePoseAndNormalisesTheQuaternion) {
  Joint joint;
  joint.type = JointType::Free;
  const Quat orientation(Eigen::AngleAxisd(0.7, Vec3(1, 1, 0).normalized()));
  const double q[7] = {1, -2, 3, 2 * orientation.w(), 2 * orientation.x(), 2 * orientation.y(),
                       2 * orientation.z()};
  const Pose motion = joint_motion(joint, q);
  EXPECT_EQ(motion.position, Vec3(1, -2, 3));
  EXPECT_TRUE(motion.rotation.isApprox(orientation.toRotationMatrix(), 1e-15));
  const double zero[7] = {0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(joint_motion(joint, zero).rotation, Mat3::Identity());
}

}  // namespace
}  // namespace contactlab
