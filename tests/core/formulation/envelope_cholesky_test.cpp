#include "formulation/envelope_cholesky.h"

#include <gtest/gtest.h>

#include "test_random.h"

namespace contactlab {
namespace {

// A random symmetric positive-definite matrix with zeros left of row i's first column
// f_i (a banded chain of coupled blocks, as a stack of contacts gives).
Eigen::MatrixXd random_envelope_matrix(TestRandom& random, int n, std::vector<int>& first) {
  Eigen::MatrixXd factor = Eigen::MatrixXd::Zero(n, n);
  first.resize(n);
  for (int i = 0; i < n; ++i) {
    first[i] = std::max(0, i - random.integer(0, 6));
    for (int j = first[i]; j < i; ++j) factor(i, j) = random.uniform(-1, 1);
    factor(i, i) = random.uniform(0.5, 2);
  }
  return factor * factor.transpose();  // L L^T keeps L's envelope
}

// A x = b to rounding, with only the envelope stored.
TEST(EnvelopeCholesky, SolvesWithinTheEnvelope) {
  TestRandom random(3);
  for (int trial = 0; trial < 20; ++trial) {
    const int n = random.integer(1, 40);
    std::vector<int> first;
    const Eigen::MatrixXd matrix = random_envelope_matrix(random, n, first);
    EnvelopeCholesky cholesky;
    ASSERT_TRUE(cholesky.factor(matrix));
    std::size_t envelope = 0;
    for (int i = 0; i < n; ++i) envelope += static_cast<std::size_t>(i - first[i] + 1);
    EXPECT_LE(cholesky.stored_entries(), envelope);
    Eigen::VectorXd b(n);
    for (int i = 0; i < n; ++i) b[i] = random.uniform(-1, 1);
    Eigen::VectorXd x = b;
    cholesky.solve_in_place(x);
    const Eigen::VectorXd residual = matrix * x - b;
    EXPECT_LT(residual.lpNorm<Eigen::Infinity>(),
              1e-11 * (1 + matrix.lpNorm<Eigen::Infinity>() * x.lpNorm<Eigen::Infinity>()));
  }
}

// Only the lower triangle is read: garbage above the diagonal changes nothing.
TEST(EnvelopeCholesky, ReadsTheLowerTriangleOnly) {
  TestRandom random(5);
  std::vector<int> first;
  const Eigen::MatrixXd matrix = random_envelope_matrix(random, 12, first);
  Eigen::MatrixXd garbled = matrix;
  for (int i = 0; i < 12; ++i) {
    for (int j = i + 1; j < 12; ++j) garbled(i, j) = 1e6;
  }
  EnvelopeCholesky clean, dirty;
  ASSERT_TRUE(clean.factor(matrix));
  ASSERT_TRUE(dirty.factor(garbled));
  Eigen::VectorXd x = Eigen::VectorXd::Ones(12), y = Eigen::VectorXd::Ones(12);
  clean.solve_in_place(x);
  dirty.solve_in_place(y);
  EXPECT_EQ(x, y);
}

// A singular or indefinite matrix is refused.
TEST(EnvelopeCholesky, RefusesMatricesThatAreNotPositiveDefinite) {
  Eigen::MatrixXd singular(2, 2);
  singular << 1, 1, 1, 1;
  EnvelopeCholesky cholesky;
  EXPECT_FALSE(cholesky.factor(singular));
  Eigen::MatrixXd indefinite(3, 3);
  indefinite << 2, 0, 0, 0, -1, 0, 0, 0, 3;
  EXPECT_FALSE(cholesky.factor(indefinite));
}

}  // namespace
}  // namespace contactlab
