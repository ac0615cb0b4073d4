#include "lcp/lemke.h"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include "lemke_contact_problems.h"
#include "test_random.h"
#include "test_constants.h"

namespace contactlab {
namespace {

Eigen::MatrixXd random_matrix(TestRandom& random, int rows, int cols, double low, double high) {
  Eigen::MatrixXd A(rows, cols);
  for (int j = 0; j < cols; ++j) {
    for (int i = 0; i < rows; ++i) A(i, j) = random.uniform(low, high);
  }
  return A;
}

Eigen::VectorXd random_vector(TestRandom& random, int n, double low, double high) {
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = random.uniform(low, high);
  return v;
}

// A A^T + 0.01 I with A n x (n/2 + 1): symmetric positive definite, badly conditioned.
Eigen::MatrixXd random_spd(TestRandom& random, int n) {
  const Eigen::MatrixXd A = random_matrix(random, n, n / 2 + 1, -1, 1);
  Eigen::MatrixXd M = A * A.transpose();
  M.diagonal().array() += 0.01;
  return M;
}

// Every LCP solution of a P-matrix problem is the unique one; small problems can be
// solved by trying all 2^n complementary bases, independently of Lemke.
Eigen::VectorXd enumerate_solution(const Eigen::MatrixXd& M, const Eigen::VectorXd& q) {
  const int n = static_cast<int>(q.size());
  for (int mask = 0; mask < (1 << n); ++mask) {
    std::vector<int> basic;
    for (int i = 0; i < n; ++i) {
      if (mask & (1 << i)) basic.push_back(i);
    }
    const int k = static_cast<int>(basic.size());
    Eigen::MatrixXd A(k, k);
    Eigen::VectorXd b(k);
    for (int r = 0; r < k; ++r) {
      b[r] = -q[basic[r]];
      for (int c = 0; c < k; ++c) A(r, c) = M(basic[r], basic[c]);
    }
    const Eigen::VectorXd zb = k > 0 ? Eigen::VectorXd(A.fullPivLu().solve(b)) : Eigen::VectorXd();
    Eigen::VectorXd z = Eigen::VectorXd::Zero(n);
    for (int r = 0; r < k; ++r) z[basic[r]] = zb[r];
    if (check_lcp_certificate(M, q, z, 1e-10).valid) return z;
  }
  return Eigen::VectorXd();
}

void expect_solved(const LcpSolution& solution, const Eigen::MatrixXd& M,
                   const Eigen::VectorXd& q) {
  ASSERT_EQ(solution.status, LcpStatus::Solved) << solution.message;
  EXPECT_TRUE(solution.message.empty()) << solution.message;
  const LcpCertificate certificate = check_lcp_certificate(M, q, solution.z, 1e-9);
  EXPECT_TRUE(certificate.valid) << "min z " << certificate.min_z << " min w " << certificate.min_w
                                 << " |z'w| " << certificate.complementarity;
  ASSERT_EQ(solution.w.size(), q.size());
  for (Eigen::Index i = 0; i < q.size(); ++i) {
    double wi = q[i];
    for (Eigen::Index j = 0; j < q.size(); ++j) wi += M(i, j) * solution.z[j];
    EXPECT_NEAR(solution.w[i], wi, 1e-12 * (1 + std::abs(wi)));  // w = M z + q
  }
}

TEST(LcpStatusName, NamesEveryStatus) {
  EXPECT_STREQ(lcp_status_name(LcpStatus::Solved), "solved");
  EXPECT_STREQ(lcp_status_name(LcpStatus::RayTermination), "ray termination");
  EXPECT_STREQ(lcp_status_name(LcpStatus::PivotLimit), "pivot limit");
  EXPECT_STREQ(lcp_status_name(LcpStatus::Cycling), "cycling");
  EXPECT_STREQ(lcp_status_name(LcpStatus::NumericalFailure), "numerical failure");
  EXPECT_STREQ(lcp_status_name(LcpStatus::InvalidInput), "invalid input");
}

TEST(CheckLcpCertificate, MeasuresEachCondition) {
  // M = I, q = (-1, 2): the solution is z = (1, 0), w = (0, 2).
  const Eigen::MatrixXd M = Eigen::MatrixXd::Identity(2, 2);
  const Eigen::VectorXd q = Eigen::Vector2d(-1, 2);
  const LcpCertificate good = check_lcp_certificate(M, q, Eigen::Vector2d(1, 0), 1e-9);
  EXPECT_TRUE(good.valid);
  EXPECT_EQ(good.min_z, 0);
  EXPECT_EQ(good.min_w, 0);
  EXPECT_EQ(good.complementarity, 0);
  // z = (0.5, 0): w = (-0.5, 2), infeasible.
  const LcpCertificate infeasible = check_lcp_certificate(M, q, Eigen::Vector2d(0.5, 0), 1e-9);
  EXPECT_FALSE(infeasible.valid);
  EXPECT_EQ(infeasible.min_w, -0.5);
  // z = (1, 1): w = (0, 3), z'w = 3.
  const LcpCertificate not_complementary = check_lcp_certificate(M, q, Eigen::Vector2d(1, 1), 1e-9);
  EXPECT_FALSE(not_complementary.valid);
  EXPECT_EQ(not_complementary.complementarity, 3);
  // z = (1, -0.1): z < 0.
  EXPECT_FALSE(check_lcp_certificate(M, q, Eigen::Vector2d(1, -0.1), 1e-9).valid);
  // Mismatched sizes are never valid.
  EXPECT_FALSE(check_lcp_certificate(M, q, Eigen::Vector3d(1, 0, 0), 1e-9).valid);
}

// The tolerance is relative to the size of the terms summed into w: the same
// w_0 = -5e-8 is rounding when it is the sum of terms of size 300 (impulses through a
// light finger's inverse mass), and a wrong answer when everything is of order 1.
TEST(CheckLcpCertificate, ToleranceScalesWithTheTermsOfW) {
  Eigen::MatrixXd stiff(2, 2);
  stiff << 1e5, 0, 3e7, 1;
  const Eigen::VectorXd z = Eigen::Vector2d(1e-5 - 5e-13, 0);  // w = (-5e-8, ~2)
  const LcpCertificate scaled = check_lcp_certificate(stiff, Eigen::Vector2d(-1, -298), z, 1e-9);
  EXPECT_NEAR(scaled.min_w, -5e-8, 1e-15);
  EXPECT_NEAR(scaled.scale, 300, 1e-4);  // sum_j |z_j| max_i |M_ij| = 3e7 * 1e-5
  EXPECT_TRUE(scaled.valid);

  const Eigen::VectorXd off = Eigen::Vector2d(1 - 5e-8, 0);  // M = I: w = (-5e-8, 2)
  const LcpCertificate unit = check_lcp_certificate(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector2d(-1, 2), off, 1e-9);
  EXPECT_NEAR(unit.min_w, -5e-8, 1e-15);
  EXPECT_EQ(unit.scale, 2);  // |q|_inf
  EXPECT_FALSE(unit.valid);
}

TEST(LemkeSolver, NonnegativeQNeedsNoPivot) {
  LemkeSolver solver;
  const Eigen::MatrixXd M = -Eigen::MatrixXd::Identity(3, 3);
  const Eigen::VectorXd q = Eigen::Vector3d(0, 1, 2);
  const LcpSolution solution = solver.solve(M, q, LemkeSettings());
  expect_solved(solution, M, q);
  EXPECT_EQ(solution.pivots, 0);
  EXPECT_EQ(solution.z, Eigen::VectorXd::Zero(3));
}

TEST(LemkeSolver, EmptyProblemIsSolved) {
  LemkeSolver solver;
  const LcpSolution solution =
      solver.solve(Eigen::MatrixXd(0, 0), Eigen::VectorXd(0), LemkeSettings());
  EXPECT_EQ(solution.status, LcpStatus::Solved);
  EXPECT_EQ(solution.z.size(), 0);
}

TEST(LemkeSolver, TwoByTwoByHand) {
  // M = [[2, 1], [1, 2]], q = (-5, -6): both z basic, z = M^-1 (5, 6) = (4/3, 7/3).
  LemkeSolver solver;
  Eigen::MatrixXd M(2, 2);
  M << 2, 1,
       1, 2;
  const Eigen::VectorXd q = Eigen::Vector2d(-5, -6);
  const LcpSolution solution = solver.solve(M, q, LemkeSettings());
  expect_solved(solution, M, q);
  EXPECT_NEAR(solution.z[0], 4.0 / 3, 1e-15);
  EXPECT_NEAR(solution.z[1], 7.0 / 3, 1e-15);
  EXPECT_EQ(solution.z_is_basic, (std::vector<char>{1, 1}));
}

TEST(LemkeSolver, RandomPositiveDefiniteProblems) {
  // M = A A^T + 0.01 I is positive definite: Lemke always ends with the solution.
  LemkeSolver solver;
  for (int seed = 0; seed < 40; ++seed) {
    TestRandom random(1000 + seed);
    const int n = random.integer(1, 40);
    const Eigen::MatrixXd M = random_spd(random, n);
    const Eigen::VectorXd q = random_vector(random, n, -1, 1);
    SCOPED_TRACE("seed " + std::to_string(seed) + ", n " + std::to_string(n));
    expect_solved(solver.solve(M, q, LemkeSettings()), M, q);
  }
}

TEST(LemkeSolver, RandomPMatricesMatchEnumeration) {
  // Nonsymmetric P-matrices: symmetric positive definite plus a skew part (x'Mx > 0),
  // and strictly row-diagonally dominant matrices with mixed-sign off-diagonal entries.
  // A P-matrix LCP has exactly one solution, found here also by enumeration.
  LemkeSolver solver;
  for (int seed = 0; seed < 40; ++seed) {
    TestRandom random(2000 + seed);
    const int n = random.integer(1, 8);
    Eigen::MatrixXd M;
    if (seed % 2 == 0) {
      const Eigen::MatrixXd K = random_matrix(random, n, n, -2, 2);
      M = random_spd(random, n) + K - K.transpose();
    } else {
      M = random_matrix(random, n, n, -1, 1);
      for (int i = 0; i < n; ++i) M(i, i) = M.row(i).cwiseAbs().sum() + random.uniform(0.1, 1);
    }
    const Eigen::VectorXd q = random_vector(random, n, -1, 1);
    SCOPED_TRACE("seed " + std::to_string(seed) + ", n " + std::to_string(n));
    const LcpSolution solution = solver.solve(M, q, LemkeSettings());
    expect_solved(solution, M, q);
    const Eigen::VectorXd expected = enumerate_solution(M, q);
    ASSERT_EQ(expected.size(), n);
    EXPECT_LE((solution.z - expected).cwiseAbs().maxCoeff(), 1e-9);
  }
}

TEST(LemkeSolver, StrictlyCopositiveProblemsWithNegativeEntries) {
  // M = P + S with P >= 0 having a positive diagonal (x'Px > 0 for x >= 0, x != 0) and
  // S skew-symmetric, which has negative entries but adds nothing to x'Mx: M is strictly
  // copositive, so every LCP(M, q) has a solution and Lemke finds one.
  LemkeSolver solver;
  for (int seed = 0; seed < 30; ++seed) {
    TestRandom random(3000 + seed);
    const int n = random.integer(3, 30);
    Eigen::MatrixXd M = random_matrix(random, n, n, 0, 1);
    M.diagonal().array() += 0.5;
    const Eigen::MatrixXd S = random_matrix(random, n, n, -2, 2);
    M += S - S.transpose();
    ASSERT_LT(M.minCoeff(), 0);
    const Eigen::VectorXd q = random_vector(random, n, -1, 0.5);
    SCOPED_TRACE("seed " + std::to_string(seed) + ", n " + std::to_string(n));
    expect_solved(solver.solve(M, q, LemkeSettings()), M, q);
  }
}

TEST(LemkeSolver, PowerOfTwoScalingDoesNotChangeTheAnswer) {
  // LCP(a M, b q) has the solution (b / a) z: the tolerances follow the scale of the data.
  TestRandom random(4000);
  const int n = 25;
  const Eigen::MatrixXd M = random_spd(random, n);
  const Eigen::VectorXd q = random_vector(random, n, -1, 1);
  LemkeSolver solver;
  const LcpSolution reference = solver.solve(M, q, LemkeSettings());
  expect_solved(reference, M, q);
  const double a = std::ldexp(1.0, 30);
  const double b = std::ldexp(1.0, -20);
  const LcpSolution scaled = solver.solve(a * M, b * q, LemkeSettings());
  ASSERT_EQ(scaled.status, LcpStatus::Solved);
  EXPECT_EQ(scaled.pivots, reference.pivots);
  EXPECT_LE(((a / b) * scaled.z - reference.z).cwiseAbs().maxCoeff(),
            1e-12 * reference.z.cwiseAbs().maxCoeff());
}

TEST(LemkeSolver, ReusedSolverGivesBitIdenticalAnswers) {
  // The workspace grows and shrinks between sizes without changing any result.
  TestRandom random(5000);
  const Eigen::MatrixXd M_big = random_spd(random, 30);
  const Eigen::VectorXd q_big = random_vector(random, 30, -1, 1);
  const Eigen::MatrixXd M_small = random_spd(random, 7);
  const Eigen::VectorXd q_small = random_vector(random, 7, -1, 1);
  LemkeSolver reused;
  const LcpSolution first = reused.solve(M_small, q_small, LemkeSettings());
  reused.solve(M_big, q_big, LemkeSettings());
  const LcpSolution again = reused.solve(M_small, q_small, LemkeSettings());
  LemkeSolver fresh;
  const LcpSolution reference = fresh.solve(M_small, q_small, LemkeSettings());
  EXPECT_EQ(first.z, reference.z);
  EXPECT_EQ(again.z, reference.z);
  EXPECT_EQ(again.pivots, reference.pivots);
}

TEST(LemkeSolver, NoSolutionIsARayWithZeroAnswer) {
  // w = -z - 1 < 0 for every z >= 0: no solution; Lemke's second pivot finds no block.
  LemkeSolver solver;
  const Eigen::MatrixXd M = Eigen::MatrixXd::Constant(1, 1, -1);
  const Eigen::VectorXd q = Eigen::VectorXd::Constant(1, -1);
  const LcpSolution solution = solver.solve(M, q, LemkeSettings());
  EXPECT_EQ(solution.status, LcpStatus::RayTermination);
  EXPECT_EQ(solution.message, "ray termination after 1 pivots");
  EXPECT_EQ(solution.pivots, 1);
  ASSERT_EQ(solution.z.size(), 1);
  EXPECT_EQ(solution.z[0], 0);
  EXPECT_EQ(solution.w[0], -1);
}

TEST(LemkeSolver, RegularisationDoesNotInventASolution) {
  // M = 0, q = (-1, 2): w_0 = -1 whatever z. On M + eps I a solution exists
  // (z_0 = 1 / eps), but it fails the original problem, so the ray is reported.
  LemkeSolver solver;
  const Eigen::MatrixXd M = Eigen::MatrixXd::Zero(2, 2);
  const Eigen::VectorXd q = Eigen::Vector2d(-1, 2);
  const LcpSolution solution = solver.solve(M, q, LemkeSettings());
  EXPECT_EQ(solution.status, LcpStatus::RayTermination);
  EXPECT_EQ(solution.message, "ray termination after 1 pivots");
  EXPECT_TRUE(solution.z.allFinite());
  EXPECT_EQ(solution.z, Eigen::VectorXd::Zero(2));
}

TEST(LemkeSolver, AZeroPivotsRayIsPassedExactly) {
  // M = [[1, -2], [2, -2]], q = (2, -2) has the solution z = (4, 3), w = 0, but Lemke's
  // second pivot finds d = (0, -2): a ray. The path on M + eps I goes on past the zero,
  // and the basis it ends in, solved afresh on the original M, is the exact answer: no
  // regularised one is reported.
  Eigen::MatrixXd M(2, 2);
  M << 1, -2,
       2, -2;
  const Eigen::VectorXd q = Eigen::Vector2d(2, -2);
  LemkeSolver solver;
  const LcpSolution solution = solver.solve(M, q, LemkeSettings());
  ASSERT_EQ(solution.status, LcpStatus::Solved);
  EXPECT_EQ(solution.message, "");
  EXPECT_NEAR(solution.z[0], 4, 1e-12);
  EXPECT_NEAR(solution.z[1], 3, 1e-12);
  EXPECT_TRUE(check_lcp_certificate(M, q, solution.z, 1e-9).valid);
}

TEST(LemkeSolver, PivotLimitIsReported) {
  TestRandom random(6000);
  const Eigen::MatrixXd M = random_spd(random, 10);
  const Eigen::VectorXd q = -Eigen::VectorXd::Ones(10);
  LemkeSettings settings;
  settings.max_pivots = 1;  // only z0 can enter
  LemkeSolver solver;
  const LcpSolution solution = solver.solve(M, q, settings);
  EXPECT_EQ(solution.status, LcpStatus::PivotLimit);
  EXPECT_EQ(solution.message, "pivot limit of 1 pivots reached");
  EXPECT_EQ(solution.z, Eigen::VectorXd::Zero(10));
  EXPECT_EQ(solution.w, q);
}

// A small degenerate problem on whose path the tie rules cycle: the cold attempt ends
// where its path comes back (6 pivots, not the pivot limit of 100), no regularised
// retry solves the original problem, and the cold attempt's outcome is reported.
TEST(LemkeSolver, CyclingIsReportedAfterTheRetries) {
  Eigen::MatrixXd M(4, 4);
  M << -1, 0, 1, 100,
       2, 0, 0, 0,
       -2, 0, 2, -1,
       0, 200, 2, 0;
  const Eigen::VectorXd q(Eigen::Vector4d(-1, 0, -1, -1));
  LemkeSolver solver;
  const LcpSolution solution = solver.solve(M, q, LemkeSettings());
  EXPECT_EQ(solution.status, LcpStatus::Cycling);
  EXPECT_EQ(solution.message, "cycling: after 6 pivots the path came back to a basis it had left");
  EXPECT_EQ(solution.pivots, 6);
  EXPECT_EQ(solution.w, q);
}

// A caller may skip the matrix scan; a non-finite entry the answer depends on still
// fails the certificate instead of producing a "solved" with NaN.
TEST(LemkeSolver, SkippedMatrixScanCannotCertifyNan) {
  LemkeSolver solver;
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3);
  M(1, 2) = std::nan("");
  const Eigen::VectorXd q = -Eigen::VectorXd::Ones(3);
  LemkeSettings settings;
  settings.check_matrix_finite = false;
  const LcpSolution solution = solver.solve(M, q, settings);
  EXPECT_NE(solution.status, LcpStatus::Solved);
  EXPECT_TRUE(solution.z.allFinite());
  EXPECT_TRUE(solution.w.allFinite());
}

TEST(LemkeSolver, InvalidInputIsNamed) {
  LemkeSolver solver;
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3);
  Eigen::VectorXd q = -Eigen::VectorXd::Ones(3);
  M(1, 2) = std::nan("");
  LcpSolution solution = solver.solve(M, q, LemkeSettings());
  EXPECT_EQ(solution.status, LcpStatus::InvalidInput);
  EXPECT_EQ(solution.message, "M(1, 2) must be a finite number");
  EXPECT_EQ(solution.z, Eigen::VectorXd::Zero(3));
  EXPECT_TRUE(solution.w.allFinite());

