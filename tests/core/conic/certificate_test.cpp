#include "conic/certificate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace contactlab {
namespace {

// min -x1 - x2 s.t. x1 + 2 x2 <= 4, 3 x1 + x2 <= 6, x >= 0. Both first rows are active at
// x = (1.6, 1.2); G^T z = -c gives z = (0.4, 0.2, 0, 0).
ConicProblem small_lp() {
  ConicProblem problem;
  problem.c = Eigen::Vector2d(-1, -1);
  problem.G.resize(4, 2);
  problem.G << 1, 2,
               3, 1,
               -1, 0,
               0, -1;
  problem.h = Eigen::Vector4d(4, 6, 0, 0);
  problem.orthant_size = 4;
  return problem;
}

ConicSolution small_lp_solution() {
  ConicSolution solution;
  solution.x = Eigen::Vector2d(1.6, 1.2);
  solution.s = Eigen::Vector4d(0, 0, 1.6, 1.2);
  solution.y.resize(0);
  solution.z = Eigen::Vector4d(0.4, 0.2, 0, 0);
  return solution;
}

TEST(ConicCertificate, ExactSolutionPasses) {
  const ConicCertificate certificate = check_conic_solution(small_lp(), small_lp_solution());
  EXPECT_LT(certificate.worst(), 1e-15);  // rounding of 0.4, 0.2, 1.6, 1.2 only
  EXPECT_TRUE(certificate.passes(1e-12));
}

TEST(ConicCertificate, EachViolationShowsInItsResidual) {
  const ConicProblem problem = small_lp();
  ConicSolution solution = small_lp_solution();
  // G x + s - h = (0.1, 0.3, -0.1, 0) with G x = (4.1, 6.3, -1.7, -1.2); stationarity
  // does not involve x (P = 0)
  solution.x[0] += 0.1;
  ConicCertificate certificate = check_conic_solution(problem, solution);
  EXPECT_NEAR(certificate.inequality, 0.3 / (1 + 6.3), 1e-15);
  EXPECT_LT(certificate.stationarity, 1e-15);

  solution = small_lp_solution();
  solution.z[0] = 0.5;  // G^T z = (1.1, 1.2): stationarity (0.1, 0.2)
  certificate = check_conic_solution(problem, solution);
  EXPECT_NEAR(certificate.stationarity, 0.2 / (1 + 1.2), 1e-15);
  EXPECT_LT(certificate.complementarity, 1e-15);

  solution = small_lp_solution();
  solution.s[2] = -0.5;  // outside the orthant, and G x + s - h = -2.1 on row 3
  solution.z[2] = 0.1;   // then s^T z = -0.05
  certificate = check_conic_solution(problem, solution);
  EXPECT_NEAR(certificate.slack_cone, 0.5 / (1 + 1.2), 1e-15);
  EXPECT_NEAR(certificate.complementarity, 0.05 / (1 + 2.8), 1e-15);  // |c^T x| = 2.8

  solution = small_lp_solution();
  solution.z[3] = -0.25;
  certificate = check_conic_solution(problem, solution);
  EXPECT_NEAR(certificate.multiplier_cone, 0.25 / (1 + 0.4), 1e-15);
  EXPECT_FALSE(certificate.passes(1e-3));
}

TEST(ConicCertificate, SecondOrderConeViolationIsTheExcessOfTheNorm) {
  ConicProblem problem;
  problem.c = Eigen::VectorXd::Zero(3);
  problem.G = -Eigen::MatrixXd::Identity(3, 3);
  problem.h = Eigen::VectorXd::Zero(3);
  problem.cone_sizes = {3};
  ConicSolution solution;
  solution.x = Eigen::Vector3d(1, 3, 4);  // ||(3, 4)|| = 5 > 1
  solution.s = Eigen::Vector3d(1, 3, 4);
  solution.y.resize(0);
  solution.z = Eigen::Vector3d::Zero();
  EXPECT_NEAR(check_conic_solution(problem, solution).slack_cone, 4.0 / (1 + 4), 1e-15);
}

TEST(ConicCertificate, WrongSizesAndNaNGiveInfiniteResiduals) {
  const ConicProblem problem = small_lp();
  ConicSolution solution = small_lp_solution();
  solution.z.resize(3);
  EXPECT_EQ(check_conic_solution(problem, solution).worst(),
            std::numeric_limits<double>::infinity());
  solution = small_lp_solution();
  solution.x[1] = std::numeric_limits<double>::quiet_NaN();
  const ConicCertificate certificate = check_conic_solution(problem, solution);
  EXPECT_EQ(certificate.worst(), std::numeric_limits<double>::infinity());
  EXPECT_FALSE(certificate.passes(1.0));
  ConicProblem broken = problem;
  broken.cone_sizes = {0};
  EXPECT_FALSE(check_conic_solution(broken, small_lp_solution()).passes(1.0));
}

// x >= 1 and x <= 0: z = (1, 1) gives G^T z = -1 + 1 = 0 and h^T z = -1 (Farkas).
TEST(ConicCertificate, PrimalInfeasibilityCertificate) {
  ConicProblem problem;
  problem.c = Eigen::VectorXd::Ones(1);
  problem.G = Eigen::Vector2d(-1, 1);
  problem.h = Eigen::Vector2d(-1, 0);
  problem.orthant_size = 2;
  ConicInfeasibilityCertificate certificate =
      check_primal_infeasibility(problem, Eigen::VectorXd(), Eigen::Vector2d(1, 1));
  EXPECT_TRUE(certificate.has_direction);
  EXPECT_EQ(certificate.residual, 0);
  EXPECT_TRUE(certificate.passes(1e-12));
  // a combination that does not cancel: G^T z = 1 against |G| ||z||_1 = 3, and the
  // decrease h^T z = -1 against ||h||_inf ||z||_1 = 3: residual (1/3) / (1/3)
  certificate = check_primal_infeasibility(problem, Eigen::VectorXd(), Eigen::Vector2d(1, 2));
  EXPECT_NEAR(certificate.residual, 1.0, 1e-15);
  // scaling the certificate, or the rows with their right-hand sides, changes nothing
  certificate = check_primal_infeasibility(problem, Eigen::VectorXd(), Eigen::Vector2d(1e6, 2e6));
  EXPECT_NEAR(certificate.residual, 1.0, 1e-15);
  ConicProblem scaled = problem;
  scaled.G *= 1e-7;
  scaled.h *= 1e-7;
  certificate = check_primal_infeasibility(scaled, Eigen::VectorXd(), Eigen::Vector2d(1, 2));
  EXPECT_NEAR(certificate.residual, 1.0, 1e-9);
  // no decrease: h^T z = 0
  certificate = check_primal_infeasibility(problem, Eigen::VectorXd(), Eigen::Vector2d(0, 1));
  EXPECT_FALSE(certificate.has_direction);
  EXPECT_FALSE(certificate.passes(1.0));
  // outside the cone
  certificate = check_primal_infeasibility(problem, Eigen::VectorXd(), Eigen::Vector2d(-1, -1));
  EXPECT_FALSE(certificate.has_direction);  // h^T z = 1 > 0

  ConicSolution solution;
  solution.status = ConicStatus::PrimalInfeasible;
  solution.y.resize(0);
  solution.z = Eigen::Vector2d(1, 1);
  EXPECT_TRUE(check_conic_infeasibility(problem, solution).passes(1e-12));
  solution.status = ConicStatus::Solved;
  EXPECT_FALSE(check_conic_infeasibility(problem, solution).passes(1.0));
}

// min -x1 s.t. x >= 0: x = (1, 0) with s = -G x = (1, 0) and c^T x = -1.
TEST(ConicCertificate, DualInfeasibilityCertificate) {
  ConicProblem problem;
  problem.c = Eigen::Vector2d(-1, 0);
  problem.G = -Eigen::MatrixXd::Identity(2, 2);
  problem.h = Eigen::VectorXd::Zero(2);
  problem.orthant_size = 2;
  ConicInfeasibilityCertificate certificate =
      check_dual_infeasibility(problem, Eigen::Vector2d(1, 0), Eigen::Vector2d(1, 0));
  EXPECT_TRUE(certificate.passes(1e-12));
  // the same ray scaled by 1e9 is the same certificate
  certificate = check_dual_infeasibility(problem, Eigen::Vector2d(1e9, 0), Eigen::Vector2d(1e9, 0));
  EXPECT_TRUE(certificate.passes(1e-12));
  // a quadratic term along the ray breaks it, whatever the scale of (P, c):
  // ||P x|| / (|P| ||x||) = 1 against the decrease -c^T x / (||c|| ||x||) = 1
  for (double scale : {1.0, 1e50}) {
    problem.P = Eigen::Matrix2d(Eigen::Vector2d(2 * scale, 0).asDiagonal());
    problem.c = Eigen::Vector2d(-scale, 0);
    certificate = check_dual_infeasibility(problem, Eigen::Vector2d(1, 0), Eigen::Vector2d(1, 0));
    EXPECT_NEAR(certificate.residual, 1.0, 1e-15);
    EXPECT_FALSE(certificate.passes(1e-3));
  }
  // the slack must lie in the cone: 1 outside, against |G| ||x|| + ||s||_inf = 3
  problem.P.resize(0, 0);
  problem.c = Eigen::Vector2d(-1, 0);
  certificate = check_dual_infeasibility(problem, Eigen::Vector2d(1, -1), Eigen::Vector2d(1, -1));
  EXPECT_NEAR(certificate.cone, 1.0 / 3, 1e-15);
  EXPECT_FALSE(certificate.passes(1e-3));
}

}  // namespace
}  // namespace contactlab
