// The sparse Lemke method (lcp/sparse_lemke.h) against the dense one (lcp/lemke.h) on
// problems under the dense cap, against the Siconos LCPs, on a resting stack whose
// interfaces carry the weight above them, and its dense retry (step 4) where every
// sparse path stops.
#include "lcp/sparse_lemke.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <sys/stat.h>

#include "lcp/lcp_file.h"
#include "lemke_contact_problems.h"
#include "test_constants.h"
#include "test_random.h"

namespace contactlab {
namespace {

constexpr double kSparseStep = 0.0025;   // h [s]
constexpr double kSparseFriction = 0.8;  // mu

Eigen::SparseMatrix<double> sparse_of(const Eigen::MatrixXd& M) { return M.sparseView(); }

// Solved, with z >= 0, w >= 0 and z'w ~ 0 to 1e-9 of the dense certificate's scale, and
// w = M z + q.
void expect_sparse_solved(const LcpSolution& solution, const Eigen::MatrixXd& M, const Eigen::VectorXd& q) {
  ASSERT_EQ(solution.status, LcpStatus::Solved) << solution.message;
  const LcpCertificate certificate = check_lcp_certificate(M, q, solution.z, 1e-9);
  EXPECT_TRUE(certificate.valid) << "min z " << certificate.min_z << " min w " << certificate.min_w << " |z'w| "
                                 << certificate.complementarity;
  EXPECT_LE((M * solution.z + q - solution.w).cwiseAbs().maxCoeff(), 1e-12 * certificate.scale);
}

double interface_normal_impulse(const test_problems::ContactLcp& lcp, const Eigen::VectorXd& z, int first) {
  double sum = 0;
  for (int c = first; c < first + 4; ++c) sum += z[lcp.normal_index(c)];
  return sum;
}

std::string siconos_lcp_dir() {
  const char* overridden = std::getenv("CONTACTLAB_SICONOS_LCP_DIR");
  return overridden != nullptr ? overridden : CONTACTLAB_SICONOS_LCP_DIR;
}

}  // namespace

TEST(SparseLemke, RandomPositiveDefiniteProblemsMatchTheDenseAnswer) {
  // M = A A^T + 0.1 I: a unique solution, which both methods must find to 1e-9.
  TestRandom random(23);
  for (int trial = 0; trial < 20; ++trial) {
    const int n = 5 + trial;
    Eigen::MatrixXd A(n, n);
    for (int j = 0; j < n; ++j) {
      for (int i = 0; i < n; ++i) A(i, j) = (i + j) % 3 == 0 ? random.uniform(-1, 1) : 0.0;
    }
    Eigen::MatrixXd M = A * A.transpose();
    M.diagonal().array() += 0.1;
    Eigen::VectorXd q(n);
    for (int i = 0; i < n; ++i) q[i] = random.uniform(-1, 1);
    LemkeSolver dense;
    const LcpSolution expected = dense.solve(M, q, LemkeSettings());
    ASSERT_EQ(expected.status, LcpStatus::Solved);
    SparseLemkeSolver sparse;
    const LcpSolution solution = sparse.solve(sparse_of(M), q, LemkeSettings());
    expect_sparse_solved(solution, M, q);
    EXPECT_LE((solution.z - expected.z).cwiseAbs().maxCoeff(), 1e-9 * (1 + expected.z.cwiseAbs().maxCoeff()));
  }
}

TEST(SparseLemke, ContactProblemsMatchTheDenseAnswer) {
  // The corner impulses of a face are not unique (its normal block has rank 3), so the
  // two answers are compared by what is: each interface's normal impulse, which stops
  // the boxes above it, and the certificate of each.
  const double weight_impulse = 1.0 * kGravity * kSparseStep;
  for (int edges : {4, 8}) {
    for (int boxes : {1, 3, 6}) {
      SCOPED_TRACE("u " + std::to_string(edges) + ", boxes " + std::to_string(boxes));
      const test_problems::ContactLcp lcp =
          test_problems::resting_stack_lcp(boxes, kSparseFriction, edges, kSparseStep, kGravity);
      LemkeSolver dense;
      const LcpSolution expected = dense.solve(lcp.M, lcp.q, LemkeSettings());
      ASSERT_EQ(expected.status, LcpStatus::Solved);
      SparseLemkeSolver sparse;
      const LcpSolution solution = sparse.solve(sparse_of(lcp.M), lcp.q, LemkeSettings());
      expect_sparse_solved(solution, lcp.M, lcp.q);
      for (int level = 0; level < boxes; ++level) {
        const double carried = (boxes - level) * weight_impulse;
        EXPECT_NEAR(interface_normal_impulse(lcp, solution.z, 4 * level), carried, 1e-9 * carried);
        EXPECT_NEAR(interface_normal_impulse(lcp, solution.z, 4 * level),
                    interface_normal_impulse(lcp, expected.z, 4 * level), 1e-9 * carried);
      }
    }
  }
}

TEST(SparseLemke, PerturbedStacksAreSolvedExactly) {
  // Stacks as a run leaves them (lemke_contact_problems.h): near-ties and tiny pivots.
  for (double offset : {1e-9, 1e-7, 1e-6}) {
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      SCOPED_TRACE("offset " + std::to_string(offset) + ", seed " + std::to_string(seed));
      const test_problems::ContactLcp lcp =
          test_problems::perturbed_stack_lcp(5, kSparseFriction, 4, kSparseStep, kGravity, offset, offset / 10, seed);
      SparseLemkeSolver sparse;
      expect_sparse_solved(sparse.solve(sparse_of(lcp.M), lcp.q, LemkeSettings()), lcp.M, lcp.q);
    }
  }
}