  M = Eigen::MatrixXd::Identity(3, 3);
  q[0] = INFINITY;
  solution = solver.solve(M, q, LemkeSettings());
  EXPECT_EQ(solution.status, LcpStatus::InvalidInput);
  EXPECT_EQ(solution.message, "q(0) must be a finite number");
  EXPECT_TRUE(solution.w.allFinite());

  solution = solver.solve(Eigen::MatrixXd::Identity(2, 3), q, LemkeSettings());
  EXPECT_EQ(solution.message, "M must be square (got 2 x 3)");
  solution =
      solver.solve(Eigen::MatrixXd::Identity(2, 2), Eigen::VectorXd::Ones(3), LemkeSettings());
  EXPECT_EQ(solution.message, "q must have as many entries as M has rows (2, got 3)");

  LemkeSettings settings;
  settings.max_pivots = -1;
  solution = solver.solve(Eigen::MatrixXd::Identity(2, 2), Eigen::VectorXd::Ones(2), settings);
  EXPECT_EQ(solution.status, LcpStatus::InvalidInput);
  EXPECT_EQ(solution.message, "max_pivots must be >= 0 (0: automatic), got -1");

  // The method reads M's columns one after the other: a block of a larger matrix is
  // refused rather than read across its parent's columns.
  const Eigen::MatrixXd parent = Eigen::MatrixXd::Identity(3, 3);
  solution = solver.solve(parent.topLeftCorner(2, 2), -Eigen::VectorXd::Ones(2), LemkeSettings());
  EXPECT_EQ(solution.status, LcpStatus::InvalidInput);
  EXPECT_EQ(solution.message, "M's columns must be stored one after the other (outer stride 3, 2 rows)");
}

