#include "lemke_pivoting.h"

#include <gtest/gtest.h>

#include <Eigen/Core>

namespace contactlab {
namespace {

ScaledLcp view(const Eigen::MatrixXd& M, const Eigen::VectorXd& q) {
  ScaledLcp lcp;
  lcp.matrix = M.data();
  lcp.offset = q.data();
  lcp.size = static_cast<int>(q.size());
  return lcp;
}

TEST(LemkePivoting, TiedFirstRowsGoLexicographically) {
  // M = [[1, 1], [1, 1]], q = (-1, -1): both rows tie for z0. The lexicographic rule
  // takes the last (rows of [q, I]: (-1, 0, 1) < (-1, 1, 0)), so w_1 leaves, z_1
  // enters, and z0 leaves on the second pivot with z = (0, 1).
  Eigen::MatrixXd M = Eigen::MatrixXd::Ones(2, 2);
  Eigen::VectorXd q = -Eigen::VectorXd::Ones(2);
  PivotingWorkspace workspace;
  int pivots = 0;
  ASSERT_EQ(run_lemke_pivoting(view(M, q), 10, 1e-9, workspace, pivots), PivotingEnd::Solved);
  EXPECT_EQ(pivots, 2);
  EXPECT_EQ(workspace.z[0], 0);
  EXPECT_EQ(workspace.z[1], 1);
  EXPECT_EQ(workspace.z_is_basic[0], 0);
  EXPECT_EQ(workspace.z_is_basic[1], 1);
}

TEST(LemkePivoting, MurtyExampleTakesTwoToTheNPivots) {
  // Murty's upper triangular example (M_ii = 1, M_ij = 2 for j > i, q_i = 2^(i+1) -
  // 2^(n+1)) makes Lemke visit 2^n bases: 2^n - 1 complementary pivots plus z0's entry
  // (Murty 1988, ch. 6; the Siconos file lcp_exp_murty2 is the case n = 6).
  const int n = 5;
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  Eigen::VectorXd q(n);
  for (int i = 0; i < n; ++i) {
    M(i, i) = 1;
    for (int j = i + 1; j < n; ++j) M(i, j) = 2;
    q[i] = (2 << i) - (2 << n);
  }
  PivotingWorkspace workspace;
  int pivots = 0;
  ASSERT_EQ(run_lemke_pivoting(view(M, q), 1000, 1e-9, workspace, pivots), PivotingEnd::Solved);
  EXPECT_EQ(pivots, 1 << n);
}

TEST(LemkePivoting, ScaledDiagonalShiftIsPartOfTheMatrix) {
  // M = 0 has no solution for q = (-1); with diagonal_shift 0.5 it is z = 2.
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(1, 1);
  Eigen::VectorXd q = -Eigen::VectorXd::Ones(1);
  ScaledLcp lcp = view(M, q);
  PivotingWorkspace workspace;
  int pivots = 0;
  EXPECT_EQ(run_lemke_pivoting(lcp, 10, 1e-9, workspace, pivots), PivotingEnd::RayTermination);
  lcp.diagonal_shift = 0.5;
  ASSERT_EQ(run_lemke_pivoting(lcp, 10, 1e-9, workspace, pivots), PivotingEnd::Solved);
  EXPECT_EQ(workspace.z[0], 2);
}

TEST(LemkePivoting, PivotLimitStopsTheRun) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3);
  Eigen::VectorXd q = -Eigen::VectorXd::Ones(3);
  PivotingWorkspace workspace;
  int pivots = 0;
  EXPECT_EQ(run_lemke_pivoting(view(M, q), 2, 1e-9, workspace, pivots), PivotingEnd::PivotLimit);
  EXPECT_EQ(pivots, 2);
  EXPECT_EQ(run_lemke_pivoting(view(M, q), 0, 1e-9, workspace, pivots), PivotingEnd::PivotLimit);
  EXPECT_EQ(pivots, 0);
}

}  // namespace
}  // namespace contactlab
