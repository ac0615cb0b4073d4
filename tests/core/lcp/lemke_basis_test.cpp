#include "lcp/lemke_basis.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <vector>

namespace contactlab {
namespace {

// B^-1 as a dense matrix, from the stored columns and the unit columns.
Eigen::MatrixXd dense_inverse(const LemkeBasis& basis, int n) {
  Eigen::MatrixXd inverse = Eigen::MatrixXd::Zero(n, n);
  for (int c = 0; c < n; ++c) {
    if (basis.inverse_column_is_unit(c)) {
      inverse(basis.position_of(c), c) = 1;
      continue;
    }
    for (int i = 0; i < n; ++i) inverse(i, c) = basis.stored_inverse_column(c)[i];
  }
  return inverse;
}

// The column of a variable in [I, -M, -e], and the basis matrix B, independently.
Eigen::VectorXd augmented_column(const Eigen::MatrixXd& M, int variable) {
  const int n = static_cast<int>(M.rows());
  if (variable < n) return Eigen::VectorXd::Unit(n, variable);
  if (variable < 2 * n) return -M.col(variable - n);
  return -Eigen::VectorXd::Ones(n);
}

Eigen::MatrixXd basis_matrix(const LemkeBasis& basis, const Eigen::MatrixXd& M) {
  const int n = static_cast<int>(M.rows());
  Eigen::MatrixXd B(n, n);
  for (int p = 0; p < n; ++p) B.col(p) = augmented_column(M, basis.variable_at(p));
  return B;
}

class LemkeBasisTest : public ::testing::Test {
 protected:
  void SetUp() override {
    M_.resize(4, 4);
    M_ << 4, 1, 0, 2,
          1, 3, 1, 0,
          0, 1, 5, 1,
          2, 0, 1, 6;
    q_ = Eigen::Vector4d(-1, -3, 2, -2);
    lcp_.matrix = M_.data();
    lcp_.offset = q_.data();
    lcp_.size = 4;
    basis_.reset(lcp_);
    d_.resize(4);
    noise_.resize(4);
  }

  // Pivots `variable` in at `row` with its own direction.
  void enter(int variable, int row) {
    basis_.compute_direction(variable, d_, noise_);
    basis_.pivot(row, variable, d_);
  }

  // B B^-1 = I and x_B = B^-1 q, to rounding.
  void expect_consistent(double tolerance) {
    const Eigen::MatrixXd B = basis_matrix(basis_, M_);
    const Eigen::MatrixXd inverse = dense_inverse(basis_, 4);
    EXPECT_LE((B * inverse - Eigen::MatrixXd::Identity(4, 4)).cwiseAbs().maxCoeff(), tolerance);
    const Eigen::VectorXd x = Eigen::Map<const Eigen::VectorXd>(basis_.values().data(), 4);
    EXPECT_LE((B * x - q_).cwiseAbs().maxCoeff(), tolerance);
    for (int i = 0; i < 4; ++i) {
      EXPECT_NEAR(basis_.inverse_row_norm(i), inverse.row(i).cwiseAbs().sum(), tolerance);
    }
  }

  Eigen::MatrixXd M_;
  Eigen::VectorXd q_;
  ScaledLcp lcp_;
  LemkeBasis basis_;
  std::vector<double> d_;
  std::vector<double> noise_;
};

TEST_F(LemkeBasisTest, StartsFromTheSlackBasis) {
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(basis_.variable_at(i), i);
    EXPECT_EQ(basis_.position_of(i), i);
    EXPECT_EQ(basis_.values()[i], q_[i]);
    EXPECT_TRUE(basis_.inverse_column_is_unit(i));
  }
  EXPECT_EQ(basis_.position_of(8), -1);  // z0
  EXPECT_EQ(basis_.inverse_size(), 1);
}

TEST_F(LemkeBasisTest, PivotsKeepTheInverseAndTheValues) {
  // z0 (variable 8) in against row 1, then z_1 (5) against row 0, z_3 (7) against
  // row 3: any nonsingular sequence will do for the bookkeeping.
  enter(8, 1);
  expect_consistent(1e-14);
  enter(5, 0);
  expect_consistent(1e-14);
  enter(7, 3);
  expect_consistent(1e-14);
  EXPECT_EQ(basis_.position_of(1), -1);  // w_1 left
  EXPECT_EQ(basis_.position_of(0), -1);  // w_0 left
  EXPECT_EQ(basis_.variable_at(3), 7);
  // d = B^-1 a for the column of w_0, and its noise |B^-1_{i,:}|_1 |a|_inf.
  basis_.compute_direction(0, d_, noise_);
  const Eigen::VectorXd expected =
      basis_matrix(basis_, M_).lu().solve(augmented_column(M_, 0));
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(d_[i], expected[i], 1e-14);
    EXPECT_EQ(noise_[i], basis_.inverse_row_norm(i));
  }
}