// M given as a Map over a buffer (formulation/contact_lcp.h keeps it so) is solved as
// the same numbers in a MatrixXd are, bit for bit.
TEST(LemkeSolver, AMapOverABufferIsSolvedAsItsMatrix) {
  Eigen::MatrixXd M(3, 3);
  M << 2, 1, 0, 1, 2, 1, 0, 1, 2;
  const Eigen::Vector3d q(-1, 0.5, -2);
  std::vector<double> buffer(M.data(), M.data() + M.size());
  const Eigen::Map<const Eigen::MatrixXd> mapped(buffer.data(), 3, 3);
  const LcpSolution from_matrix = LemkeSolver().solve(M, q, LemkeSettings());
  const LcpSolution from_map = LemkeSolver().solve(mapped, q, LemkeSettings());
  ASSERT_EQ(from_matrix.status, LcpStatus::Solved);
  EXPECT_EQ(from_map.status, LcpStatus::Solved);
  EXPECT_EQ(from_map.z, from_matrix.z);
  EXPECT_EQ(from_map.w, from_matrix.w);
  EXPECT_EQ(from_map.pivots, from_matrix.pivots);
}

// --- contact problems of seed 002 eq. (18)-(21) -------------------------------------

constexpr double kContactTimeStep = 0.01;  // h [s]
constexpr double kFriction = 0.5;   // mu
constexpr int kEdges = 8;           // u