TEST(SparseLemke, WhereEverySparsePathStopsTheDenseMethodFinishesExactly) {
  // Two stacked boxes as a run leaves them; with at most 7 pivots a path, every sparse
  // path (warm, three tie breaks, their restarts) stops at the limit on this problem,
  // and step 4 (sparse_lemke.h) returns the dense method's answer, certified, as the
  // dense method alone gives it.
  const test_problems::ContactLcp lcp =
      test_problems::perturbed_stack_lcp(2, kSparseFriction, 4, kSparseStep, kGravity, 1e-7, 1e-8, 1);
  LemkeSettings settings;
  settings.max_pivots = 7;
  SparseLemkeSolver sparse;
  const LcpSolution solution = sparse.solve(sparse_of(lcp.M), lcp.q, settings);
  expect_sparse_solved(solution, lcp.M, lcp.q);
  EXPECT_TRUE(solution.message.empty());
  LemkeSolver dense;
  const LcpSolution expected = dense.solve(lcp.M, lcp.q, settings);
  ASSERT_EQ(expected.status, LcpStatus::Solved);
  EXPECT_EQ(solution.z, expected.z);
  EXPECT_EQ(solution.z_is_basic, expected.z_is_basic);
  // The pivots of the stopped sparse paths are counted with the dense method's.
  EXPECT_GT(solution.pivots, expected.pivots);
}

TEST(SparseLemke, SlidingBoxFeelsKineticFriction) {
  // v = 1 m/s along t1: every loaded corner's friction is mu c_n along the opposing edge.
  const test_problems::ContactLcp lcp =
      test_problems::single_box_lcp(Eigen::Vector3d(1, 0, 0), kSparseFriction, 8, kSparseStep, kGravity);
  SparseLemkeSolver sparse;
  const LcpSolution solution = sparse.solve(sparse_of(lcp.M), lcp.q, LemkeSettings());
  expect_sparse_solved(solution, lcp.M, lcp.q);
  const double weight_impulse = 1.0 * kGravity * kSparseStep;
  EXPECT_NEAR(interface_normal_impulse(lcp, solution.z, 0), weight_impulse, 1e-9 * weight_impulse);
  for (int c = 0; c < 4; ++c) {
    EXPECT_NEAR(solution.z[lcp.friction_index(c, 4)], kSparseFriction * solution.z[lcp.normal_index(c)],
                1e-9 * weight_impulse);
  }
}

TEST(SparseLemke, TallStackCarriesItsWeightAndWarmStartsWithoutPivots) {
  // 40 boxes, u = 4: 960 unknowns, most of q zero. Each interface carries the boxes above.
  constexpr int kBoxes = 40;
  const test_problems::ContactLcp lcp =
      test_problems::resting_stack_lcp(kBoxes, kSparseFriction, 4, kSparseStep, kGravity);
  const Eigen::SparseMatrix<double> M = sparse_of(lcp.M);
  SparseLemkeSolver sparse;
  const LcpSolution cold = sparse.solve(M, lcp.q, LemkeSettings());
  expect_sparse_solved(cold, lcp.M, lcp.q);
  EXPECT_FALSE(cold.warm_start_used);
  const double weight_impulse = 1.0 * kGravity * kSparseStep;
  for (int level = 0; level < kBoxes; ++level) {
    const double carried = (kBoxes - level) * weight_impulse;
    EXPECT_NEAR(interface_normal_impulse(lcp, cold.z, 4 * level), carried, 1e-9 * carried) << level;
  }
  const LcpSolution warm = sparse.solve(M, lcp.q, LemkeSettings(), &cold.z_is_basic);
  expect_sparse_solved(warm, lcp.M, lcp.q);
  EXPECT_TRUE(warm.warm_start_used);
  EXPECT_EQ(warm.pivots, 0);
}

