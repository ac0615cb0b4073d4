#include "dynamics/articulation/dense_cholesky.h"

#include <random>
#include <string>

#include <gtest/gtest.h>

#include "test_random.h"

namespace contactlab {
namespace {

Eigen::MatrixXd random_matrix(int rows, int cols, std::mt19937_64& engine) {
  Eigen::MatrixXd out(rows, cols);
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) out(i, j) = uniform(engine, -1, 1);
  }
  return out;
}

// A = B B^T + n E: symmetric with eigenvalues >= n.
Eigen::MatrixXd random_positive_definite(int n, std::mt19937_64& engine) {
  const Eigen::MatrixXd b = random_matrix(n, n, engine);
  Eigen::MatrixXd a = Eigen::MatrixXd::Identity(n, n) * n;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < n; ++k) a(i, j) += b(i, k) * b(j, k);
    }
  }
  return a;
}

Eigen::MatrixXd times(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  Eigen::MatrixXd out = Eigen::MatrixXd::Zero(a.rows(), b.cols());
  for (int i = 0; i < a.rows(); ++i) {
    for (int j = 0; j < b.cols(); ++j) {
      for (int k = 0; k < a.cols(); ++k) out(i, j) += a(i, k) * b(k, j);
    }
  }
  return out;
}

// Certificate: L is lower triangular with a positive diagonal, L L^T = A, and the
// solution of A x = b has a residual at the rounding level (A is well conditioned:
// eigenvalues in [n, ~2n]).
TEST(DenseCholesky, FactorsAndSolvesSeveralRightHandSides) {
  std::mt19937_64 engine(5);
  for (int n : {1, 2, 7, 30}) {
    const Eigen::MatrixXd a = random_positive_definite(n, engine);
    DenseCholesky cholesky;
    ASSERT_TRUE(cholesky.factor(a).ok());
    ASSERT_TRUE(cholesky.factored());
    ASSERT_EQ(cholesky.size(), n);
    const Eigen::MatrixXd& lower = cholesky.lower();
    for (int i = 0; i < n; ++i) {
      EXPECT_GT(lower(i, i), 0);
      for (int j = i + 1; j < n; ++j) EXPECT_EQ(lower(i, j), 0);
    }
    const Eigen::MatrixXd product = times(lower, Eigen::MatrixXd(lower.transpose()));
    EXPECT_LT((product - a).cwiseAbs().maxCoeff(), 1e-13 * n);

    const Eigen::MatrixXd rhs = random_matrix(n, 3, engine);
    Eigen::MatrixXd solution = rhs;
    cholesky.solve_in_place(solution);
    EXPECT_LT((times(a, solution) - rhs).cwiseAbs().maxCoeff(), 1e-14 * n);
    // The vector form gives the same bits as the corresponding column.
    Eigen::VectorXd column = rhs.col(1);
    cholesky.solve_in_place(column);
    EXPECT_EQ(column, solution.col(1));
  }
}

// Only the lower triangle is read.
TEST(DenseCholesky, IgnoresTheUpperTriangle) {
  std::mt19937_64 engine(9);
  const Eigen::MatrixXd a = random_positive_definite(5, engine);
  Eigen::MatrixXd scrambled = a;
  for (int i = 0; i < 5; ++i) {
    for (int j = i + 1; j < 5; ++j) scrambled(i, j) = 1e3;
  }
  DenseCholesky exact, from_lower;
  ASSERT_TRUE(exact.factor(a).ok());
  ASSERT_TRUE(from_lower.factor(scrambled).ok());
  EXPECT_EQ(exact.lower(), from_lower.lower());
}

TEST(DenseCholesky, ReportsMatricesThatAreNotPositiveDefinite) {
  DenseCholesky cholesky;
  // Eigenvalues 3 and -1: the second pivot is 1 - 4 = -3.
  Eigen::MatrixXd indefinite(2, 2);
  indefinite << 1, 2, 2, 1;
  Status status = cholesky.factor(indefinite);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("not positive definite: pivot 1 is -3"), std::string::npos)
      << status.message();
  EXPECT_FALSE(cholesky.factored());

  // Singular: rank one, the second pivot is 0 up to rounding.
  Eigen::MatrixXd singular(2, 2);
  singular << 4, 6, 6, 9;
  EXPECT_FALSE(cholesky.factor(singular).ok());

  Eigen::MatrixXd zero_diagonal = Eigen::MatrixXd::Identity(3, 3);
  zero_diagonal(2, 2) = 0;
  EXPECT_FALSE(cholesky.factor(zero_diagonal).ok());

  EXPECT_FALSE(cholesky.factor(Eigen::MatrixXd::Identity(2, 3)).ok());

  // A later success makes it usable again.
  EXPECT_TRUE(cholesky.factor(Eigen::MatrixXd::Identity(2, 2)).ok());
  EXPECT_TRUE(cholesky.factored());
}

TEST(DenseCholesky, EmptyMatrixIsTrivial) {
  DenseCholesky cholesky;
  EXPECT_TRUE(cholesky.factor(Eigen::MatrixXd(0, 0)).ok());
  Eigen::VectorXd empty(0);
  cholesky.solve_in_place(empty);
  EXPECT_EQ(empty.size(), 0);
}

}  // namespace
}  // namespace contactlab