double normal_impulse_sum(const test_problems::ContactLcp& lcp, const Eigen::VectorXd& z, int first,
                          int count) {
  double sum = 0;
  for (int c = first; c < first + count; ++c) sum += z[lcp.normal_index(c)];
  return sum;
}

TEST(LemkeContact, RestingBoxCarriesItsWeight) {
  // Four coplanar corner contacts: the normal block of G has rank 3, so the impulses
  // are not unique, but vertical momentum fixes their sum: m g h (the box stops).
  const test_problems::ContactLcp lcp =
      test_problems::single_box_lcp(Eigen::Vector3d::Zero(), kFriction, kEdges, kContactTimeStep, kGravity);
  ASSERT_EQ(lcp.q.size(), 40);
  LemkeSolver solver;
  const LcpSolution solution = solver.solve(lcp.M, lcp.q, LemkeSettings());
  expect_solved(solution, lcp.M, lcp.q);
  const double weight_impulse = 1.0 * kGravity * kContactTimeStep;
  EXPECT_NEAR(normal_impulse_sum(lcp, solution.z, 0, 4), weight_impulse, 1e-9 * weight_impulse);
}

TEST(LemkeContact, FiveBoxStackIsSolvedWithoutCycling) {
  // 20 contacts, u = 8: 200 variables, most of q zero (the boxes fall together): highly
  // degenerate. Each interface carries the weight of the boxes above it.
  const test_problems::ContactLcp lcp =
      test_problems::resting_stack_lcp(5, kFriction, kEdges, kContactTimeStep, kGravity);
  ASSERT_EQ(lcp.q.size(), 200);
  LemkeSolver solver;
  const LcpSolution solution = solver.solve(lcp.M, lcp.q, LemkeSettings());
  expect_solved(solution, lcp.M, lcp.q);
  EXPECT_LT(solution.pivots, 200);  // far below the pivot limit of 2000
  const double weight_impulse = 1.0 * kGravity * kContactTimeStep;
  for (int level = 0; level < 5; ++level) {
    SCOPED_TRACE("interface " + std::to_string(level));
    EXPECT_NEAR(normal_impulse_sum(lcp, solution.z, 4 * level, 4), (5 - level) * weight_impulse,
                1e-9 * (5 - level) * weight_impulse);
  }
}

