#include "conic/dense_kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace contactlab::conic {
namespace {

Eigen::MatrixXd two_by_three() {
  Eigen::MatrixXd M(2, 3);
  M << 1, 2, 3,
       4, 5, 6;
  return M;
}

TEST(ConicDenseKernels, VectorReductionsMatchHandValues) {
  const Eigen::Vector3d a(1, -2, 2);
  const Eigen::Vector3d b(3, 0.5, -1);
  EXPECT_EQ(dot(a, b), 3 - 1 - 2);  // exact in binary
  EXPECT_EQ(norm2(a), 3);           // sqrt(1 + 4 + 4)
  EXPECT_EQ(norm_inf(a), 2);
  EXPECT_EQ(norm_inf(Eigen::VectorXd()), 0);
}

TEST(ConicDenseKernels, NormInfAndFinitenessSeeNaN) {
  Eigen::Vector3d v(1, std::numeric_limits<double>::quiet_NaN(), 5);
  EXPECT_TRUE(std::isnan(norm_inf(v)));
  EXPECT_FALSE(all_finite(Eigen::VectorXd(v)));
  v[1] = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(all_finite(Eigen::VectorXd(v)));
  EXPECT_TRUE(all_finite(Eigen::VectorXd(Eigen::Vector3d(1, 2, 3))));
  Eigen::MatrixXd M = two_by_three();
  EXPECT_TRUE(all_finite(M));
  M(1, 2) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(all_finite(M));
}

TEST(ConicDenseKernels, ProductsMatchHandValues) {
  const Eigen::MatrixXd M = two_by_three();
  Eigen::VectorXd out;
  multiply(M, Eigen::Vector3d(1, 0, -1), out);  // (1 - 3, 4 - 6)
  ASSERT_EQ(out.size(), 2);
  EXPECT_EQ(out[0], -2);
  EXPECT_EQ(out[1], -2);
  multiply_transposed(M, Eigen::Vector2d(1, 2), out);  // (1 + 8, 2 + 10, 3 + 12)
  ASSERT_EQ(out.size(), 3);
  EXPECT_EQ(out[0], 9);
  EXPECT_EQ(out[1], 12);
  EXPECT_EQ(out[2], 15);

  Eigen::VectorXd accumulated = Eigen::Vector2d(10, 20);
  add_multiply(M, Eigen::Vector3d(1, 1, 1), -2.0, accumulated);  // (10 - 12, 20 - 30)
  EXPECT_EQ(accumulated[0], -2);
  EXPECT_EQ(accumulated[1], -10);
  accumulated = Eigen::Vector3d(1, 1, 1);
  add_multiply_transposed(M, Eigen::Vector2d(1, 0), 0.5, accumulated);  // 1 + (1, 2, 3) / 2
  EXPECT_EQ(accumulated[0], 1.5);
  EXPECT_EQ(accumulated[1], 2);
  EXPECT_EQ(accumulated[2], 2.5);
}

TEST(ConicDenseKernels, EmptyMatrixActsAsZero) {
  const Eigen::MatrixXd empty;
  Eigen::VectorXd out = Eigen::Vector3d(1, 2, 3);
  add_multiply(empty, Eigen::VectorXd(), 1.0, out);
  add_multiply_transposed(empty, Eigen::VectorXd(), 1.0, out);
  EXPECT_EQ(out, Eigen::VectorXd(Eigen::Vector3d(1, 2, 3)));
  EXPECT_EQ(quadratic_form(empty, Eigen::VectorXd()), 0);
}

TEST(ConicDenseKernels, QuadraticFormMatchesHandValue) {
  Eigen::MatrixXd P(2, 2);
  P << 2, 1,
       1, 3;
  // x = (1, -2): 2 - 2 - 2 + 12 = 10
  EXPECT_EQ(quadratic_form(P, Eigen::Vector2d(1, -2)), 10);
}

}  // namespace
}  // namespace contactlab::conic