TEST_F(LemkeBasisTest, RefactorisationReproducesTheUpdates) {
  enter(8, 1);
  enter(5, 0);
  enter(7, 3);
  const Eigen::MatrixXd updated = dense_inverse(basis_, 4);
  const std::vector<double> values = basis_.values();
  ASSERT_TRUE(basis_.refactorise());
  EXPECT_LE((dense_inverse(basis_, 4) - updated).cwiseAbs().maxCoeff(), 1e-14);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(basis_.values()[i], values[i], 1e-14);
  expect_consistent(1e-15);
  ASSERT_TRUE(basis_.recompute_values());
  expect_consistent(1e-15);
}

TEST_F(LemkeBasisTest, StartsFromAComplementaryBasisWithItsCoveringVector) {
  // z_0, z_1 and z_3 basic, w_2 basic: B = [-M_0, -M_1, e_2, -M_3], x_B = B^-1 q, and
  // z0's column -d with d = B 1, so that B^-1 (-d) = -1 as from the slack basis.
  const std::vector<char> z_is_basic = {1, 1, 0, 1};
  ASSERT_TRUE(basis_.start_from(z_is_basic));
  EXPECT_EQ(basis_.variable_at(0), 4);
  EXPECT_EQ(basis_.variable_at(2), 2);
  EXPECT_EQ(basis_.position_of(1), -1);  // w_1 left
  expect_consistent(1e-14);
  const Eigen::MatrixXd B = basis_matrix(basis_, M_);
  basis_.compute_direction(0, d_, noise_);  // w_0's column through the stored inverse
  const Eigen::VectorXd expected = B.lu().solve(augmented_column(M_, 0));
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(d_[i], expected[i], 1e-14);
  // z0 enters as from the slack basis: along -1, with d = B 1.
  basis_.pivot(1, 8, std::vector<double>(4, -1.0));
  const Eigen::VectorXd covering = B * Eigen::VectorXd::Ones(4);
  ASSERT_TRUE(basis_.refactorise());
  Eigen::MatrixXd with_artificial = B;
  with_artificial.col(1) = -covering;
  const Eigen::VectorXd x = Eigen::Map<const Eigen::VectorXd>(basis_.values().data(), 4);
  EXPECT_LE((with_artificial * x - q_).cwiseAbs().maxCoeff(), 1e-13);
}

TEST_F(LemkeBasisTest, SingularBlockIsRefusedAndChangesNothing) {
  // With M(0, 1) = 1 and M(1, 1) = 1 + 1e-15, z0 in against row 1 and then z_1 against
  // row 0 make the structural block [[-1, -1], [-1 - 1e-15, -1]], whose determinant
  // is 1e-15 of its entries: singular at 1e-13. The update itself goes through.
  Eigen::MatrixXd nearly_singular = M_;
  nearly_singular(0, 1) = 1;
  nearly_singular(1, 1) = 1 + 1e-15;
  lcp_.matrix = nearly_singular.data();
  basis_.reset(lcp_);
  enter(8, 1);
  enter(5, 0);
  const Eigen::MatrixXd updated = dense_inverse(basis_, 4);
  const std::vector<double> values = basis_.values();
  EXPECT_FALSE(basis_.refactorise());
  EXPECT_FALSE(basis_.recompute_values());
  EXPECT_EQ(dense_inverse(basis_, 4), updated);
  EXPECT_EQ(basis_.values(), values);
}

