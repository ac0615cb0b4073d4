// The sparse basis of Lemke's augmented system (lcp/sparse_lemke_basis.h) through a run
// of pivots kept as etas, against the basis formed densely: each direction d = B^-1 a
// and the basic values solve B d = a and B x_B = q, for etas stored whole (a dense
// coupled block, where d is full) and by their nonzeros (a decoupled diagonal part,
// where d has one entry), both in one run; and a fresh factorisation gives the same
// direction as the etas did; likewise where the etas stored whole are applied several
// at a time (lcp/eta_kernels.h).
#include "lcp/sparse_lemke_basis.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>

#include "test_random.h"

namespace contactlab {
namespace {

// B's columns as lemke_basis.h defines them: e_i for w_i, -M_{:,j} for z_j, -d for z0.
Eigen::MatrixXd dense_basis(const Eigen::MatrixXd& M, const Eigen::VectorXd& covering, const SparseLemkeBasis& basis) {
  const int n = static_cast<int>(M.rows());
  const LemkeVariables variables{n};
  Eigen::MatrixXd B = Eigen::MatrixXd::Zero(n, n);
  for (int p = 0; p < n; ++p) {
    const int variable = basis.variable_at(p);
    if (variables.is_w(variable)) B(variable, p) = 1;
    else if (variables.is_z(variable)) B.col(p) = -M.col(variable - n);
    else B.col(p) = -covering;
  }
  return B;
}

// The column of `variable` in [I, -M, -d].
Eigen::VectorXd entering_column(const Eigen::MatrixXd& M, int variable) {
  const int n = static_cast<int>(M.rows());
  Eigen::VectorXd a = Eigen::VectorXd::Zero(n);
  if (variable < n) a[variable] = 1;
  else if (variable < 2 * n) a = -M.col(variable - n);
  else a.setConstant(-1);  // the slack basis's covering vector e
  return a;
}

}  // namespace

TEST(SparseLemkeBasis, EtasStoredWholeAndByTheirNonzerosSolveTheBasis) {
  // The first twelve equations form a dense positive definite block, the rest a
  // diagonal. At n = 16 the direction of a z of the block fills more than two thirds of d (an eta
  // stored whole) and one of the diagonal has no entry but its row (stored by its
  // nonzeros); at the size where B is factorised through its z block, every eta is
  // stored by its nonzeros.
  for (const int n : {16, kBlockFactorisationUnknowns}) {
    SCOPED_TRACE(n);
    const int coupled = 12;
    TestRandom random(11);
    Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
    Eigen::MatrixXd G(coupled, coupled);
    for (int j = 0; j < coupled; ++j) {
      for (int i = 0; i < coupled; ++i) G(i, j) = random.uniform(-1, 1);
    }
    M.topLeftCorner(coupled, coupled) = G * G.transpose() + coupled * Eigen::MatrixXd::Identity(coupled, coupled);
    for (int i = coupled; i < n; ++i) M(i, i) = random.uniform(1, 2);
    Eigen::VectorXd q(n);
    for (int i = 0; i < n; ++i) q[i] = random.uniform(-1, 1);
    const Eigen::SparseMatrix<double> sparse = M.sparseView();
    const LemkeVariables variables{n};

    SparseLemkeBasis basis;
    basis.reset(sparse, q);
    // Pivots z_j in for w_j, one in the coupled block and one on the diagonal in turn,
    // then z0 in for the block's last w: etas of both kinds, in mixed order.
    Eigen::VectorXd d;
    int dense_etas = 0, sparse_etas = 0;
    for (int k = 0; k < 8; ++k) {
      const int j = k % 2 == 0 ? k / 2 : coupled + k / 2;
      basis.compute_direction(n + j, d);
      const Eigen::MatrixXd B = dense_basis(M, Eigen::VectorXd::Ones(n), basis);
      ASSERT_LE((B * d - entering_column(M, n + j)).cwiseAbs().maxCoeff(), 1e-12) << "pivot " << k;
      const int nonzeros = static_cast<int>((d.array() != 0).count()) - 1;
      (3 * nonzeros > 2 * n ? dense_etas : sparse_etas) += 1;
      basis.pivot(basis.position_of(j), n + j, d);
    }
    basis.compute_direction(variables.z0(), d);
    basis.pivot(basis.position_of(coupled - 1), variables.z0(), d);
    EXPECT_GT(sparse_etas, 0);
    EXPECT_EQ(dense_etas > 0, n == 16);

    const Eigen::MatrixXd B = dense_basis(M, Eigen::VectorXd::Ones(n), basis);
    EXPECT_LE((B * basis.values() - q).cwiseAbs().maxCoeff(), 1e-12);
    Eigen::VectorXd through_etas, fresh;
    basis.compute_direction(n + coupled - 1, through_etas);
    EXPECT_LE((B * through_etas - entering_column(M, n + coupled - 1)).cwiseAbs().maxCoeff(), 1e-12);
    ASSERT_TRUE(basis.refactorise());
    EXPECT_EQ(basis.updates(), 0);
    basis.compute_direction(n + coupled - 1, fresh);
    EXPECT_LE((through_etas - fresh).cwiseAbs().maxCoeff(), 1e-12);
  }
}

}  // namespace contactlab

namespace contactlab {

TEST(SparseLemkeBasis, EtasStoredWholeAppliedSeveralAtATimeSolveTheBasis) {
  // A dense positive definite M: every eta is stored whole, eleven of them (passes of
  // four, four and three). The direction of w_5 after them meets etas whose row value
  // is zero (the first five: e_5 has no entry on their rows) before one that is not.
  const int n = 12;
  TestRandom random(23);
  Eigen::MatrixXd G(n, n);
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) G(i, j) = random.uniform(-1, 1);
  }
  const Eigen::MatrixXd M = G * G.transpose() + n * Eigen::MatrixXd::Identity(n, n);
  Eigen::VectorXd q(n);
  for (int i = 0; i < n; ++i) q[i] = random.uniform(-1, 1);
  const Eigen::SparseMatrix<double> sparse = M.sparseView();
  SparseLemkeBasis basis;
  basis.reset(sparse, q);
  Eigen::VectorXd d;
  for (int j = 0; j < n - 1; ++j) {
    basis.compute_direction(n + j, d);
    const Eigen::MatrixXd B = dense_basis(M, Eigen::VectorXd::Ones(n), basis);
    ASSERT_LE((B * d - entering_column(M, n + j)).cwiseAbs().maxCoeff(), 1e-12) << "pivot " << j;
    basis.pivot(basis.position_of(j), n + j, d);
  }
  EXPECT_EQ(basis.updates(), n - 1);
  const Eigen::MatrixXd B = dense_basis(M, Eigen::VectorXd::Ones(n), basis);
  EXPECT_LE((B * basis.values() - q).cwiseAbs().maxCoeff(), 1e-12);
  for (const int entering : {5, n - 1, 2 * n - 1}) {
    SCOPED_TRACE(entering);
    Eigen::VectorXd through_etas;
    basis.compute_direction(entering, through_etas);
    EXPECT_LE((B * through_etas - entering_column(M, entering)).cwiseAbs().maxCoeff(), 1e-12);
  }
  Eigen::VectorXd through_etas, fresh;
  basis.compute_direction(5, through_etas);
  EXPECT_NE(through_etas[0], 0);  // the etas after the zero ones reached every row
  ASSERT_TRUE(basis.refactorise());
  basis.compute_direction(5, fresh);
  EXPECT_LE((through_etas - fresh).cwiseAbs().maxCoeff(), 1e-12);
}

}  // namespace contactlab
