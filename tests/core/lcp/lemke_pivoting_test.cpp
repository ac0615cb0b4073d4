#include "lcp/lemke_pivoting.h"

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

PivotingSettings limit(int max_pivots) {
  PivotingSettings settings;
  settings.max_pivots = max_pivots;
  return settings;
}

TEST(LemkePivoting, TiedFirstRowsGoLexicographically) {
  // M = [[1, 1], [1, 1]], q = (-1, -1): both rows tie for z0. The lexicographic rule
  // takes the last (rows of [q, I]: (-1, 0, 1) < (-1, 1, 0)), so w_1 leaves, z_1
  // enters, and z0 leaves on the second pivot with z = (0, 1).
  Eigen::MatrixXd M = Eigen::MatrixXd::Ones(2, 2);
  Eigen::VectorXd q = -Eigen::VectorXd::Ones(2);
  PivotingWorkspace workspace;
  int pivots = 0;
  ASSERT_EQ(run_lemke_pivoting(view(M, q), limit(10), workspace, pivots), PivotingEnd::Solved);
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
  ASSERT_EQ(run_lemke_pivoting(view(M, q), limit(1000), workspace, pivots), PivotingEnd::Solved);
  EXPECT_EQ(pivots, 1 << n);
}

TEST(LemkePivoting, ScaledDiagonalShiftIsPartOfTheMatrix) {
  // M = 0 has no solution for q = (-1); with diagonal_shift 0.5 it is z = 2.
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(1, 1);
  Eigen::VectorXd q = -Eigen::VectorXd::Ones(1);
  ScaledLcp lcp = view(M, q);
  PivotingWorkspace workspace;
  int pivots = 0;
  EXPECT_EQ(run_lemke_pivoting(lcp, limit(10), workspace, pivots), PivotingEnd::RayTermination);
  lcp.diagonal_shift = 0.5;
  ASSERT_EQ(run_lemke_pivoting(lcp, limit(10), workspace, pivots), PivotingEnd::Solved);
  EXPECT_EQ(workspace.z[0], 2);
}

TEST(LemkePivoting, ACyclingPathEndsWhereItComesBack) {
  // No z solves it (row 0 of M is zero and q_0 = -1), so the path should end on a ray;
  // the tolerance-based tie rules take it round a cycle of bases instead, which used
  // to go on to the pivot limit (1000 pivots here). It ends on the first return.
  Eigen::MatrixXd M(4, 4);
  M << 0, 0, 0, 0,
       0, 0, 0, 200,
       0, 1, -1, 0,
       -1, -1, 0, 2;
  const Eigen::VectorXd q = -Eigen::VectorXd::Ones(4);
  PivotingWorkspace workspace;
  int pivots = 0;
  EXPECT_EQ(run_lemke_pivoting(view(M, q), limit(1000), workspace, pivots), PivotingEnd::Cycling);
  EXPECT_EQ(pivots, 8);
}

TEST(LemkePivoting, PivotLimitStopsTheRun) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3);
  Eigen::VectorXd q = -Eigen::VectorXd::Ones(3);
  PivotingWorkspace workspace;
  int pivots = 0;
  EXPECT_EQ(run_lemke_pivoting(view(M, q), limit(2), workspace, pivots), PivotingEnd::PivotLimit);
  EXPECT_EQ(pivots, 2);
  EXPECT_EQ(run_lemke_pivoting(view(M, q), limit(0), workspace, pivots), PivotingEnd::PivotLimit);
  EXPECT_EQ(pivots, 0);
}

TEST(LemkePivoting, RayEndsWithTheLastAlmostComplementaryPoint) {
  // M = [[0, 0], [0, 1]], q = (-1, -1): w_0 = -1 whatever z, so there is no solution.
  // z0 enters against row 1 (equal q, larger index) at 1 and w_0 drops to 0; z_1 enters
  // with d = (1, 1) and w_0 leaves at once (ratio 0); z_0 enters with d = 0: a ray.
  // The last point, z0 dropped, is z = 0, for the caller's certificate to reject
  // (w_0 = -1).
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(2, 2);
  M(1, 1) = 1;
  Eigen::VectorXd q = -Eigen::VectorXd::Ones(2);
  PivotingWorkspace workspace;
  int pivots = 0;
  ASSERT_EQ(run_lemke_pivoting(view(M, q), limit(10), workspace, pivots),
            PivotingEnd::RayTermination);
  EXPECT_EQ(pivots, 2);
  EXPECT_EQ(workspace.z[0], 0);
  EXPECT_EQ(workspace.z[1], 0);
}

TEST(LemkePivoting, EndsWhenZ0FallsWithinTheAnswerTolerance) {
  // M = I, q = (-1, -2, -3): z0 enters at 3 against row 2; z_2 enters and w_1 leaves
  // (z0 = 2), z_1 enters and w_0 leaves (z0 = 1), z_0 enters and z0 leaves: z = (1, 2, 3),
  // four pivots.
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3);
  Eigen::VectorXd q(3);
  q << -1, -2, -3;
  PivotingSettings settings = limit(10);
  PivotingWorkspace workspace;
  int pivots = 0;
  ASSERT_EQ(run_lemke_pivoting(view(M, q), settings, workspace, pivots), PivotingEnd::Solved);
  EXPECT_EQ(pivots, 4);
  EXPECT_EQ(workspace.z[0], 1);
  EXPECT_EQ(workspace.z[1], 2);
  EXPECT_EQ(workspace.z[2], 3);
  // With answer_tolerance 10 the path ends after two pivots, where z0 = 2 <= 0.2 x 10.
  // The almost complementary point z = (0, 0, 1) has w = (-1, -2, -2); the complementary
  // one a pivot of z0 (against z_1) away, z = (0, 2, 3), has w = (-1, 0, 0): it falls
  // less below zero and is the answer, after three pivots.
  settings.answer_tolerance = 10;
  ASSERT_EQ(run_lemke_pivoting(view(M, q), settings, workspace, pivots), PivotingEnd::Solved);
  EXPECT_EQ(pivots, 3);
  EXPECT_EQ(workspace.z[0], 0);
  EXPECT_EQ(workspace.z[1], 2);
  EXPECT_EQ(workspace.z[2], 3);
  EXPECT_EQ(workspace.z_is_basic, (std::vector<char>{0, 1, 1}));
}

}  // namespace
}  // namespace contactlab
