// The column order of a sparse Lemke basis (lcp/basis_column_order.h) on complementary
// bases of an M of dense positive definite blocks with couplings, their columns
// shuffled: a permutation, the unit columns first, factors about as sparse as with
// COLAMD of all of B, and B x = b solved to 1e-12; and the bases of unit columns only
// and of no unit column.
#include "lcp/basis_column_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "test_random.h"

namespace contactlab {
namespace {

constexpr int kBlocks = 40, kBlockSize = 6, kUnknowns = kBlocks * kBlockSize;

// M: blocks G G^T + 6 I, and symmetric couplings of 0.1 between random pairs.
Eigen::MatrixXd coupled_blocks(TestRandom& random) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(kUnknowns, kUnknowns);
  for (int b = 0; b < kBlocks; ++b) {
    Eigen::MatrixXd G(kBlockSize, kBlockSize);
    for (int j = 0; j < kBlockSize; ++j) {
      for (int i = 0; i < kBlockSize; ++i) G(i, j) = random.uniform(-1, 1);
    }
    M.block(b * kBlockSize, b * kBlockSize, kBlockSize, kBlockSize) =
        G * G.transpose() + kBlockSize * Eigen::MatrixXd::Identity(kBlockSize, kBlockSize);
  }
  for (int e = 0; e < 2 * kUnknowns; ++e) {
    const int i = random.integer(0, kUnknowns - 1), j = random.integer(0, kUnknowns - 1);
    if (i == j) continue;
    M(i, j) = M(j, i) = 0.1;
  }
  return M;
}

// The complementary basis with z_i basic where z_is_basic[i] (column -M_{:,i}), w_i
// elsewhere (e_i), its columns in the order `position_of_equation`.
Eigen::SparseMatrix<double> complementary_basis(const Eigen::MatrixXd& M, const std::vector<char>& z_is_basic,
                                                const std::vector<int>& equation_at, std::vector<char>& is_unit) {
  Eigen::MatrixXd B = Eigen::MatrixXd::Zero(kUnknowns, kUnknowns);
  is_unit.assign(kUnknowns, 0);
  for (int p = 0; p < kUnknowns; ++p) {
    const int i = equation_at[p];
    if (z_is_basic[i]) {
      B.col(p) = -M.col(i);
    } else {
      B(i, p) = 1;
      is_unit[p] = 1;
    }
  }
  return B.sparseView();
}

}  // namespace

TEST(BasisColumnOrder, UnitColumnsFirstThenTheBlockAsSparseAsColamdOfAll) {
  TestRandom random(57);
  const Eigen::MatrixXd M = coupled_blocks(random);
  std::vector<int> equation_at(kUnknowns);
  for (int p = 0; p < kUnknowns; ++p) equation_at[p] = p;
  for (int p = kUnknowns - 1; p > 0; --p) std::swap(equation_at[p], equation_at[random.integer(0, p)]);
  BasisColumnOrder column_order;
  // Some 40 % of z's, as on bin_pile's islands; every z; every w.
  for (const double z_share : {0.4, 1.0, 0.0}) {
    SCOPED_TRACE(z_share);
    std::vector<char> z_is_basic(kUnknowns);
    for (int i = 0; i < kUnknowns; ++i) z_is_basic[i] = random.uniform(0, 1) < z_share;
    std::vector<char> is_unit;
    const Eigen::SparseMatrix<double> B = complementary_basis(M, z_is_basic, equation_at, is_unit);
    ColumnOrder order;
    column_order.compute(B, is_unit, order);

    ASSERT_EQ(order.size(), kUnknowns);
    std::vector<int> ranks(order.indices().data(), order.indices().data() + kUnknowns);
    std::sort(ranks.begin(), ranks.end());
    for (int k = 0; k < kUnknowns; ++k) ASSERT_EQ(ranks[k], k);
    const int units = static_cast<int>(std::count(is_unit.begin(), is_unit.end(), 1));
    for (int p = 0; p < kUnknowns; ++p) EXPECT_EQ(order.indices()[p] < units, is_unit[p] != 0) << "position " << p;

    GivenOrderLuFactors lu;
    ASSERT_TRUE(factorise_in_order(lu, B, order));
    SparseLuFactors colamd_lu;
    colamd_lu.compute(B);
    ASSERT_EQ(colamd_lu.info(), Eigen::Success);
    EXPECT_LE(lu.nnzL() + lu.nnzU(), 1.1 * static_cast<double>(colamd_lu.nnzL() + colamd_lu.nnzU()));

    Eigen::VectorXd x, work;
    for (int trial = 0; trial < 4; ++trial) {
      Eigen::VectorXd b(kUnknowns);
      for (int i = 0; i < kUnknowns; ++i) b[i] = random.uniform(-1, 1);
      solve_sparse_lu(lu, b, x, work);
      EXPECT_LE((B * x - b).cwiseAbs().maxCoeff(), 1e-12);
    }
  }
}

}  // namespace contactlab
