#include "lcp/lemke_subsystem.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(SolvePrincipalSubsystem, SolvesTheBasicBlockOnly) {
  // B = {0, 2}: [[4, 1], [2, 3]] z_B = -(-9, -8)  =>  z_B = (1.9, 1.4); z_1 = 0.
  Eigen::MatrixXd M(3, 3);
  M << 4, 7, 1,
       5, 6, 5,
       2, 9, 3;
  const Eigen::VectorXd q = Eigen::Vector3d(-9, 100, -8);
  SubsystemWorkspace workspace;
  Eigen::VectorXd z;
  ASSERT_TRUE(solve_principal_subsystem(M, q, {1, 0, 1}, workspace, z));
  ASSERT_EQ(z.size(), 3);
  EXPECT_NEAR(z[0], 1.9, 1e-15);
  EXPECT_EQ(z[1], 0);
  EXPECT_NEAR(z[2], 1.4, 1e-15);
}

TEST(SolvePrincipalSubsystem, PivotsOnTheLargestEntry) {
  // M_BB = [[0, 1], [1, 0]] needs a row exchange: z_B = (q_1, q_0) negated.
  Eigen::MatrixXd M(2, 2);
  M << 0, 1,
       1, 0;
  SubsystemWorkspace workspace;
  Eigen::VectorXd z;
  ASSERT_TRUE(solve_principal_subsystem(M, Eigen::Vector2d(-3, -5), {1, 1}, workspace, z));
  EXPECT_EQ(z[0], 5);
  EXPECT_EQ(z[1], 3);
}

TEST(SolvePrincipalSubsystem, ReportsASingularBlock) {
  // Rank one: the two rows are proportional.
  Eigen::MatrixXd M(2, 2);
  M << 1, 2,
       2, 4;
  SubsystemWorkspace workspace;
  Eigen::VectorXd z;
  EXPECT_FALSE(solve_principal_subsystem(M, Eigen::Vector2d(-1, -2), {1, 1}, workspace, z));
  EXPECT_FALSE(solve_principal_subsystem(Eigen::MatrixXd::Zero(2, 2), Eigen::Vector2d(-1, -2),
                                         {1, 0}, workspace, z));
}

TEST(SolvePrincipalSubsystem, EmptyBasisGivesZero) {
  SubsystemWorkspace workspace;
  Eigen::VectorXd z;
  ASSERT_TRUE(solve_principal_subsystem(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector2d(-1, 1),
                                        {0, 0}, workspace, z));
  EXPECT_EQ(z, Eigen::VectorXd::Zero(2));
}

}  // namespace
}  // namespace contactlab
