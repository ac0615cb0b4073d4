// Lemke's path from a warm basis that does not solve the problem as it is
// (LemkeSettings::path_from_warm_basis, lemke.cpp step 1b): its answer certified, the
// cold path's answer where the solution is unique, fewer pivots than the cold path on
// problems near the one the basis came from, and no change where it is not asked for.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "lcp/lemke.h"
#include "lemke_contact_problems.h"
#include "test_constants.h"
#include "test_random.h"

namespace contactlab {
namespace {

// B B^T + I with B n x n of entries in [-1, 1): symmetric positive definite, so every
// problem has exactly one solution.
Eigen::MatrixXd warm_path_spd_matrix(TestRandom& random, int n) {
  Eigen::MatrixXd B(n, n);
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) B(i, j) = random.uniform(-1, 1);
  }
  Eigen::MatrixXd M = B * B.transpose();
  M.diagonal().array() += 1;
  return M;
}

Eigen::VectorXd warm_path_vector(TestRandom& random, int n, double low, double high) {
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = random.uniform(low, high);
  return v;
}

// A perturbed stack of boxes (u = 4) as a simulation leaves it a step apart: its LCP
// before (perturbed by `seed`) and after (by seed + 100).
struct StackSteps {
  test_problems::ContactLcp before;
  test_problems::ContactLcp after;
};
StackSteps perturbed_stack_steps(int boxes, std::uint64_t seed) {
  constexpr int kStackEdges = 4;
  constexpr double kOffset = 1e-4;
  constexpr double kSpeed = 0.05;
  return {test_problems::perturbed_stack_lcp(boxes, 0.8, kStackEdges, 0.0025, kGravity, kOffset, kSpeed, seed),
          test_problems::perturbed_stack_lcp(boxes, 0.8, kStackEdges, 0.0025, kGravity, kOffset, kSpeed,
                                             seed + 100)};
}

LemkeSettings warm_path_settings() {
  LemkeSettings settings;
  settings.path_from_warm_basis = true;
  return settings;
}

TEST(LemkeWarmPath, GivesTheUniqueAnswerOfPositiveDefiniteProblems) {
  // Each problem solved cold, then q moved by up to 20 % of its range: the old basis
  // misses, the path from it ends in the same answer as a cold solve of the new q.
  TestRandom random(23);
  constexpr int kSize = 40;
  int warm_pivots = 0;
  int cold_pivots = 0;
  int paths_taken = 0;
  for (int trial = 0; trial < 20; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    const Eigen::MatrixXd M = warm_path_spd_matrix(random, kSize);
    const Eigen::VectorXd q = warm_path_vector(random, kSize, -1, 1);
    const Eigen::VectorXd moved = q + warm_path_vector(random, kSize, -0.2, 0.2);
    LemkeSolver solver;
    const LcpSolution first = solver.solve(M, q, LemkeSettings());
    ASSERT_EQ(first.status, LcpStatus::Solved);
    const LcpSolution cold = solver.solve(M, moved, LemkeSettings());
    const LcpSolution warm = solver.solve(M, moved, warm_path_settings(), &first.z_is_basic);
    ASSERT_EQ(cold.status, LcpStatus::Solved);
    ASSERT_EQ(warm.status, LcpStatus::Solved) << warm.message;
    EXPECT_TRUE(warm.message.empty()) << warm.message;
    EXPECT_TRUE(check_lcp_certificate(M, moved, warm.z, 1e-9).valid);
    EXPECT_LE((warm.z - cold.z).cwiseAbs().maxCoeff(), 1e-9 * (1 + cold.z.cwiseAbs().maxCoeff()));
    if (warm.warm_start_used) continue;  // the old basis solved the new q as it was
    ++paths_taken;
    warm_pivots += warm.pivots;
    cold_pivots += cold.pivots;
  }
  EXPECT_GE(paths_taken, 10);
  EXPECT_LT(warm_pivots, cold_pivots / 2) << "warm " << warm_pivots << ", cold " << cold_pivots;
}

