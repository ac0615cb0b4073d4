// The certificate of an island problem's answer (formulation/problem_certificate.h) on
// problems whose answers are known in closed form: each residual measures what it
// names, is judged against 1e-9 of Lemke's scale, and each way of failing is caught.
#include "formulation/problem_certificate.h"

#include <cmath>

#include <gtest/gtest.h>

namespace contactlab {
namespace problem_certificate_test {

// M = [2 1; 1 2], q = (-5, -6): z = (4/3, 7/3), w = 0.
IslandProblem two_by_two() {
  IslandProblem problem;
  problem.kind = IslandProblemKind::EdgeQp;
  problem.matrix.resize(2, 2);
  problem.matrix << 2, 1, 1, 2;
  problem.offset = Eigen::Vector2d(-5, -6);
  problem.z = Eigen::Vector2d(4.0 / 3, 7.0 / 3);
  problem.w = Eigen::Vector2d::Zero();
  return problem;
}

TEST(ProblemCertificate, AnLcpsAnswerHoldsOnLemkesScale) {
  const ProblemCertificate certificate = certify_island_problem(two_by_two());
  EXPECT_TRUE(certificate.holds);
  // s = max(1, |q|_inf, sum_j |z_j| max_i |M_ij|) = 2 (4/3 + 7/3) = 22/3.
  EXPECT_NEAR(certificate.scale, 22.0 / 3, 1e-14);
  EXPECT_NEAR(certificate.tolerance, 1e-9 * 22.0 / 3, 1e-22);
  EXPECT_LT(certificate.equation, 1e-14);
}

TEST(ProblemCertificate, EachWayOfFailingAnLcpIsCaught) {
  IslandProblem wrong_w = two_by_two();
  wrong_w.w[1] = 1e-6;  // not M z + q, and z_2 w_2 > 0
  const ProblemCertificate equation = certify_island_problem(wrong_w);
  EXPECT_FALSE(equation.holds);
  EXPECT_NEAR(equation.equation, 1e-6, 1e-15);
  EXPECT_NEAR(equation.complementarity, 7.0 / 3 * 1e-6, 1e-15);

  IslandProblem negative = two_by_two();
  negative.offset = Eigen::Vector2d(-5, -1);  // z = (3, -1) solves w = 0 but is not >= 0
  negative.z = Eigen::Vector2d(3, -1);
  const ProblemCertificate primal = certify_island_problem(negative);
  EXPECT_FALSE(primal.holds);
  EXPECT_EQ(primal.primal, 1);
}

TEST(ProblemCertificate, ACertificateSeesAnAnswerOutsideItsCone) {
  // One contact, mu = 0.5: x = (1, 0.6, 0) lies outside mu x_n >= ||x_t|| by 0.1.
  IslandProblem problem;
  problem.kind = IslandProblemKind::ConeProgram;
  problem.matrix = Eigen::Matrix3d::Identity();
  problem.offset = Eigen::Vector3d(-1, -0.6, 0);
  problem.z = Eigen::Vector3d(1, 0.6, 0);
  problem.w = problem.matrix * problem.z + problem.offset;
  problem.cones = {ProblemCone{0, 3, 0.5}};
  const ProblemCertificate certificate = certify_island_problem(problem);
  EXPECT_NEAR(certificate.primal, 0.1, 1e-15);
  EXPECT_EQ(certificate.dual, 0);
  EXPECT_FALSE(certificate.holds);
  // Inside the cone with g = 0 it holds.
  problem.z = Eigen::Vector3d(1, 0.4, 0);
  problem.offset = -problem.z;
  problem.w.setZero();
  EXPECT_TRUE(certify_island_problem(problem).holds);
  // g = (1, 3, 0) is outside the dual cone g_n >= mu ||g_t|| by 0.5 at x = 0.
  problem.z.setZero();
  problem.offset = Eigen::Vector3d(1, 3, 0);
  problem.w = problem.offset;
  const ProblemCertificate dual = certify_island_problem(problem);
  EXPECT_NEAR(dual.dual, 0.5, 1e-15);
  EXPECT_FALSE(dual.holds);
}

TEST(ProblemCertificate, MismatchedSizesNeverHold) {
  IslandProblem problem = two_by_two();
  problem.w.resize(1);
  const ProblemCertificate certificate = certify_island_problem(problem);
  EXPECT_FALSE(certificate.holds);
  EXPECT_TRUE(std::isinf(certificate.equation));
}

}  // namespace problem_certificate_test
}  // namespace contactlab
