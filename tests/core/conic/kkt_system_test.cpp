#include "conic/kkt_system.h"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cmath>
#include <cstdint>
#include <random>

#include "test_random.h"

namespace contactlab::conic {
namespace {

// A point inside the cones whose rows lie `spread` decades apart from row to row, so that
// W ranges over many orders of magnitude as near the end of an interior-point solve.
Eigen::VectorXd spread_interior(TestRandom& random, const ConeLayout& cones, double spread) {
  Eigen::VectorXd u(cones.dimension);
  for (int i = 0; i < cones.orthant_size; ++i) {
    u[i] = random.uniform(0.5, 1.5) * (i % 2 == 0 ? spread : 1 / spread);
  }
  for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
    const int offset = cones.cone_offsets[k];
    double squared = 0;
    for (int i = offset + 1; i < offset + cones.cone_sizes[k]; ++i) {
      u[i] = random.uniform(-1, 1);
      squared += u[i] * u[i];
    }
    u[offset] = std::sqrt(squared) + random.uniform(0.5, 1.5) * (k % 2 == 0 ? spread : 1 / spread);
  }
  return u;
}

// W as a dense matrix, column by column.
Eigen::MatrixXd dense_scaling(const ConeLayout& cones, const NtScaling& scaling) {
  Eigen::MatrixXd W(cones.dimension, cones.dimension);
  const Eigen::MatrixXd identity = Eigen::MatrixXd::Identity(cones.dimension, cones.dimension);
  for (int j = 0; j < cones.dimension; ++j) apply_scaling(cones, scaling, identity.col(j), W.col(j));
  return W;
}

struct KktCase {
  Eigen::MatrixXd P, A, G;
  ConeLayout cones;
  NtScaling scaling;
};

KktCase random_case(TestRandom& random, int n, int p, int rank, double spread) {
  KktCase kkt;
  const Eigen::MatrixXd B = random_matrix(random, n, rank);
  kkt.P = B * B.transpose();
  kkt.A = random_matrix(random, p, n);
  kkt.cones = make_cone_layout(6, {3, 1, 4});
  kkt.G = random_matrix(random, kkt.cones.dimension, n);
  const Eigen::VectorXd s = spread_interior(random, kkt.cones, spread);
  const Eigen::VectorXd z = spread_interior(random, kkt.cones, 1 / spread);
  EXPECT_TRUE(update_nt_scaling(kkt.cones, s, z, kkt.scaling));
  return kkt;
}

// The full system (1) of kkt_system.h, assembled densely.
Eigen::MatrixXd full_matrix(const KktCase& kkt) {
  const int n = static_cast<int>(kkt.P.rows());
  const int p = static_cast<int>(kkt.A.rows());
  const int m = kkt.cones.dimension;
  const Eigen::MatrixXd W = dense_scaling(kkt.cones, kkt.scaling);
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(n + p + m, n + p + m);
  K.block(0, 0, n, n) = kkt.P;
  K.block(0, n, n, p) = kkt.A.transpose();
  K.block(0, n + p, n, m) = kkt.G.transpose();
  K.block(n, 0, p, n) = kkt.A;
  K.block(n + p, 0, m, n) = kkt.G;
  K.block(n + p, n + p, m, m) = -W * W;
  return K;
}

// Solves (1) for a random right-hand side and returns the normwise backward error
// ||K u - r|| / (||K|| ||u|| + ||r||) (infinity norms), computed independently from the
// dense matrix K.
double backward_error(KktSystem& system, const KktCase& kkt, TestRandom& random) {
  const int n = static_cast<int>(kkt.P.rows());
  const int p = static_cast<int>(kkt.A.rows());
  const int m = kkt.cones.dimension;
  const Eigen::VectorXd r_x = random_vector(random, n);
  const Eigen::VectorXd r_y = kkt.A * random_vector(random, n);  // consistent with A's range
  const Eigen::VectorXd r_z = random_vector(random, m);
  Eigen::VectorXd dx, dy, dz, scaled_dz;
  EXPECT_TRUE(system.solve(r_x, r_y, r_z, dx, dy, dz, scaled_dz));
  Eigen::VectorXd rhs(n + p + m), unknown(n + p + m);
  rhs << r_x, r_y, r_z;
  unknown << dx, dy, dz;
  Eigen::VectorXd Wdz(m);
  apply_scaling(kkt.cones, kkt.scaling, dz, Wdz);
  EXPECT_LT((Wdz - scaled_dz).lpNorm<Eigen::Infinity>(), 1e-9 * (1 + Wdz.lpNorm<Eigen::Infinity>()));
  const Eigen::MatrixXd K = full_matrix(kkt);
  const double matrix_norm = K.cwiseAbs().rowwise().sum().maxCoeff();
  return (K * unknown - rhs).lpNorm<Eigen::Infinity>() /
         (matrix_norm * unknown.lpNorm<Eigen::Infinity>() + rhs.lpNorm<Eigen::Infinity>());
}

// Reference: Eigen's full-pivoting LU of the assembled system (1).
TEST(ConicKktSystem, MatchesDenseLuOnWellPosedSystems) {
  TestRandom random(31);
  for (int trial = 0; trial < 5; ++trial) {
    KktCase kkt = random_case(random, 10, 3, 10, 1.0);
    kkt.P.diagonal().array() += 0.1;
    KktSystem system;
    system.reset(kkt.P, kkt.A, kkt.G, kkt.cones, 1e-8, 10);
    ASSERT_TRUE(system.factor(kkt.scaling));
    EXPECT_EQ(system.dynamic_regularizations(), 0);
    EXPECT_LT(backward_error(system, kkt, random), 1e-15);
    EXPECT_LT(system.refinement_residual(), 1e-12);
  }
}

TEST(ConicKktSystem, ReferenceSolutionAgrees) {
  TestRandom random(2);
  KktCase kkt = random_case(random, 8, 2, 8, 1.0);
  KktSystem system;
  system.reset(kkt.P, kkt.A, kkt.G, kkt.cones, 1e-8, 10);
  ASSERT_TRUE(system.factor(kkt.scaling));
  const Eigen::VectorXd r_x = random_vector(random, 8);
  const Eigen::VectorXd r_y = random_vector(random, 2);
  const Eigen::VectorXd r_z = random_vector(random, kkt.cones.dimension);
  Eigen::VectorXd dx, dy, dz, scaled_dz;
  ASSERT_TRUE(system.solve(r_x, r_y, r_z, dx, dy, dz, scaled_dz));
  Eigen::VectorXd rhs(8 + 2 + kkt.cones.dimension);
  rhs << r_x, r_y, r_z;
  const Eigen::VectorXd reference = full_matrix(kkt).fullPivLu().solve(rhs);
  EXPECT_LT((dx - reference.head(8)).lpNorm<Eigen::Infinity>(), 1e-10);
  EXPECT_LT((dy - reference.segment(8, 2)).lpNorm<Eigen::Infinity>(), 1e-10);
  EXPECT_LT((dz - reference.tail(kkt.cones.dimension)).lpNorm<Eigen::Infinity>(), 1e-10);
}

// W spread over 1e+-6 (s and z over 1e+-6, as at mu ~ 1e-12): the reduced matrix
// P + G^T W^-2 G has entries up to 1e12, and refinement must still bring the unscaled
// residual of (1) to rounding level.
TEST(ConicKktSystem, RefinementCopesWithExtremeScaling) {
  TestRandom random(17);
  for (int trial = 0; trial < 5; ++trial) {
    KktCase kkt = random_case(random, 12, 3, 12, 1e6);
    KktSystem system;
    system.reset(kkt.P, kkt.A, kkt.G, kkt.cones, 1e-8, 10);
    ASSERT_TRUE(system.factor(kkt.scaling));
    EXPECT_LT(backward_error(system, kkt, random), 1e-15);
  }
}

// P = 0 and A with a repeated row: (1) and (2) without delta are singular, but r_y lies in the
// range of A, so the system is consistent and refinement still reaches one of its solutions.
TEST(ConicKktSystem, SingularSystemsWithConsistentRightHandSide) {
  TestRandom random(9);
  KktCase kkt = random_case(random, 12, 4, 0, 1.0);
  kkt.A.row(3) = kkt.A.row(0);
  KktSystem system;
  system.reset(kkt.P, kkt.A, kkt.G, kkt.cones, 1e-8, 20);
  ASSERT_TRUE(system.factor(kkt.scaling));
  EXPECT_LT(backward_error(system, kkt, random), 1e-15);
}

TEST(ConicKktSystem, NonFiniteDataIsReported) {
  TestRandom random(1);
  KktCase kkt = random_case(random, 4, 1, 4, 1.0);
  kkt.P(1, 1) = std::numeric_limits<double>::quiet_NaN();
  KktSystem system;
  system.reset(kkt.P, kkt.A, kkt.G, kkt.cones, 1e-8, 10);
  EXPECT_FALSE(system.factor(kkt.scaling));
}

}  // namespace
}  // namespace contactlab::conic
