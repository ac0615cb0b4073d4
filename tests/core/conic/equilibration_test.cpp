#include "conic/equilibration.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "test_random.h"

namespace contactlab::conic {
namespace {

// Rows and columns multiplied by powers of ten up to 1e+-4: the kind of data equilibration
// is for. 6 variables, 2 equalities, 2 orthant rows and cones of sizes 3 and 2.
ConicProblem badly_scaled_problem(TestRandom& random) {
  ConicProblem problem;
  const int n = 6, p = 2, m = 7;
  Eigen::VectorXd column_scale(n), equality_scale(p), cone_scale(m);
  for (int j = 0; j < n; ++j) column_scale[j] = random.magnitude(4);
  for (int k = 0; k < p; ++k) equality_scale[k] = random.magnitude(4);
  for (int i = 0; i < m; ++i) cone_scale[i] = random.magnitude(4);
  const Eigen::MatrixXd B = random_matrix(random, n, n);
  const Eigen::MatrixXd D = column_scale.asDiagonal();
  problem.P = D * (B * B.transpose()) * D;
  problem.c = D * random_vector(random, n);
  problem.A = equality_scale.asDiagonal() * random_matrix(random, p, n) * D;
  problem.b = random_vector(random, p);
  problem.G = cone_scale.asDiagonal() * random_matrix(random, m, n) * D;
  problem.h = random_vector(random, m);
  problem.orthant_size = 2;
  problem.cone_sizes = {3, 2};
  return problem;
}

double relative_difference(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).lpNorm<Eigen::Infinity>() / (1e-300 + b.lpNorm<Eigen::Infinity>());
}

TEST(ConicEquilibration, ZeroPassesOnlyFillsShapesAndSymmetrises) {
  ConicProblem problem;
  problem.P.resize(2, 2);
  problem.P << 1, 2,
               2.5, 3;  // symmetrised to off-diagonal 2.25
  problem.c = Eigen::Vector2d(1, -1);
  const ConeLayout cones = make_cone_layout(0, {});
  ConicProblem scaled;
  Equilibration scaling;
  equilibrate(problem, cones, 0, scaled, scaling);
  EXPECT_EQ(scaled.P(0, 1), 2.25);
  EXPECT_EQ(scaled.P(1, 0), 2.25);
  EXPECT_EQ(scaled.A.rows(), 0);
  EXPECT_EQ(scaled.A.cols(), 2);
  EXPECT_EQ(scaled.G.cols(), 2);
  EXPECT_EQ(scaled.c, problem.c);
  EXPECT_EQ(scaling.cost_scale, 1);
  EXPECT_EQ(scaling.variable_scale, Eigen::VectorXd::Ones(2));

  ConicProblem no_quadratic;
  no_quadratic.c = Eigen::Vector2d(1, -1);
  equilibrate(no_quadratic, cones, 0, scaled, scaling);
  EXPECT_EQ(scaled.P, Eigen::MatrixXd::Zero(2, 2));
}

// The scaled data are c_s D P D, c_s D c, E_A A D, E_A b, E_G G D, E_G h, with one E_G per
// second-order cone (equilibration.h).
TEST(ConicEquilibration, ScaledDataFollowTheDiagonalScalings) {
  TestRandom random(21);
  const ConicProblem problem = badly_scaled_problem(random);
  const ConeLayout cones = make_cone_layout(problem.orthant_size, problem.cone_sizes);
  ConicProblem scaled;
  Equilibration scaling;
  equilibrate(problem, cones, 10, scaled, scaling);
  const Eigen::MatrixXd D = scaling.variable_scale.asDiagonal();
  const Eigen::MatrixXd E_A = scaling.equality_scale.asDiagonal();
  const Eigen::MatrixXd E_G = scaling.cone_scale.asDiagonal();
  const double c_s = scaling.cost_scale;
  EXPECT_LT(relative_difference(scaled.P, c_s * D * problem.P * D), 1e-14);
  EXPECT_LT(relative_difference(scaled.c, c_s * D * problem.c), 1e-14);
  EXPECT_LT(relative_difference(scaled.A, E_A * problem.A * D), 1e-14);
  EXPECT_LT(relative_difference(scaled.b, E_A * problem.b), 1e-14);
  EXPECT_LT(relative_difference(scaled.G, E_G * problem.G * D), 1e-14);
  EXPECT_LT(relative_difference(scaled.h, E_G * problem.h), 1e-14);
  EXPECT_EQ(scaling.cone_scale[2], scaling.cone_scale[3]);
  EXPECT_EQ(scaling.cone_scale[2], scaling.cone_scale[4]);
  EXPECT_EQ(scaling.cone_scale[5], scaling.cone_scale[6]);
}

// Ruiz's iteration drives every row norm of the KKT matrix towards 1: after 10 passes the
// spread of the column norms is far below the 1e8 of the input.
TEST(ConicEquilibration, ColumnNormsEndUpNearOne) {
  TestRandom random(8);
  const ConicProblem problem = badly_scaled_problem(random);
  const ConeLayout cones = make_cone_layout(problem.orthant_size, problem.cone_sizes);
  ConicProblem scaled;
  Equilibration scaling;
  equilibrate(problem, cones, 10, scaled, scaling);
  const Eigen::MatrixXd P_unit = scaled.P / scaling.cost_scale;
  for (int j = 0; j < 6; ++j) {
    const double norm = std::max({P_unit.col(j).lpNorm<Eigen::Infinity>(),
                                  scaled.A.col(j).lpNorm<Eigen::Infinity>(),
                                  scaled.G.col(j).lpNorm<Eigen::Infinity>()});
    EXPECT_GT(norm, 0.5);
    EXPECT_LT(norm, 2.0);
  }
  for (int k = 0; k < 2; ++k) {
    EXPECT_GT(scaled.A.row(k).lpNorm<Eigen::Infinity>(), 0.5);
    EXPECT_LT(scaled.A.row(k).lpNorm<Eigen::Infinity>(), 2.0);
  }
}

// x = D x~, s = s~ / E_G, y = E_A y~ / c_s, z = E_G z~ / c_s map the residuals of the scaled
// problem to those of the original: A x - b = E_A^-1 (A~ x~ - b~), and so on.
TEST(ConicEquilibration, UnscalingMapsResidualsBack) {
  TestRandom random(4);
  const ConicProblem problem = badly_scaled_problem(random);
  const ConeLayout cones = make_cone_layout(problem.orthant_size, problem.cone_sizes);
  ConicProblem scaled;
  Equilibration scaling;
  equilibrate(problem, cones, 10, scaled, scaling);
  const Eigen::VectorXd scaled_x = random_vector(random, 6);
  const Eigen::VectorXd scaled_s = random_vector(random, 7);
  const Eigen::VectorXd scaled_y = random_vector(random, 2);
  const Eigen::VectorXd scaled_z = random_vector(random, 7);
  Eigen::VectorXd x, s, y, z;
  unscale_primal(scaling, scaled_x, scaled_s, x, s);
  unscale_dual(scaling, scaled_y, scaled_z, y, z);

  const Eigen::VectorXd equality = problem.A * x - problem.b;
  const Eigen::VectorXd scaled_equality = scaled.A * scaled_x - scaled.b;
  EXPECT_LT(relative_difference(equality,
                                scaling.equality_scale.cwiseInverse().asDiagonal() * scaled_equality),
            1e-12);
  const Eigen::VectorXd inequality = problem.G * x + s - problem.h;
  const Eigen::VectorXd scaled_inequality = scaled.G * scaled_x + scaled_s - scaled.h;
  EXPECT_LT(relative_difference(inequality,
                                scaling.cone_scale.cwiseInverse().asDiagonal() * scaled_inequality),
            1e-12);
  // P x + c + A^T y + G^T z = (c_s D)^-1 (P~ x~ + c~ + A~^T y~ + G~^T z~)
  const Eigen::VectorXd stationarity =
      problem.P * x + problem.c + problem.A.transpose() * y + problem.G.transpose() * z;
  const Eigen::VectorXd scaled_stationarity = scaled.P * scaled_x + scaled.c +
                                              scaled.A.transpose() * scaled_y +
                                              scaled.G.transpose() * scaled_z;
  const Eigen::VectorXd mapped = (scaling.cost_scale * scaling.variable_scale).cwiseInverse().asDiagonal() *
                                 scaled_stationarity;
  EXPECT_LT(relative_difference(stationarity, mapped), 1e-12);
  // s^T z = s~^T z~ / c_s
  EXPECT_NEAR(s.dot(z), scaled_s.dot(scaled_z) / scaling.cost_scale,
              1e-12 * std::abs(scaled_s.dot(scaled_z) / scaling.cost_scale) + 1e-300);
}

}  // namespace
}  // namespace contactlab::conic
