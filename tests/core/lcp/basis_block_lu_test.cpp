// The LU of a Lemke basis through its block of z columns (lcp/basis_block_lu.h) against
// the basis formed densely: B (B^-1 b) = b for bases that mix w's, z's and z0 at
// permuted positions, and a singular block reported as such.
#include "lcp/basis_block_lu.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <Eigen/Dense>

#include "test_random.h"

namespace contactlab {
namespace {

// B's columns as lemke_basis.h defines them: e_i for w_i, -M_{:,j} for z_j, -d for z0.
Eigen::MatrixXd dense_basis(const Eigen::MatrixXd& M, const Eigen::VectorXd& covering,
                            const LemkeVariables& variables, const std::vector<int>& basic_variable) {
  const int n = variables.n;
  Eigen::MatrixXd B = Eigen::MatrixXd::Zero(n, n);
  for (int p = 0; p < n; ++p) {
    const int variable = basic_variable[p];
    if (variables.is_w(variable)) B(variable, p) = 1;
    else if (variables.is_z(variable)) B.col(p) = -M.col(variable - n);
    else B.col(p) = -covering;
  }
  return B;
}

}  // namespace

TEST(BasisBlockLu, SolvesMixedBasesAtPermutedPositions) {
  TestRandom random(7);
  int solved = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 4 + trial % 9;
    Eigen::MatrixXd M(n, n);
    for (int j = 0; j < n; ++j) {
      for (int i = 0; i < n; ++i) M(i, j) = (i * 3 + j) % 4 == 0 || i == j ? random.uniform(-1, 1) : 0.0;
    }
    M.diagonal().array() += 2;  // every principal block nonsingular
    Eigen::VectorXd covering(n);
    for (int i = 0; i < n; ++i) covering[i] = random.uniform(0.5, 1.5);
    const LemkeVariables variables{n};
    // Complementary choices per equation, z0 in place of one w on odd trials, then the
    // positions shuffled.
    std::vector<int> basic_variable(n);
    for (int i = 0; i < n; ++i) basic_variable[i] = random.uniform(0, 1) < 0.5 ? i : n + i;
    if (trial % 2 == 1) {
      const auto w = std::find_if(basic_variable.begin(), basic_variable.end(), [n](int v) { return v < n; });
      if (w != basic_variable.end()) *w = variables.z0();
    }
    for (int p = n - 1; p > 0; --p) std::swap(basic_variable[p], basic_variable[static_cast<int>(random.uniform(0, p + 1))]);
    const Eigen::MatrixXd B = dense_basis(M, covering, variables, basic_variable);
    if (std::abs(B.determinant()) < 1e-6) continue;

    BasisBlockLu lu;
    ASSERT_TRUE(lu.factorise(M.sparseView(), covering, variables, basic_variable));
    Eigen::VectorXd b(n), x;
    for (int i = 0; i < n; ++i) b[i] = random.uniform(-1, 1);
    lu.solve(b, x);
    EXPECT_LE((B * x - b).cwiseAbs().maxCoeff(), 1e-12) << "trial " << trial;
    ++solved;
  }
  // The skip above must not empty the test: with 2 added to M's diagonal, the random bases
  // of this seed are all nonsingular.
  EXPECT_EQ(solved, 30);
}

TEST(BasisBlockLu, ReportsASingularBlock) {
  // z_0 and z_1 basic with M's first two columns equal: B is singular.
  Eigen::MatrixXd M(3, 3);
  M << 1, 1, 0, 2, 2, 0, 0, 0, 1;
  const LemkeVariables variables{3};
  BasisBlockLu lu;
  EXPECT_FALSE(lu.factorise(M.sparseView(), Eigen::VectorXd::Ones(3), variables, {3, 4, 2}));
  // The slack basis (every w at its own position) is the identity.
  ASSERT_TRUE(lu.factorise(M.sparseView(), Eigen::VectorXd::Ones(3), variables, {0, 1, 2}));
  Eigen::VectorXd x;
  lu.solve(Eigen::Vector3d(1, -2, 3), x);
  EXPECT_EQ(x, Eigen::Vector3d(1, -2, 3));
}

}  // namespace contactlab
