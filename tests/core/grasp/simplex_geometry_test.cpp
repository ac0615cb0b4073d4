#include "grasp/simplex_geometry.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "test_random.h"

namespace contactlab {
namespace {

SquareMatrixNd random_matrix(std::mt19937_64& rng, int dimension) {
  SquareMatrixNd rows{};
  for (int i = 0; i < dimension; ++i) {
    for (int k = 0; k < dimension; ++k) rows[i][k] = uniform(rng, -1, 1);
  }
  return rows;
}

// det(diag(1..d)) = d! and a row swap flips the sign.
TEST(GraspSimplexGeometry, DeterminantOfDiagonalAndPermutedMatrices) {
  for (int d = 1; d <= kMaxHullDimension; ++d) {
    SquareMatrixNd rows{};
    double factorial = 1;
    for (int i = 0; i < d; ++i) {
      rows[i][i] = i + 1;
      factorial *= i + 1;
    }
    EXPECT_DOUBLE_EQ(determinant(rows, d), factorial) << "d=" << d;
    if (d >= 2) {
      std::swap(rows[0], rows[d - 1]);
      EXPECT_DOUBLE_EQ(determinant(rows, d), -factorial) << "d=" << d;
    }
  }
}

// Reference: Eigen's LU with full pivoting, on random matrices of every size.
TEST(GraspSimplexGeometry, DeterminantMatchesEigen) {
  std::mt19937_64 rng(17);
  for (int d = 1; d <= kMaxHullDimension; ++d) {
    for (int trial = 0; trial < 20; ++trial) {
      const SquareMatrixNd rows = random_matrix(rng, d);
      Eigen::MatrixXd reference(d, d);
      for (int i = 0; i < d; ++i) {
        for (int k = 0; k < d; ++k) reference(i, k) = rows[i][k];
      }
      EXPECT_NEAR(determinant(rows, d), reference.fullPivLu().determinant(), 1e-13) << "d=" << d;
    }
  }
}

TEST(GraspSimplexGeometry, DeterminantOfSingularMatrixIsZero) {
  SquareMatrixNd rows{};
  rows[0] = {1, 2, 3, 0, 0, 0};
  rows[1] = {2, 4, 6, 0, 0, 0};
  rows[2] = {0, 1, 1, 0, 0, 0};
  EXPECT_EQ(determinant(rows, 3), 0.0);
}

// The plane through the unit points e_1 .. e_d is sum x_k = 1: normal (1..1)/sqrt(d),
// offset 1/sqrt(d), up to sign.
TEST(GraspSimplexGeometry, HyperplaneThroughUnitPoints) {
  for (int d = 2; d <= kMaxHullDimension; ++d) {
    SquareMatrixNd corners{};
    for (int i = 0; i < d; ++i) corners[i][i] = 1;
    PointNd normal{};
    double offset = 0;
    ASSERT_TRUE(hyperplane_through(corners, d, normal, offset));
    const double sign = offset > 0 ? 1 : -1;
    for (int k = 0; k < d; ++k) EXPECT_NEAR(sign * normal[k], 1 / std::sqrt(d), 1e-15);
    EXPECT_NEAR(sign * offset, 1 / std::sqrt(d), 1e-15);
  }
}

// Invariants on random points: unit normal, every corner on the plane.
TEST(GraspSimplexGeometry, HyperplaneContainsItsCorners) {
  std::mt19937_64 rng(5);
  for (int d = 2; d <= kMaxHullDimension; ++d) {
    for (int trial = 0; trial < 20; ++trial) {
      const SquareMatrixNd corners = random_matrix(rng, d);
      PointNd normal{};
      double offset = 0;
      ASSERT_TRUE(hyperplane_through(corners, d, normal, offset));
      EXPECT_NEAR(dot(normal, normal, d), 1, 1e-15);
      for (int i = 0; i < d; ++i) EXPECT_NEAR(dot(normal, corners[i], d), offset, 1e-14);
    }
  }
}

TEST(GraspSimplexGeometry, HyperplaneThroughRepeatedPointFails) {
  SquareMatrixNd corners{};
  corners[0] = {1, 0, 0};
  corners[1] = {0, 1, 0};
  corners[2] = {1, 0, 0};
  PointNd normal{};
  double offset = 0;
  EXPECT_FALSE(hyperplane_through(corners, 3, normal, offset));
}

// The corner simplex conv{0, e_1, .., e_d} has volume 1/d!; scaling by s scales it by s^d.
TEST(GraspSimplexGeometry, SimplexVolumeOfCornerSimplex) {
  for (int d = 2; d <= kMaxHullDimension; ++d) {
    SquareMatrixNd corners{};
    double factorial = 1;
    for (int i = 0; i < d; ++i) {
      corners[i][i] = 2;
      factorial *= i + 1;
    }
    EXPECT_NEAR(simplex_volume(corners, PointNd{}, d), std::pow(2.0, d) / factorial, 1e-15);
  }
}

// Points on a segment of R^6 span a line: two corners, the segment's ends (the lowest
// point along the longest axis, then the point furthest from it).
TEST(GraspSimplexGeometry, GrowSimplexOnASegment) {
  std::vector<PointNd> points;
  for (int i = 0; i <= 10; ++i) {
    const double t = (i * 7 % 11) / 10.0;
    points.push_back({t, 2 * t, -t, 0.5, 3 * t, 1});
  }
  std::array<int, kMaxHullDimension + 1> corners{};
  EXPECT_EQ(grow_simplex(points, 6, 1e-9, corners), 1);
  EXPECT_EQ(points[corners[0]][0], 0);
  EXPECT_EQ(points[corners[1]][0], 1);
}

// The corner simplex conv{0, e_1, .., e_d} with interior points: its d + 1 corners are
// found, so the affine dimension is d; no points give -1, one repeated point 0.
TEST(GraspSimplexGeometry, GrowSimplexFindsTheCorners) {
  for (int d = 2; d <= kMaxHullDimension; ++d) {
    std::vector<PointNd> points(1, PointNd{});
    for (int i = 0; i < d; ++i) {
      PointNd inside{};
      for (int k = 0; k < d; ++k) inside[k] = 0.5 / d + 0.01 * k * i;
      points.push_back(inside);
      PointNd corner{};
      corner[i] = 1;
      points.push_back(corner);
    }
    std::array<int, kMaxHullDimension + 1> corners{};
    ASSERT_EQ(grow_simplex(points, d, 1e-9, corners), d);
    std::vector<int> found(corners.begin(), corners.begin() + d + 1);
    std::sort(found.begin(), found.end());
    for (int c = 0; c <= d; ++c) EXPECT_EQ(found[c], 2 * c) << "d=" << d;  // 0 and the e_i
  }
  std::array<int, kMaxHullDimension + 1> corners{};
  EXPECT_EQ(grow_simplex({}, 3, 1e-9, corners), -1);
  EXPECT_EQ(grow_simplex({{1, 2, 3}, {1, 2, 3}}, 3, 1e-9, corners), 0);
}

}  // namespace
}  // namespace contactlab