TEST(LemkeContact, SlidingBoxFeelsKineticFrictionOnTheOpposingEdge) {
  // v = 1 m/s along t1 > mu g h: the box keeps sliding, so at every contact the friction
  // impulse is mu c_n along the edge d_4 = -t1 (the cone edge opposing the motion). How
  // the normal impulse splits between the corners is not unique (rank-3 normal block);
  // the friction law holds at every corner whatever the split.
  const test_problems::ContactLcp lcp =
      test_problems::single_box_lcp(Eigen::Vector3d(1, 0, 0), kFriction, kEdges, kContactTimeStep, kGravity);
  LemkeSolver solver;
  const LcpSolution solution = solver.solve(lcp.M, lcp.q, LemkeSettings());
  expect_solved(solution, lcp.M, lcp.q);
  const double weight_impulse = 1.0 * kGravity * kContactTimeStep;
  const double tolerance = 1e-9 * weight_impulse;
  EXPECT_NEAR(normal_impulse_sum(lcp, solution.z, 0, 4), weight_impulse, tolerance);
  Eigen::Vector3d total_friction = Eigen::Vector3d::Zero();
  for (int c = 0; c < 4; ++c) {
    SCOPED_TRACE("contact " + std::to_string(c));
    const double normal = solution.z[lcp.normal_index(c)];
    Eigen::Vector3d friction = Eigen::Vector3d::Zero();
    for (int j = 0; j < kEdges; ++j) {
      friction += solution.z[lcp.friction_index(c, j)] * lcp.edge_directions[j];
    }
    total_friction += friction;
    EXPECT_NEAR(solution.z[lcp.friction_index(c, 4)], kFriction * normal, tolerance);
    EXPECT_NEAR(friction.x(), -kFriction * normal, tolerance);
    EXPECT_NEAR(friction.y(), 0, tolerance);
    // lambda of a loaded contact: the sliding speed after the step, v - mu g h.
    if (normal > tolerance) {
      EXPECT_NEAR(solution.z[lcp.sliding_index(c)], 1 - kFriction * kGravity * kContactTimeStep, 1e-9);
    }
  }
  EXPECT_NEAR(total_friction.x(), -kFriction * weight_impulse, tolerance);
}

