// The solve through SparseLU's factors that passes over zero columns (lcp/sparse_lu_solve.h)
// against SparseLU::solve: equal entry for entry (bit for bit but for the sign of a zero)
// on a matrix with dense coupled blocks (supernodes of several columns), a diagonal part
// and couplings between them, for sparse and dense right-hand sides.
#include "lcp/sparse_lu_solve.h"

#include <gtest/gtest.h>

#include <vector>

#include "test_random.h"

namespace contactlab {

TEST(SparseLuSolve, EqualsSparseLuSolveEntryForEntry) {
  const int n = 300;
  TestRandom random(41);
  std::vector<Eigen::Triplet<double>> triplets;
  // Blocks of 12 dense coupled rows over the first 240, a diagonal over the rest, and
  // a few entries coupling random rows and columns.
  for (int block = 0; block < 20; ++block) {
    for (int j = 0; j < 12; ++j) {
      for (int i = 0; i < 12; ++i) {
        triplets.emplace_back(12 * block + i, 12 * block + j, (i == j ? 20 : 0) + random.uniform(-1, 1));
      }
    }
  }
  for (int i = 240; i < n; ++i) triplets.emplace_back(i, i, random.uniform(1, 2));
  for (int e = 0; e < 200; ++e) triplets.emplace_back(random.integer(0, n - 1), random.integer(0, n - 1), random.uniform(-0.5, 0.5));
  Eigen::SparseMatrix<double> A(n, n);
  A.setFromTriplets(triplets.begin(), triplets.end());
  SparseLuFactors lu;
  lu.compute(A);
  ASSERT_EQ(lu.info(), Eigen::Success);

  Eigen::VectorXd x, work;
  int zero_entries = 0;
  for (int trial = 0; trial < 40; ++trial) {
    SCOPED_TRACE(trial);
    // Right-hand sides with 1, 5 and n nonzeros in turn.
    const int nonzeros = trial % 3 == 0 ? 1 : trial % 3 == 1 ? 5 : n;
    Eigen::VectorXd b = Eigen::VectorXd::Zero(n);
    for (int e = 0; e < nonzeros; ++e) b[nonzeros == n ? e : random.integer(0, n - 1)] = random.uniform(-1, 1) * random.magnitude(4);
    const Eigen::VectorXd expected = lu.solve(b);
    solve_sparse_lu(lu, b, x, work);
    ASSERT_EQ(x.size(), n);
    for (int i = 0; i < n; ++i) {
      ASSERT_EQ(x[i], expected[i]) << "entry " << i;
      zero_entries += x[i] == 0;
    }
  }
  // The sparse right-hand sides leave blocks untouched: zero columns were passed over.
  EXPECT_GT(zero_entries, 0);
}

}  // namespace contactlab