TEST(SparseLemke, WarmPathsSolveAStackAStepLaterInFewerPivots) {
  // Perturbed stacks of 12 boxes (u = 4, 288 unknowns) a step apart, as a run leaves
  // them: the first one's final basis misses the second's problem as it is, and the
  // paths from it (on q as it is first, step 2) end certified, in fewer pivots over the
  // seeds than the paths from the slack basis.
  constexpr int kBoxes = 12;
  constexpr double kOffset = 1e-4;  // [m]
  constexpr double kSpeed = 0.05;   // [m/s]
  int warm_pivots = 0;
  int cold_pivots = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const test_problems::ContactLcp before =
        test_problems::perturbed_stack_lcp(kBoxes, kSparseFriction, 4, kSparseStep, kGravity, kOffset, kSpeed, seed);
    const test_problems::ContactLcp after = test_problems::perturbed_stack_lcp(
        kBoxes, kSparseFriction, 4, kSparseStep, kGravity, kOffset, kSpeed, seed + 100);
    SparseLemkeSolver sparse;
    const LcpSolution first = sparse.solve(sparse_of(before.M), before.q, LemkeSettings());
    expect_sparse_solved(first, before.M, before.q);
    const LcpSolution cold = sparse.solve(sparse_of(after.M), after.q, LemkeSettings());
    expect_sparse_solved(cold, after.M, after.q);
    const LcpSolution warm = sparse.solve(sparse_of(after.M), after.q, LemkeSettings(), &first.z_is_basic);
    expect_sparse_solved(warm, after.M, after.q);
    EXPECT_FALSE(warm.warm_start_used);
    warm_pivots += warm.pivots;
    cold_pivots += cold.pivots;
  }
  EXPECT_LT(warm_pivots, cold_pivots) << "warm " << warm_pivots << ", cold " << cold_pivots;
}

TEST(SparseLemke, NoSolutionIsReportedNotInvented) {
  // w = -z - 1 has no solution with z >= 0: a ray, z = 0.
  Eigen::MatrixXd M(1, 1);
  M << -1;
  Eigen::VectorXd q(1);
  q << -1;
  SparseLemkeSolver sparse;
  const LcpSolution solution = sparse.solve(sparse_of(M), q, LemkeSettings());
  EXPECT_NE(solution.status, LcpStatus::Solved);
  EXPECT_FALSE(solution.message.empty());
  EXPECT_EQ(solution.z, Eigen::VectorXd::Zero(1));
}

TEST(SparseLemke, ABasisRestartedFromInVainIsNotRestartedFromAgain) {
  // w = -z - 1 again: each of the three paths from the slack basis takes z0 in (one
  // pivot) and ends on a ray with z0 basic, z_is_basic = {0}. The first one's restart
  // from that basis takes one pivot and ends on a ray as well; the two later paths end
  // in the same basis, whose restart would only repeat it, and are not restarted. Then
  // the dense method (step 4) fails too.
  Eigen::MatrixXd M(1, 1);
  M << -1;
  Eigen::VectorXd q(1);
  q << -1;
  const LcpSolution dense = LemkeSolver().solve(M, q, LemkeSettings(), nullptr);
  SparseLemkeSolver sparse;
  const LcpSolution solution = sparse.solve(sparse_of(M), q, LemkeSettings());
  EXPECT_NE(solution.status, LcpStatus::Solved);
  EXPECT_EQ(solution.pivots, 3 + 1 + dense.pivots);
}

TEST(SparseLemke, InvalidInputIsNamed) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(2, 2);
  Eigen::VectorXd q(2);
  q << 1, std::nan("");
  SparseLemkeSolver sparse;
  const LcpSolution solution = sparse.solve(sparse_of(M), q, LemkeSettings());
  EXPECT_EQ(solution.status, LcpStatus::InvalidInput);
  EXPECT_EQ(solution.message, "q(1) must be a finite number");
}

TEST(SparseLemke, SiconosProblemsAsTheDenseMethodSolvesThem) {
  // The Siconos LCPs the dense method solves (tests/validation/siconos_lcp.mjs), each
  // certified; the two whose Lemke path ends on a ray are reported unsolved.
  const std::string directory = siconos_lcp_dir();
  struct stat info;
  if (::stat((directory + "/README.md").c_str(), &info) != 0) {
    GTEST_SKIP() << directory << " not found: the Siconos LCPs are read in place from ../shared/validation/siconos-lcp";
  }
  const char* solved[] = {"lcp_CPS_1", "lcp_CPS_2", "lcp_CPS_4", "lcp_CPS_4bis", "lcp_CPS_5",
                          "lcp_Pang_isolated_sol", "lcp_inf_sol_perturbed", "lcp_deudeu", "lcp_enum_fails",
                          "lcp_exp_murty", "lcp_exp_murty2", "lcp_mmc", "lcp_ortiz", "lcp_tobenna", "lcp_trivial"};
  for (const char* name : solved) {
    SCOPED_TRACE(name);
    Eigen::MatrixXd M;
    Eigen::VectorXd q;
    ASSERT_TRUE(read_lcp_file(directory + "/" + name + ".dat", M, q).ok());
    SparseLemkeSolver sparse;
    expect_sparse_solved(sparse.solve(sparse_of(M), q, LemkeSettings()), M, q);
  }
  for (const char* name : {"lcp_CPS_3", "lcp_Pang_isolated_sol_perturbed"}) {
    SCOPED_TRACE(name);
    Eigen::MatrixXd M;
    Eigen::VectorXd q;
    ASSERT_TRUE(read_lcp_file(directory + "/" + name + ".dat", M, q).ok());
    SparseLemkeSolver sparse;
    EXPECT_NE(sparse.solve(sparse_of(M), q, LemkeSettings()).status, LcpStatus::Solved);
  }
}

}  // namespace contactlab