TEST(LemkeWarmPath, SolvesANearbyContactProblemInFewerPivots) {
  // Two perturbed stacks of 6 boxes (u = 4, 144 unknowns) as a simulation leaves them
  // a step apart: the first one's basis misses the second's problem; the path from it
  // is certified and shorter than the cold path.
  constexpr int kBoxes = 6;
  int warm_pivots = 0;
  int cold_pivots = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const auto [before, after] = perturbed_stack_steps(kBoxes, seed);
    LemkeSolver solver;
    const LcpSolution first = solver.solve(before.M, before.q, LemkeSettings());
    ASSERT_EQ(first.status, LcpStatus::Solved);
    const LcpSolution cold = solver.solve(after.M, after.q, LemkeSettings());
    const LcpSolution warm = solver.solve(after.M, after.q, warm_path_settings(), &first.z_is_basic);
    ASSERT_EQ(cold.status, LcpStatus::Solved);
    ASSERT_EQ(warm.status, LcpStatus::Solved) << warm.message;
    EXPECT_TRUE(warm.message.empty()) << warm.message;
    EXPECT_FALSE(warm.warm_start_used);
    const LcpCertificate certificate = check_lcp_certificate(after.M, after.q, warm.z, 1e-9);
    EXPECT_TRUE(certificate.valid) << "min z " << certificate.min_z << " min w " << certificate.min_w
                                   << " |z'w| " << certificate.complementarity;
    warm_pivots += warm.pivots;
    cold_pivots += cold.pivots;
  }
  EXPECT_LT(warm_pivots, cold_pivots) << "warm " << warm_pivots << ", cold " << cold_pivots;
}

TEST(LemkeWarmPath, AReusedSolverGivesAFreshSolversBits) {
  // The basis's n^2 buffers keep whatever the last, larger island left in them and grow
  // without copying or zeroing (lcp/scratch_array.h): warm paths on stacks of 4, then 2,
  // then 6 boxes (past the first capacity), then 4 again, each from the basis of its
  // stack a step before, give the answers of a fresh solver bit for bit.
  LemkeSolver reused;
  int paths_taken = 0;
  for (int boxes : {4, 2, 6, 4}) {
    SCOPED_TRACE("boxes " + std::to_string(boxes));
    const auto [before, after] = perturbed_stack_steps(boxes, static_cast<std::uint64_t>(boxes));
    LemkeSolver fresh;
    const LcpSolution first = fresh.solve(before.M, before.q, LemkeSettings());
    ASSERT_EQ(first.status, LcpStatus::Solved);
    const LcpSolution reference = fresh.solve(after.M, after.q, warm_path_settings(), &first.z_is_basic);
    const LcpSolution again = reused.solve(after.M, after.q, warm_path_settings(), &first.z_is_basic);
    ASSERT_EQ(reference.status, LcpStatus::Solved) << reference.message;
    ASSERT_EQ(again.status, LcpStatus::Solved) << again.message;
    EXPECT_EQ(again.pivots, reference.pivots);
    EXPECT_EQ(again.z_is_basic, reference.z_is_basic);
    EXPECT_EQ(0, std::memcmp(again.z.data(), reference.z.data(), sizeof(double) * reference.z.size()));
    EXPECT_EQ(0, std::memcmp(again.w.data(), reference.w.data(), sizeof(double) * reference.w.size()));
    if (!reference.warm_start_used) ++paths_taken;
  }
  EXPECT_GE(paths_taken, 3);
}

TEST(LemkeWarmPath, IsTakenOnlyWhenAskedFor) {
  // Without the setting, a warm basis that misses leads to the cold path: the same
  // answer, bit for bit, and the same pivots.
  TestRandom random(7);
  constexpr int kSize = 30;
  const Eigen::MatrixXd M = warm_path_spd_matrix(random, kSize);
  const Eigen::VectorXd q = warm_path_vector(random, kSize, -1, 1);
  const Eigen::VectorXd moved = q + warm_path_vector(random, kSize, -0.5, 0.5);
  LemkeSolver solver;
  const LcpSolution first = solver.solve(M, q, LemkeSettings());
  const LcpSolution cold = solver.solve(M, moved, LemkeSettings());
  const LcpSolution unasked = solver.solve(M, moved, LemkeSettings(), &first.z_is_basic);
  ASSERT_EQ(unasked.status, LcpStatus::Solved);
  ASSERT_FALSE(unasked.warm_start_used);
  EXPECT_EQ(unasked.pivots, cold.pivots);
  EXPECT_EQ(unasked.z, cold.z);
  const LcpSolution asked = solver.solve(M, moved, warm_path_settings(), &first.z_is_basic);
  ASSERT_EQ(asked.status, LcpStatus::Solved);
  EXPECT_NE(asked.pivots, cold.pivots);
}

}  // namespace
}  // namespace contactlab
