// The sparse path's ratio test (lcp/sparse_lemke_path.h): rows whose ratios tie to
// within the Harris tolerance, 1e-9 of the largest basic value, leave by the largest
// pivot; past it, the smallest ratio leaves.
#include "lcp/sparse_lemke_path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace contactlab {
namespace {

// From the slack basis z0 enters on row 0 (x_B = (1, 1, 2 + 4 gap)); then z_0 enters
// and w_1 (pivot 0.2, ratio 5) and w_2 (pivot 0.4, ratio 5 (1 + gap)) block; the
// complement of the one that leaves enters third. The path ends at z = (10, 1, 2)
// (to the gap, which the degenerate zeros move q by).
struct NearTie {
  Eigen::SparseMatrix<double> M;
  Eigen::VectorXd q;
  explicit NearTie(double gap) : q(3) {
    Eigen::MatrixXd dense(3, 3);
    dense << 0.1, 0, 0,  //
        -0.1, 1, 0,      //
        -0.3, 0, 1;
    M = dense.sparseView();
    q << -1, 0, 1 + 2 * gap;
  }
};

std::vector<char> basic_z_after(const NearTie& problem, int max_pivots, PivotingEnd expected_end) {
  SparsePathSettings settings;
  settings.max_pivots = max_pivots;
  settings.answer_tolerance = 1e-9;
  SparsePathWorkspace workspace;
  int pivots = 0;
  EXPECT_EQ(run_sparse_lemke_path(problem.M, problem.q, settings, workspace, pivots), expected_end);
  EXPECT_EQ(pivots, std::min(max_pivots, 4));
  if (expected_end == PivotingEnd::Solved) {
    EXPECT_NEAR(workspace.z[0], 10, 1e-8);
    EXPECT_NEAR(workspace.z[1], 1, 1e-8);
    EXPECT_NEAR(workspace.z[2], 2, 1e-8);
  }
  return workspace.z_is_basic;
}

TEST(SparseLemkePath, RatiosTiedWithinTheHarrisToleranceLeaveByTheLargestPivot) {
  // A gap of 3e-10: 1.5e-9 apart in ratio, within the 2e-9 / 0.2 of the tolerance (it
  // was not within the 2e-10 / 0.2 of 1e-10): w_2 leaves, z_2 enters.
  const NearTie tied(3e-10);
  EXPECT_EQ(basic_z_after(tied, 3, PivotingEnd::PivotLimit), (std::vector<char>{1, 0, 1}));
  EXPECT_EQ(basic_z_after(tied, 100, PivotingEnd::Solved), (std::vector<char>{1, 1, 1}));
}

TEST(SparseLemkePath, RatiosApartByMoreThanTheHarrisToleranceLeaveByTheSmallestRatio) {
  // A gap of 3e-9: 1.5e-8 apart in ratio, past the 2e-9 / 0.2 of the tolerance: w_1
  // leaves, z_1 enters.
  const NearTie apart(3e-9);
  EXPECT_EQ(basic_z_after(apart, 3, PivotingEnd::PivotLimit), (std::vector<char>{1, 1, 0}));
  EXPECT_EQ(basic_z_after(apart, 100, PivotingEnd::Solved), (std::vector<char>{1, 1, 1}));
}

// A caller that solves the final basis afresh on its own may leave the path's values as
// the etas left them (SparsePathSettings::fresh_end_values): the same pivots and the
// same basis, and z near the fresh factorisation's.
TEST(SparseLemkePath, EndValuesFromTheEtasKeepThePathAndItsBasis) {
  for (const double gap : {3e-10, 3e-9}) {
    const NearTie problem(gap);
    SparsePathSettings settings;
    settings.max_pivots = 100;
    settings.answer_tolerance = 1e-9;
    SparsePathWorkspace fresh, from_etas;
    int fresh_pivots = 0, eta_pivots = 0;
    ASSERT_EQ(run_sparse_lemke_path(problem.M, problem.q, settings, fresh, fresh_pivots), PivotingEnd::Solved);
    settings.fresh_end_values = false;
    ASSERT_EQ(run_sparse_lemke_path(problem.M, problem.q, settings, from_etas, eta_pivots), PivotingEnd::Solved);
    EXPECT_EQ(eta_pivots, fresh_pivots);
    EXPECT_EQ(from_etas.z_is_basic, fresh.z_is_basic);
    EXPECT_LE((from_etas.z - fresh.z).cwiseAbs().maxCoeff(), 1e-12);
  }
}

}  // namespace
}  // namespace contactlab