TEST(LemkeContact, PerturbedStacksAreSolvedWithoutRegularisation) {
  // Five-box stacks as a run leaves them (tests/support/lemke_contact_problems.h): boxes and contact
  // points 1e-11 m to 1e-6 m off, velocities a tenth of that in m/s. The near-ties and
  // pivots of relative size offset / 0.1 m defeated the plain lexicographic path: before
  // the pivoting rules of lemke_pivoting.h, 63 of these 120 problems had no answer and
  // 30 more needed M + eps I. Each must now be solved by Lemke itself, at the default
  // certificate tolerance (1e-9), and every interface must carry the boxes above it:
  // its impulses stop their vertical motion, sum_b m (g h - v_z,b), to within 1e-8 m/s
  // per box (the certificate bounds w >= -1e-9 and z'w <= 1e-9 over four corners).
  constexpr int kBoxes = 5;
  for (int edges : {4, 8, 16}) {
    for (double time_step : {0.0025, 0.001}) {
      for (double offset : {1e-11, 1e-9, 1e-8, 1e-7, 1e-6}) {
        for (std::uint64_t seed = 0; seed < 4; ++seed) {
          SCOPED_TRACE("u " + std::to_string(edges) + ", h " + std::to_string(time_step) +
                       ", offset " + std::to_string(offset) + ", seed " + std::to_string(seed));
          const test_problems::ContactLcp lcp = test_problems::perturbed_stack_lcp(
              kBoxes, kFriction, edges, time_step, kGravity, offset, offset / 10, seed);
          LemkeSolver solver;
          const LcpSolution solution = solver.solve(lcp.M, lcp.q, LemkeSettings());
          expect_solved(solution, lcp.M, lcp.q);
          double carried = 0;  // m (g h - v_z) of the boxes above the interface
          for (int level = kBoxes - 1; level >= 0; --level) {
            // The generator's velocities, in its order: position (3), velocity (3) per box.
            test_problems::PerturbationSource replay(seed);
            double vertical_speed = 0;
            for (int b = 0; b <= level; ++b) {
              replay.vector(offset);
              vertical_speed = replay.vector(offset / 10).z();
            }
            carried += 1.0 * (kGravity * time_step - vertical_speed);
            EXPECT_NEAR(normal_impulse_sum(lcp, solution.z, 4 * level, 4), carried,
                        1e-8 * (kBoxes - level));
          }
        }
      }
    }
  }
}