// A block-diagonal M of 23 unknowns in blocks of 5 (the last of 3), positive definite:
// many of a pivot's etas are zero (a row of B^-1 couples only its own block), and 23
// stored columns at most, not a multiple of four.
Eigen::MatrixXd block_diagonal_matrix(int n) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  for (int first = 0; first < n; first += 5) {
    const int size = std::min(5, n - first);
    for (int i = 0; i < size; ++i) {
      for (int j = 0; j < size; ++j) M(first + i, first + j) = 1.0 / (1 + i + j) + (i == j ? 2.0 + 0.1 * i : 0.0);
    }
  }
  return M;
}

// The eta update of B^-1's stored columns as one column at a time does it: the bits
// pivot() must give.
void reference_pivot(const LemkeBasis& before, int n, int row, int entering, const std::vector<double>& d,
                     Eigen::MatrixXd& inverse, std::vector<char>& stored) {
  const int leaving = before.variable_at(row);
  const double pivot_value = d[row];
  if (leaving < n) {
    stored[leaving] = 1;
    inverse.col(leaving).setZero();
    inverse(row, leaving) = 1;
  }
  if (entering < n) stored[entering] = 0;  // its column becomes e_row
  for (int c = 0; c < n; ++c) {
    if (!stored[c]) continue;
    const double eta = inverse(row, c) / pivot_value;
    if (eta != 0) {
      for (int i = 0; i < n; ++i) {
        if (i != row) inverse(i, c) -= d[i] * eta;
      }
      inverse(row, c) = eta;
    }
  }
}

// An LCP of n = 23 over block_diagonal_matrix with a third of q negative, its basis
// from the slack start, and the check of its stored columns of B^-1 and row norms
// against reference_pivot's.
class LemkeBasisPivot : public ::testing::Test {
 protected:
  LemkeBasisPivot() : M(block_diagonal_matrix(n)), q(n) {
    for (int i = 0; i < n; ++i) q[i] = (i % 3 == 0 ? -1.0 : 0.5) * (1 + 0.01 * i);
    lcp.matrix = M.data();
    lcp.offset = q.data();
    lcp.size = n;
    basis.reset(lcp);
  }

  void expect_reference_inverse(const Eigen::MatrixXd& inverse, const std::vector<char>& stored) const {
    for (int c = 0; c < n; ++c) {
      ASSERT_EQ(!basis.inverse_column_is_unit(c), stored[c] != 0) << "column " << c;
      if (!stored[c]) continue;
      for (int i = 0; i < n; ++i) ASSERT_EQ(basis.stored_inverse_column(c)[i], inverse(i, c)) << i << ", " << c;
    }
    for (int i = 0; i < n; ++i) {
      double norm = basis.variable_at(i) < n ? 1.0 : 0.0;
      for (int c = 0; c < n; ++c) {
        if (stored[c]) norm += std::abs(inverse(i, c));
      }
      ASSERT_EQ(basis.inverse_row_norm(i), norm) << "row " << i;
    }
  }

  static constexpr int n = 23;
  const Eigen::MatrixXd M;
  Eigen::VectorXd q;
  ScaledLcp lcp;
  LemkeBasis basis;
};

