// The LCP of an island posed sparsely (formulation/sparse_contact_lcp.h) is the dense
// one (contact_lcp.h) entry for entry, bit for bit, and the sparse Lemke method solves it
// with the dense certificate.
#include "formulation/sparse_contact_lcp.h"

#include <gtest/gtest.h>

#include "formulation/contact_lcp.h"
#include "formulation_random_island.h"
#include "lcp/sparse_lemke.h"

namespace contactlab {

TEST(SparseContactLcp, EqualsTheDenseProblemBitForBit) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    RandomIsland random(seed, 6, 30, 0.6, 4);
    ContactLcp dense;
    build_contact_lcp(random.rows, random.island.velocity, dense);
    SparseContactLcp sparse;
    build_sparse_contact_lcp(random.rows, random.island.velocity, true, sparse);
    ASSERT_EQ(sparse.matrix.rows(), dense.matrix().rows());
    EXPECT_TRUE(Eigen::MatrixXd(sparse.matrix) == dense.matrix());
    EXPECT_TRUE(sparse.offset == dense.offset);
    // Only the pairs of contacts that share a body are stored.
    EXPECT_LT(sparse.matrix.nonZeros(), dense.matrix().size());

    ContactLcp frictionless;
    build_frictionless_lcp(random.rows, random.island.velocity, frictionless);
    build_sparse_contact_lcp(random.rows, random.island.velocity, false, sparse);
    EXPECT_TRUE(Eigen::MatrixXd(sparse.matrix) == frictionless.matrix());
    EXPECT_TRUE(sparse.offset == frictionless.offset);
  }
}

TEST(SparseContactLcp, SparseLemkeAnswerPassesTheDenseCertificate) {
  RandomIsland random(7, 8, 40, 0.5, 4);
  ContactLcp dense;
  build_contact_lcp(random.rows, random.island.velocity, dense);
  SparseContactLcp sparse;
  build_sparse_contact_lcp(random.rows, random.island.velocity, true, sparse);
  SparseLemkeSolver solver;
  const LcpSolution solution = solver.solve(sparse.matrix, sparse.offset, LemkeSettings());
  ASSERT_EQ(solution.status, LcpStatus::Solved) << solution.message;
  EXPECT_TRUE(check_lcp_certificate(dense.matrix(), dense.offset, solution.z, 1e-9).valid);
}

}  // namespace contactlab