TEST(LemkeContact, WarmStartReusesTheBasis) {
  // Re-solving the same problem from its own final basis needs no pivot.
  const test_problems::ContactLcp problems[] = {
      test_problems::single_box_lcp(Eigen::Vector3d::Zero(), kFriction, kEdges, kContactTimeStep, kGravity),
      test_problems::resting_stack_lcp(5, kFriction, kEdges, kContactTimeStep, kGravity),
      test_problems::single_box_lcp(Eigen::Vector3d(1, 0, 0), kFriction, kEdges, kContactTimeStep, kGravity),
  };
  for (const test_problems::ContactLcp& lcp : problems) {
    SCOPED_TRACE("n " + std::to_string(lcp.q.size()));
    LemkeSolver solver;
    const LcpSolution cold = solver.solve(lcp.M, lcp.q, LemkeSettings());
    ASSERT_EQ(cold.status, LcpStatus::Solved);
    EXPECT_FALSE(cold.warm_start_used);
    const LcpSolution warm = solver.solve(lcp.M, lcp.q, LemkeSettings(), &cold.z_is_basic);
    expect_solved(warm, lcp.M, lcp.q);
    EXPECT_TRUE(warm.warm_start_used);
    EXPECT_EQ(warm.pivots, 0);
    EXPECT_EQ(warm.z_is_basic, cold.z_is_basic);
    EXPECT_LE((warm.z - cold.z).cwiseAbs().maxCoeff(), 1e-12);
  }
}

TEST(LemkeContact, WrongWarmBasisFallsBackToLemke) {
  const test_problems::ContactLcp lcp =
      test_problems::single_box_lcp(Eigen::Vector3d(1, 0, 0), kFriction, kEdges, kContactTimeStep, kGravity);
  LemkeSolver solver;
  const std::vector<char> everything_basic(lcp.q.size(), 1);  // singular M_BB (rank <= 6 + ...)
  const std::vector<char> nothing_basic(lcp.q.size(), 0);     // z = 0, but q has negative entries
  const std::vector<char> wrong_size(3, 1);                   // ignored
  for (const std::vector<char>* basis : {&everything_basic, &nothing_basic, &wrong_size}) {
    const LcpSolution solution = solver.solve(lcp.M, lcp.q, LemkeSettings(), basis);
    expect_solved(solution, lcp.M, lcp.q);
    EXPECT_FALSE(solution.warm_start_used);
    EXPECT_GT(solution.pivots, 0);
  }
}

}  // namespace
}  // namespace contactlab