TEST_F(LemkeBasisPivot, TheEtaUpdateGivesTheBitsOfOneColumnAtATime) {
  std::vector<double> d(n), noise(n);
  Eigen::MatrixXd inverse = Eigen::MatrixXd::Zero(n, n);  // the stored columns only
  std::vector<char> stored(n, 0);
  // z0 in along -1 against row 0, then z_j in for j = 0, 1, ... at the row of the
  // largest |d_i| among the rows still held by a w (any nonsingular sequence will do).
  auto enter = [&](int variable, int row, const std::vector<double>& direction) {
    reference_pivot(basis, n, row, variable, direction, inverse, stored);
    basis.pivot(row, variable, direction);
    ASSERT_NO_FATAL_FAILURE(expect_reference_inverse(inverse, stored));
  };
  enter(2 * n, 0, std::vector<double>(n, -1.0));
  for (int j = 1; j < 18; ++j) {
    basis.compute_direction(n + j, d, noise);
    int row = -1;
    for (int i = 0; i < n; ++i) {
      if (basis.variable_at(i) < n && (row < 0 || std::abs(d[i]) > std::abs(d[row]))) row = i;
    }
    ASSERT_GE(row, 0);
    enter(n + j, row, d);
  }
  // Against the basis matrix itself: B B^-1 = I.
  Eigen::MatrixXd B(n, n);
  for (int p = 0; p < n; ++p) {
    const int v = basis.variable_at(p);
    B.col(p) = v < n ? Eigen::VectorXd::Unit(n, v) : v < 2 * n ? Eigen::VectorXd(-M.col(v - n))
                                                               : Eigen::VectorXd(-Eigen::VectorXd::Ones(n));
  }
  EXPECT_LE((B * dense_inverse(basis, n) - Eigen::MatrixXd::Identity(n, n)).cwiseAbs().maxCoeff(), 1e-12);
  // A fresh factorisation (its stored columns from the block's whole inverse) gives the same inverse.
  ASSERT_TRUE(basis.refactorise());
  EXPECT_LE((B * dense_inverse(basis, n) - Eigen::MatrixXd::Identity(n, n)).cwiseAbs().maxCoeff(), 1e-13);
}

TEST_F(LemkeBasisPivot, TheEtaUpdateGivesTheBitsOfOneColumnAtATimeAsWsEnterAfterARefactorisation) {
  // As above, then a fresh factorisation, then w's and z's in turn: the stored columns
  // leave and come back (a w entering, a w leaving) on a list the factorisation rebuilt.
  std::vector<double> d(n), noise(n);
  // d for `variable`, and the row of the largest |d_i| among the rows `eligible` allows.
  auto choose_row = [&](int variable, auto eligible) {
    basis.compute_direction(variable, d, noise);
    int row = -1;
    for (int i = 0; i < n; ++i) {
      if (eligible(basis.variable_at(i)) && (row < 0 || std::abs(d[i]) > std::abs(d[row]))) row = i;
    }
    EXPECT_GE(row, 0);
    EXPECT_NE(d[row], 0);
    return row;
  };
  auto holds_w = [&](int v) { return v < n; };
  auto holds_z = [&](int v) { return v >= n && v < 2 * n; };
  basis.pivot(0, 2 * n, std::vector<double>(n, -1.0));
  for (int j = 1; j < 12; ++j) basis.pivot(choose_row(n + j, holds_w), n + j, d);
  ASSERT_TRUE(basis.refactorise());
  Eigen::MatrixXd inverse = Eigen::MatrixXd::Zero(n, n);
  std::vector<char> stored(n, 0);
  for (int c = 0; c < n; ++c) {
    stored[c] = basis.inverse_column_is_unit(c) ? 0 : 1;
    if (stored[c]) {
      for (int i = 0; i < n; ++i) inverse(i, c) = basis.stored_inverse_column(c)[i];
    }
  }
  int checked_w_entries = 0;
  for (int round = 0; round < 8; ++round) {
    // A w whose column is stored enters against a z (round even), or a z against a w.
    int variable = -1;
    for (int c = 0; c < n && variable < 0; ++c) {
      const int candidate = round % 2 == 0 ? (c * 7 + round) % n : n + (c * 5 + round) % n;
      if (basis.position_of(candidate) < 0) variable = candidate;
    }
    ASSERT_GE(variable, 0);
    const int row = round % 2 == 0 ? choose_row(variable, holds_z) : choose_row(variable, holds_w);
    reference_pivot(basis, n, row, variable, d, inverse, stored);
    basis.pivot(row, variable, d);
    checked_w_entries += variable < n ? 1 : 0;
    ASSERT_NO_FATAL_FAILURE(expect_reference_inverse(inverse, stored));
  }
  EXPECT_EQ(checked_w_entries, 4);
}

}  // namespace
}  // namespace contactlab
